// Grid recipes: checking that a pattern fits, and building any band of rows on the host.
#include "core/grid_recipe.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/soup.hpp"

namespace gpulife {

GridRecipe make_recipe(GridSize size, Topology topology, const Pattern& pattern, Cell origin,
                       double density, uint64_t seed) {
  if (size.width < 1 || size.height < 1 || size.width > kMaxGridSide || size.height > kMaxGridSide)
    throw Error("impossible grid size " + std::to_string(size.width) + "x" +
                std::to_string(size.height) + ": each side must be between 1 and " +
                std::to_string(kMaxGridSide));
  if (!(density >= 0.0 && density <= 1.0))
    throw Error("soup density " + std::to_string(density) + " is not between 0 and 1");
  GridRecipe r;
  r.width = size.width;
  r.height = size.height;
  r.topology = topology;
  r.density = density;
  r.seed = seed;
  const Box box = pattern.bounding_box();
  if (!pattern.empty()) {
    if (box.width() > size.width || box.height() > size.height || origin.x < 0 || origin.y < 0 ||
        origin.x > size.width - box.width() || origin.y > size.height - box.height())
      throw Error("pattern of " + std::to_string(box.width()) + "x" + std::to_string(box.height()) +
                  " cells does not fit in the " + std::to_string(size.width) + "x" +
                  std::to_string(size.height) +
                  " grid at that position; use a larger grid (--size)");
    r.cells.reserve(pattern.cells().size());
    // Pattern cells are sorted by (y, x); a translation keeps that order.
    for (const Cell& c : pattern.cells())
      r.cells.push_back({c.x - box.min_x + origin.x, c.y - box.min_y + origin.y});
  }
  return r;
}

std::pair<size_t, size_t> cells_in_rows(const GridRecipe& recipe, int64_t y0, int64_t y1) {
  auto row_below = [](const Cell& c, int64_t y) { return c.y < y; };
  const auto first = std::lower_bound(recipe.cells.begin(), recipe.cells.end(), y0, row_below);
  const auto last = std::lower_bound(first, recipe.cells.end(), y1, row_below);
  return {size_t(first - recipe.cells.begin()), size_t(last - recipe.cells.begin())};
}

void fill_rows(const GridRecipe& recipe, int64_t y0, int64_t count, uint64_t* out) {
  const int64_t words = (recipe.width + 63) / 64;
  const int rem = int(recipe.width & 63);
  const uint64_t mask = rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
  const soup::Density d = soup::density_of(recipe.density);
  for (int64_t r = 0; r < count; ++r) {
    uint64_t* row = out + r * words;
    if (recipe.density > 0) {
      const uint64_t base = uint64_t(y0 + r) * uint64_t(words);
      for (int64_t j = 0; j < words; ++j) row[j] = soup::word(recipe.seed, d, base + uint64_t(j));
      row[words - 1] &= mask;
    } else {
      std::fill(row, row + words, 0);
    }
  }
  const auto [first, last] = cells_in_rows(recipe, y0, y0 + count);
  for (size_t i = first; i < last; ++i) {
    const Cell& c = recipe.cells[i];
    out[(c.y - y0) * words + (c.x >> 6)] |= uint64_t{1} << (c.x & 63);
  }
}

Grid make_grid(const GridRecipe& recipe) {
  Grid g(recipe.width, recipe.height, recipe.topology);
  fill_rows(recipe, 0, recipe.height, g.row(0));
  return g;
}

}  // namespace gpulife
