// Kernels on one band of a banded grid: soup and cells placed on the device, population and
// hash terms, live bounds. Grid-stride loops over the band's words.
#include "gpu/band_kernels.cuh"

#include <algorithm>

#include "core/hash.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu::band {
namespace {

static __global__ void soup_kernel(Rows r, uint64_t seed, soup::Density d, uint64_t last_mask) {
  const int64_t total = r.pitch_words * r.count;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / r.pitch_words, j = i - y * r.pitch_words;
    uint64_t w = 0;
    if (j < r.words_per_row) {
      const uint64_t index = uint64_t(r.y0 + y) * uint64_t(r.words_per_row) + uint64_t(j);
      w = soup::word(seed, d, index);
      if (j == r.words_per_row - 1) w &= last_mask;
    }
    r.data[i] = w;
  }
}

static __global__ void cells_kernel(Rows r, const int64_t* __restrict__ xy, int64_t count) {
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t x = xy[2 * i], y = xy[2 * i + 1] - r.y0;
    atomicOr(reinterpret_cast<unsigned long long*>(r.data + y * r.pitch_words + (x >> 6)),
             1ull << (x & 63));
  }
}

static __global__ void stats_kernel(Rows r, unsigned long long* __restrict__ out) {
  uint64_t pop = 0, sum = 0;
  const int64_t total = r.words_per_row * r.count;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / r.words_per_row, j = i - y * r.words_per_row;
    const uint64_t w = r.data[y * r.pitch_words + j];
    pop += __popcll(w);
    sum += hash::word_term(uint64_t(r.y0 + y), uint64_t(j), w);
  }
  for (int o = 16; o > 0; o >>= 1) {
    pop += __shfl_down_sync(0xffffffffu, pop, o);
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  }
  if (threadIdx.x % 32 == 0) {
    atomicAdd(out, (unsigned long long)pop);
    atomicAdd(out + 1, (unsigned long long)sum);
  }
}

static __global__ void bounds_kernel(Rows r, unsigned long long* __restrict__ out) {
  unsigned long long min_y = ~0ull, max_y = 0, min_x = ~0ull, max_x = 0;
  const int64_t total = r.words_per_row * r.count;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / r.words_per_row, j = i - y * r.words_per_row;
    const uint64_t w = r.data[y * r.pitch_words + j];
    if (w == 0) continue;
    const unsigned long long gy = (unsigned long long)(r.y0 + y);
    min_y = min(min_y, gy);
    max_y = max(max_y, gy + 1);
    min_x = min(min_x, (unsigned long long)(64 * j + __ffsll((long long)w) - 1));
    max_x = max(max_x, (unsigned long long)(64 * j + 64 - __clzll((long long)w)));
  }
  for (int o = 16; o > 0; o >>= 1) {
    min_y = min(min_y, __shfl_down_sync(0xffffffffu, min_y, o));
    max_y = max(max_y, __shfl_down_sync(0xffffffffu, max_y, o));
    min_x = min(min_x, __shfl_down_sync(0xffffffffu, min_x, o));
    max_x = max(max_x, __shfl_down_sync(0xffffffffu, max_x, o));
  }
  if (threadIdx.x % 32 == 0 && max_y > 0) {
    atomicMin(out, min_y);
    atomicMax(out + 1, max_y);
    atomicMin(out + 2, min_x);
    atomicMax(out + 3, max_x);
  }
}

}  // namespace

void fill_soup(const Rows& rows, uint64_t seed, soup::Density density, uint64_t last_mask,
               cudaStream_t stream) {
  if (rows.count <= 0) return;
  soup_kernel<<<stride_blocks(rows.pitch_words * rows.count), kStrideThreads, 0, stream>>>(
      rows, seed, density, last_mask);
  CUDA_CHECK_LAUNCH();
}

void place_cells(const Rows& rows, const int64_t* xy, int64_t count, cudaStream_t stream) {
  if (count <= 0) return;
  cells_kernel<<<stride_blocks(count), kStrideThreads, 0, stream>>>(rows, xy, count);
  CUDA_CHECK_LAUNCH();
}

void stats(const Rows& rows, unsigned long long* out, cudaStream_t stream) {
  if (rows.count <= 0) return;
  stats_kernel<<<stride_blocks(rows.words_per_row * rows.count), kStrideThreads, 0, stream>>>(rows,
                                                                                              out);
  CUDA_CHECK_LAUNCH();
}

void bounds(const Rows& rows, unsigned long long* out, cudaStream_t stream) {
  if (rows.count <= 0) return;
  bounds_kernel<<<stride_blocks(rows.words_per_row * rows.count), kStrideThreads, 0, stream>>>(rows,
                                                                                               out);
  CUDA_CHECK_LAUNCH();
}

}  // namespace gpulife::gpu::band
