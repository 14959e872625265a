// Tests of LifeHistory's states followed through a run (core/history_states.hpp), on cases
// worked out from Golly's LifeHistory rule table by hand.
#include "core/history_states.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/pattern_io.hpp"

namespace gpulife {
namespace {

// The cells of `p` alive after each of `generations` steps of B3/S23 on the unbounded plane.
std::vector<std::vector<Cell>> life_steps(std::vector<Cell> live, int generations) {
  std::vector<std::vector<Cell>> out;
  for (int g = 0; g < generations; ++g) {
    std::vector<Cell> next;
    auto alive = [&](Cell c) { return std::find(live.begin(), live.end(), c) != live.end(); };
    for (int64_t y = -8; y <= 8; ++y)
      for (int64_t x = -8; x <= 8; ++x) {
        int n = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            if ((dx || dy) && alive({x + dx, y + dy})) ++n;
        if (n == 3 || (n == 2 && alive({x, y}))) next.push_back({x, y});
      }
    live = next;
    out.push_back(live);
  }
  return out;
}

std::vector<StateCell> after(const std::string& rle, int generations) {
  const Pattern start = parse_pattern(rle, "t.rle");
  EXPECT_TRUE(start.history_rule);
  HistoryStates h(start, start.cells());
  std::vector<Cell> live = start.cells();
  for (const std::vector<Cell>& step : life_steps(live, generations)) {
    live = step;
    h.observe(live);
  }
  std::vector<StateCell> states = h.states(live);
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
