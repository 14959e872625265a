// Tests for the viewer's camera math (app/viewer/camera.hpp): zoom anchoring, pan, fit, animation.
#include "app/viewer/camera.hpp"

#include <gtest/gtest.h>

namespace gpulife::app {
namespace {

void expect_near(Vec2d a, Vec2d b, double tol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
}

Camera make_camera() {
  Camera c;
  c.set_viewport(1000, 600);
  c.set_view({50, 40}, 4.0);
  return c;
}

TEST(Camera, CentreOfViewportShowsCentreCell) {
  Camera c = make_camera();
  expect_near(c.screen_to_cell({500, 300}), {50, 40}, 1e-12);
  expect_near(c.cell_to_screen({51, 40}), {504, 300}, 1e-12);
}

TEST(Camera, ScreenAndCellMappingsAreInverse) {
  Camera c = make_camera();
  const Vec2d px{123.5, 456.25};
  expect_near(c.cell_to_screen(c.screen_to_cell(px)), px, 1e-9);
}

TEST(Camera, ZoomAtKeepsPointUnderCursorFixed) {
  Camera c = make_camera();
  const Vec2d cursor{800, 100};
  const Vec2d before = c.screen_to_cell(cursor);
  c.zoom_at(cursor, 3.0);
  EXPECT_DOUBLE_EQ(c.zoom(), 12.0);
  expect_near(c.screen_to_cell(cursor), before, 1e-9);
  c.zoom_at(cursor, 1.0 / 7.0);
  expect_near(c.screen_to_cell(cursor), before, 1e-9);
}

TEST(Camera, ZoomIsClamped) {
  Camera c = make_camera();
  c.zoom_at({0, 0}, 1e9);
  EXPECT_DOUBLE_EQ(c.zoom(), Camera::kMaxZoom);
  c.zoom_at({0, 0}, 1e-30);
  EXPECT_DOUBLE_EQ(c.zoom(), Camera::kMinZoom);
}

TEST(Camera, PanMovesPictureWithTheDrag) {
  Camera c = make_camera();
  const Vec2d grabbed = c.screen_to_cell({300, 200});
  c.pan_pixels({40, -20});
  // The cell that was under (300, 200) is now under (340, 180).
  expect_near(c.screen_to_cell({340, 180}), grabbed, 1e-12);
}

TEST(Camera, FitShowsRectangleWholeAndCentred) {
  Camera c = make_camera();
  const CellRect r{10, 20, 110, 70};  // 100 x 50 cells
  c.fit(r, 0.05, 1000.0);
  expect_near(c.center(), {60, 45}, 1e-12);
  const CellRect v = c.visible();
  EXPECT_LE(v.x0, r.x0);
  EXPECT_LE(v.y0, r.y0);
  EXPECT_GE(v.x1, r.x1);
  EXPECT_GE(v.y1, r.y1);
  // The limiting side fills 90% of the viewport: 1000 px * 0.9 / 100 cells.
  EXPECT_DOUBLE_EQ(c.zoom(), 9.0);
}

TEST(Camera, FitCapsZoomForTinyPatterns) {
  Camera c = make_camera();
  c.fit({0, 0, 3, 3}, 0.05, 32.0);
  EXPECT_DOUBLE_EQ(c.zoom(), 32.0);
  expect_near(c.center(), {1.5, 1.5}, 1e-12);
}

TEST(Camera, FitWholeLargeGridZoomsOutBelowOnePixelPerCell) {
  Camera c = make_camera();
  c.fit({0, 0, 65536, 65536}, 0.0, 32.0);
  EXPECT_NEAR(c.zoom(), 600.0 / 65536.0, 1e-15);
  const CellRect v = c.visible();
  EXPECT_NEAR(v.y0, 0.0, 1e-6);
  EXPECT_NEAR(v.y1, 65536.0, 1e-6);
}

TEST(Camera, FitInCentresTheRectangleInTheFreeArea) {
  Camera c = make_camera();
  const CellRect r{0, 0, 10, 10};
  c.fit_in(r, {400, 0}, {1000, 600}, 0.0, 1000.0, false);
  // 600 x 600 free area: 60 px per cell, rectangle centre (5, 5) at the area centre (700, 300).
  EXPECT_DOUBLE_EQ(c.zoom(), 60.0);
  expect_near(c.cell_to_screen({5, 5}), {700, 300}, 1e-9);
  expect_near(c.cell_to_screen({0, 0}), {400, 0}, 1e-9);
}

TEST(Camera, AnimatedZoomConvergesAndKeepsAnchorFixedThroughout) {
  Camera c = make_camera();
  const Vec2d cursor{900, 550};
  const Vec2d anchor = c.screen_to_cell(cursor);
  c.animate_zoom_at(cursor, 8.0);
  EXPECT_TRUE(c.animating());
  EXPECT_DOUBLE_EQ(c.target_zoom(), 32.0);
  for (int i = 0; i < 200 && c.animating(); ++i) {
    c.update(1.0 / 60.0);
    expect_near(c.screen_to_cell(cursor), anchor, 1e-9);
  }
  EXPECT_FALSE(c.animating());
  EXPECT_DOUBLE_EQ(c.zoom(), 32.0);
}

TEST(Camera, RepeatedWheelStepsAccumulateOnTheTarget) {
  Camera c = make_camera();
  c.animate_zoom_at({500, 300}, 2.0);
  c.animate_zoom_at({500, 300}, 2.0);
  EXPECT_DOUBLE_EQ(c.target_zoom(), 16.0);
}

TEST(Camera, AnimatedFitReachesTheFittedView) {
  Camera c = make_camera();
  const CellRect r{-500, -500, 500, 500};
  Vec2d want_center;
  double want_zoom;
  c.fit_view(r, 0.05, 32.0, want_center, want_zoom);
  c.fit(r, 0.05, 32.0, /*animate=*/true);
  for (int i = 0; i < 400 && c.animating(); ++i) c.update(1.0 / 60.0);
  EXPECT_FALSE(c.animating());
  expect_near(c.center(), want_center, 1e-12);
  EXPECT_DOUBLE_EQ(c.zoom(), want_zoom);
}

}  // namespace
}  // namespace gpulife::app
