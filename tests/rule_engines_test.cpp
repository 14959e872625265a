// Tests for every two-state rule on the CPU engines: cpu-simd's circuits against the reference
// engine's table for many random rules, and the B0 emulation's truthful state.
#include <gtest/gtest.h>

#include <string>

#include "core/reference_engine.hpp"
#include "core/rule_phases.hpp"
#include "core/simd_engine.hpp"
#include "tests/rule_test_support.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

Grid soup(int64_t w, int64_t h, Topology t, uint64_t seed, double density) {
  Grid g(w, h, t);
  g.randomize(density, seed);
  return g;
}

Grid run(Engine& e, const Rule& rule, const Grid& start, uint64_t generations) {
  e.set_rule(rule);
  e.load(start);
  e.step(generations);
  Grid out = test::state(e);
  return out;
}

std::vector<Params> simd_settings() {
  std::vector<Params> p = {{{"isa", 1}, {"threads", 1}, {"generations_per_pass", 3}},
                           {{"threads", 2}, {"generations_per_pass", 4}, {"band_rows", 8}}};
  if (simd_isa_supported(SimdIsa::Avx2)) p.push_back({{"isa", 2}, {"generations_per_pass", 1}});
  if (simd_isa_supported(SimdIsa::Avx512))
    p.push_back({{"isa", 3}, {"generations_per_pass", 5}, {"band_rows", 16}});
  return p;
}

// Random Hensel and MAP rules, with and without B0, on odd sizes of both topologies (widths
// that end mid-word and ones past a vector), every instruction set and several pass depths.
TEST(RuleEngines, SimdCircuitsMatchTheTable) {
  auto ref = make_reference_engine();
  auto simd = make_simd_engine();
  const std::vector<Params> settings = simd_settings();
  int index = 0;
  for (const Rule& rule : testing::random_rules(2024, 36)) {
    SCOPED_TRACE(rule.to_string());
    const Topology topology = index % 2 ? Topology::Torus : Topology::Plane;
    const int64_t w = index % 3 == 0 ? 71 : (index % 3 == 1 ? 130 : 517);
    const Grid start = soup(w, 23 + index % 7, topology, uint64_t(index), 0.3 + 0.05 * (index % 8));
    const Grid expected = run(*ref, rule, start, 7);
    simd->set_params(settings[size_t(index) % settings.size()]);
    const Grid got = run(*simd, rule, start, 7);
    ASSERT_EQ(got, expected) << "settings " << index % settings.size();
    EXPECT_EQ(simd->population(), expected.population());
    EXPECT_EQ(simd->hash(), expected.hash());
    ++index;
  }
}

// The same rule stepped in pieces lands where one long step does (the B0 phase carries across
// calls and passes of any depth).
TEST(RuleEngines, PhaseCarriesAcrossSteps) {
  auto ref = make_reference_engine();
  auto simd = make_simd_engine();
  for (const char* text : {"B013568/S01", "B0123478/S01234678", "B02-a/S12", "B2-a/S12"}) {
    SCOPED_TRACE(text);
    const Rule rule = parse_rule(text).rule;
    const Grid start = soup(90, 40, Topology::Torus, 3, 0.4);
    const Grid expected = run(*ref, rule, start, 9);
    simd->set_params({{"generations_per_pass", 2}});
    simd->set_rule(rule);
    simd->load(start);
    for (uint64_t g : {1, 3, 2, 3}) simd->step(g);
    Grid got = test::state(*simd);
    EXPECT_EQ(got, expected);
    EXPECT_EQ(simd->generation(), 9u);
  }
}

// The phases Golly's help gives: B03/S23 steps as B1245678/S0145678 and B56/S58; AntiLife runs
// as Life on the complement.
TEST(RulePhases, AsGollyDescribes) {
  const RulePhases p = rule_phases(parse_rule("B03/S23").rule);
  EXPECT_EQ(p.step[0].to_string(), "B1245678/S0145678");
  EXPECT_EQ(p.step[1].to_string(), "B56/S58");
  EXPECT_FALSE(p.inverted[0]);
  EXPECT_TRUE(p.inverted[1]);
  EXPECT_TRUE(p.alternates());
  const RulePhases anti = rule_phases(parse_rule("AntiLife").rule);
  EXPECT_TRUE(anti.step[0].is_life());
  EXPECT_TRUE(anti.inverted[0] && anti.inverted[1]);
  EXPECT_FALSE(anti.alternates());
  const RulePhases life = rule_phases(Rule::life());
  EXPECT_FALSE(life.emulated());
  EXPECT_EQ(life.step[0], Rule::life());
  // Every step rule is free of B0, so the background beyond a plane stays dead.
  for (const Rule& r : testing::random_rules(9, 30)) {
    const RulePhases q = rule_phases(r);
    EXPECT_FALSE(q.step[0].has_b0()) << r.to_string();
    EXPECT_FALSE(q.step[1].has_b0()) << r.to_string();
  }
  // The non-totalistic example of Golly's help (whose "1-c" Golly itself writes "1e").
  const RulePhases nt = rule_phases(parse_rule("B0124-k/S1c25").rule);
  EXPECT_EQ(nt.step[0].table(), parse_rule("B34k5678/S01-c34678").rule.table());
  EXPECT_EQ(nt.step[1].table(), parse_rule("B367c/S4-k678").rule.table());
  EXPECT_EQ(Rule::from_table(nt.step[1].table(), RuleNotation::Isotropic).to_string(),
            "B367c/S4-k678");
}

// B0 without Smax: on a torus the true background flashes, and every view of the state says so.
TEST(RuleEngines, B0StateIsTruthful) {
  for (auto make : {make_reference_engine, make_simd_engine}) {
    auto e = make();
    SCOPED_TRACE(e->info().name);
    testing::expect_b0_truthful(*e);
    e->step(1);
    EXPECT_EQ(e->generation(), 2u);
  }
}

// Changing the rule keeps the true cells, also out of an inverted phase.
TEST(RuleEngines, RuleChangeKeepsTrueCells) {
  for (auto make : {make_reference_engine, make_simd_engine}) {
    auto e = make();
    const Grid start = soup(64, 20, Topology::Torus, 8, 0.5);
    e->set_rule(parse_rule("B0/S").rule);
    e->load(start);
    e->step(3);
    Grid before = test::state(*e);
    e->set_rule(Rule::life());
    Grid after = test::state(*e);
    EXPECT_EQ(after, before) << e->info().name;
    EXPECT_EQ(e->generation(), 3u);
  }
}

TEST(RulePhases, GollyRepresentation) {
  const Rule knight = parse_rule("B013568/S01").rule;
  EXPECT_FALSE(golly_inverts(knight, 0));
  EXPECT_TRUE(golly_inverts(knight, 1));
  EXPECT_FALSE(golly_inverts(knight, 300));
  EXPECT_TRUE(golly_inverts(parse_rule("AntiLife").rule, 0));
  EXPECT_FALSE(golly_inverts(Rule::life(), 1));
  Grid g(70, 3);
  g.set(69, 2, true);
  invert_cells(g);
  EXPECT_EQ(g.population(), 209u);
  EXPECT_FALSE(g.get(69, 2));
  EXPECT_EQ(g.row(0)[1] >> 6, 0u);  // bits past the width stay zero
}

}  // namespace
}  // namespace gpulife
