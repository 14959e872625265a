// Tests the size rule of gpu/interop.hpp: CUDA's report of a mapped GL buffer's size is trusted
// only as far as the driver defect allows (truncated to 32 bits for buffers of 2 GiB or more).
#include "gpu/interop.hpp"

#include <gtest/gtest.h>

namespace gpulife::gpu {
namespace {

constexpr size_t kGiB = size_t{1} << 30;

TEST(InteropMappedSize, ExactReportIsAccepted) {
  EXPECT_TRUE(mapped_size_consistent(4096, 4096));
  EXPECT_TRUE(mapped_size_consistent(3 * kGiB, 3 * kGiB));
}

TEST(InteropMappedSize, SmallBufferMustMatchExactly) {
  EXPECT_FALSE(mapped_size_consistent(4096, 8192));
  EXPECT_FALSE(mapped_size_consistent(0, kGiB));
}

TEST(InteropMappedSize, TruncatedReportOfLargeBufferIsAccepted) {
  // 4 GiB is reported as 0, 8 GiB + 256 as 256.
  EXPECT_TRUE(mapped_size_consistent(0, 4 * kGiB));
  EXPECT_TRUE(mapped_size_consistent(256, 8 * kGiB + 256));
  // 3 GiB truncated to 32 bits and sign-extended.
  const size_t sign_extended = size_t(int64_t(int32_t(uint32_t(3 * kGiB))));
  EXPECT_TRUE(mapped_size_consistent(sign_extended, 3 * kGiB));
}

TEST(InteropMappedSize, WrongLowBitsOfLargeBufferAreRejected) {
  EXPECT_FALSE(mapped_size_consistent(4096, 4 * kGiB));
  EXPECT_FALSE(mapped_size_consistent(2 * kGiB, 3 * kGiB));
}

}  // namespace
}  // namespace gpulife::gpu
