// Shared by the rule suites: random two-state rules (Hensel-notation rules, as text so parsing is
// exercised too, and MAP tables, with or without B0) and the checks every engine must pass.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/engine.hpp"
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

// B0 without Smax on a 100x10 torus holding one cell at (5, 5): after one generation every cell
// with no live neighbour was born, and every view of the state (population, store, hash,
// read_region, write_region) gives those true cells. Leaves the engine at generation 1 with
// (50, 2) cleared by an edit.
inline void expect_b0_truthful(Engine& e) {
  Grid start(100, 10, Topology::Torus);
  start.set(5, 5, true);
  e.set_rule(parse_rule("B0/S").rule);
  e.load(start);
  e.step(1);
  // Born wherever no neighbour lived: all but the cell (S is empty) and its 8 neighbours.
  EXPECT_EQ(e.population(), 1000u - 9u);
  Grid g;
  e.store(g);
  EXPECT_EQ(g.population(), 1000u - 9u);
  EXPECT_EQ(g.hash(), e.hash());
  EXPECT_TRUE(g.get(50, 2));
  EXPECT_FALSE(g.get(4, 4));
  EXPECT_FALSE(g.get(5, 5));
  const Grid patch = e.read_region(Box{3, 3, 7, 7});
  EXPECT_TRUE(patch.get(0, 0));
  EXPECT_FALSE(patch.get(1, 1));
  EXPECT_FALSE(patch.get(2, 2));
  // An edit writes true cells.
  e.write_region(Grid(1, 1), Cell{50, 2});
  EXPECT_EQ(e.population(), 1000u - 10u);
  EXPECT_FALSE(e.read_region(Box{50, 2, 50, 2}).get(0, 0));
}

}  // namespace gpulife::testing
