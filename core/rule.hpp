// Two-state rules: Life-like (B/S), isotropic non-totalistic (Hensel letters), von Neumann and
// hexagonal totalistic, and MAP tables; parsing, canonical text as Golly writes it, and names.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/topology.hpp"

namespace gpulife {

// The index of a 3x3 neighbourhood, as in Golly's MAP rules: cell i of the block in reading
// order (0 = north-west, 4 = the cell itself, 8 = south-east) is bit 8 - i.
inline constexpr int kNeighbourhoods = 512;
inline constexpr int kCentreBit = 4;
inline constexpr int neighbourhood_bit(int row, int column) {
  return 8 - (3 * row + column);
}

// A two-state rule as its whole transition function: bit k is the cell's next state when its
// 3x3 neighbourhood has index k.
struct RuleTable {
  std::array<uint64_t, 8> words{};

  bool get(int index) const { return (words[size_t(index) >> 6] >> (index & 63)) & 1u; }
  void set(int index, bool alive) {
    const uint64_t bit = uint64_t{1} << (index & 63);
    uint64_t& w = words[size_t(index) >> 6];
    w = alive ? (w | bit) : (w & ~bit);
  }
  // The complement of every entry (the rule's output inverted).
  RuleTable inverted() const;
  // Entry k becomes entry 511 - k (the rule applied to the inverted neighbourhood).
  RuleTable reversed() const;
  bool operator==(const RuleTable&) const = default;
};

// How a rule is written, and so how it prints.
enum class RuleNotation {
  Totalistic,  // B/S counts: "B3/S23", "B2/S2H", "B13/S012V"
  Isotropic,   // Hensel letters: "B2-a/S12"
  Map,         // base64 table: "MAPARYXfhZ..."
};

// Which cells of the 3x3 block a rule reads (the hexagonal one ignores north-east and
// south-west, the von Neumann one every corner).
enum class Neighbourhood { Moore, Hexagonal, VonNeumann };

class Rule {
 public:
  // Conway's Life, B3/S23.
  Rule();
  // A Life-like rule: birth and survival as bit masks over neighbour counts 0..8.
  Rule(uint16_t birth, uint16_t survival);
  static Rule life() { return Rule(); }
  // Any table; `notation` and `neighbourhood` only decide how it prints (the table must ignore
  // the cells outside the neighbourhood, and a totalistic notation needs a totalistic table:
  // throws Error otherwise).
  static Rule from_table(const RuleTable& table, RuleNotation notation = RuleNotation::Map,
                         Neighbourhood neighbourhood = Neighbourhood::Moore);

  const RuleTable& table() const { return table_; }
  // The next state of a cell whose neighbourhood has this index (0..511).
  bool next(int index) const { return table_.get(index); }

  // Whether the next state depends only on the cell and its count of live Moore neighbours;
  // then birth() and survival() give the rule exactly.
  bool is_outer_totalistic() const { return outer_totalistic_; }
  // Birth and survival masks over counts 0..8; throw Error for rules that are not
  // outer-totalistic (so no engine can silently run a different rule).
  uint16_t birth() const;
  uint16_t survival() const;
  bool births(int neighbours) const { return (birth() >> neighbours) & 1u; }
  bool survives(int neighbours) const { return (survival() >> neighbours) & 1u; }
  // The same function as B3/S23, however it is written.
  bool is_life() const;

  // B0: a dead cell with no live neighbour is born. Smax: a live cell whose neighbours are
  // all alive survives. Together they decide how engines emulate B0 (core/rule_phases.hpp).
  bool has_b0() const { return next(0); }
  bool has_smax() const { return next(kNeighbourhoods - 1); }

  RuleNotation notation() const { return notation_; }
  Neighbourhood neighbourhood() const { return neighbourhood_; }

  // Canonical text as Golly writes it, e.g. "B3/S23", "B2-a/S12", "B2/S2H", "MAP...".
  std::string to_string() const;
  // Rules are equal when they have the same table and print the same.
  bool operator==(const Rule&) const = default;

 private:
  RuleTable table_;
  uint16_t birth_ = 0, survival_ = 0;  // exact when outer_totalistic_
  bool outer_totalistic_ = true;
  RuleNotation notation_ = RuleNotation::Totalistic;
  Neighbourhood neighbourhood_ = Neighbourhood::Moore;
};

// A parsed rule string: the rule and its optional bounded-grid suffix.
struct RuleSpec {
  Rule rule;
  std::optional<GridBounds> bounds;

  // Canonical text including the suffix, e.g. "B3/S23:T64,64".
  std::string to_string() const;
  bool operator==(const RuleSpec&) const = default;
};

// Parses every two-state rule Golly reads: B/S notation in any common spelling (B3/S23, b3s23,
// B3_S23, S23/B3, B3, the survival/birth form 23/3), Hensel letters (B2-a/S12, B3/S23-a4ei6),
// the hexagonal and von Neumann suffixes (B2/S34H, B13/S012V), MAP rules (Moore, hexagonal and
// von Neumann tables in base64) and well-known names (Life, HighLife, Day & Night, Seeds,
// AntiLife, ...), each optionally followed by a bounded-grid suffix (":T64,64", ":K40*,20", ...;
// see parse_bounds). Throws ParseError (line 1, the column of the offending character in `text`)
// when it is not such a rule.
RuleSpec parse_rule(std::string_view text);

// The well-known name of a rule, if it has one ("Conway's Life" for B3/S23).
std::optional<std::string_view> rule_name(const Rule& rule);

// Rules offered by name in menus: canonical text and name, Life first.
struct NamedRuleEntry {
  std::string_view rule;
  std::string_view name;
};
std::span<const NamedRuleEntry> well_known_rules();

}  // namespace gpulife
