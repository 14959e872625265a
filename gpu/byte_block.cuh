// The 3x3 block of a cell in a byte-per-cell grid, for the kernels that look at one cell at a
// time (byte-naive, the byte table pass, byte-grouped's cells where a group crosses the width).
#pragma once

#include <cstdint>

namespace gpulife::gpu {

// Calls f(dx, dy, cell) for each cell of the 3x3 block around (x, y) inside the width (dx, dy in
// -1 .. 1, cell 0 or 1): rows and columns wrap on a torus; on a plane the cells beyond an edge
// are dead and skipped.
template <class F>
__device__ __forceinline__ void for_each_block_cell(const uint8_t* __restrict__ src, int64_t x,
                                                    int64_t y, int64_t width, int64_t height,
                                                    int64_t pitch, bool torus, F&& f) {
#pragma unroll
  for (int dy = -1; dy <= 1; ++dy) {
    int64_t yy = y + dy;
    if (yy < 0 || yy >= height) {
      if (!torus) continue;
      yy = yy < 0 ? yy + height : yy - height;
    }
    const uint8_t* row = src + yy * pitch;
#pragma unroll
    for (int dx = -1; dx <= 1; ++dx) {
      int64_t xx = x + dx;
      if (xx < 0 || xx >= width) {
        if (!torus) continue;
        xx = xx < 0 ? xx + width : xx - width;
      }
      f(dx, dy, uint32_t(row[xx]));
    }
  }
}

// The number of live neighbours of (x, y), 0 .. 8.
__device__ __forceinline__ int live_neighbours(const uint8_t* __restrict__ src, int64_t x,
                                               int64_t y, int64_t width, int64_t height,
                                               int64_t pitch, bool torus) {
  int n = 0;
  for_each_block_cell(src, x, y, width, height, pitch, torus, [&](int dx, int dy, uint32_t cell) {
    if (dx != 0 || dy != 0) n += int(cell);
  });
  return n;
}

}  // namespace gpulife::gpu
