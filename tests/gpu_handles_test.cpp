// CudaStream and CudaEvent: move-only owners that release their handle once, and events that
// time work on a stream.
#include "gpu/cuda_handles.hpp"

#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "tests/gpu_test_support.hpp"

namespace gpulife::gpu {
namespace {

static_assert(!std::is_copy_constructible_v<CudaStream> && !std::is_copy_assignable_v<CudaEvent>);
static_assert(std::is_nothrow_move_constructible_v<CudaStream> &&
              std::is_nothrow_move_assignable_v<CudaEvent>);

TEST(CudaHandles, EmptyHandlesOwnNothing) {
  CudaStream s;
  CudaEvent e;
  EXPECT_FALSE(s);
  EXPECT_FALSE(e);
  CudaStream moved = std::move(s);
  EXPECT_FALSE(moved);
  e.reset();  // nothing to release
  EXPECT_EQ(e.get(), nullptr);
}

TEST(CudaHandles, MovingHandsOverTheHandleOnce) {
  REQUIRE_DEVICE();
  CudaStream a = CudaStream::create();
  ASSERT_TRUE(a);
  CUstream_st* const raw = a.get();
  CudaStream b = std::move(a);
  EXPECT_FALSE(a);
  EXPECT_EQ(b.get(), raw);
  CudaStream c;
  c = std::move(b);
  EXPECT_FALSE(b);
  EXPECT_EQ(c.get(), raw);
  // Assigning over a live handle releases it; the new one stays usable.
  c = CudaStream::create();
  EXPECT_NE(c.get(), nullptr);
}

TEST(CudaHandles, EventsMeasureTheTimeBetweenThem) {
  REQUIRE_DEVICE();
  const CudaStream stream = CudaStream::create();
  const CudaEvent start = CudaEvent::create(), stop = CudaEvent::create();
  start.record(stream);
  stop.record(stream);
  const float ms = stop.elapsed_ms(start);
  EXPECT_GE(ms, 0.0f);
  EXPECT_LT(ms, 10000.0f);
  // An event made without timing orders work but cannot be measured.
  const CudaEvent order = CudaEvent::create(false);
  order.record(stream);
  order.synchronize();
  EXPECT_THROW((void)order.elapsed_ms(start), Error);
}

}  // namespace
}  // namespace gpulife::gpu
