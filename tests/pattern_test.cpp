// Tests for core/pattern: normalisation, bounding box and the rigid transforms.
#include "core/pattern.hpp"

#include <gtest/gtest.h>

namespace gpulife {
namespace {

Pattern l_tromino() {
  return Pattern({{0, 0}, {0, 1}, {1, 1}});
}

TEST(PatternTest, NormalizeSortsRowMajorAndDropsDuplicates) {
  Pattern p;
  p.add(5, 1);
  p.add(0, 1);
  p.add(3, 0);
  p.add(0, 1);
  p.normalize();
  ASSERT_EQ(p.population(), 3u);
  EXPECT_EQ(p.cells()[0], (Cell{3, 0}));
  EXPECT_EQ(p.cells()[1], (Cell{0, 1}));
  EXPECT_TRUE(p.contains({5, 1}));
  EXPECT_FALSE(p.contains({5, 0}));
}

TEST(PatternTest, BoundingBoxWithLargeCoordinates) {
  Pattern p({{-(int64_t{1} << 40), 7}, {int64_t{1} << 40, -3}});
  const Box b = p.bounding_box();
  EXPECT_EQ(b.min_x, -(int64_t{1} << 40));
  EXPECT_EQ(b.max_x, int64_t{1} << 40);
  EXPECT_EQ(b.min_y, -3);
  EXPECT_EQ(b.height(), 11);
  EXPECT_TRUE(Pattern().bounding_box().empty());
}

TEST(PatternTest, FourClockwiseRotationsAreIdentity) {
  Pattern p = l_tromino();
  p.translate(10, -4);
  Pattern q = p;
  for (int i = 0; i < 4; ++i) q.rotate_clockwise();
  EXPECT_TRUE(q.same_cells(p));
  q.rotate_clockwise();
  EXPECT_FALSE(q.same_cells(p));
  q.rotate_counterclockwise();
  EXPECT_TRUE(q.same_cells(p));
}

TEST(PatternTest, RotateClockwiseMovesTopLeftToTopRight) {
  // X.     .X? With y down, clockwise turns the column (0,0),(0,1) into a row ending top-right.
  Pattern p = l_tromino();  // X. / XX
  p.rotate_clockwise();
  p.move_to_origin();
  EXPECT_TRUE(p.same_cells(Pattern({{0, 0}, {1, 0}, {0, 1}})));  // XX / X.
}

TEST(PatternTest, FlipsMirror) {
  Pattern p = l_tromino();
  p.flip_horizontal();
  p.move_to_origin();
  EXPECT_TRUE(p.same_cells(Pattern({{1, 0}, {0, 1}, {1, 1}})));  // .X / XX
  Pattern q = l_tromino();
  q.flip_vertical();
  q.move_to_origin();
  EXPECT_TRUE(q.same_cells(Pattern({{0, 0}, {1, 0}, {0, 1}})));  // XX / X.
}

TEST(PatternTest, QuadtreePatternsMoveByTheirOriginAndListOnDemand) {
  const std::vector<Cell> cells = {{-3, 2}, {0, 0}, {5, 9}, {100, -40}};
  auto tree = std::make_shared<const CellTree>(CellTree::from_cells(cells));
  const Cell origin = CellTree::golly_origin(tree->root_level());
  Pattern p(tree, origin);
  EXPECT_EQ(p.population(), 4u);
  EXPECT_EQ(p.bounding_box(), (Box{-3, -40, 100, 9}));
  EXPECT_TRUE(p.same_cells(Pattern(cells)));
  // Moving keeps the tree shared; the box and the listed cells move with it.
  p.translate(10, -1);
  EXPECT_NE(p.tree(), nullptr);
  EXPECT_EQ(p.bounding_box(), (Box{7, -41, 110, 8}));
  Pattern moved(cells);
  moved.translate(10, -1);
  EXPECT_TRUE(p.same_cells(moved));
  // A change the tree cannot take turns it into a list first.
  p.rotate_clockwise();
  EXPECT_EQ(p.tree(), nullptr);
  moved.rotate_clockwise();
  EXPECT_TRUE(p.same_cells(moved));
  p.add(0, 0);
  p.normalize();
  EXPECT_EQ(p.population(), 5u);
}

TEST(PatternTest, HistoryStatesMoveWithTheCells) {
  Pattern p(std::vector<Cell>{{0, 0}});
  p.set_history({{{1, 0}, 2}, {{0, 0}, 3}});
  p.translate(5, 5);
  EXPECT_EQ(p.history(), (std::vector<StateCell>{{{5, 5}, 3}, {{6, 5}, 2}}));
  p.flip_horizontal();
  EXPECT_EQ(p.history(), (std::vector<StateCell>{{{-6, 5}, 2}, {{-5, 5}, 3}}));
}

}  // namespace
}  // namespace gpulife
