// Life-like (outer-totalistic, Moore neighbourhood) rules: parsing, names, canonical text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpulife {

// How cells beyond the grid's edge behave.
enum class Topology { Plane, Torus };

std::string_view to_string(Topology t);
// Parses "plane" or "torus" (case-insensitive); throws Error naming the text otherwise.
Topology parse_topology(std::string_view text);

// A rule's bounded-grid suffix (":T64,64" or ":P30,20"); a zero size means unbounded in that
// direction, as in Golly.
struct GridBounds {
  Topology topology = Topology::Torus;
  int64_t width = 0;
  int64_t height = 0;
  bool operator==(const GridBounds&) const = default;
};

// Birth and survival as bit masks over neighbour counts 0..8.
struct Rule {
  uint16_t birth = 1u << 3;
  uint16_t survival = (1u << 2) | (1u << 3);

  static Rule life() { return Rule{}; }

  bool births(int neighbours) const { return (birth >> neighbours) & 1u; }
  bool survives(int neighbours) const { return (survival >> neighbours) & 1u; }
  bool is_life() const { return *this == life(); }

  // Canonical text, e.g. "B3/S23", "B2/S".
  std::string to_string() const;
  bool operator==(const Rule&) const = default;
};

// A parsed rule string: the rule and its optional bounded-grid suffix.
struct RuleSpec {
  Rule rule;
  std::optional<GridBounds> bounds;

  // Canonical text including the suffix, e.g. "B3/S23:T64,64".
  std::string to_string() const;
  bool operator==(const RuleSpec&) const = default;
};

// Parses B/S notation in any common spelling (B3/S23, b3s23, B3S23, S23/B3), the survival/birth
// form "23/3", and well-known names (Life, HighLife, Day & Night, Seeds, ...), each optionally
// followed by ":Tw,h" or ":Pw,h". Throws Error with a message naming the text when it is not a
// Life-like rule.
RuleSpec parse_rule(std::string_view text);

// The well-known name of a rule, if it has one ("Conway's Life" for B3/S23).
std::optional<std::string_view> rule_name(const Rule& rule);

}  // namespace gpulife
