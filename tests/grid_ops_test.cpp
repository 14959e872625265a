// Tests the viewer's whole-grid helpers (app/viewer/grid_ops.hpp): live-cell bounds for "fit
// pattern" and re-creating the grid at another size with the pattern kept.
#include "app/viewer/grid_ops.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

TEST(LiveBounds, EmptyGridHasEmptyBox) {
  EXPECT_TRUE(live_bounds(Grid(100, 50)).empty());
}

TEST(LiveBounds, SpansWordsAndRows) {
  Grid g(300, 200);
  g.set(70, 9, true);
  g.set(250, 150, true);
  g.set(3, 100, true);
  const Box b = live_bounds(g);
  EXPECT_EQ(b, (Box{3, 9, 250, 150}));
}

TEST(LiveBounds, CellsInTheLastBitsOfAWord) {
  Grid g(128, 4);
  g.set(63, 1, true);
  g.set(64, 2, true);
  EXPECT_EQ(live_bounds(g), (Box{63, 1, 64, 2}));
}

// Every live cell of `from` appears in `to` shifted by one common offset, and nothing else.
void expect_same_pattern(const Grid& from, const Grid& to) {
  const Box a = live_bounds(from), b = live_bounds(to);
  ASSERT_EQ(a.width(), b.width());
  ASSERT_EQ(a.height(), b.height());
  EXPECT_EQ(from.population(), to.population());
  for (int64_t y = 0; y < a.height(); ++y)
    for (int64_t x = 0; x < a.width(); ++x)
      ASSERT_EQ(from.get(a.min_x + x, a.min_y + y), to.get(b.min_x + x, b.min_y + y))
          << "cell " << x << "," << y << " of the pattern";
}

TEST(Regrid, GrowingKeepsThePatternCentred) {
  Grid g(256, 256);
  Grid soup(90, 70);
  soup.randomize(0.5, 7);
  for (int64_t y = 0; y < 70; ++y)
    for (int64_t x = 0; x < 90; ++x) g.set(83 + x, 93 + y, soup.get(x, y));
  const Grid big = regrid(g, {1000, 600}, Topology::Torus);
  EXPECT_EQ(big.width(), 1000);
  EXPECT_EQ(big.topology(), Topology::Torus);
  expect_same_pattern(g, big);
  const Box b = live_bounds(big), before = live_bounds(g);
  // Same place relative to the centre: shifted by half the growth.
  EXPECT_EQ(b.min_x, before.min_x + (1000 - 256) / 2);
  EXPECT_EQ(b.min_y, before.min_y + (600 - 256) / 2);
}

TEST(Regrid, ShrinkingKeepsEveryCellAtAnyBitOffset) {
  for (int64_t shift = 0; shift < 70; shift += 13) {
    Grid g(512, 64);
    Grid soup(200, 20);
    soup.randomize(0.5, uint64_t(shift) + 1);
    for (int64_t y = 0; y < 20; ++y)
      for (int64_t x = 0; x < 200; ++x) g.set(300 + x - shift, 10 + y, soup.get(x, y));
    const Grid small = regrid(g, {203, 21}, Topology::Plane);
    expect_same_pattern(g, small);
  }
}

TEST(Regrid, PatternTooLargeIsRefusedWithBothSizes) {
  Grid g(100, 100);
  g.set(0, 0, true);
  g.set(99, 0, true);
  try {
    regrid(g, {50, 50}, Topology::Plane);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("100x1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("50x50"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpulife::app
