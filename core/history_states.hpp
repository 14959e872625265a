// A History rule's extra states (LifeHistory's) followed through a run of its two-state
// projection, so that what is written back after the run is what Golly's LifeHistory shows.
#pragma once

#include <vector>

#include "core/geometry.hpp"
#include "core/pattern.hpp"

namespace gpulife {

// LifeHistory, read from its rule table: live cells are states 1, 3 and 5; 2 marks a cell that
// was ever alive; 3 and 4 are marked cells alive and dead, and a marked cell stays marked; 5 is
// a start cell, which stays 5 while it lives and becomes 4 when it dies. So after any run the
// states follow from the live cells of every generation: marked cells are those marked at the
// start (3, 4, 5), 5 holds where a start cell lived through every generation, and 2 where an
// unmarked cell lived at some time (or was 2 at the start) and is dead now.
class HistoryStates {
 public:
  // `start`'s extra states and `live`, the cells alive at the start (the run's generation 0).
  // Every `live` given here is a Pattern's cells(), in that order (rows, then columns).
  HistoryStates(const Pattern& start, const std::vector<Cell>& live);

  // The cells alive after one more generation, in the start's coordinates.
  void observe(const std::vector<Cell>& live);

  // The extra states (2 to 5) for the cells alive now, given last to observe().
  std::vector<StateCell> states(const std::vector<Cell>& live) const;

 private:
  std::vector<Cell> marked_;    // marked at the start (3, 4, 5): marked for good
  std::vector<Cell> starters_;  // start cells (5) alive in every generation so far
  std::vector<Cell> ever_;      // alive at some generation, or 2 at the start
};

}  // namespace gpulife
