// Following LifeHistory's states through a run (see history_states.hpp).
#include "core/history_states.hpp"

#include <algorithm>
#include <iterator>

namespace gpulife {
namespace {

// Pattern::cells() order (rows, then columns), so the live cells of every generation are used
// as they come, without sorting them again.
bool row_major(const Cell& a, const Cell& b) {
  return a.y != b.y ? a.y < b.y : a.x < b.x;
}

std::vector<Cell> sorted(std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end(), row_major);
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

bool holds(const std::vector<Cell>& set, const Cell& c) {
  return std::binary_search(set.begin(), set.end(), c, row_major);
}

}  // namespace

HistoryStates::HistoryStates(const Pattern& start, const std::vector<Cell>& live) {
  for (const StateCell& s : start.history()) {
    if (s.state >= 3 && s.state <= 5) marked_.push_back(s.cell);
    if (s.state == 5) starters_.push_back(s.cell);
    if (s.state == 2) ever_.push_back(s.cell);
  }
  marked_ = sorted(std::move(marked_));
  starters_ = sorted(std::move(starters_));
  ever_ = sorted(std::move(ever_));
  observe(live);
}

void HistoryStates::observe(const std::vector<Cell>& live) {
  std::erase_if(starters_, [&](const Cell& c) { return !holds(live, c); });
  std::vector<Cell> merged;
  merged.reserve(ever_.size() + live.size());
  std::set_union(ever_.begin(), ever_.end(), live.begin(), live.end(), std::back_inserter(merged),
                 row_major);
  ever_ = std::move(merged);
}

std::vector<StateCell> HistoryStates::states(const std::vector<Cell>& live) const {
  std::vector<StateCell> out;
  for (const Cell& c : marked_) {
    if (!holds(live, c))
      out.push_back({c, 4});
    else
      out.push_back({c, uint8_t(holds(starters_, c) ? 5 : 3)});
  }
  for (const Cell& c : ever_)
    if (!holds(live, c) && !holds(marked_, c)) out.push_back({c, 2});
  return out;
}

}  // namespace gpulife
