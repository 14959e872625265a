// Tests for the worker pool behind the cpu-simd engine: every index once, per-thread ids,
// exceptions carried back to the caller, and reuse across many loops.
#include "core/thread_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>
#include <vector>

namespace gpulife {
namespace {

TEST(ThreadPool, RunsEveryIndexExactlyOnce) {
  for (int threads : {1, 2, 5}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    std::vector<std::atomic<int>> hits(1000);
    pool.run(1000, [&](int64_t i, int) { hits[size_t(i)]++; });
    for (const auto& h : hits) ASSERT_EQ(h.load(), 1);
  }
}

TEST(ThreadPool, ThreadIdsAreInRangeAndNotSharedAtOnce) {
  ThreadPool pool(4);
  std::vector<std::atomic<int>> inside(4);
  std::atomic<bool> clash{false}, out_of_range{false};
  pool.run(400, [&](int64_t, int t) {
    if (t < 0 || t >= 4) {
      out_of_range = true;
      return;
    }
    if (inside[size_t(t)]++ != 0) clash = true;
    volatile int spin = 0;
    for (int i = 0; i < 1000; ++i) spin = spin + i;
    inside[size_t(t)]--;
  });
  EXPECT_FALSE(out_of_range);
  EXPECT_FALSE(clash);
}

TEST(ThreadPool, RethrowsTheFirstExceptionAndStaysUsable) {
  ThreadPool pool(3);
  EXPECT_THROW(pool.run(100,
                        [&](int64_t i, int) {
                          if (i == 37) throw std::runtime_error("task 37 failed");
                        }),
               std::runtime_error);
  std::atomic<int64_t> sum{0};
  pool.run(10, [&](int64_t i, int) { sum += i; });
  EXPECT_EQ(sum.load(), 45);
}

TEST(ThreadPool, ManyShortLoopsInARow) {
  ThreadPool pool(2);
  std::atomic<int64_t> total{0};
  for (int loop = 0; loop < 2000; ++loop) pool.run(3, [&](int64_t, int) { total++; });
  EXPECT_EQ(total.load(), 6000);
  pool.run(0, [&](int64_t, int) { total++; });
  EXPECT_EQ(total.load(), 6000);
}

TEST(ThreadPool, HardwareThreadsIsPositive) {
  EXPECT_GE(ThreadPool::hardware_threads(), 1);
}

}  // namespace
}  // namespace gpulife
