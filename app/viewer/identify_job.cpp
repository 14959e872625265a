// The Identify job: one worker thread at a time, cancelled when a new one starts or on exit.
#include "app/viewer/identify_job.hpp"

#include "core/error.hpp"

namespace gpulife::app {

IdentifyJob::~IdentifyJob() {
  cancel();
}

void IdentifyJob::join() {
  if (thread_.joinable()) thread_.join();
}

void IdentifyJob::cancel() {
  cancel_ = true;
  join();
  cancel_ = false;
}

void IdentifyJob::start(Pattern pattern, const Rule& rule, uint64_t max_period, std::string what) {
  cancel();
  {
    std::lock_guard lock(mutex_);
    finished_ = false;
  }
  what_ = std::move(what);
  max_period_ = max_period;
  running_ = true;
  thread_ = std::thread([this, pattern = std::move(pattern), rule, max_period] {
    IdentifyOptions options;
    options.max_period = max_period;
    options.cancel = &cancel_;
    std::optional<IdentifyResult> result;
    std::string error;
    try {
      result = identify(pattern, rule, options);
    } catch (const Error& e) {
      error = e.what();
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
    finished_result_ = std::move(result);
    finished_error_ = std::move(error);
    running_ = false;
  });
}

bool IdentifyJob::poll() {
  std::lock_guard lock(mutex_);
  if (!finished_) return false;
  finished_ = false;
  result_ = std::move(finished_result_);
  error_ = std::move(finished_error_);
  return true;
}

}  // namespace gpulife::app
