// Identify: runs a pattern on an unbounded plane until a state repeats up to translation, and
// says what it is (still life, oscillator, spaceship) with the figures LifeWiki lists for one.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/pattern.hpp"
#include "core/rule.hpp"

namespace gpulife {

enum class PatternKind { Empty, Dies, StillLife, Oscillator, Spaceship, None };

// "still life", "oscillator", "spaceship", "dies", "empty", "none".
std::string_view to_string(PatternKind kind);

struct IdentifyOptions {
  // Generations searched for a repeat: periods up to this, transients up to this minus the
  // period.
  uint64_t max_period = 1024;
  // The pattern may spread over at most this many cells a side (the search stops there).
  int64_t max_side = 8192;
  // Set from another thread to stop early (the result is then None, reason "cancelled").
  const std::atomic<bool>* cancel = nullptr;
};

inline constexpr uint64_t kMaxIdentifyPeriod = uint64_t{1} << 24;

struct IdentifyResult {
  PatternKind kind = PatternKind::None;
  uint64_t period = 0;            // 1 for still lifes, 0 when nothing repeated
  uint64_t start_generation = 0;  // first generation of the cycle (0 unless it settles later)
  int64_t dx = 0, dy = 0;         // displacement per period, x right, y down
  std::string speed;              // spaceships: "c/4 diagonal", "c/2 orthogonal", "(2,1)c/6"
  std::string heading;            // spaceships: "east", "southwest", ...
  uint64_t population_min = 0, population_max = 0;
  double population_mean = 0;
  // Oscillators and still lifes: the union of all phases; spaceships: the largest phase.
  int64_t box_width = 0, box_height = 0;
  // Cells changing state per generation over one period.
  double heat = 0;
  // Oscillators and still lifes: cells alive in every phase (stator) and in some but not all
  // (rotor); volatility = rotor / (rotor + stator).
  uint64_t rotor = 0, stator = 0;
  double volatility = 0;
  uint64_t generations_run = 0;  // how far the search stepped
  std::string reason;            // why nothing was found (None), or the generation it died at
};

// Steps `pattern` under `rule` on an unbounded plane (the grid grows with the pattern). Throws
// Error for rules whose dead background comes alive (B0), for max_period outside
// [1, kMaxIdentifyPeriod] and for patterns larger than max_side to begin with.
IdentifyResult identify(const Pattern& pattern, const Rule& rule, const IdentifyOptions& options);

// The result as "key: value" lines' parts, in the order `gpulife identify` prints them and the
// viewer shows them: type, period, displacement (always), then what the type has.
std::vector<std::pair<std::string, std::string>> identify_fields(const IdentifyResult& result,
                                                                 uint64_t max_period);

// A speed in Life notation for a displacement per period: "c/4 diagonal", "c/2 orthogonal",
// "2c/5 orthogonal", "c orthogonal", "(2,1)c/6"; reduced to lowest terms.
std::string speed_text(int64_t dx, int64_t dy, uint64_t period);
// Compass direction of a displacement with y pointing down: "east", "northwest"; oblique ships
// get the point between the main axis and the diagonal, as in "east-southeast".
std::string heading_text(int64_t dx, int64_t dy);

}  // namespace gpulife
