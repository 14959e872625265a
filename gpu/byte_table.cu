// The byte table pass: one thread per cell gathers its nine cells into a table index; the table
// sits in shared memory.
#include "gpu/byte_table.hpp"

#include <algorithm>

#include "gpu/byte_block.cuh"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxRowBlocks = 65535;

struct TableBits {
  uint32_t words[16];
};

static __global__ void byte_table_kernel(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst,
                                         int64_t width, int64_t height, int64_t pitch, bool torus,
                                         const __grid_constant__ TableBits table) {
  __shared__ uint32_t bits[16];
  if (threadIdx.x < 16) bits[threadIdx.x] = table.words[threadIdx.x];
  __syncthreads();
  const int64_t x = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (x >= pitch) return;
  for (int64_t y = blockIdx.y; y < height; y += gridDim.y) {
    if (x >= width) {
      dst[y * pitch + x] = 0;
      continue;
    }
    int index = 0;
    // Bit 8 - (3 * row + column): Golly's MAP order, as in core/rule.hpp.
    for_each_block_cell(src, x, y, width, height, pitch, torus, [&](int dx, int dy, uint32_t c) {
      if (c) index |= 1 << (8 - (3 * (dy + 1) + (dx + 1)));
    });
    dst[y * pitch + x] = uint8_t((bits[index >> 5] >> (index & 31)) & 1u);
  }
}

}  // namespace

void launch_byte_table(const uint8_t* src, uint8_t* dst, int64_t width, int64_t height,
                       size_t pitch, bool torus, const RuleTable& table, void* stream) {
  TableBits t;
  for (int i = 0; i < 16; ++i) t.words[i] = uint32_t(table.words[size_t(i / 2)] >> (32 * (i % 2)));
  const dim3 grid(unsigned((int64_t(pitch) + kThreads - 1) / kThreads),
                  unsigned(std::min<int64_t>(height, kMaxRowBlocks)));
  byte_table_kernel<<<grid, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      src, dst, width, height, int64_t(pitch), torus, t);
  CUDA_CHECK_LAUNCH();
}

}  // namespace gpulife::gpu
