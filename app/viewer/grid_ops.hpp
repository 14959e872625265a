// Whole-grid helpers of the viewer that need no GL: the live cells' bounding box (for "fit
// pattern") and moving the live cells into a grid of another size (re-creating the grid).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

// Bounding box of a grid's live cells (empty when none), found by scanning words, so it is quick
// even for 65536^2.
inline Box live_bounds(const Grid& grid) {
  Box box;
  const int64_t wpr = grid.words_per_row();
  for (int64_t y = 0; y < grid.height(); ++y) {
    const uint64_t* row = grid.row(y);
    int64_t first = -1, last = -1;
    for (int64_t w = 0; w < wpr; ++w) {
      if (row[w]) {
        if (first < 0) first = w;
        last = w;
      }
    }
    if (first < 0) continue;
    if (box.empty()) {
      box.min_y = y;
      box.min_x = grid.width();
      box.max_x = -1;
    }
    box.max_y = y;
    box.min_x = std::min<int64_t>(box.min_x, first * 64 + std::countr_zero(row[first]));
    box.max_x = std::max<int64_t>(box.max_x, last * 64 + 63 - std::countl_zero(row[last]));
  }
  return box;
}

// `grid`'s live cells in a new grid of `size`, keeping their place relative to the centre as far
// as the new grid allows; throws Error, naming both sizes, when they do not fit.
inline Grid regrid(const Grid& grid, GridSize size, Topology topology) {
  Grid out(size.width, size.height, topology);
  const Box b = live_bounds(grid);
  if (b.empty()) return out;
  if (b.width() > size.width || b.height() > size.height)
    throw Error("the pattern (" + std::to_string(b.width()) + "x" + std::to_string(b.height()) +
                " cells) does not fit a " + std::to_string(size.width) + "x" +
                std::to_string(size.height) + " grid");
  // Keep the pattern where it was relative to the grid's centre, clamped inside the new grid.
  int64_t ox = b.min_x + (size.width - grid.width()) / 2;
  int64_t oy = b.min_y + (size.height - grid.height()) / 2;
  ox = std::clamp<int64_t>(ox, 0, size.width - b.width());
  oy = std::clamp<int64_t>(oy, 0, size.height - b.height());
  // Whole words at a time: cell-by-cell copying would take seconds on a 65536^2 soup.
  const int64_t src_words = grid.words_per_row(), dst_words = out.words_per_row();
  for (int64_t y = b.min_y; y <= b.max_y; ++y) {
    const uint64_t* src = grid.row(y);
    uint64_t* dst = out.row(oy + (y - b.min_y));
    for (int64_t done = 0; done < b.width(); done += 64) {
      const int64_t n = std::min<int64_t>(64, b.width() - done);
      const int64_t from = b.min_x + done, to = ox + done;
      const int64_t sw = from >> 6, ss = from & 63;
      uint64_t v = src[sw] >> ss;
      if (ss && sw + 1 < src_words) v |= src[sw + 1] << (64 - ss);
      if (n < 64) v &= (uint64_t{1} << n) - 1;
      const int64_t dw = to >> 6, ds = to & 63;
      dst[dw] |= v << ds;
      if (ds && dw + 1 < dst_words) dst[dw + 1] |= v >> (64 - ds);
    }
  }
  return out;
}

}  // namespace gpulife::app
