// Rule parsing and printing: every common spelling of Life-like rules and their names.
#include "core/rule.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/error.hpp"

namespace gpulife {
namespace {

struct NamedRule {
  std::string_view name;
  std::string_view rule;
};

// Names as Golly and LifeWiki spell them; matched ignoring case, spaces, '-', '_' and '&'.
constexpr std::array kNamedRules = {
    NamedRule{"Life", "B3/S23"},
    NamedRule{"Conway's Life", "B3/S23"},
    NamedRule{"Conway", "B3/S23"},
    NamedRule{"GameOfLife", "B3/S23"},
    NamedRule{"HighLife", "B36/S23"},
    NamedRule{"Day & Night", "B3678/S34678"},
    NamedRule{"DayAndNight", "B3678/S34678"},
    NamedRule{"Seeds", "B2/S"},
    NamedRule{"Life without Death", "B3/S012345678"},
    NamedRule{"LifeWithoutDeath", "B3/S012345678"},
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
    NamedRule{"Long Life", "B345/S5"},
    NamedRule{"DryLife", "B37/S23"},
    NamedRule{"Assimilation", "B345/S4567"},
    NamedRule{"Amoeba", "B357/S1358"},
    NamedRule{"Serviettes", "B234/S"},
    NamedRule{"Stains", "B3678/S235678"},
    NamedRule{"Walled Cities", "B45678/S2345"},
    NamedRule{"Coagulations", "B378/S235678"},
    NamedRule{"Pseudo Life", "B357/S238"},
    NamedRule{"3-4 Life", "B34/S34"},
    NamedRule{"Flakes", "B3/S012345678"},
};

// Canonical display names, one per rule (the first of the list above wins otherwise).
constexpr std::array kDisplayNames = {
    NamedRule{"Conway's Life", "B3/S23"},
    NamedRule{"HighLife", "B36/S23"},
    NamedRule{"Day & Night", "B3678/S34678"},
    NamedRule{"Seeds", "B2/S"},
    NamedRule{"Life without Death", "B3/S012345678"},
};

std::string squash(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_' || c == '&' || c == '\'') continue;
    out += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

[[noreturn]] void reject(std::string_view whole, const std::string& why) {
  throw Error("unknown rule \"" + std::string(whole) + "\": " + why +
              " (expected B/S notation such as B3/S23, S/B such as 23/3, or a name such as "
              "Life, HighLife, Seeds)");
}

// Parses a run of digits 0-8 into a mask; each digit at most once.
uint16_t parse_counts(std::string_view digits, std::string_view whole) {
  uint16_t mask = 0;
  for (char c : digits) {
    if (c < '0' || c > '8') {
      if (c == '9') reject(whole, "neighbour count 9 is impossible in the Moore neighbourhood");
      reject(whole, std::string("unexpected character '") + c + "'");
    }
    const uint16_t bit = uint16_t(1u << (c - '0'));
    if (mask & bit) reject(whole, std::string("neighbour count ") + c + " appears twice");
    mask |= bit;
  }
  return mask;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

Rule parse_rule_body(std::string_view body, std::string_view whole) {
  if (body.empty()) reject(whole, "the rule is empty");
  for (const auto& named : kNamedRules) {
    if (squash(named.name) == squash(body)) return parse_rule_body(named.rule, named.rule);
  }
  std::string lower;
  for (char c : body) lower += char(std::tolower(static_cast<unsigned char>(c)));

  // Split "B3/S23", "B3S23", "S23/B3", "b3s23" into B and S parts.
  const size_t b = lower.find('b');
  const size_t s = lower.find('s');
  if (b != std::string::npos || s != std::string::npos) {
    if (b == std::string::npos || s == std::string::npos)
      reject(whole, "B/S notation needs both a B and an S part");
    if (lower.find('b', b + 1) != std::string::npos || lower.find('s', s + 1) != std::string::npos)
      reject(whole, "B or S appears twice");
    auto digits_after = [&](size_t at, size_t other) {
      size_t end = other > at ? other : lower.size();
      std::string_view part(lower.data() + at + 1, end - at - 1);
      if (!part.empty() && part.back() == '/') part.remove_suffix(1);
      return part;
    };
    Rule rule;
    rule.birth = parse_counts(digits_after(b, s), whole);
    rule.survival = parse_counts(digits_after(s, b), whole);
    if (rule.birth & 1u) reject(whole, "B0 rules (birth with no neighbours) are not supported");
    return rule;
  }
  // Survival/birth: "23/3".
  const size_t slash = lower.find('/');
  if (slash == std::string::npos) reject(whole, "not a rule name or B/S notation");
  if (lower.find('/', slash + 1) != std::string::npos) reject(whole, "more than one '/'");
  Rule rule;
  rule.survival = parse_counts(std::string_view(lower).substr(0, slash), whole);
  rule.birth = parse_counts(std::string_view(lower).substr(slash + 1), whole);
  if (rule.birth & 1u) reject(whole, "B0 rules (birth with no neighbours) are not supported");
  return rule;
}

}  // namespace

std::string Rule::to_string() const {
  std::string s = "B";
  for (int n = 0; n <= 8; ++n)
    if (births(n)) s += char('0' + n);
  s += "/S";
  for (int n = 0; n <= 8; ++n)
    if (survives(n)) s += char('0' + n);
  return s;
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
      spec.bounds = parse_bounds(suffix);
    } catch (const Error& e) {
      reject(whole, e.what());
    }
  }
  spec.rule = parse_rule_body(body, whole);
  return spec;
}

std::optional<std::string_view> rule_name(const Rule& rule) {
  const std::string text = rule.to_string();
  for (const auto& named : kDisplayNames)
    if (named.rule == text) return named.name;
  for (const auto& named : kNamedRules)
    if (named.rule == text) return named.name;
  return std::nullopt;
}

}  // namespace gpulife
