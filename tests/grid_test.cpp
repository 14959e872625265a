// Tests for core/grid: sizing, placing and extracting patterns, population, hash and randomize.
#include "core/grid.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace gpulife {
namespace {

Pattern glider() {
  Pattern p({{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
  return p;
}

TEST(GridTest, SizesAndPaddingWords) {
  Grid g(65, 3);
  EXPECT_EQ(g.words_per_row(), 2);
  EXPECT_EQ(g.last_word_mask(), 1u);
  EXPECT_EQ(g.cell_count(), 195u);
  Grid h(64, 1);
  EXPECT_EQ(h.words_per_row(), 1);
  EXPECT_EQ(h.last_word_mask(), ~uint64_t{0});
}

TEST(GridTest, ImpossibleSizesAreRefused) {
  EXPECT_THROW(Grid(0, 10), Error);
  EXPECT_THROW(Grid(10, -1), Error);
  EXPECT_THROW(Grid(kMaxGridSide + 1, 1), Error);
}

TEST(GridTest, ParseGridSize) {
  EXPECT_EQ(parse_grid_size("4096"), (GridSize{4096, 4096}));
  EXPECT_EQ(parse_grid_size("1920x1080"), (GridSize{1920, 1080}));
  EXPECT_EQ(parse_grid_size("3X5"), (GridSize{3, 5}));
  for (const char* bad : {"", "x", "0", "-5", "12x", "x12", "1.5", "10x0", "99999999999"})
    EXPECT_THROW(parse_grid_size(bad), Error) << bad;
}

TEST(GridTest, SetGetAcrossWordBoundaries) {
  Grid g(130, 4);
  for (int64_t x : {0, 63, 64, 127, 128, 129}) g.set(x, 2, true);
  EXPECT_EQ(g.population(), 6u);
  EXPECT_TRUE(g.get(64, 2));
  EXPECT_FALSE(g.get(65, 2));
  g.set(64, 2, false);
  EXPECT_FALSE(g.get(64, 2));
  EXPECT_EQ(g.population(), 5u);
}

TEST(GridTest, PlaceCentresByDefaultAndExtractRoundTrips) {
  Grid g(20, 10);
  g.place(glider());
  const Box box = g.extract().bounding_box();
  EXPECT_EQ(box.min_x, (20 - 3) / 2);
  EXPECT_EQ(box.min_y, (10 - 3) / 2);
  Pattern back = g.extract();
  back.move_to_origin();
  EXPECT_TRUE(back.same_cells(glider()));
}

TEST(GridTest, PlaceAtPositionAndRefuseWhatDoesNotFit) {
  Grid g(10, 10);
  g.place(glider(), Cell{7, 7});
  EXPECT_TRUE(g.get(8, 7));
  EXPECT_THROW(g.place(glider(), Cell{8, 0}), Error);
  EXPECT_THROW(g.place(glider(), Cell{-1, 0}), Error);
  Grid small(2, 2);
  try {
    small.place(glider());
    FAIL() << "a 3x3 pattern was placed in a 2x2 grid";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("3x3"), std::string::npos) << e.what();
  }
}

TEST(GridTest, HashDistinguishesCellsAndSizes) {
  Grid a(100, 50), b(100, 50), c(101, 50);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), c.hash());
  a.set(99, 49, true);
  EXPECT_NE(a.hash(), b.hash());
  b.set(99, 49, true);
  EXPECT_EQ(a.hash(), b.hash());
  // The same bit in another row or word must hash differently.
  Grid d(128, 2), e(128, 2);
  d.set(0, 0, true);
  e.set(64, 0, true);
  EXPECT_NE(d.hash(), e.hash());
  Grid f(128, 2);
  f.set(0, 1, true);
  EXPECT_NE(d.hash(), f.hash());
}

TEST(GridTest, RandomizeIsReproducibleAndKeepsPaddingClear) {
  Grid a(200, 30), b(200, 30);
  a.randomize(0.5, 42);
  b.randomize(0.5, 42);
  EXPECT_EQ(a, b);
  b.randomize(0.5, 43);
  EXPECT_NE(a, b);
  const double density = double(a.population()) / double(a.cell_count());
  EXPECT_NEAR(density, 0.5, 0.05);
  for (int64_t y = 0; y < a.height(); ++y)
    EXPECT_EQ(a.row(y)[a.words_per_row() - 1] & ~a.last_word_mask(), 0u);
  Grid sparse(256, 256);
  sparse.randomize(0.1, 7);
  EXPECT_NEAR(double(sparse.population()) / double(sparse.cell_count()), 0.1, 0.02);
}

TEST(GridTest, BlitCopiesAtAnyOffsetAndClipsAtTheEdges) {
  Grid src(130, 5);
  src.randomize(0.5, 3);
  for (const Cell at : {Cell{0, 0}, Cell{7, 2}, Cell{64, 1}, Cell{-5, -1}, Cell{-70, 0},
                        Cell{100, 3}, Cell{300, 0}}) {
    SCOPED_TRACE(std::to_string(at.x) + "," + std::to_string(at.y));
    Grid dst(200, 7);
    dst.blit(src, at);
    uint64_t expected = 0;
    for (int64_t y = 0; y < src.height(); ++y) {
      for (int64_t x = 0; x < src.width(); ++x) {
        const bool inside = dst.in_bounds(x + at.x, y + at.y);
        if (inside) {
          ASSERT_EQ(dst.get(x + at.x, y + at.y), src.get(x, y)) << x << "," << y;
          expected += src.get(x, y);
        }
      }
    }
    EXPECT_EQ(dst.population(), expected);
    for (int64_t y = 0; y < dst.height(); ++y)
      EXPECT_EQ(dst.row(y)[dst.words_per_row() - 1] & ~dst.last_word_mask(), 0u);
  }
}

}  // namespace
TEST(Grid, FirstDifferenceIsTheFirstInRowMajorOrder) {
  Grid a(130, 3), b(130, 3);
  EXPECT_EQ(first_difference(a, b), std::nullopt);
  b.set(129, 1, true);  // the last word of a row, after...
  b.set(5, 2, true);
  a.set(70, 1, true);  // ...a difference earlier in the same row
  EXPECT_EQ(first_difference(a, b), (Cell{70, 1}));
  a.set(70, 1, false);
  EXPECT_EQ(first_difference(a, b), (Cell{129, 1}));
  EXPECT_EQ(first_difference(a, Grid(130, 4)), (Cell{0, 0}));  // sizes differ
}

TEST(Grid, SizeText) {
  EXPECT_EQ(size_text(65536, 32768), "65536x32768");
  EXPECT_EQ(size_text(GridSize{7, 9}, " x "), "7 x 9");
  EXPECT_EQ(parse_grid_size(size_text(GridSize{1024, 512})), (GridSize{1024, 512}));
}

}  // namespace gpulife
