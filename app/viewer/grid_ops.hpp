// Whole-grid helpers of the viewer that need no GL: the live cells' bounding box (for "fit
// pattern") and moving the live cells into a grid of another size (re-creating the grid).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/cell_stats.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

using gpulife::live_bounds;

// `grid`'s live cells in a new grid of `size`, keeping their place relative to the centre as far
// as the new grid allows; throws Error, naming both sizes, when they do not fit. `golly`: both
// grids are bounded grids in Golly's coordinates (centred on (0, 0), its cell x at x + side / 2),
// and each cell keeps its coordinates there where the new grid holds them all.
inline Grid regrid(const Grid& grid, GridSize size, Topology topology, bool golly = false) {
  Grid out(size.width, size.height, topology);
  const Box b = live_bounds(grid);
  if (b.empty()) return out;
  if (b.width() > size.width || b.height() > size.height)
    throw Error("the pattern (" + std::to_string(b.width()) + "x" + std::to_string(b.height()) +
                " cells) does not fit a " + std::to_string(size.width) + "x" +
                std::to_string(size.height) + " grid");
  // Keep the pattern where it was relative to the grid's centre, clamped inside the new grid.
  int64_t ox =
      b.min_x + (golly ? size.width / 2 - grid.width() / 2 : (size.width - grid.width()) / 2);
  int64_t oy =
      b.min_y + (golly ? size.height / 2 - grid.height() / 2 : (size.height - grid.height()) / 2);
  ox = std::clamp<int64_t>(ox, 0, size.width - b.width());
  oy = std::clamp<int64_t>(oy, 0, size.height - b.height());
  copy_cells(grid, b, out, Cell{ox, oy});
  return out;
}

}  // namespace gpulife::app
