// A grid described rather than held: its size, a random soup and a pattern's cells, so engines
// whose memory is not the host's (bands on several GPUs) build it where it lives, band by band.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/pattern.hpp"

namespace gpulife {

// The soup's seed when none is given (the viewer's and run's --random).
inline constexpr uint64_t kDefaultSoupSeed = 20261129;

struct GridRecipe {
  int64_t width = 0, height = 0;
  Topology topology = Topology::Plane;
  // > 0: a random soup, the stream Grid::randomize(density, seed) gives.
  double density = 0;
  uint64_t seed = 0;
  // Live cells in grid coordinates, OR-ed over the soup; sorted by (y, x), all on the grid.
  std::vector<Cell> cells;

  // Bytes the grid takes in the canonical bit-packed layout.
  double bytes() const { return double((width + 63) / 64) * 8.0 * double(height); }
};

// The recipe of a width x height grid holding `pattern` with its bounding box's top-left at
// `origin`, over a soup of `density` from `seed`. Throws Error (saying the sizes) when the size
// is impossible or a cell would fall outside the grid, as Grid::place does.
GridRecipe make_recipe(GridSize size, Topology topology, const Pattern& pattern, Cell origin,
                       double density = 0, uint64_t seed = 0);

// The index range [first, last) of the recipe's cells on rows [y0, y1).
std::pair<size_t, size_t> cells_in_rows(const GridRecipe& recipe, int64_t y0, int64_t y1);

// Rows [y0, y0 + count) of the grid, (width + 63) / 64 words each, into `out`: what one band
// needs, without the rest of the grid.
void fill_rows(const GridRecipe& recipe, int64_t y0, int64_t count, uint64_t* out);

// The whole grid on the host (for engines that load a Grid).
Grid make_grid(const GridRecipe& recipe);

}  // namespace gpulife
