// Tests for the Life 1.06 reader and writer.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/pattern_formats.hpp"

#include "parse_error_support.hpp"

namespace gpulife {
namespace {

// Where and why reading a text fails.
constexpr test::ReaderErrors parse_error{parse_life106, "test.lif"};

TEST(Life106Read, Glider) {
  const Pattern p = parse_life106("#Life 1.06\n0 -1\n1 0\n-1 1\n0 1\n1 1\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{0, -1}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}));
}

TEST(Life106Read, SixtyFourBitCoordinatesAndSpacing) {
  const Pattern p = parse_life106(
      "#Life 1.06\r\n  2305843009213693952\t-2305843009213693952  \r\n\r\n+5 6\r\n5 6\r\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{kMaxCoordinate, -kMaxCoordinate}, {5, 6}}));
}

TEST(Life106Read, DescriptionRuleAndMissingHeader) {
  const Pattern p = parse_life106(
      "#Life 1.06\n#D Name: Blinker\n#D Author: John Conway\n#D period 2\n#R 23/36\n0 0\n1 0\n"
      "2 0\n");
  EXPECT_TRUE(test::has_metadata(p, "Blinker", "John Conway", {"period 2"}));
  EXPECT_EQ(p.rule.to_string(), "B36/S23");
  EXPECT_EQ(p.population(), 3u);
  EXPECT_TRUE(parse_life106("#N\n1 2\n").rule.rule.is_life());
  // Other '#' lines are descriptions, read the same way as #D (found by fuzzing).
  const Pattern q = parse_life106("#Author: A\n#X note\n");
  EXPECT_TRUE(test::has_metadata(q, "", "A", {"X note"}));
  EXPECT_EQ(parse_life106(write_life106(q)).author, "A");
  EXPECT_EQ(parse_life106("1 2\n3 4").population(), 2u);
}

TEST(Life106Errors, SayWhereAndWhat) {
  test::expect_located_errors(parse_error,
                              {{"#Life 1.06\n1 2\n3\n", 3, 1, "two integers"},
                               {"#Life 1.06\n1 2\n  x 4\n", 3, 3, "\"x\""},
                               {"#Life 1.06\n1 2.5\n", 2, 3, "\"2.5\""},
                               {"#Life 1.06\n1 2 3\n", 2, 5, "after"},
                               {"#Life 1.06\n99999999999999999999 0\n", 2, 1, "integer"},
                               {"#Life 1.05\n#P 0 0\n.O\n", 1, 7, "1.05"},
                               {"#Life 1.06\n#P 0 0\n", 2, 1, "1.05"},
                               {"#Life 1.06\n#R B3/S23/G4\n", 2, 4, "B3/S23/G4"},
                               // Cells beyond +-2^61 are refused where they are, so no extent
                               // overflows later (a pair of cells near the 64-bit limits once
                               // made a 64x64 grid with population 0).
                               {"#Life 1.06\n0 0\n9223372036854775807 0\n", 3, 1, "range"},
                               {"#Life 1.06\n0 0\n2305843009213693953 0\n", 3, 1, "range"},
                               {"#Life 1.06\n0 0\n-9223372036854775808 0\n", 3, 1, "range"},
                               {"#Life 1.06\n0 0\n99999999999999999999 0\n", 3, 1, "range"},
                               {"#Life 1.06\n0 -2305843009213693953\n", 2, 3, "y coordinate"}});
}

TEST(Life106Errors, TooManyLiveCells) {
  const ParseError e = parse_error("0 0\n1 1\n2 2\n", 2);
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(e.reason().find("more than 2"), std::string::npos);
}

TEST(Life106Write, Format) {
  Pattern p(std::vector<Cell>{{-1, 0}, {0, 0}, {1, 0}});
  p.name = "Blinker";
  p.comments = {"period 2"};
  EXPECT_EQ(write_life106(p), "#Life 1.06\n#D Name: Blinker\n#D period 2\n-1 0\n0 0\n1 0\n");
  p.rule = parse_rule("Seeds");
  EXPECT_NE(write_life106(p).find("\n#R B2/S\n"), std::string::npos);
}

TEST(Life106RoundTrip, RandomPatterns) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<Cell> cells;
    const int n = int(rng() % 300);
    for (int i = 0; i < n; ++i)
      cells.push_back({int64_t(rng() % uint64_t(2 * kMaxCoordinate + 1)) - kMaxCoordinate,
                       int64_t(rng() % 1000) - 500});
    Pattern p(cells);
    p.name = trial % 2 ? "named" : "";
    p.author = trial % 3 ? "" : "author";
    p.comments = {"x", " y "};
    p.rule = trial % 5 ? RuleSpec{} : parse_rule("B3/S23:T30,40");
    test::expect_round_trip(write_life106, parse_life106, p);
  }
}

}  // namespace
}  // namespace gpulife
