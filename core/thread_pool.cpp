// The worker pool behind the multithreaded CPU engine: a shared index counter, no busy-waiting.
#include "core/thread_pool.hpp"

#include <algorithm>

namespace gpulife {

ThreadPool::ThreadPool(int threads) {
  const int workers = std::max(threads, 1) - 1;
  workers_.reserve(size_t(workers));
  for (int t = 1; t <= workers; ++t) workers_.emplace_back([this, t] { worker_loop(t); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& w : workers_) w.join();
}

int ThreadPool::hardware_threads() {
  return std::max(1, int(std::thread::hardware_concurrency()));
}

// Takes indices until none are left. Indices are handed out one at a time under the lock: the
// tasks are large (a band of rows for several generations), so the lock is never contended.
void ThreadPool::drain(int thread) {
  std::unique_lock lock(mutex_);
  while (next_ < count_ && !error_) {
    const int64_t index = next_++;
    const auto* task = task_;
    lock.unlock();
    try {
      (*task)(index, thread);
    } catch (...) {
      lock.lock();
      if (!error_) error_ = std::current_exception();
      continue;
    }
    lock.lock();
  }
}

void ThreadPool::worker_loop(int thread) {
  uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || loop_id_ != seen; });
    if (stop_) return;
    seen = loop_id_;
    ++busy_;
    lock.unlock();
    drain(thread);
    lock.lock();
    if (--busy_ == 0) done_.notify_all();
  }
}

void ThreadPool::run(int64_t count, const std::function<void(int64_t, int)>& task) {
  if (count <= 0) return;
  if (workers_.empty() || count == 1) {
    for (int64_t i = 0; i < count; ++i) task(i, 0);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    task_ = &task;
    count_ = count;
    next_ = 0;
    error_ = nullptr;
    ++loop_id_;
  }
  wake_.notify_all();
  drain(0);
  std::exception_ptr error;
  {
    // Workers that woke late find no indices left and leave at once; wait for those inside.
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0 && (next_ >= count_ || error_); });
    task_ = nullptr;
    count_ = 0;
    next_ = 0;
    error = error_;
    error_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace gpulife
