// Tests of LifeHistory's states followed through a run (core/history_states.hpp), on cases
// worked out from Golly's LifeHistory rule table by hand.
#include "core/history_states.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/grid.hpp"
#include "core/pattern_io.hpp"
#include "reference_runs.hpp"

namespace gpulife {
namespace {

// The live cells of `start` after each of `generations` steps of B3/S23 (the reference engine
// on a plane large enough that nothing here reaches its edge), in the start's coordinates.
std::vector<Pattern> life_steps(const Pattern& start, int generations) {
  constexpr int64_t kSide = 32, kAt = 16;
  Grid grid(kSide, kSide, Topology::Plane);
  for (const Cell& c : start.cells()) grid.set(c.x + kAt, c.y + kAt, true);
  std::vector<Pattern> out;
  for (int g = 1; g <= generations; ++g) {
    Pattern p = test::reference_after(grid, Rule::life(), uint64_t(g)).extract();
    p.translate(-kAt, -kAt);
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<StateCell> after(const std::string& rle, int generations) {
  const Pattern start = parse_pattern(rle, "t.rle");
  EXPECT_TRUE(start.history_rule);
  HistoryStates h(start, start.cells());
  Pattern live = start;
  for (Pattern& step : life_steps(start, generations)) {
    live = std::move(step);
    h.observe(live.cells());
  }
  std::vector<StateCell> states = h.states(live.cells());
  std::sort(states.begin(), states.end());
  return states;
}

TEST(HistoryStates, NothingChangesWithoutARun) {
  // 2 (envelope), 3 (marked on), 4 (marked off) and 5 (start) as they were.
  const std::vector<StateCell> s = after("x = 4, y = 2, rule = LifeHistory\nBCDE$A!", 0);
  EXPECT_EQ(s, (std::vector<StateCell>{{{0, 0}, 2}, {{1, 0}, 3}, {{2, 0}, 4}, {{3, 0}, 5}}));
}

TEST(HistoryStates, ABlinkerLeavesItsEnvelopeAndKeepsItsMarks) {
  // A vertical blinker whose top cell is marked and whose middle cell is a start cell.
  const std::string rle = "x = 1, y = 3, rule = LifeHistory\nC$E$A!";
  // Generation 1: horizontal. The marked top cell died (4); the start cell lived on (5); the
  // unmarked bottom cell died into the envelope (2).
  EXPECT_EQ(after(rle, 1), (std::vector<StateCell>{{{0, 0}, 4}, {{0, 1}, 5}, {{0, 2}, 2}}));
  // Generation 2: vertical again. The marked cell is born again as 3 (marked, not start); the
  // side cells that lived once are envelope now.
  EXPECT_EQ(after(rle, 2),
            (std::vector<StateCell>{{{-1, 1}, 2}, {{0, 0}, 3}, {{0, 1}, 5}, {{1, 1}, 2}}));
}

TEST(HistoryStates, AStartCellThatDiesStaysMarked) {
  // A lone start cell dies at once: marked off (4) for good, not start again.
  EXPECT_EQ(after("x = 1, y = 1, rule = LifeHistory\nE!", 1),
            (std::vector<StateCell>{{{0, 0}, 4}}));
  EXPECT_EQ(after("x = 1, y = 1, rule = LifeHistory\nE!", 5),
            (std::vector<StateCell>{{{0, 0}, 4}}));
}

}  // namespace
}  // namespace gpulife
