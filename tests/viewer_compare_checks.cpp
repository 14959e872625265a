// Tests compare mode's logic without a window, on the CPU engines: lockstep stepping, the
// agreement check (and a fault it must catch), edits made with the edit tool reaching every
// engine, restarts on a new rule, single steps, and engines that cannot start.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "app/viewer/input_tools.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/rule.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

class CompareTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("XDG_CONFIG_HOME", (fs::temp_directory_path() / "gpulife_compare_test_cfg").c_str(), 1);
    Grid soup(96, 80, Topology::Torus);
    soup.randomize(0.4, 7);
    state.camera.set_viewport(1000, 800);
    state.camera.set_view({48, 40}, 10.0);
    state.sim.start("reference", soup, Rule::life());
    state.sim.gens_per_frame = 5;
    state.compare.check_every = 10;
  }
  void TearDown() override {
    state.compare.end();
    state.sim.stop();
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) state.compare.tick(state.sim, 1.0 / 60);
  }
  Simulation& lane(size_t i) { return state.compare.lane(state.sim, i); }
  uint64_t lane_generation(size_t i) {
    uint64_t g = 0;
    lane(i).state(&g);
    return g;
  }

  ViewerState state;
};

TEST_F(CompareTest, EnginesStepInLockstepAndAgree) {
  EXPECT_TRUE(state.compare.begin(state.sim, {"reference", "cpu-simd"}).empty());
  ASSERT_EQ(state.compare.size(), 2u);
  EXPECT_EQ(lane(1).engine_name(), "cpu-simd");
  state.sim.running = true;
  frames(4);
  EXPECT_EQ(state.compare.generation(), 20u);
  EXPECT_EQ(lane_generation(0), 20u);
  EXPECT_EQ(lane_generation(1), 20u);
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree);
  EXPECT_EQ(state.compare.agreement().generation, 20u);
  EXPECT_EQ(state.compare.agreement().text, "all 2 engines agree at generation 20");
  EXPECT_EQ(state.compare.agreement().checks, 2u);
}

TEST_F(CompareTest, StepsStopAtEachCheckSoEveryEngineIsComparedAtTheSameGeneration) {
  state.compare.check_every = 7;
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(2);  // 5, then 2 (up to the check at 7)
  EXPECT_EQ(state.compare.generation(), 7u);
  EXPECT_EQ(state.compare.agreement().generation, 7u);
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree);
}

TEST_F(CompareTest, AFaultIsCaughtNamedAndTheOthersKeepRunning) {
  state.compare.fault = InjectedFault{"cpu-simd", 12};
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(3);  // 5, 10 (agree), 12 (fault, checked at once)
  const Agreement& a = state.compare.agreement();
  ASSERT_EQ(a.state, Agreement::State::Diverged);
  EXPECT_EQ(a.generation, 12u);
  EXPECT_NE(a.text.find("cpu-simd diverged at generation 12: first differing cell (48, 40)"),
            std::string::npos)
      << a.text;
  EXPECT_TRUE(state.compare.lane_info(1).diverged);
  EXPECT_FALSE(state.compare.lane_info(0).diverged);
  frames(4);
  EXPECT_EQ(lane_generation(0), 30u);  // the main engine went on ...
  EXPECT_EQ(lane_generation(1), 12u);  // ... the diverged one stopped where it was caught
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Diverged);
}

TEST_F(CompareTest, EditsWithTheEditToolReachEveryEngine) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(1);
  state.sim.running = false;
  // Draw a line across the soup with the edit tool, as a user would.
  EditorTool tool;
  auto at = [&](int64_t x, int64_t y) {
    return state.camera.cell_to_screen({double(x) + 0.5, double(y) + 0.5});
  };
  tool.mouse_button(state, {GLFW_MOUSE_BUTTON_LEFT, true, 0, at(10, 20)});
  tool.mouse_move(state, at(60, 20), {});
  tool.mouse_button(state, {GLFW_MOUSE_BUTTON_LEFT, false, 0, at(60, 20)});
  edit_tick(state);
  frames(1);  // copies the edit, nothing to step while paused
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
  state.sim.running = true;
  frames(2);  // through the check at 10
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree)
      << state.compare.agreement().text;
  EXPECT_EQ(state.compare.agreement().generation, 10u);
}

TEST_F(CompareTest, ANewRuleStartsTheComparisonOverFromTheMainState) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  state.sim.running = true;
  frames(2);
  state.sim.set_rule(parse_rule("B36/S23").rule);
  frames(3);
  EXPECT_EQ(lane(1).rule().to_string(), "B36/S23");
  EXPECT_EQ(state.compare.agreement().state, Agreement::State::Agree);
  // Started over at generation 10: the next checks are 10 generations on.
  EXPECT_EQ(state.compare.agreement().generation, 20u);
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
}

TEST_F(CompareTest, SingleStepsStepEveryEngine) {
  state.compare.begin(state.sim, {"reference", "cpu-simd"});
  step_once(state, 3);
  frames(1);
  EXPECT_EQ(lane_generation(0), 3u);
  EXPECT_EQ(lane_generation(1), 3u);
  EXPECT_EQ(lane(0).state().hash(), lane(1).state().hash());
}

TEST_F(CompareTest, EnginesThatCannotStartAreLeftOutWithANote) {
  const std::vector<std::string> notes =
      state.compare.begin(state.sim, {"reference", "no-such-engine", "cpu-simd"});
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("no-such-engine left out"), std::string::npos) << notes[0];
  EXPECT_EQ(state.compare.size(), 2u);
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
