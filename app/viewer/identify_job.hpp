// Identify in the viewer: runs core/identify on a copy of the pattern (or the selection) on a
// thread of its own, so the window keeps drawing; the result is shown when it arrives.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/identify.hpp"
#include "core/pattern.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

class IdentifyJob {
 public:
  IdentifyJob() = default;
  ~IdentifyJob();
  IdentifyJob(const IdentifyJob&) = delete;
  IdentifyJob& operator=(const IdentifyJob&) = delete;

  // Starts identifying `pattern` (what: "the pattern", "the selection"), cancelling any run in
  // progress.
  void start(Pattern pattern, const Rule& rule, uint64_t max_period, std::string what);
  void cancel();
  bool running() const { return running_.load(); }
  // Once a frame: true when a result arrived since the last call.
  bool poll();

  // The last result (empty before the first), with what it was about, the limit, and the
  // error when identify refused (a B0 rule, a pattern too large).
  const std::optional<IdentifyResult>& result() const { return result_; }
  const std::string& what() const { return what_; }
  const std::string& error() const { return error_; }
  uint64_t max_period() const { return max_period_; }

 private:
  void join();

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  std::mutex mutex_;  // guards the finished_* fields
  bool finished_ = false;
  std::optional<IdentifyResult> finished_result_;
  std::string finished_error_;

  std::optional<IdentifyResult> result_;
  std::string what_, error_;
  uint64_t max_period_ = 0;
};

}  // namespace gpulife::app
