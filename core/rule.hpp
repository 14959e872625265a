// Life-like (outer-totalistic, Moore neighbourhood) rules: parsing, names, canonical text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/topology.hpp"

namespace gpulife {

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
// followed by a bounded-grid suffix (":T64,64", ":K40*,20", ... see parse_bounds). Throws Error
// with a message naming the text when it is not a Life-like rule.
RuleSpec parse_rule(std::string_view text);

// The well-known name of a rule, if it has one ("Conway's Life" for B3/S23).
std::optional<std::string_view> rule_name(const Rule& rule);

}  // namespace gpulife
