// Small helpers the suites share: the message of the Error a call throws, and a folder that
// lives as long as a test.
#pragma once

#include <filesystem>
#include <random>
#include <string>
#include <system_error>

#include "core/error.hpp"

namespace gpulife::test {

// What the Error thrown by f() says; empty when it throws none.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// A fresh folder under the system's temporary one, removed with everything in it afterwards.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "gpulife_test_") {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / (prefix + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace gpulife::test
