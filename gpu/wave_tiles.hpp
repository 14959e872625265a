// How tall the tiles (or runs) of a kernel that streams down a grid should be, so that its
// blocks fill whole waves of the GPU. Plain C++: the host decides, the kernels never see it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>

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

// wave_tile_rows() for a kernel's launches, remembered per kernel, block, grid and tile shape:
// the number of resident blocks comes from the driver, which costs more than the launch it is
// for. Engines and rule passes that share kernels may ask from several threads. The memo keeps
// a few dozen shapes; one more starts it over.
class WaveRowsMemo {
 public:
  static constexpr size_t kMaxEntries = 64;

  // The tile height for `kernel` launched in blocks of `threads` threads and `shared` bytes
  // of dynamic shared memory over a grid of `height` rows, as wave_tile_rows() gives it with
  // `slots(kernel, threads, shared)` resident blocks.
  template <class Slots>
  int64_t rows(const void* kernel, int threads, size_t shared, int64_t height, int64_t block_cols,
               int64_t tiles_per_block, int64_t extra, const Slots& slots) {
    const Key key{kernel, threads, shared, height, block_cols, tiles_per_block, extra};
    const std::lock_guard<std::mutex> lock(mutex_);
    auto it = rows_.find(key);
    if (it == rows_.end()) {
      if (rows_.size() >= kMaxEntries) rows_.clear();
      const int64_t rows = wave_tile_rows(height, block_cols, tiles_per_block,
                                          slots(kernel, threads, shared), extra);
      it = rows_.emplace(key, rows).first;
    }
    return it->second;
  }

  size_t size() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return rows_.size();
  }

 private:
  using Key = std::tuple<const void*, int, size_t, int64_t, int64_t, int64_t, int64_t>;
  mutable std::mutex mutex_;
  std::map<Key, int64_t> rows_;
};

}  // namespace gpulife::gpu
