// What the population graph, the stop conditions, Track and Identify read from a state: its
// population, births and deaths against the generation before, the live cells' bounding box, and
// a hash that is equal for states equal up to translation. GPU engines count the same figures on
// their device (gpu/grid_stats.cu) by these definitions.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/pattern.hpp"

namespace gpulife {

struct CellStats {
  uint64_t population = 0;
  // Births and deaths of the last generation, known only when the generation before it was
  // available (changes_known).
  bool changes_known = false;
  uint64_t births = 0;
  uint64_t deaths = 0;
  // Bounding box of the live cells (empty when none) and the shape hash; both are filled only
  // when asked for (shape_known).
  bool shape_known = false;
  Box bounds;
  uint64_t shape_hash = 0;
};

// Bounding box of a grid's live cells (empty when none), found by scanning words, so it is quick
// even for 65536^2.
Box live_bounds(const Grid& grid);

// ORs the cells of `src` inside `box` into `dst` with the box's top-left corner at `to`; whatever
// falls outside either grid is left out.
void copy_cells(const Grid& src, const Box& box, Grid& dst, Cell to);

// The cells of `grid` inside `box` (clipped to the grid) as a grid of the box's size whose (0, 0)
// is the box's top-left corner; a 1x1 empty grid for an empty box.
Grid crop(const Grid& grid, const Box& box);

// Hash of the state up to translation: Grid::hash() of crop(grid, bounds), where `bounds` is
// the live cells' bounding box; shape_hash_of_empty() when there are no live cells. Two states
// get the same hash when one is the other moved, wherever they lie on whichever grid.
uint64_t shape_hash(const Grid& grid, const Box& bounds);
uint64_t shape_hash_of_empty();

// Population always; births and deaths when `previous` (the generation before, same size) is
// given; bounds and shape hash when `shape`.
CellStats cell_stats(const Grid& now, const Grid* previous, bool shape);

}  // namespace gpulife
