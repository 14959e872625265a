// Shared by the command suites: runs gpulife's dispatcher in-process with its output captured.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/commands.hpp"

namespace gpulife::app {

// Runs `gpulife ARGS...` (the headless commands) and returns its exit code; stdout and stderr
// go to `out` and `err` when given.
inline int run_gpulife(std::vector<std::string> args, std::string* out = nullptr,
                       std::string* err = nullptr) {
  args.insert(args.begin(), "gpulife");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  const int rc = dispatch(headless_commands(), int(argv.size()), argv.data(), "");
  const std::string o = ::testing::internal::GetCapturedStdout();
  const std::string e = ::testing::internal::GetCapturedStderr();
  if (out) *out = o;
  if (err) *err = e;
  return rc;
}

}  // namespace gpulife::app
