// Tests what the viewer does with the whole state, without a window: "grow the grid?" checked
// against free memory (refusing with numbers, offering the largest grid that fits or a clipped
// load), undo kept across loads, re-created grids and engine switches (or asked about first),
// the undo labels' generations after a switch, a rule's bounded-grid suffix, saving a torus,
// load errors shown as notices, the library stepping aside, and the recent files.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/grid_setup.hpp"
#include "app/viewer/file_actions.hpp"
#include "app/viewer/grid_fit.hpp"
#include "app/viewer/panels.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/error.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;
constexpr double kGiB = 1073741824.0;

MemoryProbe machine(double host_gib, std::optional<double> gpu_gib = std::nullopt) {
  MemoryProbe p;
  p.host_free_bytes = [=]() -> std::optional<double> { return host_gib * kGiB; };
  p.device_free_bytes = [=]() -> std::optional<double> {
    if (!gpu_gib) return std::nullopt;
    return *gpu_gib * kGiB;
  };
  return p;
}

EngineInfo cpu_engine() {
  EngineInfo info;
  info.name = "test-cpu";
  info.layout = CellLayout::BitPacked;
  return info;
}

TEST(GridFit, NeedsAreAgainstWhatIsFreeAndTheDrawingLimit) {
  const FitLimits limits{machine(1.0), kMaxDrawBytes};
  const FitCheck small = check_fit(cpu_engine(), {4096, 4096}, limits);
  EXPECT_TRUE(small.fits) << small.why;
  EXPECT_GT(small.host_bytes, 4096.0 * 4096 / 8 * kHostCopiesCpu);
  // 65536^2 bit-packed is 512 MiB a copy: the engine's two plus the viewer's five do not fit 1 GiB.
  const FitCheck big = check_fit(cpu_engine(), {65536, 65536}, limits);
  EXPECT_FALSE(big.fits);
  EXPECT_NE(big.why.find("of host memory, 1.0 GiB free"), std::string::npos) << big.why;
  // Over the renderer's 4 GiB per state, whatever the memory.
  const FitCheck huge =
      check_fit(cpu_engine(), {421056, 367488}, FitLimits{machine(1e6), kMaxDrawBytes});
  EXPECT_FALSE(huge.fits);
  EXPECT_NE(huge.why.find("the viewer can draw"), std::string::npos) << huge.why;
  // A GPU engine is held against the GPU's memory.
  EngineInfo gpu = cpu_engine();
  gpu.gpu = true;
  gpu.gl_shared = true;
  gpu.layout = CellLayout::BytePerCell;
  const FitCheck on_gpu =
      check_fit(gpu, {32768, 32768}, FitLimits{machine(64, 1.0), kMaxDrawBytes});
  EXPECT_FALSE(on_gpu.fits);
  EXPECT_NE(on_gpu.why.find("of GPU memory"), std::string::npos) << on_gpu.why;
  EXPECT_TRUE(check_fit(gpu, {32768, 32768}, FitLimits{machine(64, 16), kMaxDrawBytes}).fits);
}

TEST(GridFit, TheLargestThatFitsLiesBetweenThePatternAndTheOffer) {
  const FitLimits limits{machine(2.0), kMaxDrawBytes};
  const std::optional<GridSize> fit =
      largest_fit(cpu_engine(), {200000, 100000}, {30000, 10000}, limits);
  ASSERT_TRUE(fit);
  EXPECT_TRUE(check_fit(cpu_engine(), *fit, limits).fits);
  EXPECT_GE(fit->width, 30000);
  EXPECT_LT(fit->width, 200000);
  EXPECT_FALSE(check_fit(cpu_engine(), {fit->width * 11 / 10, fit->height * 11 / 10}, limits).fits)
      << "not much more would fit";
  EXPECT_FALSE(largest_fit(cpu_engine(), {400000, 400000}, {300000, 300000}, limits));
}

TEST(GridFit, AClipKeepsTheCornerWithTheMostCells) {
  Pattern p({{0, 0}, {5, 5}, {199990, 100}, {199999, 99999}, {199998, 99998}, {199997, 99999}});
  const ClipWindow c = best_clip(p, {1000, 1000});
  EXPECT_EQ(c.where, "bottom-right");
  EXPECT_EQ(c.kept, 3u);
  const Pattern part = clip_pattern(p, c.window);
  EXPECT_EQ(part.population(), 3u);
  EXPECT_TRUE(part.bounding_box().max_x < 1000 && part.bounding_box().min_x >= 0);
}

// The viewer as `gpulife view --engine reference` starts it.
ViewerOptions on_the_reference_engine() {
  ViewerOptions o;
  o.engine = "reference";
  return o;
}

class ViewerStateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cfg = fs::temp_directory_path() / ("gpulife_state_test_" + std::to_string(getpid()));
    fs::create_directories(cfg);
    setenv("XDG_CONFIG_HOME", cfg.c_str(), 1);
    state.camera.set_viewport(1000, 800);
    state.camera.set_view({32, 32}, 10.0);
    state.memory = machine(16.0);
    state.sim.start("reference", Grid(64, 64), Rule::life());
  }
  void TearDown() override {
    state.sim.stop();
    fs::remove_all(cfg);
  }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(cfg / name, std::ios::binary) << text;
    return cfg / name;
  }
  void draw(Cell c) {
    apply_edit(state, [&](Engine& e) { return draw_cell(e, c, true); });
  }
  Grid grid() { return state.sim.state(); }
  void run(uint64_t generations) {
    history_begin_run(state);
    const uint64_t target = state.sim.generation() + generations;
    state.sim.request_step(generations);
    for (int i = 0; i < 10000 && state.sim.generation() < target; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    history_end_run(state);
  }
  const Notice& newest() { return state.notices.items().back(); }

  fs::path cfg;
  ViewerState state{on_the_reference_engine()};
};

TEST_F(ViewerStateTest, GrowingIntoTooLittleMemoryOffersTheLargestGridThatFits) {
  // Free memory for the pattern's own 4000 x 2000, not for the 8000 x 4000 offered with room.
  const double need = fit_for(state, {4000, 2000}).host_bytes;
  state.memory = machine(need * 1.5 / kGiB);
  const fs::path wide = write("wide.rle", "#N wide\nx = 4000, y = 2000\no3998bo1999$o!\n");
  EXPECT_FALSE(load_file(state, wide.string()));
  ASSERT_TRUE(state.edit.grow);
  const PendingGrow& g = *state.edit.grow;
  EXPECT_EQ(g.size.width, 8000);
  EXPECT_FALSE(g.fit.fits);
  EXPECT_NE(g.fit.why.find("MiB free"), std::string::npos) << g.fit.why;
  EXPECT_NE(g.fit.why.find("of host memory"), std::string::npos) << g.fit.why;
  ASSERT_FALSE(g.engines.empty());
  ASSERT_TRUE(g.largest);
  EXPECT_GE(g.largest->width, 4000);
  EXPECT_GE(g.largest->height, 2000);
  EXPECT_LT(g.largest->width, 8000);
  EXPECT_EQ(primary_choice(g), GrowChoice::Largest);
  EXPECT_FALSE(accept_grow(state, GrowChoice::Offered)) << "the offer that does not fit is refused";
  EXPECT_TRUE(newest().kind == NoticeKind::Error);
  EXPECT_EQ(state.sim.width(), 64);
  EXPECT_FALSE(load_file(state, wide.string()));
  const GridSize largest = *state.edit.grow->largest;
  ASSERT_TRUE(accept_grow(state)) << state.message;
  EXPECT_EQ(state.sim.width(), largest.width);
  EXPECT_EQ(state.sim.state().population(), 3u);
}

TEST_F(ViewerStateTest, APatternTooLargeForAnyGridIsOfferedClipped) {
  const fs::path golly = "/usr/share/golly/Patterns/Life/Breeders/switch-engine-ping-pong.rle";
  const fs::path file =
      fs::exists(golly) ? golly : write("far.rle", "x = 210515, y = 183739\n3o183737$210512b3o!\n");
  state.memory = machine(24.0);
  EXPECT_FALSE(load_file(state, file.string()));
  ASSERT_TRUE(state.edit.grow);
  const PendingGrow& g = *state.edit.grow;
  EXPECT_FALSE(g.fit.fits);
  EXPECT_FALSE(g.largest) << "its whole bounding box is over the 4 GiB a state may be drawn in";
  ASSERT_TRUE(g.clip);
  EXPECT_EQ(primary_choice(g), GrowChoice::Clipped);
  EXPECT_LE(g.clip_size.width, kAutoGridMaxSide);
  const uint64_t kept = g.clip->kept;
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, g.pattern.population());
  ASSERT_TRUE(accept_grow(state)) << state.message;
  EXPECT_EQ(state.sim.state().population(), kept);
  EXPECT_NE(state.message.find(std::to_string(kept) + " of "), std::string::npos) << state.message;
  EXPECT_NE(state.pattern_name.find("(clipped)"), std::string::npos);
}

TEST_F(ViewerStateTest, ReCreatingAGridThatCannotBeHeldIsRefusedWithTheNumbers) {
  state.memory = machine(0.5);
  EXPECT_FALSE(recreate_grid(state, {200000, 200000}, Topology::Plane));
  EXPECT_EQ(state.sim.width(), 64);
  EXPECT_EQ(newest().kind, NoticeKind::Error);
  EXPECT_NE(newest().text.find("200000x200000"), std::string::npos) << newest().text;
}

// The grid panel offers every topology, and keeps the one in force when it is not in its list,
// so re-creating a shifted torus at another size keeps its shift instead of making a plane.
TEST_F(ViewerStateTest, ReCreatingKeepsAnyTopologyAndRefusesOneTheSizeCannotHave) {
  const Topology klein{TopologyKind::KleinBottle, EdgePair::Vertical};
  const std::vector<Topology> offered = topology_choices(Topology::Plane);
  EXPECT_EQ(offered.size(), 6u);
  for (const Topology& t : {Topology::Plane, Topology::Torus, klein,
                            Topology{TopologyKind::CrossSurface}, Topology{TopologyKind::Sphere}})
    EXPECT_NE(std::find(offered.begin(), offered.end(), t), offered.end()) << to_string(t);
  const Topology shifted = parse_bounds("T60+7,40").topology;
  EXPECT_EQ(topology_choices(shifted).front(), shifted);
  EXPECT_EQ(topology_choices(shifted).size(), 7u);
  EXPECT_EQ(topology_choices(klein).size(), 6u) << "listed once";

  draw({10, 10});
  draw({11, 10});
  draw({12, 10});
  ASSERT_TRUE(recreate_grid(state, {80, 60}, klein)) << state.message;
  EXPECT_EQ(state.sim.topology(), klein);
  EXPECT_EQ(grid().population(), 3u);
  ASSERT_TRUE(recreate_grid(state, {90, 90}, Topology{TopologyKind::Sphere})) << state.message;
  EXPECT_EQ(state.sim.topology().kind, TopologyKind::Sphere);
  EXPECT_EQ(grid().population(), 3u);
  // A sphere must be square: refused, with the grid as it was.
  EXPECT_FALSE(recreate_grid(state, {100, 90}, Topology{TopologyKind::Sphere}));
  EXPECT_NE(state.message.find("a sphere must be square, not 100x90"), std::string::npos)
      << state.message;
  EXPECT_EQ(state.sim.width(), 90);
  EXPECT_EQ(state.sim.topology().kind, TopologyKind::Sphere);
  EXPECT_EQ(grid().population(), 3u);
}

// A file with a bounded grid of any topology opens from the File menu as it does from the
// command line: on its grid, where Golly puts it (the grid centred on Golly's (0, 0)). Saving
// writes the grid's suffix and Golly's coordinates, so a reload (here, in Golly, in `run`)
// finds every cell where it was: on a bounded plane or a Klein bottle, where matters.
TEST_F(ViewerStateTest, BoundedGridsOfEveryTopologyOpenWhereGollyPutsThemAndSaveAsTheyAre) {
  struct Case {
    std::string rule;
    int64_t width, height;
  };
  const Case cases[] = {{"B3/S23:P30,20", 30, 20},   {"B3/S23:K30*+1,20", 30, 20},
                        {"B36/S23:K30,20*", 30, 20}, {"B3/S23:C31,21", 31, 21},
                        {"B3/S23:S25", 25, 25},      {"B3/S23:T30+7,20", 30, 20}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.rule);
    // A glider in Golly's top-left corner of the grid, and a cell by the bottom-right one.
    const int64_t left = -(c.width / 2), top = -(c.height / 2);
    const std::string text = "#CXRLE Pos=" + std::to_string(left) + "," + std::to_string(top) +
                             "\nx = " + std::to_string(c.width) +
                             ", y = " + std::to_string(c.height) + ", rule = " + c.rule +
                             "\nbo$2bo$3o" + std::to_string(c.height - 3) + "$" +
                             std::to_string(c.width - 2) + "bo!\n";
    const fs::path file = write("bounded.rle", text);
    ASSERT_TRUE(load_file(state, file.string())) << state.message;
    EXPECT_EQ(state.sim.width(), c.width);
    EXPECT_EQ(state.sim.height(), c.height);
    EXPECT_EQ(current_rule_spec(state.sim).to_string(), parse_rule(c.rule).to_string());
    const Grid loaded = grid();
    EXPECT_EQ(loaded.population(), 6u);
    for (Cell cell : {Cell{1, 0}, Cell{2, 1}, Cell{0, 2}, Cell{1, 2}, Cell{2, 2},
                      Cell{c.width - 2, c.height - 1}})
      EXPECT_TRUE(loaded.get(cell.x, cell.y)) << cell.x << "," << cell.y;
    // The command line's placement is the same.
    Pattern again = load_pattern_file(file);
    const GridSetup setup = choose_grid(again, GridRequest{}, 0);
    Grid cli(setup.size.width, setup.size.height, setup.topology);
    cli.place(again, setup.origin);
    EXPECT_TRUE(cli == loaded);
    EXPECT_EQ(setup.topology, state.sim.topology());

    const fs::path out = cfg / "saved.rle";
    ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
    const Pattern saved = load_pattern_file(out);
    EXPECT_EQ(saved.rule.to_string(), parse_rule(c.rule).to_string());
    EXPECT_EQ(saved.bounding_box().min_x, left) << "Golly's coordinates";
    EXPECT_EQ(saved.bounding_box().min_y, top);
    ASSERT_TRUE(recreate_grid(state, {64, 64}, Topology::Plane));
    ASSERT_TRUE(load_file(state, out.string())) << state.message;
    EXPECT_TRUE(grid() == loaded);
    EXPECT_EQ(state.sim.topology(), setup.topology);
  }
  // A file without a suffix is on the unbounded plane, as in Golly, whatever grid was there;
  // it is saved without one, also after a bounded plane was undone.
  const fs::path plain = write("plain.rle", "x = 3, y = 1, rule = B3/S23\n3o!\n");
  ASSERT_TRUE(load_file(state, plain.string())) << state.message;
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23");
  ASSERT_TRUE(apply_rule_text(state, "B3/S23:P40,30"));
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23:P40,30");
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23") << "undo restores the unbounded";
}

// A LifeHistory file keeps its extra states through Save while the pattern is as it was opened
// (Golly writes them back); once the pattern runs or is edited only its live cells are known,
// and Save says that it wrote those. A file of another rule has no such note.
TEST_F(ViewerStateTest, LifeHistoryStatesSurviveSaveWhileThePatternIsAsOpened) {
  const fs::path file = write(
      "history.rle", "#CXRLE Pos=-7,3\nx = 5, y = 4, rule = LifeHistory\n.A2B$2.AD$3AE$B3.C!\n");
  const Pattern original = load_pattern_file(file);
  ASSERT_TRUE(original.history_rule);
  ASSERT_EQ(original.history().size(), 6u);  // B B D E B C
  ASSERT_TRUE(load_file(state, file.string())) << state.message;
  const fs::path out = cfg / "saved.rle";
  auto expect_states_kept = [&](const std::string& when) {
    SCOPED_TRACE(when);
    ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
    EXPECT_EQ(state.message.find("live cells alone"), std::string::npos) << state.message;
    const Pattern saved = load_pattern_file(out);
    EXPECT_TRUE(saved.history_rule);
    ASSERT_EQ(saved.population(), original.population());
    // The same cells and states, moved as a whole.
    Pattern moved = original;
    moved.translate(saved.cells().front().x - original.cells().front().x,
                    saved.cells().front().y - original.cells().front().y);
    EXPECT_EQ(saved.cells(), moved.cells());
    EXPECT_EQ(saved.history(), moved.history());
  };
  expect_states_kept("as opened");
  // A .cells file holds no states: the live cells, and the note says why.
  ASSERT_TRUE(save_file(state, (cfg / "saved.cells").string(), false)) << state.message;
  EXPECT_NE(state.message.find(".cells holds none"), std::string::npos) << state.message;
  expect_states_kept("after a .cells save");

  // One generation on, the states are no longer known.
  run(1);
  ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
  EXPECT_NE(state.message.find("the live cells alone, under B3/S23: LifeHistory's other states"),
            std::string::npos)
      << state.message;
  Pattern saved = load_pattern_file(out);
  EXPECT_FALSE(saved.history_rule);
  EXPECT_TRUE(saved.history().empty());
  EXPECT_EQ(saved.population(), grid().population());

  // Opened again, then edited: the same.
  ASSERT_TRUE(load_file(state, file.string())) << state.message;
  expect_states_kept("opened again");
  draw(Cell{60, 60});
  ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
  EXPECT_NE(state.message.find("the live cells alone"), std::string::npos) << state.message;
  EXPECT_FALSE(load_pattern_file(out).history_rule);

  // Another rule's file: nothing to note.
  const fs::path plain = write("plain.rle", "x = 3, y = 1, rule = B3/S23\n3o!\n");
  ASSERT_TRUE(load_file(state, plain.string())) << state.message;
  ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
  EXPECT_EQ(state.message.find("live cells alone"), std::string::npos) << state.message;
}

// At a bounded grid's edges, as in Golly: cells a file puts beyond them are dropped (with a
// note) instead of refusing the file; a paste is cut to the grid instead of growing it; a new
// suffix keeps every cell's coordinates; only a plane grid is a bounded plane; a rule without a
// suffix is unbounded; a .cells file (no position) from a bounded grid loads where it fits.
TEST_F(ViewerStateTest, BoundedGridsKeepGollysEdgesAndCoordinates) {
  // A 6x6 pattern at Golly's (0, 0) on a 10x10 plane: the grid holds -5..4, so 3 cells fall off.
  const fs::path edge =
      write("edge.rle", "#CXRLE Pos=0,0\nx = 6, y = 6, rule = B3/S23:P10,10\no4bo$6o$$$$5bo!\n");
  ASSERT_TRUE(load_file(state, edge.string())) << state.message;
  EXPECT_EQ(grid().population(), 6u);
  EXPECT_TRUE(grid().get(5, 5));
  EXPECT_TRUE(grid().get(9, 6));
  bool noted = false;
  for (const Notice& n : state.notices.items())
    noted = noted || n.text.find("dropped, as Golly drops them") != std::string::npos;
  EXPECT_TRUE(noted);

  // A paste over the edge: the part inside goes in, nothing grows.
  state.edit.paste = Pattern({{0, 0}, {1, 0}, {2, 0}, {3, 0}});
  state.edit.paste_at = Cell{8, 0};
  ASSERT_TRUE(place_paste(state)) << state.message;
  EXPECT_FALSE(state.edit.grow.has_value());
  EXPECT_EQ(state.sim.width(), 10);
  EXPECT_TRUE(grid().get(8, 0) && grid().get(9, 0));
  EXPECT_NE(state.message.find("2 beyond the bounded grid's edge were left out"), std::string::npos)
      << state.message;

  // A new size keeps Golly's coordinates, also from an odd side to an even one.
  const fs::path one = write("one.rle", "x = 1, y = 1, rule = B3/S23:P21,21\no!\n");
  ASSERT_TRUE(load_file(state, one.string())) << state.message;
  ASSERT_TRUE(grid().get(10, 10));  // Golly's (0, 0)
  ASSERT_TRUE(apply_rule_text(state, "B3/S23:P22,22")) << state.message;
  EXPECT_TRUE(grid().get(11, 11));
  const fs::path saved = cfg / "saved.rle";
  ASSERT_TRUE(save_file(state, saved.string(), false)) << state.message;
  EXPECT_EQ(load_pattern_file(saved).bounding_box().min_x, 0);
  EXPECT_EQ(load_pattern_file(saved).rule.to_string(), "B3/S23:P22,22");
  // Without a suffix the rule is unbounded again.
  ASSERT_TRUE(apply_rule_text(state, "B36/S23"));
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B36/S23");

  // A torus re-created as a plane is a plane that stands for the unbounded one.
  const fs::path torus = write("torus.rle", "x = 3, y = 1, rule = B3/S23:T40,30\n3o!\n");
  ASSERT_TRUE(load_file(state, torus.string())) << state.message;
  ASSERT_TRUE(recreate_grid(state, {40, 30}, Topology::Plane));
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23");

  // .cells keeps no position: a torus's cells saved so load where they fit, and Save says so.
  const fs::path wide = write("wide.rle", "x = 25, y = 1, rule = B3/S23:T30,20\no23bo!\n");
  ASSERT_TRUE(load_file(state, wide.string())) << state.message;
  const fs::path cells = cfg / "wide.cells";
  ASSERT_TRUE(save_file(state, cells.string(), false)) << state.message;
  EXPECT_NE(state.message.find(".cells keeps no position"), std::string::npos) << state.message;
  ASSERT_TRUE(load_file(state, cells.string())) << state.message;
  EXPECT_EQ(grid().population(), 2u);
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23:T30,20");
}

TEST_F(ViewerStateTest, UndoReachesBackThroughLoadsReCreatedGridsAndEngineSwitches) {
  draw({10, 10});
  const fs::path file = write("blinker.rle", "#N blinker\nx = 3, y = 1, rule = B36/S23\n3o!\n");
  ASSERT_TRUE(load_file(state, file.string())) << state.message;
  ASSERT_TRUE(recreate_grid(state, {128, 96}, Topology::Torus));
  EXPECT_EQ(state.sim.topology(), Topology::Torus);
  state.sim.switch_engine("cpu-simd");
  draw({1, 1});
  EXPECT_EQ(state.edit.history.undo_count(), 4u) << "the switch keeps the history";
  ASSERT_TRUE(undo(state));  // the draw, on the new engine
  ASSERT_TRUE(undo(state));  // the re-created grid
  EXPECT_EQ(state.sim.width(), 64);
  EXPECT_EQ(state.sim.topology(), Topology::Plane);
  EXPECT_EQ(state.sim.engine_name(), "cpu-simd") << "undo restores the state, not the engine";
  ASSERT_TRUE(undo(state));  // the load
  EXPECT_EQ(state.sim.rule().to_string(), "B3/S23");
  EXPECT_TRUE(grid().get(10, 10));
  EXPECT_EQ(grid().population(), 1u);
  ASSERT_TRUE(undo(state));  // the first draw
  EXPECT_EQ(grid().population(), 0u);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(redo(state)) << i << ": " << state.message;
  EXPECT_EQ(state.sim.width(), 128);
  EXPECT_EQ(state.pattern_name, "blinker");
}

TEST_F(ViewerStateTest, AfterAnEngineSwitchTheUndoLabelShowsTheRealGeneration) {
  draw({10, 10});
  draw({11, 10});
  draw({12, 10});
  run(601);
  ASSERT_EQ(state.sim.generation(), 601u);
  state.sim.switch_engine("cpu-simd");
  EXPECT_EQ(state.sim.generation(), 601u);
  run(74);
  EXPECT_EQ(state.sim.generation(), 675u);
  EXPECT_EQ(state.edit.history.undo_label(), "run from generation 601");
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(state.sim.generation(), 601u);
  EXPECT_EQ(state.edit.history.undo_label(), "run from generation 0");
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(state.sim.generation(), 0u);
  EXPECT_EQ(grid().population(), 3u);
}

// Ctrl+R, as in Golly: back to where the runs since the last change started, over every run
// and step since then, and never past the change; redo steps forward again.
TEST_F(ViewerStateTest, ResetGoesBackToWhereTheRunsSinceTheLastChangeStarted) {
  for (Cell c : {Cell{11, 10}, Cell{12, 11}, Cell{10, 12}, Cell{11, 12}, Cell{12, 12}}) draw(c);
  const Grid glider = grid();
  EXPECT_FALSE(reset_to_start(state)) << "no run yet";
  EXPECT_NE(newest().text.find("nothing to reset"), std::string::npos) << newest().text;
  run(8);
  run(1);
  run(3);
  ASSERT_EQ(state.sim.generation(), 12u);
  ASSERT_TRUE(reset_to_start(state));
  EXPECT_EQ(state.sim.generation(), 0u);
  EXPECT_TRUE(grid() == glider);
  EXPECT_NE(newest().text.find("reset to generation 0 from 12"), std::string::npos)
      << newest().text;
  EXPECT_EQ(state.edit.history.undo_label(), "draw") << "the edits are kept";
  ASSERT_TRUE(redo(state));
  EXPECT_EQ(state.sim.generation(), 8u);
  // An edit after running starts a new start: reset goes back to it, not before it.
  draw({40, 40});
  const Grid edited = grid();
  run(5);
  ASSERT_TRUE(reset_to_start(state));
  EXPECT_EQ(state.sim.generation(), 8u);
  EXPECT_TRUE(grid() == edited);
  EXPECT_FALSE(reset_to_start(state));
  EXPECT_EQ(state.sim.generation(), 8u);
}

TEST_F(ViewerStateTest, WhatTheUndoMemoryCannotHoldIsAskedAboutFirst) {
  state.sim.start("reference", Grid(4096, 4096), Rule::life());  // 2 MiB a snapshot
  state.edit.history.set_budget(size_t{1} << 20);
  draw({5, 5});
  ASSERT_EQ(state.edit.history.undo_count(), 1u);
  const fs::path file = write("b.cells", "!Name: b\nOO\nOO\n");
  EXPECT_FALSE(load_file(state, file.string()));
  ASSERT_TRUE(state.edit.confirm);
  EXPECT_NE(state.edit.confirm->text.find("1 steps of undo history"), std::string::npos)
      << state.edit.confirm->text;
  EXPECT_TRUE(grid().get(5, 5)) << "nothing replaced before the answer";
  cancel_confirm(state);
  EXPECT_EQ(state.edit.history.undo_count(), 1u);
  EXPECT_FALSE(load_file(state, file.string()));
  accept_confirm(state);
  EXPECT_EQ(state.pattern_name, "b");
  EXPECT_EQ(grid().population(), 4u);
  EXPECT_FALSE(state.edit.history.can_undo());
  EXPECT_NE(state.message.find("cannot be undone"), std::string::npos) << state.message;
}

TEST_F(ViewerStateTest, ARuleWithABoundedGridSuffixReCreatesTheGridOrSaysWhyNot) {
  draw({30, 30});
  draw({31, 30});
  ASSERT_TRUE(apply_rule_text(state, "B3/S23:T100,80")) << state.message;
  EXPECT_EQ(state.sim.width(), 100);
  EXPECT_EQ(state.sim.height(), 80);
  EXPECT_EQ(state.sim.topology(), Topology::Torus);
  EXPECT_EQ(grid().population(), 2u);
  EXPECT_EQ(current_rule_spec(state.sim).to_string(), "B3/S23:T100,80");
  ASSERT_TRUE(apply_rule_text(state, "HighLife:P50,40"));
  EXPECT_EQ(state.sim.topology(), Topology::Plane);
  EXPECT_EQ(state.sim.rule().to_string(), "B36/S23");
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(state.sim.width(), 100);
  EXPECT_TRUE(state.sim.rule().is_life());

  for (const char* refused : {"B3/S23:T0,50", "B3/S23:P40,0"}) {
    EXPECT_FALSE(apply_rule_text(state, refused)) << refused;
    EXPECT_EQ(newest().kind, NoticeKind::Error);
    EXPECT_NE(newest().text.find("unbounded"), std::string::npos) << newest().text;
    EXPECT_EQ(state.sim.width(), 100) << refused;
  }
  // The pattern must fit the grid the suffix names.
  draw({0, 0});
  draw({90, 70});
  EXPECT_FALSE(apply_rule_text(state, "B3/S23:T20,20"));
  EXPECT_NE(newest().text.find("does not fit"), std::string::npos) << newest().text;
  EXPECT_FALSE(apply_rule_text(state, "B9/S23"));
  EXPECT_EQ(newest().kind, NoticeKind::Error);
}

TEST_F(ViewerStateTest, SavingFromATorusWritesGollysSuffixAndLoadsBackAsOne) {
  draw({10, 10});
  draw({11, 10});
  draw({12, 10});
  ASSERT_TRUE(recreate_grid(state, {120, 90}, Topology::Torus));
  const fs::path out = cfg / "torus.rle";
  ASSERT_TRUE(save_file(state, out.string(), false)) << state.message;
  std::ifstream in(out);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("rule = B3/S23:T120,90"), std::string::npos) << text;
  ASSERT_TRUE(recreate_grid(state, {64, 64}, Topology::Plane));
  ASSERT_TRUE(load_file(state, out.string())) << state.message;
  EXPECT_EQ(state.sim.topology(), Topology::Torus);
  EXPECT_EQ(state.sim.width(), 120);
  EXPECT_EQ(state.sim.height(), 90);
  EXPECT_EQ(grid().population(), 3u);
}

TEST_F(ViewerStateTest, FilesThatAreNotPatternsAreReportedWhereTheUserLooks) {
  draw({7, 7});
  const std::string gzip("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c\x4a\x06\x00", 15);
  const std::string binary(
      "\x7f"
      "ELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00",
      16);
  const std::vector<fs::path> files = {
      write("packed.rle.gz", gzip), write("program.rle", binary),
      write("big.mc", "[M2] (golly 4.0)\n#R B3/S23\n$$$$$$*$.*$**$\n4 0 0 1 0\n")};
  for (const fs::path& f : files) {
    std::string expected;
    try {
      load_pattern_file(f);
    } catch (const std::exception& e) {
      expected = e.what();
    }
    ASSERT_FALSE(expected.empty()) << f << " loads as a pattern";
    EXPECT_FALSE(load_file(state, f.string())) << f;
    ASSERT_FALSE(state.notices.items().empty());
    EXPECT_EQ(newest().kind, NoticeKind::Error) << f;
    EXPECT_EQ(newest().text, expected) << "the viewer shows what the reader says";
    EXPECT_TRUE(grid().get(7, 7)) << "the state is kept";
  }
}

TEST_F(ViewerStateTest, TheLibraryStepsAsideForTheLoadedPatternAndFitsLeaveItsSide) {
  state.edit.show_library = true;
  state.covered_right = 700;  // the library's left edge
  const fs::path file = write("row.cells", "!Name: row\nOOOOOOOOOOOOOOOOOOOO\n");
  EXPECT_TRUE(load_from_library(state, file));
  EXPECT_FALSE(state.edit.show_library);
  EXPECT_EQ(state.covered_right, 0.0);
  EXPECT_FALSE(load_from_library(state, write("bad.rle", "x = 1, y = 1\n%!\n")));
  EXPECT_TRUE(state.edit.show_library) << "a failed load leaves the list up for another pick";
  // With the library open at the right and the menu bar on top, the fit avoids both.
  state.covered_right = 700;
  state.menu_bar_height = 30;
  fit_pattern(state, false);
  const Box live = state.sim.live_bounds();
  const Vec2d lo = state.camera.cell_to_screen({double(live.min_x), double(live.min_y)});
  const Vec2d hi = state.camera.cell_to_screen({double(live.max_x + 1), double(live.max_y + 1)});
  EXPECT_GE(lo.x, 0.0);
  EXPECT_LE(hi.x, 700.0);
  EXPECT_GE(lo.y, 30.0);
}

TEST_F(ViewerStateTest, PatternsFromTheCommandLineJoinTheRecentFiles) {
  const fs::path file = write("cli.cells", "O\n");
  remember_file(state, file.string());
  remember_file(state, "gosper-glider-gun");  // a bundled name, matched loosely
  ASSERT_EQ(state.edit.recent.paths().size(), 2u);
  EXPECT_EQ(state.edit.recent.paths()[0].filename(), "gosper_glider_gun.rle");
  EXPECT_EQ(state.edit.recent.paths()[1].filename(), "cli.cells");
  const RecentFiles saved = RecentFiles::load(recent_files_path());
  EXPECT_EQ(saved.paths().size(), 2u) << "and the list is saved";
}

TEST_F(ViewerStateTest, ACommandLinePatternTooLargeForItsGridWaitsForTheQuestion) {
  state.memory = machine(24.0);
  Pattern far(std::vector<Cell>{{0, 0}, {300000, 200000}});
  far.name = "far apart";
  const GridSetup setup = choose_view_grid(state, far, GridRequest{});
  EXPECT_EQ(setup.size.width, 1024);
  EXPECT_TRUE(far.empty());
  ASSERT_TRUE(state.edit.deferred);
  edit_tick(state);  // the first frame asks
  ASSERT_TRUE(state.edit.grow);
  EXPECT_EQ(state.edit.grow->source, "far apart");
  // Asked for with --size, it is refused at once, with the numbers.
  Pattern again(std::vector<Cell>{{0, 0}, {300000, 200000}});
  EXPECT_THROW(choose_view_grid(state, again, GridRequest{GridSize{400000, 400000}, {}}), Error);
}

}  // namespace
}  // namespace gpulife::app
