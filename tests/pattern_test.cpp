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

}  // namespace
}  // namespace gpulife
