// When a running pattern should pause by itself: it died, became still, became periodic (found
// by the same translation-free hash Identify uses), or reached a chosen generation.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>

#include "core/cell_stats.hpp"

namespace gpulife {

struct StopSettings {
  bool when_dies = false;
  bool when_still = false;
  bool when_periodic = false;
  std::optional<uint64_t> at_generation;  // run until this generation, exactly
};

enum class StopReason { None, Died, Still, Periodic, ReachedGeneration };

struct StopEvent {
  StopReason reason = StopReason::None;
  uint64_t generation = 0;
  // Periodic: the state repeated (up to translation) after this many generations; the period
  // divides it (it equals it when every generation was checked). Still: 1.
  uint64_t repeat_after = 0;
  int64_t dx = 0, dy = 0;  // Periodic: how far it moved in repeat_after generations
  explicit operator bool() const { return reason != StopReason::None; }
};

// "died at generation 130", "became still at generation 1103", ...
std::string describe(const StopEvent& event);

class StopConditions {
 public:
  // Most states remembered for the periodic check (older ones are forgotten first).
  static constexpr size_t kMaxRemembered = size_t{1} << 16;

  StopSettings settings;

  // The most generations the next step may run from `generation` so that it stops exactly at
  // settings.at_generation (`due` when that is not ahead).
  uint64_t limit_step(uint64_t generation, uint64_t due) const;

  // Looks at the state after a step. `stats` must carry births/deaths when when_still is set
  // (needs_changes()) and bounds/shape hash when when_periodic is set (needs_shape()).
  StopEvent check(uint64_t generation, const CellStats& stats);

  // Forgets the states seen (after an edit, undo, a rule change or a new pattern): they no
  // longer lead to the current one.
  void reset();

  bool needs_changes() const { return settings.when_still; }
  bool needs_shape() const { return settings.when_periodic; }

 private:
  struct Seen {
    uint64_t generation, population;
    Box bounds;
  };
  std::unordered_multimap<uint64_t, Seen> seen_;
  std::deque<std::pair<uint64_t, uint64_t>> order_;  // (hash, generation), oldest first
  std::optional<uint64_t> last_generation_;
};

}  // namespace gpulife
