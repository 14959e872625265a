// Tests compare mode's logic without a window, on the CPU engines: lanes stepping on their own,
// the agreement check at checkpoints (and a fault it must catch and locate), a slow lane falling
// behind, edits made with the edit tool reaching every engine, restarts on a new rule, single
// steps, engines that cannot start, and the tile layouts.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/viewer/input_tools.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/rule.hpp"
#include "viewer_test_support.hpp"

namespace gpulife::app {
namespace {

class CompareTest : public ::testing::Test {
 protected:
  void SetUp() override {
    keep_config_in_temp("gpulife_compare_test_cfg");
    Grid soup(96, 80, Topology::Torus);
    soup.randomize(0.4, 7);
    start_in_view(state, soup, {48, 40});
    state.sim.pace = PaceSettings{PaceMode::PerFrame, 5, 60.0};
    state.compare.check_every = 10;
  }
  void TearDown() override {
    state.compare.end();
    state.sim.stop();
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) state.compare.tick(state.sim, 1.0 / 60, 14.0);
  }
  // CPU lanes step on their workers beside the frames: frames run until `done` holds.
  template <class Done>
  void frames_until(Done done) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!done() && std::chrono::steady_clock::now() < give_up) {
      frames(1);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(done()) << "timed out; agreement: " << state.compare.agreement().text;
  }
  Simulation& lane(size_t i) { return state.compare.lane(state.sim, i); }
  uint64_t lane_generation(size_t i) { return state.compare.lane_generation(state.sim, i); }
  // Nothing queued in the lane's worker, nor owed to it.
  bool idle(size_t i) { return lane(i).backlog() == 0; }

  ViewerState state;
};

TEST_F(CompareTest, EnginesAgreeAtEveryCheckpoint) {
  EXPECT_TRUE(state.compare.begin(state.sim, {"reference", "cpu-simd"}).empty());
  ASSERT_EQ(state.compare.size(), 2u);
  EXPECT_EQ(lane(1).engine_name(), "cpu-simd");
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().checks >= 2; });
  const Agreement& a = state.compare.agreement();
  EXPECT_EQ(a.state, Agreement::State::Agree);
  EXPECT_EQ(a.generation, 20u);  // checkpoints are judged in order
  EXPECT_EQ(a.text, "all 2 engines agree at generation 20");
  EXPECT_GE(lane_generation(0), 20u);
  EXPECT_GE(lane_generation(1), 20u);
}

TEST_F(CompareTest, EveryLaneStopsAtEachCheckSoTheyAreComparedAtTheSameGeneration) {
  state.compare.check_every = 7;
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().checks >= 1; });
  EXPECT_EQ(state.compare.agreement().generation, 7u);
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree);
}

TEST_F(CompareTest, AFaultIsCaughtNamedAndTheOthersKeepRunning) {
  state.compare.fault = InjectedFault{"cpu-simd", 12};
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().state == Agreement::State::Diverged; });
  const Agreement& a = state.compare.agreement();
  EXPECT_EQ(a.generation, 12u);  // checked at the fault itself, before it can die out
  EXPECT_NE(a.text.find("cpu-simd diverged at generation 12: first differing cell (48, 40)"),
            std::string::npos)
      << a.text;
  EXPECT_TRUE(state.compare.lane_info(1).diverged);
  EXPECT_FALSE(state.compare.lane_info(0).diverged);
  const uint64_t frozen = lane_generation(1);
  frames_until([&] { return lane_generation(0) >= 40 && idle(0); });
  EXPECT_EQ(lane_generation(1), frozen);  // the diverged one stopped where it was caught
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Diverged);
}

TEST_F(CompareTest, AFaultInALaneAheadIsLocatedByReRunningItsEngine) {
  // cpu-simd runs ahead of reference; when the verdict at 12 comes it may be well past it, and
  // the cell is found by re-running cpu-simd from the start with the same fault.
  Grid soup(400, 300, Topology::Torus);
  soup.randomize(0.4, 9);
  state.sim.start("reference", soup, Rule::life());
  state.sim.pace = PaceSettings{};  // Auto: each lane as fast as it goes
  state.compare.check_every = 12;
  state.compare.fault = InjectedFault{"cpu-simd", 12};
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().state == Agreement::State::Diverged; });
  const std::string& text = state.compare.agreement().text;
  EXPECT_NE(text.find("cpu-simd diverged at generation 12: first differing cell (200, 150)"),
            std::string::npos)
      << text;
}

TEST_F(CompareTest, ASlowLaneFallsBehindInsteadOfHoldingTheFrames) {
  // reference is hundreds of times slower than cpu-simd here; frames never wait for it.
  Grid soup(1024, 1024, Topology::Torus);
  soup.randomize(0.5, 3);
  state.sim.start("reference", soup, Rule::life());
  state.sim.pace = PaceSettings{};
  state.compare.check_every = 1 << 20;
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  bool saw_reference_busy_after_a_frame = false;
  frames_until([&] {
    saw_reference_busy_after_a_frame |= !idle(0);
    return lane_generation(1) >= 40 * std::max<uint64_t>(lane_generation(0), 1);
  });
  EXPECT_TRUE(saw_reference_busy_after_a_frame);
  EXPECT_GT(lane_generation(1), lane_generation(0));
}

TEST_F(CompareTest, EditsWithTheEditToolReachEveryEngine) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(3);
  state.sim.running = false;
  frames_until([&] { return idle(0) && idle(1); });
  // Draw a line across the soup with the edit tool, as a user would.
  EditorTool tool;
  auto at = [&](int64_t x, int64_t y) {
    return state.camera.cell_to_screen({double(x) + 0.5, double(y) + 0.5});
  };
  tool.mouse_button(state, {GLFW_MOUSE_BUTTON_LEFT, true, 0, at(10, 20)});
  tool.mouse_move(state, at(60, 20), {});
  tool.mouse_button(state, {GLFW_MOUSE_BUTTON_LEFT, false, 0, at(60, 20)});
  edit_tick(state);
  frames(1);  // the edit reaches every lane (the lanes stood at different generations)
  frames_until([&] { return idle(0) && idle(1); });
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
  EXPECT_EQ(lane_generation(0), lane_generation(1));
  const uint64_t from = lane_generation(0);
  // A check may already have been made before the edit (the lanes ran three frames): wait for
  // the first one made after it.
  const uint64_t checks_before = state.compare.agreement().checks;
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().checks > checks_before; });
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree)
      << state.compare.agreement().text;
  // The first check after the edit: the lanes stood at one generation and took the same edit.
  EXPECT_GT(state.compare.agreement().generation, from);
  EXPECT_LE(state.compare.agreement().generation, from + 10);
}

// Steps the main lane still owes when the comparison starts over (asked for while its worker was
// busy) belong to the old start: run after the new one they put it ahead of the other lanes, and
// the first check reported a divergence that was not there.
TEST_F(CompareTest, StepsOwedBeforeAStartOverAreDropped) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  frames_until([&] { return idle(0) && idle(1); });
  state.sim.request_step(5000);  // the worker takes these...
  state.sim.request_step(7);     // ...so these wait in the simulation
  ASSERT_GT(state.sim.backlog(), 0u);
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  EXPECT_EQ(state.sim.backlog(), 0u);
  const uint64_t from = state.compare.agreement().generation;
  state.sim.running = true;
  frames_until([&] { return state.compare.agreement().checks >= 2; });
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree)
      << state.compare.agreement().text;
  EXPECT_GE(state.compare.agreement().generation, from + 10);
}

TEST_F(CompareTest, ANewRuleStartsTheComparisonOverFromTheMainState) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(2);
  state.sim.set_rule(parse_rule("B36/S23").rule);
  frames(1);
  const uint64_t from = state.compare.agreement().generation;  // where the lanes started over
  frames_until([&] { return state.compare.agreement().checks >= 1; });
  EXPECT_EQ(lane(1).rule().to_string(), "B36/S23");
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree);
  EXPECT_EQ(state.compare.agreement().generation, from + 10);
}

TEST_F(CompareTest, SingleStepsStepEveryEngine) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  step_once(state, 3);
  frames(1);
  frames_until([&] { return lane_generation(0) == 3 && lane_generation(1) == 3; });
  frames_until([&] { return idle(0) && idle(1); });
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
}

TEST_F(CompareTest, EnginesThatCannotStartAreLeftOutWithANote) {
  const std::vector<std::string> notes =
      state.compare.begin(state.sim, {"reference", "no-such-engine", "cpu-simd"});
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("no-such-engine left out"), std::string::npos) << notes[0];
  EXPECT_EQ(state.compare.size(), 2u);
}

TEST(CompareTiles, FiveOrSixEnginesGetSixTilesSoEveryOneIsSeen) {
  EXPECT_EQ(tiles_for(1), 1);
  EXPECT_EQ(tiles_for(2), 2);
  EXPECT_EQ(tiles_for(3), 4);
  EXPECT_EQ(tiles_for(4), 4);
  EXPECT_EQ(tiles_for(5), 6);
  EXPECT_EQ(tiles_for(6), 6);
  for (int tiles : {1, 2, 4, 6}) EXPECT_EQ(tile_columns(tiles) * tile_rows(tiles), tiles);
}

TEST(FirstDifference, FindsTheFirstDifferingCellInRowOrder) {
  Grid a(130, 4), b(130, 4);
  EXPECT_FALSE(first_difference(a, b).has_value());
  b.set(129, 2, true);
  b.set(3, 3, true);
  ASSERT_TRUE(first_difference(a, b).has_value());
  EXPECT_EQ(first_difference(a, b)->x, 129);
  EXPECT_EQ(first_difference(a, b)->y, 2);
}

}  // namespace
}  // namespace gpulife::app
