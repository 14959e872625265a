// Device reductions behind count_cells(): one pass for counts and bounds, one for the shape hash.
#include "gpu/grid_stats.hpp"

#include <algorithm>

#include "core/hash.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

// Slots of the result buffer.
enum Slot { kPopulation, kBirths, kDeaths, kMinX, kMinY, kMaxX, kMaxY, kHashSum, kSlots };

using ull = unsigned long long;

__device__ ull warp_sum(ull v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
__device__ ull warp_min(ull v) {
  for (int o = 16; o > 0; o >>= 1) v = min(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}
__device__ ull warp_max(ull v) {
  for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}

// Sums (kind 0), minima (1) or maxima (2) over the block into out[slot] with one atomic each.
template <int kCount>
__device__ void block_combine(const ull (&values)[kCount], const int (&kinds)[kCount],
                              const int (&slots)[kCount], ull* out) {
  __shared__ ull partial[kCount][kStrideThreads / 32];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
#pragma unroll
  for (int k = 0; k < kCount; ++k) {
    const ull v = kinds[k] == 0   ? warp_sum(values[k])
                  : kinds[k] == 1 ? warp_min(values[k])
                                  : warp_max(values[k]);
    if (lane == 0) partial[k][warp] = v;
  }
  __syncthreads();
  if (threadIdx.x < kCount) {
    const int k = threadIdx.x;
    ull v = partial[k][0];
    for (int w = 1; w < kStrideThreads / 32; ++w)
      v = kinds[k] == 0   ? v + partial[k][w]
          : kinds[k] == 1 ? min(v, partial[k][w])
                          : max(v, partial[k][w]);
    if (kinds[k] == 0) atomicAdd(out + slots[k], v);
    if (kinds[k] == 1) atomicMin(out + slots[k], v);
    if (kinds[k] == 2) atomicMax(out + slots[k], v);
  }
}

static __global__ void counts_kernel(const uint64_t* __restrict__ now,
                                     const uint64_t* __restrict__ previous, int64_t pitch,
                                     int64_t words_per_row, int64_t height, ull* out) {
  ull pop = 0, births = 0, deaths = 0;
  ull min_x = ~0ull, min_y = ~0ull, max_x = 0, max_y = 0;
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    const uint64_t w = now[y * pitch + j];
    pop += __popcll(w);
    if (previous) {
      const uint64_t p = previous[y * pitch + j];
      births += __popcll(w & ~p);
      deaths += __popcll(p & ~w);
    }
    if (w) {
      min_y = min(min_y, ull(y));
      max_y = max(max_y, ull(y));
      min_x = min(min_x, ull(j * 64 + __ffsll(static_cast<long long>(w)) - 1));
      max_x = max(max_x, ull(j * 64 + 63 - __clzll(static_cast<long long>(w))));
    }
  }
  const ull values[7] = {pop, births, deaths, min_x, min_y, max_x, max_y};
  const int kinds[7] = {0, 0, 0, 1, 1, 2, 2};
  const int slots[7] = {kPopulation, kBirths, kDeaths, kMinX, kMinY, kMaxX, kMaxY};
  block_combine(values, kinds, slots, out);
}

// Grid::hash() of the state cropped to its bounds (read from `out`): words realigned so the
// bounds' left edge is bit 0 of word 0, rows counted from the bounds' top.
static __global__ void shape_kernel(const uint64_t* __restrict__ now, int64_t pitch,
                                    int64_t words_per_row, ull* out) {
  if (out[kPopulation] == 0) return;
  const int64_t min_x = int64_t(out[kMinX]), min_y = int64_t(out[kMinY]);
  const int64_t box_w = int64_t(out[kMaxX]) - min_x + 1, box_h = int64_t(out[kMaxY]) - min_y + 1;
  const int64_t box_words = (box_w + 63) / 64;
  const int64_t total = box_words * box_h;
  ull sum = 0;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t yy = i / box_words, k = i - yy * box_words;
    const uint64_t* row = now + (min_y + yy) * pitch;
    const int64_t x0 = min_x + 64 * k, j = x0 >> 6, s = x0 & 63;
    uint64_t w = row[j] >> s;
    if (s && j + 1 < words_per_row) w |= row[j + 1] << (64 - s);
    // Cells right of the bounds are dead in every row, so nothing needs masking.
    sum += hash::word_term(uint64_t(yy), uint64_t(k), w);
  }
  const ull values[1] = {sum};
  const int kinds[1] = {0};
  const int slots[1] = {kHashSum};
  block_combine(values, kinds, slots, out);
}

}  // namespace

CellStats count_cells(const BitGridView& now, const uint64_t* previous, bool shape, void* stream,
                      DeviceBuffer& scratch) {
  if (!now.words || now.width < 1 || now.height < 1) throw Error("count_cells: no grid to count");
  if (!scratch) scratch = DeviceBuffer(kSlots * sizeof(ull));
  auto* out = static_cast<ull*>(scratch.data());
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  ull init[kSlots] = {0, 0, 0, ~0ull, ~0ull, 0, 0, 0};
  CUDA_CHECK(cudaMemcpyAsync(out, init, sizeof init, cudaMemcpyHostToDevice, s));
  const int64_t words_per_row = (now.width + 63) / 64;
  const unsigned blocks = stride_blocks(words_per_row * now.height);
  counts_kernel<<<blocks, kStrideThreads, 0, s>>>(now.words, previous, now.pitch_words,
                                                  words_per_row, now.height, out);
  CUDA_CHECK_LAUNCH();
  if (shape) {
    shape_kernel<<<blocks, kStrideThreads, 0, s>>>(now.words, now.pitch_words, words_per_row, out);
    CUDA_CHECK_LAUNCH();
  }
  ull host[kSlots];
  CUDA_CHECK(cudaMemcpyAsync(host, out, sizeof host, cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  CellStats r;
  r.population = host[kPopulation];
  if (previous) {
    r.changes_known = true;
    r.births = host[kBirths];
    r.deaths = host[kDeaths];
  }
  if (shape) {
    r.shape_known = true;
    if (r.population == 0) {
      r.shape_hash = shape_hash_of_empty();
    } else {
      r.bounds = Box{int64_t(host[kMinX]), int64_t(host[kMinY]), int64_t(host[kMaxX]),
                     int64_t(host[kMaxY])};
      r.shape_hash =
          hash::finish(host[kHashSum], uint64_t(r.bounds.width()), uint64_t(r.bounds.height()));
    }
  }
  return r;
}

}  // namespace gpulife::gpu
