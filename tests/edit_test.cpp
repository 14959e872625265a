// Tests of the edit operations (drawing, selection, paste) on every CPU engine layout, and that
// they move only small rectangles through read_region()/write_region().
#include "core/edit.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <set>

#include "core/error.hpp"
#include "edit_test_support.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

using namespace testing;

int64_t chebyshev(Cell a, Cell b) {
  return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
}

// --- Lines, independent of any engine ---

TEST(LineCells, EveryOctantIsGaplessWithBothEndsAndOneCellPerMajorStep) {
  const Cell from{3, -2};
  for (int64_t dy = -9; dy <= 9; ++dy) {
    for (int64_t dx = -9; dx <= 9; ++dx) {
      const Cell to{from.x + dx, from.y + dy};
      const std::vector<Cell> cells = line_cells(from, to);
      SCOPED_TRACE("dx=" + std::to_string(dx) + " dy=" + std::to_string(dy));
      ASSERT_FALSE(cells.empty());
      EXPECT_EQ(cells.front(), from);
      EXPECT_EQ(cells.back(), to);
      EXPECT_EQ(int64_t(cells.size()), std::max(std::abs(dx), std::abs(dy)) + 1);
      for (size_t i = 1; i < cells.size(); ++i) EXPECT_EQ(chebyshev(cells[i - 1], cells[i]), 1);
      // The line stays within half a cell of the ideal segment.
      for (const Cell& c : cells) {
        const double cross = double(c.x - from.x) * double(dy) - double(c.y - from.y) * double(dx);
        const double len = std::max(std::abs(dx), std::abs(dy));
        if (len > 0) {
          EXPECT_LE(std::abs(cross) / len, 0.5 + 1e-9);
        }
      }
    }
  }
}

TEST(LineCells, ReversedLineCoversTheSameCountAndEnds) {
  const std::vector<Cell> a = line_cells({0, 0}, {17, 5});
  const std::vector<Cell> b = line_cells({17, 5}, {0, 0});
  EXPECT_EQ(a.size(), b.size());
  EXPECT_EQ(b.front(), (Cell{17, 5}));
  EXPECT_EQ(b.back(), (Cell{0, 0}));
}

// --- Operations on each CPU engine (byte-per-cell and bit-packed) ---

class EditOnEngine : public OnEachCpuEngine {};

TEST_P(EditOnEngine, DrawLineSetsExactlyTheLineInEveryOctant) {
  for (int64_t dy = -20; dy <= 20; dy += 5) {
    for (int64_t dx = -20; dx <= 20; dx += 4) {
      auto e = engine(Grid(64, 64));
      const Cell from{30, 30}, to{30 + dx, 30 + dy};
      const Edit edit = draw_line(*e, from, to, true);
      Grid expected(64, 64);
      for (const Cell& c : line_cells(from, to)) expected.set(c.x, c.y, true);
      EXPECT_EQ(state(*e), expected) << "dx=" << dx << " dy=" << dy;
      EXPECT_EQ(edit.label, "draw");
    }
  }
}

TEST_P(EditOnEngine, EraseLineKillsOnlyTheLine) {
  Grid full(40, 30);
  full.randomize(1.0, 1);
  auto e = engine(full);
  draw_line(*e, {2, 3}, {37, 20}, false);
  Grid expected = full;
  for (const Cell& c : line_cells({2, 3}, {37, 20})) expected.set(c.x, c.y, false);
  EXPECT_EQ(state(*e), expected);
}

TEST_P(EditOnEngine, LineLeavingTheGridDrawsOnlyItsCellsInside) {
  auto e = engine(Grid(16, 16));
  const Edit edit = draw_line(*e, {-10, -10}, {25, 25}, true);
  Grid expected(16, 16);
  for (int64_t i = 0; i < 16; ++i) expected.set(i, i, true);
  EXPECT_EQ(state(*e), expected);
  EXPECT_FALSE(edit.empty());
  // Entirely outside: nothing happens.
  EXPECT_TRUE(draw_line(*e, {-5, 40}, {30, 40}, true).empty());
}

TEST_P(EditOnEngine, DrawCellAndToggle) {
  auto e = engine(Grid(8, 8));
  EXPECT_FALSE(draw_cell(*e, {3, 4}, true).empty());
  EXPECT_TRUE(state(*e).get(3, 4));
  EXPECT_TRUE(draw_cell(*e, {3, 4}, true).empty()) << "no change, no patch";
  EXPECT_TRUE(draw_cell(*e, {8, 0}, true).empty()) << "outside the grid";
  EXPECT_FALSE(toggle_cell(*e, {3, 4}).empty());
  EXPECT_FALSE(state(*e).get(3, 4));
  toggle_cell(*e, {7, 7});
  EXPECT_TRUE(state(*e).get(7, 7));
  EXPECT_EQ(e->population(), 1u);
  EXPECT_TRUE(toggle_cell(*e, {-1, 2}).empty());
}

TEST_P(EditOnEngine, StrokeJoinsEveryPositionAndIsOneEdit) {
  const Grid start = random_grid(64, 64, 0.2, 13);
  auto e = engine(start);
  const std::vector<Cell> path{{5, 5}, {40, 9}, {40, 9}, {12, 60}, {63, 63}, {70, 20}};
  Stroke stroke(*e, path[0], true);
  for (size_t i = 1; i < path.size(); ++i) stroke.to(*e, path[i]);
  Grid expected = start;
  for (size_t i = 1; i < path.size(); ++i)
    for (const Cell& c : line_cells(path[i - 1], path[i]))
      if (expected.in_bounds(c.x, c.y)) expected.set(c.x, c.y, true);
  EXPECT_EQ(state(*e), expected);
  const Edit edit = stroke.finish();
  EXPECT_EQ(edit.label, "draw");
  EXPECT_TRUE(stroke.finish().empty());
  edit.revert(*e);
  EXPECT_EQ(state(*e), start);

  Stroke eraser(*e, {0, 0}, false);
  eraser.to(*e, {63, 0});
  for (int64_t x = 0; x < 64; ++x) EXPECT_FALSE(state(*e).get(x, 0));
  EXPECT_EQ(eraser.finish().label, "erase");
}

TEST_P(EditOnEngine, CellAliveAndLiveBounds) {
  Grid g(200, 100);
  g.set(70, 12, true);
  g.set(130, 80, true);
  g.set(5, 50, true);
  auto e = engine(g);
  EXPECT_TRUE(cell_alive(*e, {70, 12}));
  EXPECT_FALSE(cell_alive(*e, {71, 12}));
  EXPECT_FALSE(cell_alive(*e, {-1, 12}));
  EXPECT_EQ(live_bounds(*e, grid_box(*e)), (Box{5, 12, 130, 80}));
  EXPECT_EQ(live_bounds(*e, Box{60, 0, 199, 99}), (Box{70, 12, 130, 80}));
  EXPECT_EQ(live_bounds(*e, Box{71, 13, 129, 79}), Box{});
  EXPECT_TRUE(live_bounds(*e, Box{71, 13, 129, 79}).empty());
}

TEST_P(EditOnEngine, EditsKeepTheGenerationAndRevertApplyRoundTrip) {
  const Grid start = random_grid(50, 40, 0.3, 7);
  auto e = engine(start);
  e->step(3);
  const Grid before = state(*e);
  const Edit edit = draw_line(*e, {0, 39}, {49, 0}, true);
  const Grid after = state(*e);
  EXPECT_EQ(e->generation(), 3u);
  EXPECT_EQ(edit.generation, 3u);
  edit.revert(*e);
  EXPECT_TRUE(holds(*e, before, 3));
  edit.apply(*e);
  EXPECT_TRUE(holds(*e, after, 3));
}

TEST_P(EditOnEngine, ClearSelectionAndClearOutside) {
  const Grid start = random_grid(70, 50, 0.5, 11);
  const Box sel{10, 5, 40, 30};
  {
    auto e = engine(start);
    const Edit edit = clear_selection(*e, sel);
    const Grid g = state(*e);
    for (int64_t y = 0; y < 50; ++y)
      for (int64_t x = 0; x < 70; ++x)
        ASSERT_EQ(g.get(x, y), sel.contains({x, y}) ? false : start.get(x, y));
    edit.revert(*e);
    EXPECT_EQ(state(*e), start);
  }
  {
    auto e = engine(start);
    const Edit edit = clear_outside(*e, sel);
    const Grid g = state(*e);
    for (int64_t y = 0; y < 50; ++y)
      for (int64_t x = 0; x < 70; ++x)
        ASSERT_EQ(g.get(x, y), sel.contains({x, y}) ? start.get(x, y) : false);
    const Grid cleared = g;
    edit.revert(*e);
    EXPECT_EQ(state(*e), start);
    edit.apply(*e);
    EXPECT_EQ(state(*e), cleared);
  }
}

TEST_P(EditOnEngine, SelectionsAreClippedToTheGrid) {
  const Grid start = random_grid(20, 20, 0.5, 3);
  auto e = engine(start);
  clear_selection(*e, Box{15, -5, 40, 4});
  const Grid g = state(*e);
  for (int64_t y = 0; y < 20; ++y)
    for (int64_t x = 0; x < 20; ++x)
      ASSERT_EQ(g.get(x, y), (x >= 15 && y <= 4) ? false : start.get(x, y));
  EXPECT_TRUE(clear_selection(*e, Box{30, 30, 40, 40}).empty());
  EXPECT_TRUE(clear_outside(*e, Box{}).empty()) << "no selection: nothing to clear";
  EXPECT_EQ(clip_to_grid(*e, Box{-3, 5, 100, 6}), (Box{0, 5, 19, 6}));
  EXPECT_EQ(box_from_corners({5, 1}, {2, 9}), (Box{2, 1, 5, 9}));
}

TEST_P(EditOnEngine, RandomFillHonoursDensityAndSeed) {
  const Grid start = random_grid(64, 64, 0.5, 5);
  const Box sel{8, 8, 55, 47};  // 48 x 40
  const int64_t area = sel.width() * sel.height();

  auto population_in = [&](const Grid& g) {
    int64_t n = 0;
    for (int64_t y = sel.min_y; y <= sel.max_y; ++y)
      for (int64_t x = sel.min_x; x <= sel.max_x; ++x) n += g.get(x, y);
    return n;
  };
  auto outside_unchanged = [&](const Grid& g) {
    for (int64_t y = 0; y < 64; ++y)
      for (int64_t x = 0; x < 64; ++x)
        if (!sel.contains({x, y}) && g.get(x, y) != start.get(x, y)) return false;
    return true;
  };

  auto a = engine(start);
  random_fill(*a, sel, 0.25, 42);
  const Grid ga = state(*a);
  EXPECT_TRUE(outside_unchanged(ga));
  EXPECT_NEAR(double(population_in(ga)) / double(area), 0.25, 0.04);

  auto b = engine(start);
  random_fill(*b, sel, 0.25, 42);
  EXPECT_EQ(state(*b), ga) << "same seed, same soup";
  random_fill(*b, sel, 0.25, 43);
  EXPECT_NE(state(*b), ga);

  random_fill(*b, sel, 0.0, 1);
  EXPECT_EQ(population_in(state(*b)), 0);
  random_fill(*b, sel, 1.0, 1);
  EXPECT_EQ(population_in(state(*b)), area);
  EXPECT_TRUE(outside_unchanged(state(*b)));
}

TEST_P(EditOnEngine, RandomFillDoesNotDependOnHowTheBoxIsSplit) {
  // 2048 x 1024 cells is two bands of kMaxPatchCells; filling the halves separately must match.
  static_assert(kMaxPatchCells == int64_t{1} << 20);
  auto whole = engine(Grid(2048, 1024));
  random_fill(*whole, Box{0, 0, 2047, 1023}, 0.4, 9);
  auto halves = engine(Grid(2048, 1024));
  random_fill(*halves, Box{0, 0, 1023, 1023}, 0.4, 9);
  random_fill(*halves, Box{1024, 0, 2047, 1023}, 0.4, 9);
  EXPECT_EQ(state(*whole), state(*halves));
}

// The rotated/flipped selection, checked against Pattern's geometry: the selection's cells (as
// a pattern relative to its top-left) transformed by Pattern, then moved back into the frame
// the transformed selection occupies.
Pattern expected_transform(const Pattern& p, Transform t, int64_t w, int64_t h) {
  Pattern q = p;
  switch (t) {
    case Transform::RotateClockwise:
      q.rotate_clockwise();  // frame [0,w) x [0,h) -> [-(h-1),0] x [0,w)
      q.translate(h - 1, 0);
      break;
    case Transform::RotateAnticlockwise:
      q.rotate_counterclockwise();  // -> [0,h) x [-(w-1),0]
      q.translate(0, w - 1);
      break;
    case Transform::FlipHorizontal:
      q.flip_horizontal();
      q.translate(w - 1, 0);
      break;
    case Transform::FlipVertical:
      q.flip_vertical();
      q.translate(0, h - 1);
      break;
  }
  return q;
}

TEST_P(EditOnEngine, RotateAndFlipMatchPatternGeometry) {
  const Grid start = random_grid(80, 80, 0.45, 21);
  const Box sel{20, 30, 44, 40};  // 25 x 11, odd difference of sides
  for (Transform t : {Transform::RotateClockwise, Transform::RotateAnticlockwise,
                      Transform::FlipHorizontal, Transform::FlipVertical}) {
    SCOPED_TRACE(std::string(to_string(t)));
    auto e = engine(start);
    const Pattern original = copy_selection(*e, sel);
    const TransformResult r = transform_selection(*e, sel, t);
    EXPECT_EQ(r.selection, transformed_box(sel, t));
    const Pattern got = copy_selection(*e, r.selection);
    const Pattern want = expected_transform(original, t, sel.width(), sel.height());
    EXPECT_TRUE(got.same_cells(want));
    // Cells outside both boxes are untouched; cells of the old box outside the new one died.
    const Grid g = state(*e);
    for (int64_t y = 0; y < 80; ++y)
      for (int64_t x = 0; x < 80; ++x) {
        if (r.selection.contains({x, y})) continue;
        ASSERT_EQ(g.get(x, y), sel.contains({x, y}) ? false : start.get(x, y)) << x << "," << y;
      }
    r.edit.revert(*e);
    EXPECT_EQ(state(*e), start);
  }
}

TEST_P(EditOnEngine, RotationBoxStaysCentredAndInverts) {
  const Box sel{20, 30, 44, 40};
  const Box cw = transformed_box(sel, Transform::RotateClockwise);
  EXPECT_EQ(cw.width(), sel.height());
  EXPECT_EQ(cw.height(), sel.width());
  EXPECT_EQ(cw, (Box{27, 23, 37, 47}));  // centre (32, 35) kept
  EXPECT_EQ(transformed_box(cw, Transform::RotateAnticlockwise), sel);

  // Live cells only inside the selection: rotating a non-square selection overwrites the cells
  // its new box covers, so only then do four turns give back the whole grid.
  Grid start(80, 80);
  const Grid soup = random_grid(80, 80, 0.45, 22);
  for (int64_t y = sel.min_y; y <= sel.max_y; ++y)
    for (int64_t x = sel.min_x; x <= sel.max_x; ++x) start.set(x, y, soup.get(x, y));
  auto e = engine(start);
  Box box = sel;
  for (int i = 0; i < 4; ++i)
    box = transform_selection(*e, box, Transform::RotateClockwise).selection;
  EXPECT_EQ(box, sel);
  EXPECT_EQ(state(*e), start) << "four quarter turns are the identity";
  box = transform_selection(*e, box, Transform::RotateClockwise).selection;
  box = transform_selection(*e, box, Transform::RotateAnticlockwise).selection;
  EXPECT_EQ(box, sel);
  EXPECT_EQ(state(*e), start);
  transform_selection(*e, sel, Transform::FlipVertical);
  transform_selection(*e, sel, Transform::FlipVertical);
  EXPECT_EQ(state(*e), start);
}

TEST_P(EditOnEngine, RotationRefusesToPushLiveCellsOffTheGrid) {
  Grid start(30, 30);
  start.set(0, 1, true);  // far left of a 20 x 2 selection at the top edge
  auto e = engine(start);
  const Box sel{0, 0, 19, 1};  // rotating gives 2 x 20 starting at y = -9
  EXPECT_THROW(transform_selection(*e, sel, Transform::RotateClockwise), Error);
  EXPECT_EQ(state(*e), start) << "nothing changes when refused";

  // With only dead cells leaving the grid the rotation happens and the box is clipped.
  Grid mid(30, 30);
  mid.set(10, 1, true);
  auto f = engine(mid);
  const TransformResult r = transform_selection(*f, sel, Transform::RotateClockwise);
  EXPECT_EQ(r.selection, (Box{9, 0, 10, 10}));
  EXPECT_EQ(f->population(), 1u);
}

TEST_P(EditOnEngine, CopyCutAndPasteBack) {
  const Grid start = random_grid(60, 60, 0.4, 31);
  const Box sel{12, 9, 40, 33};
  auto e = engine(start);
  const Pattern copied = copy_selection(*e, sel);
  EXPECT_EQ(copied.rule.rule, e->rule());
  for (const Cell& c : copied.cells()) {
    ASSERT_TRUE(start.get(c.x + sel.min_x, c.y + sel.min_y));
    ASSERT_TRUE((Box{0, 0, sel.width() - 1, sel.height() - 1}).contains(c));
  }
  int64_t live = 0;
  for (int64_t y = sel.min_y; y <= sel.max_y; ++y)
    for (int64_t x = sel.min_x; x <= sel.max_x; ++x) live += start.get(x, y);
  EXPECT_EQ(int64_t(copied.population()), live);

  const CutResult cut = cut_selection(*e, sel);
  EXPECT_TRUE(cut.pattern.same_cells(copied));
  EXPECT_EQ(cut.edit.label, "cut");
  EXPECT_TRUE(copy_selection(*e, sel).empty());
  const Box pb = copied.bounding_box();
  paste(*e, cut.pattern, {sel.min_x + pb.min_x, sel.min_y + pb.min_y}, PasteMode::Or);
  EXPECT_EQ(state(*e), start);
}

TEST_P(EditOnEngine, PasteModesCopyOrXor) {
  const Grid start = random_grid(40, 40, 0.5, 41);
  Pattern p;
  for (int64_t y = 0; y < 9; ++y)
    for (int64_t x = 0; x < 13; ++x)
      if ((x * 7 + y * 3) % 5 < 2) p.add(x + 100, y - 50);  // any origin: placed by its box
  p.normalize();
  const Box pb = p.bounding_box();
  const Cell at{20, 25};
  auto in_pattern = [&](int64_t x, int64_t y) {
    return p.contains({x - at.x + pb.min_x, y - at.y + pb.min_y});
  };
  const Box placed{at.x, at.y, at.x + pb.width() - 1, at.y + pb.height() - 1};

  for (PasteMode mode : {PasteMode::Copy, PasteMode::Or, PasteMode::Xor}) {
    SCOPED_TRACE(std::string(to_string(mode)));
    auto e = engine(start);
    ASSERT_TRUE(paste_fits(*e, p, at));
    const Edit edit = paste(*e, p, at, mode);
    const Grid g = state(*e);
    for (int64_t y = 0; y < 40; ++y)
      for (int64_t x = 0; x < 40; ++x) {
        const bool was = start.get(x, y);
        bool want = was;
        if (placed.contains({x, y})) {
          const bool pat = in_pattern(x, y);
          want = mode == PasteMode::Copy ? pat
                 : mode == PasteMode::Or ? (was || pat)
                                         : (was != pat);
        }
        ASSERT_EQ(g.get(x, y), want) << x << "," << y;
      }
    edit.revert(*e);
    EXPECT_EQ(state(*e), start);
  }
}

TEST_P(EditOnEngine, PasteThatDoesNotFitIsRefusedWithTheSizeNeeded) {
  const Grid start = random_grid(32, 32, 0.3, 51);
  auto e = engine(start);
  Pattern p;
  p.add(0, 0);
  p.add(9, 4);
  p.normalize();  // 10 x 5
  EXPECT_TRUE(paste_fits(*e, p, {22, 27}));
  EXPECT_FALSE(paste_fits(*e, p, {23, 27}));
  EXPECT_FALSE(paste_fits(*e, p, {-1, 0}));
  try {
    paste(*e, p, {30, 30}, PasteMode::Copy);
    FAIL() << "expected Error";
  } catch (const Error& err) {
    const std::string msg = err.what();
    EXPECT_NE(msg.find("10x5"), std::string::npos) << msg;
    EXPECT_NE(msg.find("40x35"), std::string::npos) << msg;
  }
  EXPECT_EQ(state(*e), start);
  EXPECT_EQ(size_to_fit(*e, p, {30, 30}), (GridSize{40, 35}));
  EXPECT_EQ(size_to_fit(*e, p, {0, 0}), (GridSize{32, 32}));
  EXPECT_TRUE(paste(*e, Pattern(), {100, 100}, PasteMode::Copy).empty());
}

INSTANTIATE_TEST_SUITE_P(CpuEngines, EditOnEngine, ::testing::ValuesIn(cpu_engine_names()),
                         test::EngineParamName());

// --- The region path: edits move rectangles, not grids ---

TEST(EditRegionPath, DiagonalLineOn1024GridMovesFarFewerCellsThanTheGrid) {
  CountingEngine e(make_reference_engine());
  e.load(Grid(1024, 1024));
  e.reset_counts();
  const Edit edit = draw_line(e, {0, 0}, {1023, 1023}, true);
  EXPECT_EQ(e.population(), 1024u);
  EXPECT_EQ(e.full_calls, 0u) << "no store()/load() of the whole grid";
  const uint64_t grid_cells = 1024u * 1024u;
  EXPECT_LT(e.region_cells, grid_cells / 8) << "moved " << e.region_cells;
  EXPECT_LE(e.largest_region, uint64_t(kMaxLinePatchCells));
  // Every patch is bounded, and together they hold every drawn cell.
  std::set<Cell> covered;
  for (const Patch& p : edit.patches) {
    EXPECT_LE(p.before.cell_count(), uint64_t(kMaxLinePatchCells));
    for (int64_t y = 0; y < p.after.height(); ++y)
      for (int64_t x = 0; x < p.after.width(); ++x)
        if (p.after.get(x, y)) covered.insert({p.top_left.x + x, p.top_left.y + y});
  }
  EXPECT_EQ(covered.size(), 1024u);
}

TEST(EditRegionPath, LongLineAcrossALargeGridIsSplitIntoBoundedPatches) {
  CountingEngine e(make_reference_engine());
  e.load(Grid(8192, 8192));
  e.reset_counts();
  draw_line(e, {8191, 0}, {0, 5000}, true);
  EXPECT_EQ(e.full_calls, 0u);
  EXPECT_LE(e.largest_region, uint64_t(kMaxLinePatchCells));
  EXPECT_EQ(e.population(), 8192u);
  EXPECT_LT(e.region_cells, 8192u * 8192u / 64u);
}

TEST(EditRegionPath, SelectionOperationsNeverCopyTheWholeGrid) {
  CountingEngine e(make_reference_engine());
  e.load(random_grid(512, 512, 0.2, 61));
  e.reset_counts();
  const Box sel{100, 120, 180, 150};
  clear_selection(e, sel);
  random_fill(e, sel, 0.5, 1);
  transform_selection(e, sel, Transform::RotateClockwise);
  transform_selection(e, sel, Transform::FlipHorizontal);
  copy_selection(e, sel);
  paste(e, copy_selection(e, sel), {300, 300}, PasteMode::Xor);
  EXPECT_EQ(e.full_calls, 0u);
  EXPECT_LT(e.region_cells, 512u * 512u / 4);
}

TEST(EditRegionPath, ClearOutsideGoesBandByBandAndRecordsOnlyLiveBands) {
  CountingEngine e(make_reference_engine());
  Grid g(4096, 4096);  // 16 Mi cells: 16 bands of kMaxPatchCells above and below
  g.set(5, 5, true);
  g.set(4000, 4090, true);
  g.set(2000, 2000, true);  // inside the selection
  e.load(g);
  e.reset_counts();
  const Edit edit = clear_outside(e, Box{1000, 1000, 2999, 2999});
  EXPECT_EQ(e.full_calls, 0u);
  EXPECT_LE(e.largest_region, uint64_t(kMaxPatchCells));
  EXPECT_EQ(e.population(), 1u);
  EXPECT_TRUE(state(e).get(2000, 2000));
  EXPECT_EQ(edit.patches.size(), 2u) << "only the two bands that held live cells";
  EXPECT_LT(edit.bytes(), size_t{1} << 20);
}

TEST(EditRegionPath, SparseOrPasteReadsOnlyTheBandsItsCellsAreIn) {
  CountingEngine e(make_reference_engine());
  e.load(Grid(4096, 4096));
  e.reset_counts();
  Pattern p;
  p.add(0, 0);
  p.add(4000, 4000);
  p.normalize();
  paste(e, p, {10, 10}, PasteMode::Or);
  EXPECT_LE(e.region_calls, 4u) << "one read and one write per corner band";
  EXPECT_EQ(e.full_calls, 0u);
  EXPECT_EQ(e.population(), 2u);
  EXPECT_TRUE(state(e).get(4010, 4010));
}

// --- Paste preview ---

TEST(PastePreview, TransformKeepsTheTopLeftAnchored) {
  Pattern p;  // an R-pentomino placed away from the origin
  for (Cell c : {Cell{1, 0}, Cell{2, 0}, Cell{0, 1}, Cell{1, 1}, Cell{1, 2}})
    p.add(c.x + 10, c.y + 20);
  p.normalize();
  for (Transform t : {Transform::RotateClockwise, Transform::RotateAnticlockwise,
                      Transform::FlipHorizontal, Transform::FlipVertical}) {
    const Pattern q = transformed(p, t);
    EXPECT_EQ(q.bounding_box().min_x, 10);
    EXPECT_EQ(q.bounding_box().min_y, 20);
    EXPECT_EQ(q.population(), p.population());
    EXPECT_FALSE(q.same_cells(p)) << to_string(t);
  }
  Pattern r = p;
  for (int i = 0; i < 4; ++i) r = transformed(r, Transform::RotateClockwise);
  EXPECT_TRUE(r.same_cells(p));
  EXPECT_TRUE(
      transformed(transformed(p, Transform::FlipVertical), Transform::FlipVertical).same_cells(p));
  // The preview and the in-grid rotation agree.
  CountingEngine e(make_reference_engine());
  e.load(Grid(40, 40));
  paste(e, p, {5, 5}, PasteMode::Copy);
  const TransformResult tr = transform_selection(e, Box{5, 5, 7, 7}, Transform::RotateClockwise);
  Pattern in_grid = copy_selection(e, tr.selection);
  in_grid.move_to_origin();
  Pattern preview = transformed(p, Transform::RotateClockwise);
  preview.move_to_origin();
  EXPECT_TRUE(in_grid.same_cells(preview));
}

}  // namespace
}  // namespace gpulife
