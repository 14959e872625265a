// Random two-state rules for tests: Hensel-notation rules (as text, so parsing is exercised too)
// and MAP tables, with or without B0.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "core/hensel.hpp"
#include "core/rule.hpp"

namespace gpulife::testing {

// One part's counts: each count absent, whole, or some of its letters (plain or negated).
inline std::string random_counts(std::mt19937_64& rng, bool allow_zero) {
  std::string s;
  for (int n = allow_zero ? 0 : 1; n <= 8; ++n) {
    const int pick = int(rng() % 4);
    if (pick == 0) continue;
    s += char('0' + n);
    const std::string_view letters = hensel::letters(n);
    if (pick == 1 || letters.empty()) continue;
    if (pick == 3) s += '-';
    for (char c : letters)
      if (rng() % 2) s += c;
  }
  return s;
}

// A random isotropic rule in Hensel notation; B0 only when `b0` (then always).
inline Rule random_hensel_rule(std::mt19937_64& rng, bool b0) {
  std::string birth = random_counts(rng, false);
  if (b0) birth = "0" + birth;
  return parse_rule("B" + birth + "/S" + random_counts(rng, true)).rule;
}

// A random MAP table; B0 (entry 0) as asked, Smax (entry 511) as it falls.
inline Rule random_map_rule(std::mt19937_64& rng, bool b0) {
  RuleTable t;
  for (uint64_t& w : t.words) w = rng();
  t.set(0, b0);
  return Rule::from_table(t);
}

// A mix for engine comparisons: Hensel and MAP, with and without B0, B0 with and without Smax.
inline std::vector<Rule> random_rules(uint64_t seed, int count) {
  std::mt19937_64 rng(seed);
  std::vector<Rule> rules;
  for (int i = 0; i < count; ++i) {
    const bool b0 = i % 3 == 2;
    Rule r = i % 2 ? random_map_rule(rng, b0) : random_hensel_rule(rng, b0);
    if (b0 && i % 4 == 3) {  // make sure both kinds of B0 emulation come up
      RuleTable t = r.table();
      t.set(kNeighbourhoods - 1, !r.has_smax());
      r = Rule::from_table(t);
    }
    rules.push_back(r);
  }
  return rules;
}

}  // namespace gpulife::testing
