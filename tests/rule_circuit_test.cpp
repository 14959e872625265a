// Tests for the rule compiler: every circuit computes its rule exactly, for every kind of rule,
// and the common rules compile to few gates.
#include "core/rule_circuit.hpp"

#include <gtest/gtest.h>

#include "tests/rule_test_support.hpp"

namespace gpulife {
namespace {

void expect_exact(const Rule& rule, const Circuit& c) {
  for (int k = 0; k < kNeighbourhoods; ++k) ASSERT_EQ(c.evaluate(k), rule.next(k)) << k;
}

TEST(RuleCircuit, ExactForNamedAndNotatedRules) {
  for (const char* text :
       {"B3/S23", "B36/S23", "B2/S", "B/S", "B012345678/S012345678", "B2-a/S12", "B3/S23-a4ei6",
        "B37/S2-i34q", "B13/S012V", "B2/S34H", "B0/S8", "B1/S", "B/S0", "B8/S8",
        "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAA"
        "A"}) {
    SCOPED_TRACE(text);
    const Rule r = parse_rule(text).rule;
    const Circuit c = compile_rule(r);
    expect_exact(r, c);
    EXPECT_LE(c.features(), 5);
  }
}

TEST(RuleCircuit, ExactForRandomRules) {
  for (const Rule& r : testing::random_rules(42, 60)) {
    SCOPED_TRACE(r.to_string());
    expect_exact(r, compile_rule(r));
  }
}

// The row features of a dead row are dead: rows beyond a plane's edge need no computing.
TEST(RuleCircuit, RowFeaturesOfDeadCellsAreDead) {
  for (const Rule& r : testing::random_rules(5, 20)) {
    const Circuit c = compile_rule(r);
    for (const CircuitGate& g : c.row_gates) EXPECT_EQ(g.lut & 1, 0) << r.to_string();
  }
}

// Gates per cell: Life near its hand-written 9, a typical isotropic rule within twice that,
// and a random table well below the plain decision diagram's 85 to 96 (the cover makes 59 to 69).
TEST(RuleCircuit, FewGates) {
  EXPECT_LE(compile_rule(Rule::life()).cost(), 12);
  EXPECT_LE(compile_rule(parse_rule("B2-a/S12").rule).cost(), 18);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 3; ++i)
    EXPECT_LE(compile_rule(testing::random_map_rule(rng, false)).cost(), 75);
}

TEST(RuleCircuit, DescribesEveryGate) {
  const Circuit c = compile_rule(Rule::life());
  const std::string text = c.describe();
  size_t lines = 0;
  for (char ch : text) lines += ch == '\n';
  EXPECT_EQ(lines, c.row_gates.size() + c.gates.size() + 1);
  EXPECT_NE(text.find("next = "), std::string::npos);
}

}  // namespace
}  // namespace gpulife
