// Tests for rule parsing (every common spelling, names, bounded-grid suffixes) and printing of
// Life-like rules, and the table every rule is run from.
#include <gtest/gtest.h>

#include <bit>
#include <initializer_list>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/rule.hpp"

namespace gpulife {
namespace {

Rule bs(uint16_t birth, uint16_t survival) {
  return Rule{birth, survival};
}

uint16_t mask(std::initializer_list<int> counts) {
  uint16_t m = 0;
  for (int c : counts) m |= uint16_t(1u << c);
  return m;
}

// The message of the Error thrown by parse_rule(text), or "" when it does not throw.
std::string rejection(const std::string& text) {
  try {
    parse_rule(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Each (text, canonical) case: the text parses to the rule printed as the canonical text.
void expect_canonical(std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (const auto& [text, canonical] : cases) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_rule(text).to_string(), canonical);
  }
}

TEST(Rule, ConwaySpellings) {
  for (const char* text :
       {"B3/S23", "b3/s23", "b3s23", "B3S23", "S23/B3", "s23b3", "23/3", "B3/23", "23/B3", "S23/3",
        "3/S23", "  B3/S23  ", "Life", "life", "Conway's Life", "CONWAY"}) {
    SCOPED_TRACE(text);
    const RuleSpec spec = parse_rule(text);
    EXPECT_TRUE(spec.rule.is_life());
    EXPECT_FALSE(spec.bounds.has_value());
    EXPECT_EQ(spec.to_string(), "B3/S23");
  }
}

TEST(Rule, OtherRulesInEverySpelling) {
  EXPECT_EQ(parse_rule("B36/S23").rule, bs(mask({3, 6}), mask({2, 3})));
  EXPECT_EQ(parse_rule("23/36").rule, bs(mask({3, 6}), mask({2, 3})));
  EXPECT_EQ(parse_rule("S23/B36").rule, bs(mask({3, 6}), mask({2, 3})));
  EXPECT_EQ(parse_rule("b3678s34678").rule, bs(mask({3, 6, 7, 8}), mask({3, 4, 6, 7, 8})));
  EXPECT_EQ(parse_rule("B2/S").rule, bs(mask({2}), 0));
  EXPECT_EQ(parse_rule("/2").rule, bs(mask({2}), 0));
  // One part may leave out its letter (Golly reads the other letter there).
  EXPECT_EQ(parse_rule("B36/23").rule, bs(mask({3, 6}), mask({2, 3})));
  EXPECT_EQ(parse_rule("/S23").rule, bs(0, mask({2, 3})));
  EXPECT_EQ(parse_rule("B3/23H").to_string(), "B3/S23H");
  EXPECT_EQ(parse_rule("B2-a/12").to_string(), "B2-a/S12");
  EXPECT_THROW(parse_rule("3/23/B3"), ParseError);
  EXPECT_THROW(parse_rule("B3/S23/4"), ParseError);
  EXPECT_EQ(parse_rule("B3/S012345678").rule, bs(mask({3}), 0x1FF));
}

TEST(Rule, Names) {
  expect_canonical({{"HighLife", "B36/S23"},
                    {"Day & Night", "B3678/S34678"},
                    {"DayAndNight", "B3678/S34678"},
                    {"Seeds", "B2/S"},
                    {"Life without Death", "B3/S012345678"},
                    {"2x2", "B36/S125"},
                    {"Maze", "B3/S12345"},
                    {"Replicator", "B1357/S1357"}});
}

TEST(Rule, DisplayNames) {
  EXPECT_EQ(rule_name(Rule::life()), "Conway's Life");
  EXPECT_EQ(rule_name(parse_rule("B36/S23").rule), "HighLife");
  EXPECT_EQ(rule_name(parse_rule("B3678/S34678").rule), "Day & Night");
  EXPECT_FALSE(rule_name(parse_rule("B34/S456").rule).has_value());
}

TEST(Rule, CanonicalTextIsSorted) {
  expect_canonical({{"B63/S32", "B36/S23"}, {"S/B2", "B2/S"}});
}

TEST(Rule, BoundedGridSuffix) {
  RuleSpec torus = parse_rule("B3/S23:T64,32");
  ASSERT_TRUE(torus.bounds.has_value());
  EXPECT_EQ(torus.bounds->topology, Topology::Torus);
  EXPECT_EQ(torus.bounds->width, 64);
  EXPECT_EQ(torus.bounds->height, 32);
  EXPECT_EQ(torus.to_string(), "B3/S23:T64,32");

  RuleSpec plane = parse_rule("HighLife:P30,20");
  ASSERT_TRUE(plane.bounds.has_value());
  EXPECT_EQ(plane.bounds->topology, Topology::Plane);
  EXPECT_EQ(plane.to_string(), "B36/S23:P30,20");

  EXPECT_EQ(parse_rule("b3s23:t10,10").to_string(), "B3/S23:T10,10");
  EXPECT_EQ(parse_rule("B3/S23:T0,50").to_string(), "B3/S23:T0,50");  // unbounded width
}

// Every rule parse_rule accepts prints to text that parses back to the same rule.
TEST(Rule, EveryRuleRoundTrips) {
  for (uint16_t birth = 0; birth < 512; ++birth) {
    for (uint16_t survival = 0; survival < 512; ++survival) {
      const RuleSpec spec{bs(birth, survival), std::nullopt};
      const RuleSpec back = parse_rule(spec.to_string());
      ASSERT_EQ(back, spec) << spec.to_string();
    }
  }
}

TEST(Rule, RejectsWithTheText) {
  for (const char* text : {"B3/S23/G4",
                           "LifeHistory",
                           "R2,C0,M1,S2..3,B3..3,NM",
                           "B9/S23",
                           "B3/S239",
                           "hello",
                           "",
                           "B3/S23:X5,5",
                           "B3/S23:S0",
                           "B3/S23:Tx,5",
                           "1/2/3",
                           "B3/S23:K0,5",
                           "3",
                           "23",
                           "B3//S23",
                           "B3/S23/",
                           "B3 S23",
                           "W110",
                           "B3/S23B4",
                           "B3/S2x",
                           "B45/S5V",
                           "B7/S6H",
                           "B2a/SV"}) {
    SCOPED_TRACE(text);
    const std::string message = rejection(text);
    ASSERT_FALSE(message.empty()) << "accepted";
    EXPECT_NE(message.find('"' + std::string(text) + '"'), std::string::npos) << message;
  }
}

// A message quotes a long rule by its start and end only, whatever its length.
TEST(Rule, LongRulesAreQuotedShort) {
  for (const std::string& text :
       {"B" + std::string(100000, '3') + "/S23x", "B3/S23:T" + std::string(5000, '1') + ",5"}) {
    const std::string message = rejection(text);
    ASSERT_FALSE(message.empty());
    EXPECT_LT(message.size(), 500u) << message.substr(0, 500);
    EXPECT_NE(message.find(std::to_string(text.size()) + " characters"), std::string::npos)
        << message;
  }
}

// Generations rules (S/B/C as Golly writes them, B/S/C as LifeWiki does) with two states are
// their Life-like rule; with more they are refused for what they are, at the state count.
TEST(Rule, GenerationsRulesOfTwoStates) {
  expect_canonical({{"23/3/2", "B3/S23"},
                    {"B3/S23/C2", "B3/S23"},
                    {"b36s23/c2", "B36/S23"},
                    {"/2/2", "B2/S"},
                    {"12/34/2", "B34/S12"},
                    {"B2-a/S12/C2", "B2-a/S12"},
                    {"23/36/2:T20,10", "B36/S23:T20,10"}});
  for (const auto& [text, column] : {std::pair<const char*, int>{"345/3/6", 7},
                                     {"B2/S/C3", 7},
                                     {"2367/3457/5", 11},
                                     {"12/34/256", 7}}) {
    SCOPED_TRACE(text);
    const std::string message = rejection(text);
    EXPECT_NE(message.find("rule:1:" + std::to_string(column) + ":"), std::string::npos) << message;
    EXPECT_NE(message.find("multi-state"), std::string::npos) << message;
    EXPECT_NE(message.find(std::string(text).substr(size_t(column - 1)) + " states"),
              std::string::npos)
        << message;
  }
  EXPECT_NE(rejection("23/3/1").find("at least 2 states"), std::string::npos);
  EXPECT_NE(rejection("23/3/x").find("number of states"), std::string::npos);
  EXPECT_NE(rejection("23/3/2/2").find("number of states"), std::string::npos);
}

// Golly's multi-state rule families are named as rules gpulife does not know, digits or not,
// rather than read as B/S notation gone wrong.
TEST(Rule, MultiStateNamesAreNames) {
  for (const char* text :
       {"Turmite_1202822111121111812a0281282", "JvN29", "Nobili32", "Hutton32", "Worm-1040512",
        "Chou-Reggia-1", "Codd2", "WireWorld", "LangtonsAnt_LLRR", "Evoloop"}) {
    SCOPED_TRACE(text);
    const std::string message = rejection(text);
    EXPECT_NE(message.find("rule:1:1: not a rule name gpulife knows"), std::string::npos)
        << message;
  }
}

// Golly's leniencies: a missing part is empty, repeated counts are merged.
TEST(Rule, GollyLeniencies) {
  expect_canonical({{"B3", "B3/S"},
                    {"S23", "B/S23"},
                    {"B3/", "B3/S"},
                    {"2/", "B/S2"},
                    {"B33/S23", "B3/S23"},
                    {"B3_S23", "B3/S23"},
                    {"BS", "B/S"},
                    {"S2B3", "B3/S2"}});
}

// The table agrees with the masks for every Life-like rule, B0 included.
TEST(Rule, TableOfLifeLikeRules) {
  for (uint16_t birth : {uint16_t(0), uint16_t(1), uint16_t(8), uint16_t(0x1FF), uint16_t(0x155)})
    for (uint16_t survival = 0; survival < 512; survival += 7) {
      const Rule r = bs(birth, survival);
      ASSERT_TRUE(r.is_outer_totalistic());
      for (int k = 0; k < kNeighbourhoods; ++k) {
        const int n = std::popcount(unsigned(k & ~(1 << kCentreBit)));
        const bool alive = (k >> kCentreBit) & 1;
        ASSERT_EQ(r.next(k), alive ? r.survives(n) : r.births(n)) << r.to_string() << " " << k;
      }
      EXPECT_EQ(r.has_b0(), (birth & 1) != 0);
      EXPECT_EQ(r.has_smax(), (survival >> 8) != 0);
    }
  EXPECT_TRUE(Rule::life().is_life());
  EXPECT_FALSE(bs(mask({3, 6}), mask({2, 3})).is_life());
}

}  // namespace
}  // namespace gpulife
