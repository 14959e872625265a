// How tall the tiles (or runs) of a kernel that streams down a grid should be, so that its
// blocks fill whole waves of the GPU. Plain C++: the host decides, the kernels never see it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>

#include "core/host_device.hpp"

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

// The vertical runs of a one-generation kernel in two lengths. The first wave of resident thread
// rows takes `long_runs` runs of `run` rows from row 0, most of the grid; the rest of the grid
// goes in runs of `tail` rows, which blocks take up as those of the first wave finish. Runs of
// one length are the case long_runs == runs.
struct RunSplit {
  int64_t long_runs = 0;
  int64_t runs = 0;  // all of them
  int64_t run = 1;
  int64_t tail = 1;

  // Rows [first_row(i), end_row(i)) of run i.
  GPULIFE_HOST_DEVICE int64_t first_row(int64_t i) const {
    return i < long_runs ? i * run : long_runs * run + (i - long_runs) * tail;
  }
  GPULIFE_HOST_DEVICE int64_t end_row(int64_t i, int64_t height) const {
    const int64_t end = first_row(i) + (i < long_runs ? run : tail);
    return end < height ? end : height;
  }
};

// Runs of `run` rows down a grid of `height` rows.
inline RunSplit uniform_runs(int64_t height, int64_t run) {
  run = std::max<int64_t>(run, 1);
  const int64_t runs = (height + run - 1) / run;
  return {.long_runs = runs, .runs = runs, .run = run, .tail = run};
}

// The share of a grid's rows that the first wave's long runs take in split_runs(): the best of
// 0.93, 0.95 and 0.97 for bit64 on an H200 at 65536² (tails of 8, 16 and 24 rows).
inline constexpr double kFirstWaveShare = 0.95;

// The runs for `wave_runs` thread rows resident at once: one long run each over
// kFirstWaveShare of the rows, then runs of `tail` rows. Runs of `uniform` rows instead where
// there is no tail (tail 0), no whole row of blocks resident (wave_runs 0), or the grid is too
// short for long runs of at least two tails.
inline RunSplit split_runs(int64_t height, int64_t wave_runs, int64_t tail, int64_t uniform) {
  if (tail <= 0 || wave_runs <= 0) return uniform_runs(height, uniform);
  const auto share = static_cast<int64_t>(kFirstWaveShare * static_cast<double>(height));
  const int64_t run = (share + wave_runs - 1) / wave_runs;
  if (run < 2 * tail) return uniform_runs(height, uniform);
  RunSplit split{.long_runs = std::min(wave_runs, height / run), .run = run, .tail = tail};
  const int64_t rest = height - split.long_runs * run;
  split.runs = split.long_runs + (rest + tail - 1) / tail;
  return split;
}

// wave_tile_rows() for a kernel's launches, remembered per kernel, block, grid and tile shape:
// the number of resident blocks comes from the driver, which costs more than the launch it is
// for. Engines and rule passes that share kernels may ask from several threads. The memo keeps
// a few dozen shapes (and as many block counts); one more starts it over.
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

  // `slots(kernel, threads, shared)` itself, remembered the same way.
  template <class Slots>
  int64_t resident(const void* kernel, int threads, size_t shared, const Slots& slots) {
    const SlotsKey key{kernel, threads, shared};
    const std::lock_guard<std::mutex> lock(mutex_);
    auto it = slots_.find(key);
    if (it == slots_.end()) {
      if (slots_.size() >= kMaxEntries) slots_.clear();
      it = slots_.emplace(key, slots(kernel, threads, shared)).first;
    }
    return it->second;
  }

  size_t size() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return rows_.size() + slots_.size();
  }

 private:
  using Key = std::tuple<const void*, int, size_t, int64_t, int64_t, int64_t, int64_t>;
  using SlotsKey = std::tuple<const void*, int, size_t>;
  mutable std::mutex mutex_;
  std::map<Key, int64_t> rows_;
  std::map<SlotsKey, int64_t> slots_;
};

}  // namespace gpulife::gpu
