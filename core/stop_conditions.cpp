// Stop conditions: checks after each step, with a bounded memory of states seen for periodicity.
#include "core/stop_conditions.hpp"

namespace gpulife {

std::string describe(const StopEvent& e) {
  const std::string at = " at generation " + std::to_string(e.generation);
  switch (e.reason) {
    case StopReason::None:
      return {};
    case StopReason::Died:
      return "died" + at;
    case StopReason::Still:
      return "became still" + at;
    case StopReason::Periodic: {
      std::string s = "became periodic" + at + ": it repeats";
      if (e.dx != 0 || e.dy != 0)
        s += " moved by (" + std::to_string(e.dx) + ", " + std::to_string(e.dy) + ")";
      return s + " after " + std::to_string(e.repeat_after) + " generations";
    }
    case StopReason::ReachedGeneration:
      return "reached generation " + std::to_string(e.generation);
  }
  return {};
}

uint64_t StopConditions::limit_step(uint64_t generation, uint64_t due) const {
  if (!settings.at_generation || generation >= *settings.at_generation) return due;
  return std::min(due, *settings.at_generation - generation);
}

void StopConditions::reset() {
  seen_.clear();
  order_.clear();
  last_generation_.reset();
}

StopEvent StopConditions::check(uint64_t generation, const CellStats& s) {
  StopEvent e;
  e.generation = generation;
  const std::optional<uint64_t> before = last_generation_;
  // Going back (undo) makes the states seen meaningless.
  if (before && generation < *before) reset();
  last_generation_ = generation;
  if (settings.at_generation && before && *before < *settings.at_generation &&
      generation >= *settings.at_generation) {
    e.reason = StopReason::ReachedGeneration;
    return e;
  }
  if (settings.when_dies && s.population == 0) {
    e.reason = StopReason::Died;
    return e;
  }
  if (settings.when_still && s.changes_known && s.births == 0 && s.deaths == 0) {
    e.reason = StopReason::Still;
    e.repeat_after = 1;
    return e;
  }
  // The same generation again (no step since) says nothing new.
  if (!settings.when_periodic || !s.shape_known || (before && *before == generation)) return e;
  const auto [first, last] = seen_.equal_range(s.shape_hash);
  for (auto it = first; it != last; ++it) {
    const Seen& seen = it->second;
    if (seen.population != s.population || seen.bounds.width() != s.bounds.width() ||
        seen.bounds.height() != s.bounds.height() || seen.generation >= generation)
      continue;
    e.reason = StopReason::Periodic;
    e.repeat_after = generation - seen.generation;
    e.dx = s.bounds.min_x - seen.bounds.min_x;
    e.dy = s.bounds.min_y - seen.bounds.min_y;
    return e;
  }
  seen_.emplace(s.shape_hash, Seen{generation, s.population, s.bounds});
  order_.emplace_back(s.shape_hash, generation);
  if (order_.size() > kMaxRemembered) {
    const auto [hash, gen] = order_.front();
    order_.pop_front();
    const auto [a, b] = seen_.equal_range(hash);
    for (auto it = a; it != b; ++it) {
      if (it->second.generation == gen) {
        seen_.erase(it);
        break;
      }
    }
  }
  return e;
}

}  // namespace gpulife
