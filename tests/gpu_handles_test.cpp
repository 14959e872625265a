// CudaStream and CudaEvent: move-only owners that release their handle once, and events that
// time work on a stream. BufferLoan: an engine lets go of lent buffers when the loan ends.
#include "gpu/cuda_handles.hpp"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/kernel_engines.hpp"
#include "tests/gpu_test_support.hpp"
#include "tests/reference_runs.hpp"

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
  // The failure is reported once: the next launch or call must not find it as its last error.
  EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess);
}

static_assert(!std::is_copy_constructible_v<BufferLoan> &&
              std::is_nothrow_move_assignable_v<BufferLoan>);

// A loan that ends lets the engine forget the buffers (calls that need the state throw); lending
// the same buffers again carries on from the state they hold; end(true) moves the state into
// the engine's own memory, so the buffers may go.
TEST(BufferLoan, EndingItLetsGoOfTheBuffersOrKeepsTheState) {
  REQUIRE_DEVICE();
  const Grid start = test::soup(300, 170, Topology::Torus, 9);
  for (const char* name : {"bit64", "byte-grouped", "bit-multistep"}) {
    SCOPED_TRACE(name);
    auto e = std::string(name) == "bit64"          ? make_bit64_engine()
             : std::string(name) == "byte-grouped" ? make_byte_grouped_engine()
                                                   : make_bit_multistep_engine();
    const size_t bytes = e->device_layout(start.width(), start.height()).buffer_bytes;
    DeviceBuffer a(bytes), b(bytes);
    const ExternalBuffers lent{{a.data(), b.data()}, bytes};
    {
      BufferLoan loan(*e, lent);
      e->load(start);
      e->step(5);
    }
    EXPECT_THROW(e->step(1), Error);
    EXPECT_THROW(e->set_params({}), Error);
    BufferLoan again(*e, lent);
    e->step(4);
    // A new loan of the same engine assigned over a live one keeps the new buffers lent.
    again = BufferLoan(*e, lent);
    e->step(2);
    again.end(/*keep_state=*/true);
    EXPECT_FALSE(again.active());
    a = DeviceBuffer();
    b = DeviceBuffer();
    e->step(3);
    Grid got;
    e->store(got);
    EXPECT_EQ(got, test::reference_after(start, Rule::life(), 14));
    EXPECT_EQ(e->generation(), 14u);
  }
}

}  // namespace
}  // namespace gpulife::gpu
