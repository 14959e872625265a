// A small fixed pool of worker threads for data-parallel loops; idle workers sleep on a condvar.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gpulife {

class ThreadPool {
 public:
  // A pool that runs loops on `threads` threads in all: the caller plus threads - 1 workers.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return int(workers_.size()) + 1; }

  // Calls task(index, thread) for every index in [0, count), spread over the pool's threads
  // (thread is in [0, threads()) and is unique among the calls running at the same time, so it
  // can pick per-thread scratch memory). Returns when all calls are done; rethrows the first
  // exception a call threw.
  void run(int64_t count, const std::function<void(int64_t index, int thread)>& task);

  // Threads this machine can run at once (at least 1).
  static int hardware_threads();

 private:
  void worker_loop(int thread);
  void drain(int thread);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  // Guarded by mutex_: the current loop, its generation number and how many workers are still
  // inside it.
  const std::function<void(int64_t, int)>* task_ = nullptr;
  int64_t count_ = 0;
  int64_t next_ = 0;
  uint64_t loop_id_ = 0;
  int busy_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

}  // namespace gpulife
