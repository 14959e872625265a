// The viewer's watch without a window, on the CPU engines: the population graph's counts against
// the reference engine (also across an engine switch, a rule change and undo), the stop
// conditions pausing the run, run-until stopping exactly, Identify on the pattern and on the
// selection, Track moving the view, the history plane, and hyperspeed.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <unistd.h>

#include "app/grid_setup.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/cell_stats.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "tests/reference_runs.hpp"
#include "viewer_test_support.hpp"

namespace gpulife::app {
namespace {

using namespace std::chrono_literals;

Grid grid_with(const std::string& name, int64_t side, Cell at = {-1, -1}) {
  Grid g(side, side);
  const Pattern p = load_named_pattern(name);
  if (at.x < 0) {
    g.place(p);
  } else {
    g.place(p, at);
  }
  return g;
}

class WatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    keep_config_in_temp("gpulife_watch_test_cfg");
    state.camera.set_viewport(1000, 800);
  }
  void TearDown() override {
    state.watch.identify.cancel();
    state.sim.stop();
  }

  // One frame: the simulation ticks, the watch looks (the CPU worker gets a moment to run).
  void frame(double dt = 1.0 / 60) {
    state.sim.tick(dt);
    std::this_thread::sleep_for(1ms);
    state.sim.update(0);
    watch_tick(state, dt);
  }
  // Frames until `done` or a few seconds passed.
  template <class F>
  bool frames_until(F done) {
    const auto end = std::chrono::steady_clock::now() + 20s;
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      frame();
    }
    return true;
  }
  void run_at(int gens_per_frame) {
    state.sim.pace = PaceSettings{PaceMode::PerFrame, gens_per_frame, 0};
    state.sim.running = true;
  }
  // Runs at `gens_per_frame` until the generation reaches `generation`, then pauses; false when
  // it did not get there in time.
  bool run_until(int gens_per_frame, uint64_t generation) {
    run_at(gens_per_frame);
    const bool reached = frames_until([&] { return state.sim.generation() >= generation; });
    state.sim.running = false;
    return reached;
  }

  ViewerState state;
};

// The reference engine's population, births and deaths at `generation` (from `start`).
struct Counts {
  uint64_t population, births, deaths;
};
Counts reference_counts(const Grid& start, const Rule& rule, uint64_t generation) {
  auto e = make_reference_engine();
  e->set_rule(rule);
  e->load(start);
  if (generation > 1) e->step(generation - 1);
  Grid before, after;
  e->store(before);
  e->step(1);
  e->store(after);
  const CellStats s = cell_stats(after, &before, false);
  return {s.population, s.births, s.deaths};
}

// A new start has no figures until its first step: the graph takes no sample of it before that
// (it once took the empty figures for a population of 0 at generation 0).
TEST_F(WatchTest, ANewStartAddsNoSampleBeforeItsFirstStep) {
  const Grid start = grid_with("r_pentomino", 96);
  state.sim.start("reference", start, Rule::life());
  state.watch.show_graph = true;
  ASSERT_TRUE(run_until(3, 30));
  ASSERT_FALSE(state.watch.graph.samples().empty());
  state.sim.start("cpu-simd", start, Rule::life());  // paused: nothing steps
  state.watch.graph.clear();
  for (int i = 0; i < 5; ++i) frame();
  EXPECT_TRUE(state.watch.graph.samples().empty())
      << "sample at generation " << state.watch.graph.samples().front().generation
      << ", population " << state.watch.graph.samples().front().population;
}

TEST_F(WatchTest, GraphCountsMatchTheReferenceEngine) {
  const Grid start = grid_with("r_pentomino", 160);
  for (const char* engine : {"reference", "cpu-simd"}) {
    SCOPED_TRACE(engine);
    state.sim.start(engine, start, Rule::life());
    state.watch.graph.clear();
    state.watch.show_graph = true;
    ASSERT_TRUE(run_until(3, 90));
    const auto& samples = state.watch.graph.samples();
    ASSERT_GE(samples.size(), 5u);
    size_t with_changes = 0;
    for (const GraphSample& s : samples) {
      SCOPED_TRACE(s.generation);
      const Counts want = reference_counts(start, Rule::life(), s.generation);
      EXPECT_EQ(s.population, want.population);
      // The first step may run before the graph's request reaches the engine.
      if (!s.changes_known) continue;
      ++with_changes;
      EXPECT_EQ(s.births, want.births);
      EXPECT_EQ(s.deaths, want.deaths);
    }
    EXPECT_GE(with_changes + 1, samples.size());
  }
}

TEST_F(WatchTest, GraphStaysRightAcrossASwitchARuleChangeAndUndo) {
  const Grid start = grid_with("acorn", 200);
  state.sim.start("reference", start, Rule::life());
  state.watch.show_graph = true;
  ASSERT_TRUE(run_until(2, 40));
  state.sim.backend().cancel();
  state.sim.switch_engine("cpu-simd");
  const uint64_t switched = state.sim.generation();
  ASSERT_TRUE(run_until(2, switched + 30));
  for (const GraphSample& s : state.watch.graph.samples()) {
    SCOPED_TRACE(s.generation);
    const Counts want = reference_counts(start, Rule::life(), s.generation);
    EXPECT_EQ(s.population, want.population);
    if (s.changes_known) {
      EXPECT_EQ(s.births, want.births);
    }
  }
  // HighLife from here on: the samples after the change follow the new rule.
  state.sim.backend().cancel();
  Grid at_change;
  uint64_t change_generation = 0;
  at_change = state.sim.state(&change_generation);
  state.sim.set_rule(parse_rule("B36/S23").rule);
  ASSERT_TRUE(run_until(2, change_generation + 20));
  size_t after_change = 0;
  for (const GraphSample& s : state.watch.graph.samples()) {
    if (s.generation <= change_generation) continue;
    ++after_change;
    const Counts want =
        reference_counts(at_change, parse_rule("B36/S23").rule, s.generation - change_generation);
    EXPECT_EQ(s.population, want.population) << s.generation;
  }
  EXPECT_GT(after_change, 3u);
  // A run undone takes the graph back with the state: the next sample drops the later ones.
  state.sim.backend().cancel();
  frame();
  const uint64_t before_run = state.sim.generation();
  state.sim.pace = PaceSettings{PaceMode::PerFrame, 2, 0};
  toggle_running(state);  // an undoable run
  ASSERT_TRUE(frames_until([&] { return state.sim.generation() >= before_run + 20; }));
  toggle_running(state);
  frame();
  ASSERT_TRUE(undo(state));
  EXPECT_EQ(state.sim.generation(), before_run);
  state.sim.request_step(1);
  ASSERT_TRUE(frames_until(
      [&] { return state.watch.graph.samples().back().generation == before_run + 1; }));
  for (const GraphSample& s : state.watch.graph.samples()) EXPECT_LE(s.generation, before_run + 1);
}

TEST_F(WatchTest, StopConditionsPauseTheRunAndSayWhy) {
  state.sim.start("cpu-simd", grid_with("diehard", 128), Rule::life());
  state.watch.stop.settings.when_dies = true;
  run_at(1);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_GE(state.sim.generation(), 130u);
  EXPECT_EQ(state.sim.figures().population, 0u);
  EXPECT_NE(state.watch.stop_message.find("died at generation"), std::string::npos)
      << state.watch.stop_message;
  EXPECT_NE(state.message.find("stopped"), std::string::npos);

  // A pulsar becomes periodic at once; the period comes back exact from Identify.
  state.sim.start("reference", grid_with("pulsar", 64), Rule::life());
  state.watch.stop.settings = {};
  state.watch.stop.settings.when_periodic = true;
  run_at(1);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_NE(state.watch.stop_message.find("periodic"), std::string::npos);
  ASSERT_TRUE(frames_until([&] { return !state.watch.identify.running(); }));
  frame();
  ASSERT_TRUE(state.watch.identify.result().has_value());
  EXPECT_EQ(state.watch.identify.result()->period, 3u);
  EXPECT_EQ(state.watch.identify.result()->kind, PatternKind::Oscillator);

  // The L-tromino becomes a still block.
  Grid l(32, 32);
  l.set(10, 10, true);
  l.set(11, 10, true);
  l.set(10, 11, true);
  state.sim.start("cpu-simd", l, Rule::life());
  state.watch.stop.settings = {};
  state.watch.stop.settings.when_still = true;
  run_at(4);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_NE(state.watch.stop_message.find("still"), std::string::npos);
}

// A plane sized for the pattern stands for Golly's unbounded universe: running pauses before a
// frame could carry the glider into the edge, says so, and goes on when asked.
TEST_F(WatchTest, APlaneGridPausesBeforeThePatternReachesItsEdge) {
  state.sim.start("cpu-simd", grid_with("glider", 64, {4, 4}), Rule::life());
  state.watch.stop.settings.at_generation = 400;
  run_at(4);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_NE(state.watch.stop_message.find("nears the edge of the 64x64 grid"), std::string::npos)
      << state.watch.stop_message;
  EXPECT_EQ(state.sim.figures().population, 5u);  // whole: it stopped before the edge
  EXPECT_LT(state.sim.generation(), 4u * 60u);
  // Asked to go on, it runs to the edge and beyond without stopping for it again.
  state.sim.running = true;
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_EQ(state.sim.generation(), 400u);
  // A rule's bounded plane is the universe itself: no pause there.
  state.sim.start("cpu-simd", grid_with("glider", 64, {4, 4}), Rule::life());
  state.sim.set_bounded_plane(true);
  state.watch.stop.settings.at_generation = 300;
  run_at(4);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  EXPECT_EQ(state.sim.generation(), 300u);
}

TEST_F(WatchTest, RunUntilStopsExactlyAtTheGeneration) {
  state.sim.start("cpu-simd", grid_with("r_pentomino", 256), Rule::life());
  state.watch.stop.settings.at_generation = 100;
  run_at(16);
  ASSERT_TRUE(frames_until([&] { return !state.sim.running; }));
  state.sim.update(0);
  EXPECT_EQ(state.sim.generation(), 100u);
  EXPECT_EQ(state.watch.stop_message, "reached generation 100");
}

TEST_F(WatchTest, IdentifyThePatternOrTheSelection) {
  // A glider at the top left and a blinker far from it.
  Grid g(200, 200);
  g.place(load_named_pattern("glider"), Cell{10, 10});
  g.place(load_named_pattern("blinker"), Cell{150, 150}, false);
  state.sim.start("reference", g, Rule::life());
  state.edit.selection = Box{0, 0, 60, 60};
  identify_now(state);
  ASSERT_TRUE(frames_until([&] { return !state.watch.identify.running(); }));
  frame();
  ASSERT_TRUE(state.watch.identify.result().has_value());
  EXPECT_EQ(state.watch.identify.what(), "the selection");
  EXPECT_EQ(state.watch.identify.result()->kind, PatternKind::Spaceship);
  EXPECT_EQ(state.watch.identify.result()->speed, "c/4 diagonal");
  // The whole pattern: a glider flying away from a blinker never repeats.
  state.edit.selection = {};
  state.watch.identify_max_period = 64;
  identify_now(state);
  ASSERT_TRUE(frames_until([&] { return !state.watch.identify.running(); }));
  frame();
  EXPECT_EQ(state.watch.identify.what(), "the pattern");
  EXPECT_EQ(state.watch.identify.result()->kind, PatternKind::None);
  // Selecting the blinker alone.
  state.edit.selection = Box{140, 140, 160, 160};
  identify_now(state);
  ASSERT_TRUE(frames_until([&] { return !state.watch.identify.running(); }));
  frame();
  EXPECT_EQ(state.watch.identify.result()->kind, PatternKind::Oscillator);
  EXPECT_EQ(state.watch.identify.result()->period, 2u);
}

TEST_F(WatchTest, TrackMovesTheViewWithTheShip) {
  state.sim.start("cpu-simd", grid_with("lwss", 400, Cell{300, 200}), Rule::life());
  state.camera.set_view({302, 202}, 8.0);
  identify_now(state);
  ASSERT_TRUE(frames_until([&] { return !state.watch.identify.running(); }));
  frame();
  ASSERT_TRUE(track_identified(state));
  EXPECT_EQ(state.watch.follow.speed(), (TrackSpeed{-2, 0, 4}));
  ASSERT_TRUE(run_until(4, 80));
  state.sim.backend().cancel();
  frame();
  const uint64_t g = state.sim.generation();
  // Two cells left every four generations, from where the view was.
  EXPECT_NEAR(state.camera.center().x, 302.0 - double(g) / 2.0, 1e-6);
  EXPECT_NEAR(state.camera.center().y, 202.0, 1e-6);
  // The ship is still in the middle of the view.
  const Box live = live_bounds(state.sim.state());
  EXPECT_NEAR((live.min_x + live.max_x + 1) / 2.0, state.camera.center().x, 4.0);
}

TEST_F(WatchTest, AutofitKeepsAGrowingPatternInViewUntilTheUserPans) {
  state.sim.start("cpu-simd", grid_with("gosper_glider_gun", 800), Rule::life());
  state.camera.set_view({400, 400}, 16.0);
  state.watch.follow.autofit();
  ASSERT_TRUE(run_until(8, 400));
  state.sim.backend().cancel();
  for (int i = 0; i < 60; ++i) frame();  // the view glides in
  const Box live = live_bounds(state.sim.state());
  const CellRect v = state.camera.visible();
  EXPECT_LE(v.x0, live.min_x);
  EXPECT_GE(v.x1, live.max_x + 1);
  EXPECT_LE(v.y0, live.min_y);
  EXPECT_GE(v.y1, live.max_y + 1);
  EXPECT_LT(state.camera.zoom(), 16.0);
  state.camera.pan_pixels({50, 0});
  frame();
  EXPECT_EQ(state.watch.follow.mode(), FollowMode::Off);
}

TEST_F(WatchTest, TheHistoryPlaneHoldsEveryCellEverAlive) {
  const Grid start = grid_with("glider", 64, Cell{5, 5});
  state.sim.start("cpu-simd", start, Rule::life());
  ASSERT_TRUE(set_theme(state, ColourTheme::History));
  EXPECT_TRUE(state.sim.history_on());
  ASSERT_TRUE(run_until(3, 30));
  state.sim.backend().cancel();
  uint64_t generation = 0;
  state.sim.state(&generation);
  const Grid want = test::reference_history(start, generation);
  EXPECT_EQ(state.sim.backend().history(), want);
  // The plane goes along to another engine.
  state.sim.switch_engine("reference");
  EXPECT_EQ(state.sim.backend().history(), want);
  ASSERT_TRUE(set_theme(state, ColourTheme::Plain));
  EXPECT_FALSE(state.sim.history_on());
}

TEST_F(WatchTest, HyperspeedGrowsTheStepWhileItRuns) {
  state.sim.start("cpu-simd", grid_with("r_pentomino", 512), Rule::life());
  run_at(1);
  state.sim.pace.exponent.hyperspeed = true;
  ASSERT_TRUE(frames_until([&] { return state.sim.pace.step >= 4; }));
  EXPECT_GE(state.sim.generation(), 64u);
}

}  // namespace
}  // namespace gpulife::app
