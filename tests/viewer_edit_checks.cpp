// Tests the viewer's editing layer without a window: the edit tool driven by synthetic mouse and
// key events on a CPU engine (draw, erase, pick, select, clipboard, paste preview, grow), undo
// of edits (restoring only their rectangle) and of runs, growing the grid for a paste, loading
// and saving files, the file browser's listing and preview, and the pattern library's catalogue
// and search.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include <unistd.h>

#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/viewer/input_tools.hpp"
#include "app/viewer/pattern_files.hpp"
#include "core/clipboard.hpp"
#include "core/error.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "edit_test_support.hpp"
#include "reference_runs.hpp"
#include "viewer_test_support.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

class EditToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    keep_config_in_temp("gpulife_edit_test_cfg");
    start_in_view(state, Grid(64, 64), {32, 32});
  }
  void TearDown() override { state.sim.stop(); }

  // The pixel at the middle of a cell.
  Vec2d px(int64_t x, int64_t y) const {
    return state.camera.cell_to_screen({double(x) + 0.5, double(y) + 0.5});
  }
  MouseButtonEvent left(bool pressed, Cell c, int mods = 0) {
    return MouseButtonEvent{GLFW_MOUSE_BUTTON_LEFT, pressed, mods, px(c.x, c.y)};
  }
  void click(Cell c, int mods = 0) {
    tool.mouse_button(state, left(true, c, mods));
    tool.mouse_button(state, left(false, c, mods));
  }
  void drag(Cell from, Cell to, int mods = 0) {
    tool.mouse_button(state, left(true, from, mods));
    tool.mouse_move(state, px(to.x, to.y), {});  // one big jump: no intermediate events
    tool.mouse_button(state, left(false, to, mods));
  }
  // The window's key path: dialog keys, the tool, navigation.
  bool key(int k, int mods = 0) { return dispatch_key(state, &tool, nav, {k, GLFW_PRESS, mods}); }
  Grid grid() { return state.sim.state(); }
  Pattern cells() {
    Pattern p = grid().extract();
    return p;
  }

  ViewerState state;
  EditorTool tool;
  NavigateTool nav;
};

TEST_F(EditToolTest, FastDragDrawsAContinuousLine) {
  drag({5, 5}, {40, 17});
  const Grid g = grid();
  const std::vector<Cell> line = line_cells({5, 5}, {40, 17});
  for (const Cell& c : line) EXPECT_TRUE(g.get(c.x, c.y)) << c.x << "," << c.y;
  EXPECT_EQ(g.population(), line.size());
  EXPECT_EQ(state.edit.history.undo_count(), 1u);  // one drag, one undo step
  // The snapshot the window uploads was refreshed row by row, population included.
  state.sim.tick(0.0);
  EXPECT_EQ(state.sim.figures().population, line.size());
}

TEST_F(EditToolTest, StrokeShowsEachFrameAndIsOneUndoStep) {
  tool.mouse_button(state, left(true, {5, 5}));
  tool.mouse_move(state, px(5, 20), {});
  tool.mouse_move(state, px(5, 30), {});
  EXPECT_EQ(grid().population(), 1u);  // moves are drawn once a frame
  edit_tick(state);
  EXPECT_EQ(grid().population(), 26u);
  tool.mouse_move(state, px(20, 30), {});
  edit_tick(state);
  tool.mouse_button(state, left(false, {25, 30}));
  EXPECT_EQ(grid().population(), 26u + 20u);
  EXPECT_EQ(state.edit.history.undo_count(), 1u);
  undo(state);
  EXPECT_EQ(grid().population(), 0u);
}

TEST_F(EditToolTest, DrawingWhileRunning) {
  state.sim.pace = PaceSettings{PaceMode::PerFrame, 1, 60.0};
  toggle_running(state);
  for (int frame = 0; frame < 5; ++frame) state.sim.tick(1.0 / 60);
  drag({30, 30}, {30, 31});  // a domino dies at once: just check the engine took the edit
  toggle_running(state);
  state.sim.backend().cancel();
  EXPECT_FALSE(state.sim.running);
  EXPECT_GE(state.edit.history.undo_count(), 1u);
  undo(state);  // back to where running started: the empty grid at generation 0
  EXPECT_EQ(grid().population(), 0u);
  EXPECT_EQ(state.sim.generation(), 0u);
}

// Pausing drops the batch the CPU worker has already taken but not begun: an edit or undo made
// right after the pause is not followed by generations nobody asked for. The worker takes the
// batch while the engine is held here, as it would be by an edit, and the pause comes before
// the worker gets the engine.
TEST_F(EditToolTest, PauseDropsTheBatchTheWorkerHasTakenButNotBegun) {
  SimBackend& backend = state.sim.backend();
  uint64_t generation = ~uint64_t{0};
  backend.with_engine([&](Engine& e) {
    generation = e.generation();
    backend.advance(5);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the worker takes it
    backend.cancel();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // time to step, if it would
  uint64_t after = 0;
  backend.with_engine([&](Engine& e) { after = e.generation(); });
  EXPECT_EQ(after, generation);
  EXPECT_EQ(backend.backlog(), 0u);
}

TEST_F(EditToolTest, StrokeStartingOnALiveCellErasesAndShiftErases) {
  drag({5, 5}, {20, 5});
  ASSERT_EQ(grid().population(), 16u);
  drag({5, 5}, {9, 5});  // starts on a live cell
  EXPECT_EQ(grid().population(), 11u);
  drag({15, 5}, {20, 5}, GLFW_MOD_SHIFT);
  EXPECT_EQ(grid().population(), 5u);
  EXPECT_FALSE(grid().get(15, 5));
}

TEST_F(EditToolTest, UndoAndRedoByKeys) {
  drag({1, 1}, {10, 1});
  click({30, 30});
  EXPECT_EQ(grid().population(), 11u);
  EXPECT_TRUE(key(GLFW_KEY_Z, GLFW_MOD_CONTROL));
  EXPECT_EQ(grid().population(), 10u);
  key(GLFW_KEY_Z, GLFW_MOD_CONTROL);
  EXPECT_EQ(grid().population(), 0u);
  key(GLFW_KEY_Z, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT);
  EXPECT_EQ(grid().population(), 10u);
  key(GLFW_KEY_Y, GLFW_MOD_CONTROL);
  EXPECT_EQ(grid().population(), 11u);
}

TEST_F(EditToolTest, PickTogglesOneCell) {
  EXPECT_TRUE(key(GLFW_KEY_P));
  EXPECT_EQ(state.edit.tool, EditTool::Pick);
  click({7, 8});
  EXPECT_TRUE(grid().get(7, 8));
  click({7, 8});
  EXPECT_FALSE(grid().get(7, 8));
  EXPECT_EQ(state.edit.history.undo_count(), 2u);
}

TEST_F(EditToolTest, SelectDragThenDeleteAndClearOutside) {
  drag({0, 10}, {63, 10});  // a full-width line
  key(GLFW_KEY_S);
  drag({30, 15}, {20, 5});  // corners in any order
  EXPECT_EQ(state.edit.selection, (Box{20, 5, 30, 15}));
  key(GLFW_KEY_DELETE);
  EXPECT_EQ(grid().population(), 64u - 11u);
  key(GLFW_KEY_Z, GLFW_MOD_CONTROL);
  key(GLFW_KEY_DELETE, GLFW_MOD_SHIFT);  // clear outside
  EXPECT_EQ(grid().population(), 11u);
  EXPECT_EQ(state.sim.live_bounds(), (Box{20, 10, 30, 10}));
}

TEST_F(EditToolTest, SelectAllRandomFillAndRotate) {
  drag({10, 10}, {10, 13});  // vertical 4-cell line
  key(GLFW_KEY_A, GLFW_MOD_CONTROL);
  EXPECT_EQ(state.edit.selection, (Box{10, 10, 10, 13}));
  key(GLFW_KEY_R);  // rotate the selection: the line becomes horizontal
  EXPECT_EQ(state.edit.selection.height(), 1);
  EXPECT_EQ(state.edit.selection.width(), 4);
  EXPECT_EQ(state.sim.live_bounds(), state.edit.selection);
  state.edit.selection = {0, 40, 63, 63};
  state.edit.random_density = 0.5f;
  key(GLFW_KEY_5);
  const uint64_t filled = grid().population() - 4;
  EXPECT_GT(filled, 64u * 24 / 4);
  EXPECT_LT(filled, 64u * 24 * 3 / 4);
}

TEST_F(EditToolTest, CopyPutsRleOnTheClipboardAndPastePlacesItWithPreviewTransforms) {
  // An L: (10,10),(10,11),(10,12),(11,12)
  drag({10, 10}, {10, 12});
  click({11, 12});
  key(GLFW_KEY_S);
  drag({10, 10}, {11, 12});
  key(GLFW_KEY_C, GLFW_MOD_CONTROL);
  ClipboardPattern clip = pattern_from_clipboard(state.edit.local_clipboard);
  ASSERT_TRUE(clip.ok()) << clip.error;
  EXPECT_EQ(clip.pattern->population(), 4u);
  EXPECT_NE(state.edit.local_clipboard.find("x = 2, y = 3"), std::string::npos);

  key(GLFW_KEY_V, GLFW_MOD_CONTROL);
  ASSERT_TRUE(state.edit.paste.has_value());
  key(GLFW_KEY_R);  // the preview rotates before it is placed: 3 wide, 2 high now
  EXPECT_EQ(state.edit.paste->bounding_box().width(), 3);
  tool.mouse_move(state, px(41, 41), {});
  EXPECT_EQ(state.edit.paste_at, (Cell{40, 40}));  // the preview's centre follows the cursor
  const uint64_t before = grid().population();
  click({41, 41});
  EXPECT_FALSE(state.edit.paste.has_value());
  EXPECT_EQ(grid().population(), before + 4);
  Box placed;
  state.sim.with_engine([&](Engine& e) { placed = live_bounds(e, Box{30, 30, 63, 63}); });
  EXPECT_EQ(placed, (Box{40, 40, 42, 41}));
  key(GLFW_KEY_Z, GLFW_MOD_CONTROL);
  EXPECT_EQ(grid().population(), before);
}

TEST_F(EditToolTest, CutThenPasteXorAndEscapeCancels) {
  drag({5, 5}, {8, 5});
  key(GLFW_KEY_A, GLFW_MOD_CONTROL);
  key(GLFW_KEY_X, GLFW_MOD_CONTROL);
  EXPECT_EQ(grid().population(), 0u);
  key(GLFW_KEY_V, GLFW_MOD_CONTROL);
  ASSERT_TRUE(state.edit.paste.has_value());
  key(GLFW_KEY_ESCAPE);
  EXPECT_FALSE(state.edit.paste.has_value());
  drag({20, 20}, {21, 20});
  state.edit.paste_mode = PasteMode::Xor;
  key(GLFW_KEY_V, GLFW_MOD_CONTROL);
  state.edit.paste_at = {20, 20};
  ASSERT_TRUE(place_paste(state));
  const Grid g = grid();
  EXPECT_FALSE(g.get(20, 20));  // xor: 1 ^ 1
  EXPECT_TRUE(g.get(22, 20));
  EXPECT_EQ(g.population(), 2u);
}

TEST_F(EditToolTest, BadClipboardTextIsReportedWithItsPlace) {
  state.edit.local_clipboard = "x = 3, y = 1\nbo$zz!";
  EXPECT_FALSE(paste_from_clipboard(state));
  EXPECT_TRUE(state.message_is_error);
  EXPECT_NE(state.message.find(":2:"), std::string::npos) << state.message;
}

TEST_F(EditToolTest, APasteThatDoesNotFitOffersToGrowTheGrid) {
  drag({0, 0}, {2, 0});
  Pattern big;
  for (int i = 0; i < 80; ++i) big.add(i, 0);
  big.normalize();
  begin_paste(state, big);
  state.edit.paste_at = {10, 30};
  EXPECT_FALSE(place_paste(state));
  ASSERT_TRUE(state.edit.grow.has_value());
  EXPECT_EQ(state.sim.width(), 64);
  ASSERT_TRUE(accept_grow(state));
  EXPECT_GE(state.sim.width(), 90);
  const Grid g = grid();
  EXPECT_EQ(g.population(), 83u);
  EXPECT_TRUE(g.get(0, 0));  // the old cells stay where they were
  EXPECT_TRUE(g.get(89, 30));
}

TEST_F(EditToolTest, UndoReturnsToWhereRunningStarted) {
  drag({10, 10}, {12, 10});   // a blinker
  state.sim.request_step(1);  // warm the worker up, outside history
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const Grid start = grid();
  const uint64_t start_gen = state.sim.generation();
  toggle_running(state);  // begin_run
  state.sim.request_step(7);
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  toggle_running(state);  // end_run
  state.sim.tick(0.0);
  EXPECT_EQ(state.sim.generation(), start_gen + 7);
  EXPECT_NE(grid(), start);
  ASSERT_TRUE(undo(state));
  state.sim.tick(0.0);
  EXPECT_EQ(grid(), start);
  EXPECT_EQ(state.sim.generation(), start_gen);
  ASSERT_TRUE(redo(state));
  state.sim.tick(0.0);
  EXPECT_EQ(state.sim.generation(), start_gen + 7);
}

TEST_F(EditToolTest, SingleStepIsUndoable) {
  drag({10, 10}, {12, 10});
  const Grid start = grid();
  step_once(state);
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  edit_tick(state);  // closes the step's history entry
  EXPECT_FALSE(state.edit.history.running());
  EXPECT_NE(grid(), start);
  EXPECT_NE(state.edit.history.undo_label().find("run from generation"), std::string::npos);
  undo(state);
  EXPECT_EQ(grid(), start);
}

TEST_F(EditToolTest, SpaceStepsOneGenerationAndTabStepsTheStepSize) {
  drag({10, 10}, {12, 10});
  state.sim.pace = PaceSettings{PaceMode::PerFrame, 5, 60.0};
  auto settle = [&] {
    for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    state.sim.tick(0.0);
    edit_tick(state);
  };
  const uint64_t start_gen = state.sim.generation();
  nav.key(state, GLFW_KEY_SPACE, GLFW_PRESS, 0);
  nav.key(state, GLFW_KEY_SPACE, GLFW_RELEASE, 0);
  settle();
  EXPECT_EQ(state.sim.generation(), start_gen + 1);
  EXPECT_TRUE(nav.key(state, GLFW_KEY_TAB, GLFW_PRESS, 0));
  settle();
  EXPECT_EQ(state.sim.generation(), start_gen + 6);
  EXPECT_FALSE(state.sim.running);
}

TEST_F(EditToolTest, GrowingTheGridForAPasteKeepsTheGenerationCount) {
  drag({10, 10}, {12, 10});  // a blinker
  state.sim.request_step(5);
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  state.sim.tick(0.0);
  ASSERT_EQ(state.sim.generation(), 5u);
  Pattern wide;
  for (int i = 0; i < 80; ++i) wide.add(i, 0);
  begin_paste(state, wide);
  state.edit.paste_at = {0, 40};
  EXPECT_FALSE(place_paste(state));
  ASSERT_TRUE(accept_grow(state)) << state.message;
  state.sim.tick(0.0);
  EXPECT_GE(state.sim.width(), 80);
  EXPECT_EQ(state.sim.generation(), 5u);
  // The blinker is in the phase of generation 5 (vertical) and stepping goes on from there.
  EXPECT_TRUE(grid().get(11, 9));
  EXPECT_TRUE(grid().get(11, 11));
  state.sim.request_step(1);
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  state.sim.tick(0.0);
  EXPECT_EQ(state.sim.generation(), 6u);
  EXPECT_TRUE(grid().get(10, 10));
}

// What the viewer costs the engine: whole-grid copies out (store) and in (load), and the cells
// written through write_region(). Updated from the worker thread too, hence atomics.
struct EngineTraffic {
  std::atomic<int> stores{0};
  std::atomic<int> loads{0};
  std::atomic<int64_t> region_cells{0};
  std::atomic<int64_t> min_x{0}, min_y{0}, max_x{0}, max_y{0};

  void reset() {
    stores = 0;
    loads = 0;
    region_cells = 0;
    min_x = min_y = INT64_MAX;
    max_x = max_y = INT64_MIN;
  }
  Box region_bounds() const { return region_cells == 0 ? Box{} : Box{min_x, min_y, max_x, max_y}; }
  int whole_grid_copies() const { return stores + loads; }
};
EngineTraffic traffic;

constexpr const char* kTrafficCountingEngine = "counting-cpu-simd";

// cpu-simd (which moves only the rectangle in read_region()/write_region()) with its traffic
// counted.
class TrafficCountingEngine final : public testing::ForwardingEngine {
 public:
  TrafficCountingEngine()
      : ForwardingEngine(engine_registry().create("cpu-simd")), info_(inner().info()) {
    info_.name = kTrafficCountingEngine;
  }
  const EngineInfo& info() const override { return info_; }
  void load(const Grid& grid) override {
    ++traffic.loads;
    inner().load(grid);
  }
  void store(Grid& grid) const override {
    ++traffic.stores;
    inner().store(grid);
  }
  void write_region(const Grid& patch, Cell top_left) override {
    traffic.region_cells += patch.width() * patch.height();
    traffic.min_x = std::min<int64_t>(traffic.min_x, top_left.x);
    traffic.min_y = std::min<int64_t>(traffic.min_y, top_left.y);
    traffic.max_x = std::max<int64_t>(traffic.max_x, top_left.x + patch.width() - 1);
    traffic.max_y = std::max<int64_t>(traffic.max_y, top_left.y + patch.height() - 1);
    inner().write_region(patch, top_left);
  }

 private:
  EngineInfo info_;
};

Box enclosing(const Box& a, const Box& b) {
  return Box{std::min(a.min_x, b.min_x), std::min(a.min_y, b.min_y), std::max(a.max_x, b.max_x),
             std::max(a.max_y, b.max_y)};
}

TEST_F(EditToolTest, UndoAndRedoOfEditsRestoreOnlyTheirRectangle) {
  if (!engine_registry().contains(kTrafficCountingEngine))
    engine_registry().add(TrafficCountingEngine().info(),
                          [] { return std::make_unique<TrafficCountingEngine>(); });
  // A soup on a grid much larger than the edits, stepped a little so it is not the loaded grid.
  Grid soup(512, 384);
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int64_t cy = 0; cy < soup.height(); ++cy)
    for (int64_t cx = 0; cx < soup.width(); ++cx) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      soup.set(cx, cy, (x & 3) == 0);
    }
  state.sim.start(kTrafficCountingEngine, soup, Rule::life());
  auto settle = [&] {
    for (int i = 0; i < 5000 && state.sim.backend().backlog() > 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    state.sim.tick(0.0);
  };
  state.sim.request_step(3);
  settle();
  const Grid before = grid();

  state.edit.selection = {200, 100, 263, 131};
  state.edit.random_density = 0.5f;
  ASSERT_TRUE(random_fill_selected(state));
  ASSERT_TRUE(apply_edit(state, [](Engine& e) {
    return draw_line(e, {20, 300}, {90, 340}, true);
  }));
  ASSERT_EQ(state.edit.history.undo_count(), 2u);
  const Grid after = grid();
  ASSERT_NE(after, before);
  const Box line_box = state.edit.history.undo_bounds();
  EXPECT_EQ(line_box, (Box{20, 300, 90, 340}));

  // Each undo writes its own patches back and nothing else: no copy of the whole grid in or out
  // (before, the CPU snapshot was refreshed by storing the whole grid).
  traffic.reset();
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(traffic.whole_grid_copies(), 0);
  EXPECT_GT(traffic.region_cells, 0);
  EXPECT_LE(traffic.region_cells, line_box.width() * line_box.height());
  EXPECT_EQ(enclosing(traffic.region_bounds(), line_box), line_box);
  const Box fill_box = state.edit.history.undo_bounds();
  EXPECT_EQ(fill_box, (Box{200, 100, 263, 131}));
  traffic.reset();
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(traffic.whole_grid_copies(), 0);
  EXPECT_EQ(traffic.region_bounds(), fill_box);
  EXPECT_EQ(grid(), before);
  // The copy the window draws was refreshed too: its population is the engine's.
  state.sim.tick(0.0);
  EXPECT_EQ(state.sim.figures().population, before.population());

  // Redo writes the same rectangles forward again.
  traffic.reset();
  ASSERT_TRUE(redo(state));
  ASSERT_TRUE(redo(state));
  EXPECT_EQ(traffic.whole_grid_copies(), 0);
  EXPECT_EQ(traffic.region_bounds(), enclosing(fill_box, line_box));
  EXPECT_EQ(grid(), after);
  ASSERT_TRUE(undo(state));
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(grid(), before);

  // The restored engine evolves exactly as the reference engine does from the same cells.
  const Grid expected = test::reference_after(before, Rule::life(), 20);
  state.sim.request_step(20);
  settle();
  EXPECT_EQ(grid(), expected);
  EXPECT_EQ(state.sim.figures().population, expected.population());
}

class EditFilesTest : public EditToolTest {
 protected:
  void SetUp() override {
    EditToolTest::SetUp();
    dir = fs::temp_directory_path() / ("gpulife_edit_files_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
  }
  void TearDown() override {
    EditToolTest::TearDown();
    fs::remove_all(dir);
  }
  void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }
  fs::path dir;
};

TEST_F(EditFilesTest, LoadingAppliesTheRuleAndErrorsKeepTheState) {
  drag({1, 1}, {5, 1});
  write(dir / "bad.rle", "x = 3, y = 1, rule = B3/S23\nbo$\n2%!\n");
  EXPECT_FALSE(load_file(state, (dir / "bad.rle").string()));
  EXPECT_TRUE(state.message_is_error);
  EXPECT_NE(state.message.find("bad.rle:3:"), std::string::npos) << state.message;
  EXPECT_EQ(grid().population(), 5u);  // kept

  write(dir / "hl.rle", "#N replicator bit\nx = 3, y = 1, rule = B36/S23\n3o!\n");
  ASSERT_TRUE(load_file(state, (dir / "hl.rle").string())) << state.message;
  EXPECT_EQ(state.sim.rule().to_string(), "B36/S23");
  EXPECT_EQ(grid().population(), 3u);
  EXPECT_EQ(state.pattern_name, "replicator bit");
  EXPECT_EQ(state.edit.history.undo_label(), "load replicator bit");  // undoable, after the draw
  ASSERT_FALSE(state.edit.recent.paths().empty());
  EXPECT_EQ(state.edit.recent.paths().front().filename(), "hl.rle");
}

// A file that loads but looks cut short says so once, on the current grid and on the file's own.
TEST_F(EditFilesTest, AFileCutShortLoadsWithANotice) {
  const auto cut_notices = [&] {
    int n = 0;
    for (const Notice& notice : state.notices.items())
      n += notice.text.find("may have been cut short") != std::string::npos;
    return n;
  };
  for (const std::string rule : {"B3/S23", "B3/S23:T40,30"}) {
    SCOPED_TRACE(rule);
    state.notices.clear();
    write(dir / "cut.rle", "x = 3, y = 3, rule = " + rule + "\nbo$2bo$\n");
    ASSERT_TRUE(load_file(state, (dir / "cut.rle").string())) << state.message;
    EXPECT_EQ(grid().population(), 2u);
    EXPECT_EQ(cut_notices(), 1);
    state.notices.clear();
    write(dir / "whole.rle", "x = 3, y = 3, rule = " + rule + "\nbo$2bo$3o!\n");
    ASSERT_TRUE(load_file(state, (dir / "whole.rle").string())) << state.message;
    EXPECT_EQ(cut_notices(), 0);
  }
}

TEST_F(EditFilesTest, ATooLargePatternOffersALargerGrid) {
  write(dir / "wide.cells", "!Name: wide\n" + std::string(100, 'O') + "\n");
  EXPECT_FALSE(load_file(state, (dir / "wide.cells").string()));
  ASSERT_TRUE(state.edit.grow.has_value());
  ASSERT_TRUE(accept_grow(state));
  EXPECT_GE(state.sim.width(), 100);
  EXPECT_EQ(grid().population(), 100u);
}

TEST_F(EditFilesTest, SavedFilesLoadBackWithNameRuleAndGeneration) {
  drag({10, 10}, {12, 10});
  state.pattern_name = "my blinker";
  state.sim.request_step(3);
  for (int i = 0; i < 2000 && state.sim.backend().backlog() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  state.sim.tick(0.0);
  for (const char* name : {"out.rle", "out.cells"}) {
    ASSERT_TRUE(save_file(state, (dir / name).string(), false)) << state.message;
    const Pattern back = load_pattern_file(dir / name);
    EXPECT_EQ(back.population(), 3u);
    EXPECT_EQ(back.name, "my blinker");
    if (std::string(name) == "out.rle") {
      EXPECT_EQ(back.generation, 3u);
      EXPECT_EQ(back.rule.rule.to_string(), "B3/S23");
    }
  }
  // After 3 generations the blinker stands at x = 11, y = 9..11: select its top two cells.
  state.edit.selection = {11, 9, 11, 10};
  ASSERT_TRUE(save_file(state, (dir / "sel.rle").string(), true));
  EXPECT_EQ(load_pattern_file(dir / "sel.rle").population(), 2u);
  // A name emptied down to its extension is refused, not saved as a hidden ".rle".
  EXPECT_FALSE(save_file(state, (dir / ".rle").string(), false));
  EXPECT_NE(state.message.find("give the file a name"), std::string::npos) << state.message;
  EXPECT_FALSE(fs::exists(dir / ".rle"));
}

TEST_F(EditFilesTest, BrowserListsFoldersFirstAndFiltersPatterns) {
  write(dir / "b.rle", "x = 1, y = 1\no!\n");
  write(dir / "A.cells", "O\n");
  write(dir / "notes.md", "hello\n");
  write(dir / ".hidden.rle", "o!\n");
  const std::vector<DirEntry> all = list_directory(dir, false);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_TRUE(all[0].is_dir);
  EXPECT_EQ(all[0].name, "sub");
  EXPECT_EQ(all[1].name, "A.cells");
  EXPECT_EQ(all[2].name, "b.rle");
  EXPECT_EQ(all[3].name, "notes.md");
  const std::vector<DirEntry> patterns = list_directory(dir, true);
  ASSERT_EQ(patterns.size(), 3u);
  EXPECT_EQ(patterns[2].name, "b.rle");
  EXPECT_GT(patterns[2].size, 0u);
  EXPECT_THROW(list_directory(dir / "missing", true), Error);
}

// Every extension of Golly's collection that gpulife reads is listed, gzipped ones and zip
// archives too; its scripts and rule files are not.
TEST(PatternFilesTest, EveryReadableExtensionIsAPatternFile) {
  for (const char* name : {"a.rle", "B.RLE", "c.cells", "d.lif", "e.life", "f.txt", "g.mc",
                           "h.mc.gz", "i.rle.gz", "j.mcl", "k.l", "l.cells.gz", "m.zip"})
    EXPECT_TRUE(is_pattern_file(name)) << name;
  for (const char* name : {"a.lua", "b.py", "d.gz", "e.tar.gz", "f.md", "g.rule", "h"})
    EXPECT_FALSE(is_pattern_file(name)) << name;
}

TEST_F(EditFilesTest, PreviewShowsNameSizeRuleOrTheError) {
  write(dir / "g.rle", "#N Glider\nx = 3, y = 3, rule = B36/S23\nbob$2bo$3o!\n");
  const PatternPreview p = preview_pattern(dir / "g.rle");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.name, "Glider");
  EXPECT_EQ(p.width, 3);
  EXPECT_EQ(p.height, 3);
  EXPECT_EQ(p.population, 5u);
  EXPECT_EQ(p.rule, "B36/S23");
  EXPECT_GT(p.file_bytes, 0u);
  write(dir / "bad.rle", "x = 3, y = 3\nbob$2bo$3%!\n");
  const PatternPreview bad = preview_pattern(dir / "bad.rle");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("bad.rle:2:"), std::string::npos) << bad.error;
}

TEST(PatternLibraryTest, EveryBundledPatternIsListedAndSearchable) {
  const fs::path dir = assets_dir() / "patterns";
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += is_pattern_file(e.path()) ? 1 : 0;
  const std::vector<LibraryEntry> lib = scan_library(dir);
  EXPECT_GE(lib.size(), 30u);
  EXPECT_EQ(lib.size(), files);  // none failed to parse
  EXPECT_EQ(search_library(lib, "").size(), lib.size());
  const std::vector<size_t> gun = search_library(lib, "GLIDER gun");
  ASSERT_FALSE(gun.empty());
  for (size_t i : gun) {
    const std::string name = lib[i].name + lib[i].path.filename().string();
    EXPECT_NE(name.find("un"), std::string::npos) << name;
  }
  bool gosper = false;
  for (size_t i : gun) gosper = gosper || lib[i].path.filename() == "gosper_glider_gun.rle";
  EXPECT_TRUE(gosper);
  const std::vector<size_t> highlife = search_library(lib, "B36/S23");
  ASSERT_FALSE(highlife.empty());
  for (size_t i : highlife) EXPECT_EQ(lib[i].rule, "B36/S23");
  EXPECT_TRUE(search_library(lib, "no such pattern zzz").empty());
}

}  // namespace
}  // namespace gpulife::app
