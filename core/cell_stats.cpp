// Host-side cell statistics: population, births/deaths, bounds and the translation-free hash.
#include "core/cell_stats.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace gpulife {

Box live_bounds(const Grid& grid) {
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

void copy_cells(const Grid& src, const Box& box, Grid& dst, Cell to) {
  // Clip the source box to both grids.
  Box on{std::max<int64_t>(box.min_x, 0), std::max<int64_t>(box.min_y, 0),
         std::min(box.max_x, src.width() - 1), std::min(box.max_y, src.height() - 1)};
  on.min_x = std::max(on.min_x, box.min_x - to.x);
  on.min_y = std::max(on.min_y, box.min_y - to.y);
  on.max_x = std::min(on.max_x, box.min_x - to.x + dst.width() - 1);
  on.max_y = std::min(on.max_y, box.min_y - to.y + dst.height() - 1);
  if (box.empty() || on.empty()) return;
  const int64_t src_words = src.words_per_row(), dst_words = dst.words_per_row();
  const int64_t x0 = to.x + (on.min_x - box.min_x);  // where the clipped part lands in `dst`
  for (int64_t y = on.min_y; y <= on.max_y; ++y) {
    const uint64_t* s = src.row(y);
    uint64_t* d = dst.row(to.y + (y - box.min_y));
    // Whole words at a time: 64 cells per shift-and-or (cell by cell would take seconds on a
    // 65536^2 soup).
    for (int64_t done = 0; done < on.width(); done += 64) {
      const int64_t n = std::min<int64_t>(64, on.width() - done);
      const int64_t from = on.min_x + done, at = x0 + done;
      const int64_t sw = from >> 6, ss = from & 63;
      uint64_t v = s[sw] >> ss;
      if (ss && sw + 1 < src_words) v |= s[sw + 1] << (64 - ss);
      if (n < 64) v &= (uint64_t{1} << n) - 1;
      const int64_t dw = at >> 6, ds = at & 63;
      d[dw] |= v << ds;
      if (ds && dw + 1 < dst_words) d[dw + 1] |= v >> (64 - ds);
    }
  }
}

Grid crop(const Grid& grid, const Box& box) {
  Grid out(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
  copy_cells(grid, box, out, Cell{0, 0});
  return out;
}

uint64_t shape_hash_of_empty() {
  return hash::finish(0, 0, 0);
}

uint64_t shape_hash(const Grid& grid, const Box& bounds) {
  if (bounds.empty()) return shape_hash_of_empty();
  return crop(grid, bounds).hash();
}

CellStats cell_stats(const Grid& now, const Grid* previous, bool shape) {
  CellStats s;
  s.population = now.population();
  if (previous) {
    if (previous->width() != now.width() || previous->height() != now.height())
      throw Error("cell_stats: the previous generation is " + std::to_string(previous->width()) +
                  "x" + std::to_string(previous->height()) + ", the current one " +
                  std::to_string(now.width()) + "x" + std::to_string(now.height()));
    const auto a = previous->words(), b = now.words();
    for (size_t i = 0; i < b.size(); ++i) {
      s.births += uint64_t(std::popcount(b[i] & ~a[i]));
      s.deaths += uint64_t(std::popcount(a[i] & ~b[i]));
    }
    s.changes_known = true;
  }
  if (shape) {
    s.bounds = live_bounds(now);
    s.shape_hash = shape_hash(now, s.bounds);
    s.shape_known = true;
  }
  return s;
}

}  // namespace gpulife
