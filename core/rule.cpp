// Rules: the transition table and what it says about itself, names, and parse_rule with its
// bounded-grid suffix (the body's notation lives in core/rule_text.cpp).
#include "core/rule.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>

#include "core/error.hpp"
#include "core/hensel.hpp"
#include "core/rule_text.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

struct NamedRule {
  std::string_view name;
  std::string_view rule;
};

// Names as Golly (its default named rules) and LifeWiki spell them; matched ignoring case,
// spaces, '-', '_', '&' and apostrophes.
constexpr std::array kNamedRules = {
    NamedRule{"Life", "B3/S23"},
    NamedRule{"Conway's Life", "B3/S23"},
    NamedRule{"Conway", "B3/S23"},
    NamedRule{"GameOfLife", "B3/S23"},
    NamedRule{"HighLife", "B36/S23"},
    NamedRule{"Day & Night", "B3678/S34678"},
    NamedRule{"Day and Night", "B3678/S34678"},
    NamedRule{"Seeds", "B2/S"},
    NamedRule{"Life without Death", "B3/S012345678"},
    NamedRule{"3-4 Life", "B34/S34"},
    NamedRule{"AntiLife", "B0123478/S01234678"},
    NamedRule{"Plow World", "B378/S012345678"},
    NamedRule{"Persian Rug", "B234/S"},
    NamedRule{"Serviettes", "B234/S"},
    NamedRule{"LongLife", "B345/S5"},
    NamedRule{"2x2", "B36/S125"},
    NamedRule{"Maze", "B3/S12345"},
    NamedRule{"Mazectric", "B3/S1234"},
    NamedRule{"Replicator", "B1357/S1357"},
    NamedRule{"Fredkin", "B1357/S02468"},
    NamedRule{"Diamoeba", "B35678/S5678"},
    NamedRule{"Morley", "B368/S245"},
    NamedRule{"Move", "B368/S245"},
    NamedRule{"Anneal", "B4678/S35678"},
    NamedRule{"Coral", "B3/S45678"},
    NamedRule{"Gnarl", "B1/S1"},
    NamedRule{"DryLife", "B37/S23"},
    NamedRule{"Assimilation", "B345/S4567"},
    NamedRule{"Amoeba", "B357/S1358"},
    NamedRule{"Stains", "B3678/S235678"},
    NamedRule{"Walled Cities", "B45678/S2345"},
    NamedRule{"Coagulations", "B378/S235678"},
    NamedRule{"Pseudo Life", "B357/S238"},
    NamedRule{"Flakes", "B3/S012345678"},
    NamedRule{"Just Friends", "B2-a/S12"},
    NamedRule{"tDryLife", "B37/S2-i34q"},
};

// Rules offered in menus, with their display names (the first of the list above otherwise).
constexpr std::array kWellKnown = {
    NamedRuleEntry{"B3/S23", "Conway's Life"},
    NamedRuleEntry{"B36/S23", "HighLife"},
    NamedRuleEntry{"B3678/S34678", "Day & Night"},
    NamedRuleEntry{"B2/S", "Seeds"},
    NamedRuleEntry{"B3/S012345678", "Life without Death"},
    NamedRuleEntry{"B34/S34", "3-4 Life"},
    NamedRuleEntry{"B36/S125", "2x2"},
    NamedRuleEntry{"B368/S245", "Morley"},
    NamedRuleEntry{"B1357/S1357", "Replicator"},
    NamedRuleEntry{"B35678/S5678", "Diamoeba"},
    NamedRuleEntry{"B0123478/S01234678", "AntiLife"},
    NamedRuleEntry{"B2-a/S12", "Just Friends"},
    NamedRuleEntry{"B37/S2-i34q", "tDryLife"},
    NamedRuleEntry{"B3/S23-a4ei6", ""},
    NamedRuleEntry{"B2-a5/S1e2-a35678", ""},
    NamedRuleEntry{"B2/S34H", ""},
    NamedRuleEntry{"B13/S012V", ""},
};

std::string squash(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_' || c == '&' || c == '\'') continue;
    out += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

RuleTable totalistic_table(uint16_t birth, uint16_t survival) {
  RuleTable t;
  for (int k = 0; k < kNeighbourhoods; ++k) {
    const int n = std::popcount(unsigned(k & ~(1 << kCentreBit)));
    t.set(k, ((((k >> kCentreBit) & 1) ? survival : birth) >> n) & 1u);
  }
  return t;
}

// Birth and survival masks over the counts of `neighbours` (a mask of Moore bits), if the
// table depends on nothing else.
std::optional<std::pair<uint16_t, uint16_t>> count_masks(const RuleTable& t, int neighbours) {
  std::array<int8_t, 18> seen;
  seen.fill(-1);
  for (int k = 0; k < kNeighbourhoods; ++k) {
    const int slot = std::popcount(unsigned(k & neighbours)) + 9 * ((k >> kCentreBit) & 1);
    const int8_t v = int8_t(t.get(k));
    if (seen[size_t(slot)] >= 0 && seen[size_t(slot)] != v) return std::nullopt;
    seen[size_t(slot)] = v;
  }
  uint16_t birth = 0, survival = 0;
  for (int n = 0; n <= 8; ++n) {
    if (seen[size_t(n)] > 0) birth |= uint16_t(1u << n);
    if (seen[size_t(9 + n)] > 0) survival |= uint16_t(1u << n);
  }
  return std::make_pair(birth, survival);
}

bool isotropic(const RuleTable& t) {
  for (int k = 0; k < kNeighbourhoods; ++k) {
    int images[8];
    hensel::symmetries(k & ~(1 << kCentreBit), images);
    for (int image : images)
      if (t.get(image | (k & (1 << kCentreBit))) != t.get(k)) return false;
  }
  return true;
}

}  // namespace

RuleTable RuleTable::inverted() const {
  RuleTable t;
  for (size_t i = 0; i < words.size(); ++i) t.words[i] = ~words[i];
  return t;
}

RuleTable RuleTable::reversed() const {
  RuleTable t;
  for (int k = 0; k < kNeighbourhoods; ++k) t.set(k, get(kNeighbourhoods - 1 - k));
  return t;
}

Rule::Rule() : Rule(1u << 3, (1u << 2) | (1u << 3)) {}

Rule::Rule(uint16_t birth, uint16_t survival)
    : table_(totalistic_table(birth & 0x1FF, survival & 0x1FF)),
      birth_(birth & 0x1FF),
      survival_(survival & 0x1FF) {}

Rule Rule::from_table(const RuleTable& table, RuleNotation notation, Neighbourhood neighbourhood) {
  const int reads = rule_text::neighbour_mask(neighbourhood) | (1 << kCentreBit);
  for (int k = 0; k < kNeighbourhoods; ++k)
    if (table.get(k) != table.get(k & reads))
      throw Error(
          "a " +
          std::string(neighbourhood == Neighbourhood::Hexagonal ? "hexagonal" : "von Neumann") +
          " rule's table may not depend on the cells outside its neighbourhood");
  if (notation == RuleNotation::Totalistic &&
      !count_masks(table, rule_text::neighbour_mask(neighbourhood)))
    throw Error("the table is not totalistic, so it cannot be written in B/S counts");
  if (notation == RuleNotation::Isotropic &&
      (neighbourhood != Neighbourhood::Moore || !isotropic(table)))
    throw Error("Hensel's letters need an isotropic table on the Moore neighbourhood");
  Rule r;
  r.table_ = table;
  r.notation_ = notation;
  r.neighbourhood_ = neighbourhood;
  const auto masks = count_masks(table, 0x1EF);
  r.outer_totalistic_ = masks.has_value();
  r.birth_ = masks ? masks->first : 0;
  r.survival_ = masks ? masks->second : 0;
  return r;
}

uint16_t Rule::birth() const {
  if (!outer_totalistic_)
    throw Error("rule " + to_string() + " is not outer-totalistic: it has no birth counts");
  return birth_;
}

uint16_t Rule::survival() const {
  if (!outer_totalistic_)
    throw Error("rule " + to_string() + " is not outer-totalistic: it has no survival counts");
  return survival_;
}

bool Rule::is_life() const {
  return table_ == life().table_;
}

std::string Rule::to_string() const {
  return rule_text::format(*this);
}

std::string RuleSpec::to_string() const {
  std::string s = rule.to_string();
  if (bounds) s += bounds->to_string();
  return s;
}

RuleSpec parse_rule(std::string_view text) {
  const std::string_view whole = trim(text);
  std::string_view body = whole;
  RuleSpec spec;
  if (const size_t colon = body.find(':'); colon != std::string_view::npos) {
    std::string_view suffix = trim(body.substr(colon + 1));
    body = trim(body.substr(0, colon));
    try {
      spec.bounds = parse_suffix(suffix);
    } catch (const Error& e) {
      // At the suffix, as errors in the rule's body are.
      throw ParseError("rule", 1, 1 + int64_t(colon + (whole.data() - text.data())),
                       "bad bounded grid \"" + text::excerpt(whole.substr(colon)) +
                           "\": " + e.what() + " in rule \"" + text::excerpt(whole) + "\"");
    }
  }
  for (const auto& named : kNamedRules) {
    if (!body.empty() && squash(named.name) == squash(body)) {
      spec.rule = rule_text::parse_body(named.rule, named.rule, 1);
      return spec;
    }
  }
  // Columns count from the caller's text, leading blanks included.
  spec.rule = rule_text::parse_body(body, whole, 1 + int64_t(body.data() - text.data()));
  return spec;
}

std::optional<std::string_view> rule_name(const Rule& rule) {
  const std::string text = rule.to_string();
  for (const auto& known : kWellKnown)
    if (known.rule == text && !known.name.empty()) return known.name;
  for (const auto& named : kNamedRules)
    if (named.rule == text) return named.name;
  return std::nullopt;
}

std::span<const NamedRuleEntry> well_known_rules() {
  return kWellKnown;
}

}  // namespace gpulife
