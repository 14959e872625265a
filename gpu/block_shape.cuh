// The 2-D thread block that launch parameters name block_x and block_y: its ParamInfo, and the
// grid of such blocks over a field of thread positions.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/engine.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/wave_tiles.hpp"

namespace gpulife::gpu {

struct BlockShape {
  int x = 1, y = 1;

  dim3 block() const { return dim3(unsigned(x), unsigned(y)); }
  // Blocks covering `columns` x `rows` thread positions; at most 65535 down, the kernels
  // striding over the rest.
  dim3 grid(int64_t columns, int64_t rows) const {
    return dim3(unsigned((columns + x - 1) / x),
                unsigned(std::min<int64_t>((rows + y - 1) / y, 65535)));
  }
};

// Blocks of `threads` threads for a grid-stride kernel over `items`: one item a thread, at least
// one block and at most `max_blocks` (the threads stride over the rest).
inline unsigned grid_stride_blocks(int64_t items, int threads, int64_t max_blocks) {
  return unsigned(std::clamp<int64_t>((items + threads - 1) / threads, 1, max_blocks));
}

// The helper kernels over flat arrays (soups, statistics, rule complements, band copies) are
// grid-stride loops in blocks of kStrideThreads; kStrideMaxBlocks blocks are enough to fill the
// GPU with them.
inline constexpr int kStrideThreads = 256;
inline constexpr int64_t kStrideMaxBlocks = 8192;
inline unsigned stride_blocks(int64_t items, int64_t max_blocks = kStrideMaxBlocks) {
  return grid_stride_blocks(items, kStrideThreads, max_blocks);
}

// How many blocks of `kernel` (`threads` threads, `shared` bytes of dynamic shared memory) the
// current GPU holds at once: its SMs times the blocks an SM holds (at least one).
inline int64_t resident_blocks(const void* kernel, int threads, size_t shared) {
  int device = 0, sms = 0, per_sm = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared));
  return int64_t(sms) * std::max(per_sm, 1);
}

// wave_tile_rows() for launches of `kernel` in blocks of `threads` threads and `shared` bytes,
// its resident blocks asked of the driver once per shape and remembered in `memo`.
inline int64_t wave_rows(WaveRowsMemo& memo, const void* kernel, int threads, size_t shared,
                         int64_t height, int64_t block_cols, int64_t tiles_per_block,
                         int64_t extra) {
  return memo.rows(kernel, threads, shared, height, block_cols, tiles_per_block, extra,
                   resident_blocks);
}

// The same for a one-generation kernel's vertical runs (each reads the rows just above and
// below its own), as an int: the runs a thread walks.
inline int wave_run(WaveRowsMemo& memo, const void* kernel, int threads, size_t shared,
                    int64_t height, int64_t block_cols, int64_t tiles_per_block) {
  return int(std::min<int64_t>(
      wave_rows(memo, kernel, threads, shared, height, block_cols, tiles_per_block, 2), 1 << 30));
}

// block_x and block_y with these defaults and limits (DeviceEngine::check_block_threads()
// refuses products over 1024).
inline std::vector<ParamInfo> block_params(int default_x, int default_y, int min_x = 1,
                                           int multiple_of_x = 1, int max_y = 1024) {
  return {{.name = "block_x",
           .description = "threads per block along x",
           .min = min_x,
           .max = 1024,
           .default_value = default_x,
           .multiple_of = multiple_of_x},
          {.name = "block_y",
           .description = "threads per block along y",
           .min = 1,
           .max = max_y,
           .default_value = default_y}};
}

}  // namespace gpulife::gpu
