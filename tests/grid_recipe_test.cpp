// Tests for core/grid_recipe and core/soup: a recipe built band by band equals the grid
// Grid::place and Grid::randomize build on the host, for every density path and band split.
#include "core/grid_recipe.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.hpp"
#include "core/soup.hpp"

namespace gpulife {
namespace {

Pattern sample_pattern() {
  Pattern p({{0, 0}, {1, 0}, {5, 2}, {63, 3}, {64, 3}, {70, 9}, {2, 9}});
  p.translate(-7, 11);  // pattern coordinates need not start at 0
  return p;
}

// What the viewer does: place the pattern, then OR a soup over it.
Grid host_grid(GridSize size, const Pattern& p, Cell origin, double density, uint64_t seed) {
  Grid g(size.width, size.height, Topology::Torus);
  g.place(p, origin);
  if (density > 0) {
    Grid soup(size.width, size.height);
    soup.randomize(density, seed);
    for (size_t i = 0; i < g.words().size(); ++i) g.words()[i] |= soup.words()[i];
  }
  return g;
}

TEST(GridRecipeTest, MakeGridEqualsPlaceAndRandomize) {
  for (double density : {0.0, 0.5, 0.3, 1.0, 0.01})
    for (GridSize size : {GridSize{80, 13}, GridSize{128, 20}, GridSize{200, 31}}) {
      const Pattern p = sample_pattern();
      const Cell origin{1, 2};
      const GridRecipe r = make_recipe(size, Topology::Torus, p, origin, density, 42);
      const Grid want = host_grid(size, p, origin, density, 42);
      const Grid got = make_grid(r);
      EXPECT_EQ(got, want) << density << " " << size.width;
      EXPECT_EQ(got.topology(), Topology::Torus);
    }
}

// Any band of rows, built alone, equals those rows of the whole grid: what each GPU does.
TEST(GridRecipeTest, AnyBandOfRowsMatchesTheWholeGrid) {
  const GridSize size{130, 37};
  const GridRecipe r = make_recipe(size, Topology::Plane, sample_pattern(), {3, 4}, 0.4, 7);
  const Grid whole = make_grid(r);
  const int64_t words = whole.words_per_row();
  for (int64_t y0 : {0, 1, 9, 20, 36})
    for (int64_t count : {1, 3, 17}) {
      if (y0 + count > size.height) continue;
      std::vector<uint64_t> rows(size_t(words * count), 0xdeadbeef);
      fill_rows(r, y0, count, rows.data());
      for (int64_t y = 0; y < count; ++y)
        for (int64_t j = 0; j < words; ++j)
          ASSERT_EQ(rows[size_t(y * words + j)], whole.row(y0 + y)[j]) << y0 << "+" << y;
    }
}

TEST(GridRecipeTest, CellsInRowsFindsEachBandsCells) {
  const GridRecipe r = make_recipe({100, 20}, Topology::Plane, sample_pattern(), {0, 0});
  size_t total = 0;
  for (int64_t y = 0; y < 20; y += 3) {
    const auto [first, last] = cells_in_rows(r, y, y + 3);
    for (size_t i = first; i < last; ++i) {
      EXPECT_GE(r.cells[i].y, y);
      EXPECT_LT(r.cells[i].y, y + 3);
    }
    total += last - first;
  }
  EXPECT_EQ(total, sample_pattern().population());
}

TEST(GridRecipeTest, RefusesPatternsThatDoNotFitAndBadSizes) {
  const Pattern p = sample_pattern();  // 71 x 10
  EXPECT_THROW(make_recipe({70, 50}, Topology::Plane, p, {0, 0}), Error);
  EXPECT_THROW(make_recipe({100, 9}, Topology::Plane, p, {0, 0}), Error);
  EXPECT_THROW(make_recipe({100, 50}, Topology::Plane, p, {30, 0}), Error);
  EXPECT_THROW(make_recipe({100, 50}, Topology::Plane, p, {-1, 0}), Error);
  EXPECT_THROW(make_recipe({100, 50}, Topology::Plane, p, {0, 41}), Error);
  EXPECT_NO_THROW(make_recipe({100, 50}, Topology::Plane, p, {29, 40}));
  EXPECT_THROW(make_recipe({0, 50}, Topology::Plane, Pattern(), {0, 0}), Error);
  EXPECT_THROW(make_recipe({kMaxGridSide + 1, 5}, Topology::Plane, Pattern(), {0, 0}), Error);
  EXPECT_THROW(make_recipe({10, 10}, Topology::Plane, Pattern(), {0, 0}, 1.5), Error);
  EXPECT_THROW(make_recipe({10, 10}, Topology::Plane, Pattern(), {0, 0}, -0.1), Error);
  // A huge grid is only described: nothing of its size is allocated.
  const GridRecipe big = make_recipe({1 << 20, 1 << 20}, Topology::Torus, p, {5, 5}, 0.5, 1);
  EXPECT_DOUBLE_EQ(big.bytes(), double(uint64_t{1} << 37));
}

TEST(SoupTest, DensityPathsAndBitsPerCell) {
  EXPECT_EQ(soup::word(9, soup::density_of(1.0), 123), ~uint64_t{0});
  EXPECT_EQ(soup::word(9, soup::density_of(0.0), 123), 0u);
  EXPECT_EQ(soup::density_of(0.5).mode, soup::Mode::Half);
  // Different seeds and positions give different words; the same give the same.
  const soup::Density d = soup::density_of(0.5);
  EXPECT_NE(soup::word(1, d, 5), soup::word(2, d, 5));
  EXPECT_NE(soup::word(1, d, 5), soup::word(1, d, 6));
  EXPECT_EQ(soup::word(1, d, 5), soup::word(1, d, 5));
  // About the density asked for.
  int alive = 0;
  const soup::Density quarter = soup::density_of(0.25);
  for (uint64_t i = 0; i < 2000; ++i) alive += std::popcount(soup::word(3, quarter, i));
  EXPECT_NEAR(alive / (2000.0 * 64), 0.25, 0.01);
}

}  // namespace
}  // namespace gpulife
