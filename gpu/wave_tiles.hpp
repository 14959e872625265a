// How tall the tiles (or runs) of a kernel that streams down a grid should be, so that its
// blocks fill whole waves of the GPU. Plain C++: the host decides, the kernels never see it.
#pragma once

#include <algorithm>
#include <cstdint>

namespace gpulife::gpu {

// Tiles stacked down a grid of `height` rows, `block_cols` blocks side by side and
// `tiles_per_block` tiles down each block, each tile streaming `extra` rows beyond its own: the
// tile height for which the blocks fill the `slots` resident ones in as few waves as possible,
// T tiles costing waves(T) * (ceil(height / T) + extra). Tiles have at least 8 rows where the
// grid has them.
inline int64_t wave_tile_rows(int64_t height, int64_t block_cols, int64_t tiles_per_block,
                              int64_t slots, int64_t extra) {
  int64_t best_rows = height, best_cost = INT64_MAX;
  for (int64_t tiles = 1; tiles <= (height + 7) / 8; ++tiles) {
    const int64_t rows = (height + tiles - 1) / tiles;
    if (tiles > 1 && (height + rows - 1) / rows != tiles) continue;  // the same as fewer
    const int64_t blocks = block_cols * ((tiles + tiles_per_block - 1) / tiles_per_block);
    const int64_t cost = (blocks + slots - 1) / slots * (rows + extra);
    if (cost < best_cost) {
      best_cost = cost;
      best_rows = rows;
    }
  }
  return std::max<int64_t>(best_rows, 1);
}

}  // namespace gpulife::gpu
