// Tests for MAP rules (Moore, hexagonal and von Neumann base64 tables) and the hexagonal and
// von Neumann totalistic suffixes.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>

#include "core/error.hpp"
#include "core/rule.hpp"

namespace gpulife {
namespace {

// Golly's help gives Life as a MAP rule.
constexpr const char* kLifeMap =
    "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA";

TEST(MapRule, LifeAsMap) {
  const Rule r = parse_rule(kLifeMap).rule;
  EXPECT_TRUE(r.is_life());
  EXPECT_TRUE(r.is_outer_totalistic());
  EXPECT_EQ(r.notation(), RuleNotation::Map);
  EXPECT_EQ(r.to_string(), kLifeMap);
  EXPECT_NE(r, Rule::life());  // same table, written differently
  EXPECT_EQ(r.table(), Rule::life().table());
  EXPECT_EQ(parse_rule(std::string(kLifeMap) + "==").rule, r);
  EXPECT_EQ(parse_rule("map" + std::string(kLifeMap).substr(3)).rule, r);
  // B/S text of the same table prints it back as MAP.
  EXPECT_EQ(Rule::from_table(Rule::life().table()).to_string(), kLifeMap);
}

TEST(MapRule, RandomTablesRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    RuleTable t;
    for (uint64_t& w : t.words) w = rng();
    const Rule r = Rule::from_table(t);
    const std::string text = r.to_string();
    ASSERT_EQ(text.size(), 89u);
    EXPECT_EQ(parse_rule(text).rule, r) << text;
    EXPECT_EQ(parse_rule(text).rule.table(), t);
  }
}

TEST(MapRule, HexagonalAndVonNeumannTables) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100; ++i) {
    for (Neighbourhood nb : {Neighbourhood::Hexagonal, Neighbourhood::VonNeumann}) {
      const int ignored = nb == Neighbourhood::Hexagonal ? (1 << 6) | (1 << 2) : 0x145;
      RuleTable t;
      const uint64_t seed = rng();
      for (int k = 0; k < kNeighbourhoods; ++k) {
        const int base = k & ~ignored;
        t.set(k, (std::mt19937_64(seed ^ uint64_t(base))() >> 7) & 1);
      }
      const Rule r = Rule::from_table(t, RuleNotation::Map, nb);
      const std::string text = r.to_string();
      EXPECT_EQ(text.size(), nb == Neighbourhood::Hexagonal ? 25u : 9u) << text;
      EXPECT_EQ(parse_rule(text).rule, r) << text;
    }
  }
}

// Entries checked against bgolly: a hexagonal or von Neumann MAP rule with one entry set
// gives birth exactly where that entry's cells are alive.
TEST(MapRule, CellOrderOfGolly) {
  const int s = 1 << 1, e = 1 << 3, w = 1 << 5, n = 1 << 7, nw = 1 << 8, se = 1 << 0;
  const int c = 1 << kCentreBit;
  // von Neumann entry 1 is S alone; 2 E, 4 C, 8 W, 16 N.
  EXPECT_TRUE(parse_rule("MAPQAAAAA").rule.next(s));
  EXPECT_FALSE(parse_rule("MAPQAAAAA").rule.next(e));
  EXPECT_TRUE(parse_rule("MAPIAAAAA").rule.next(e));
  EXPECT_TRUE(parse_rule("MAPAACAAA").rule.next(n));  // entry 16
  EXPECT_TRUE(parse_rule("MAPAIAAAA").rule.next(w));  // entry 8
  // Hexagonal entries 1, 2, 4, 8, 16, 32, 64: N, NW, E, C, W, SE, S.
  const char* hex[7] = {"MAPQAAAAAAAAAAAAAAAAAAAAA", "MAPIAAAAAAAAAAAAAAAAAAAAA",
                        "MAPCAAAAAAAAAAAAAAAAAAAAA", "MAPAIAAAAAAAAAAAAAAAAAAAA",
                        "MAPAACAAAAAAAAAAAAAAAAAAA", "MAPAAAAAIAAAAAAAAAAAAAAAA",
                        "MAPAAAAAAAAAACAAAAAAAAAAA"};
  const int cells[7] = {n, nw, e, c, w, se, s};
  for (int i = 0; i < 7; ++i) {
    const Rule r = parse_rule(hex[i]).rule;
    EXPECT_EQ(r.neighbourhood(), Neighbourhood::Hexagonal);
    for (int j = 0; j < 7; ++j) EXPECT_EQ(r.next(cells[j]), i == j) << i << " " << j;
    EXPECT_TRUE(r.next(cells[i] | (1 << 6) | (1 << 2)));  // NE and SW are ignored
  }
}

TEST(MapRule, Errors) {
  const std::pair<const char*, int64_t> cases[] = {
      {"MAP", 4},
      {"MAPAB", 6},
      {"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAA",
       89},
      {"MAPARYXfh!ofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
       10},
      {"MAPAAAAAA=", 10},
  };
  for (const auto& [text, column] : cases) {
    SCOPED_TRACE(text);
    try {
      parse_rule(text);
      ADD_FAILURE() << "accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.column(), column) << e.what();
    }
  }
}

TEST(TotalisticSuffix, HexagonalAndVonNeumann) {
  const Rule v = parse_rule("B13/S012V").rule;
  EXPECT_EQ(v.neighbourhood(), Neighbourhood::VonNeumann);
  EXPECT_EQ(v.to_string(), "B13/S012V");
  EXPECT_FALSE(v.is_outer_totalistic());
  const int n = 1 << 7, nw = 1 << 8, ne = 1 << 6;
  EXPECT_TRUE(v.next(n));            // one orthogonal neighbour: born
  EXPECT_FALSE(v.next(nw));          // corners are not neighbours
  EXPECT_TRUE(v.next(n | nw | ne));  // still one
  const Rule h = parse_rule("b245/s3h").rule;
  EXPECT_EQ(h.to_string(), "B245/S3H");
  EXPECT_TRUE(h.next(n | nw));   // two hexagonal neighbours
  EXPECT_FALSE(h.next(n | ne));  // NE is not one
  EXPECT_EQ(parse_rule("B2/S2H").rule.to_string(), "B2/S2H");
  EXPECT_EQ(parse_rule("B3/S23v").rule.to_string(), "B3/S23V");
  EXPECT_EQ(parse_rule("B/SV").rule.to_string(), "B/SV");
}

}  // namespace
}  // namespace gpulife
