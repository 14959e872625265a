// Tests for the Life 1.05 reader and writer: #P blocks, rules, descriptions and errors.
#include "core/pattern_formats.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"

#include "parse_error_support.hpp"

namespace gpulife {
namespace {

// Where and why reading a text fails.
constexpr test::ReaderErrors parse_error{parse_life105, "test.lif"};

TEST(Life105Read, BlocksAtTheirPositions) {
  const Pattern p = parse_life105(
      "#Life 1.05\n#D Name: two\n#D Author: someone\n#D a note\n#R 23/36\n#P -1 -1\n.*\n*.*\n"
      "\n#P 10 20\n**\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{0, -1}, {-1, 0}, {1, 0}, {10, 20}, {11, 20}}));
  EXPECT_TRUE(test::has_metadata(p, "two", "someone", {"a note"}));
  EXPECT_EQ(p.rule.to_string(), "B36/S23");
}

TEST(Life105Read, AsGollyReadsIt) {
  // bgolly: a bare #P keeps the column and the row reached; blank lines are no rows; rows
  // before any #P start at (0, 0); #N is Life.
  EXPECT_EQ(parse_life105("#Life 1.05\n#P 3 3\n*\n#P\n*\n").cells(),
            (std::vector<Cell>{{3, 3}, {3, 4}}));
  EXPECT_EQ(parse_life105("#Life 1.05\n#P 0 0\n*\n\n*\n").cells(),
            (std::vector<Cell>{{0, 0}, {0, 1}}));
  EXPECT_EQ(parse_life105("#Life 1.05\n.*\n").cells(), (std::vector<Cell>{{1, 0}}));
  EXPECT_TRUE(parse_life105("#Life 1.05\n#N\n*\n").rule.rule.is_life());
  EXPECT_EQ(parse_life105("#Life 1.05\n#R 23/3:T10,10\n*\n").rule.to_string(), "B3/S23:T10,10");
}

TEST(Life105Read, CellsUpToTheEdgeOfTheCoordinates) {
  // The last cell at x = 2^61 is in range, and so are dead cells beyond it.
  const Pattern p = parse_life105("#Life 1.05\n#P 2305843009213693950 0\n***....\n");
  EXPECT_EQ(p.population(), 3u);
  EXPECT_EQ(p.bounding_box().max_x, kMaxCoordinate);
}

TEST(Life105Errors, SayWhereAndWhat) {
  test::expect_located_errors(parse_error,
                              {
                                  {"#Life 1.05\n#P 1\n*\n", 2, 4, "#P x y"},
                                  {"#Life 1.05\n#P a b\n*\n", 2, 4, "#P x y"},
                                  {"#Life 1.05\n#P 0 0\n.*x\n", 3, 3, "'x'"},
                                  {"#Life 1.05\n#P 2305843009213693953 0\n*\n", 2, 4, "range"},
                                  // The first cell past +2^61, not the row's end.
                                  {"#Life 1.05\n#P 2305843009213693950 0\n.***..\n", 3, 4, "range"},
                                  {"#Life 1.05\n#R 9/9\n", 2, 4, "9/9"},
                                  {"#Life 1.07\n", 1, 1, "1.05"},
                              });
}

TEST(Life105Write, BlocksOfAtMost80ColumnsAndRuleAsSurvivalBirth) {
  Pattern p(std::vector<Cell>{{0, 0}, {1, 1}, {200, 0}, {0, 50}});
  p.rule = parse_rule("HighLife");
  const std::string text = write_life105(p);
  EXPECT_EQ(text, "#Life 1.05\n#R 23/36\n#P 0 0\n*\n.*\n#P 0 50\n*\n#P 200 0\n*\n");
  EXPECT_NE(write_life105(Pattern(std::vector<Cell>{{0, 0}})).find("#N\n"), std::string::npos);
}

TEST(Life105RoundTrip, RandomPatterns) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<Cell> cells;
    const int n = int(rng() % 400);
    const int64_t spread = trial % 2 ? 300 : 30;
    for (int i = 0; i < n; ++i)
      cells.push_back({int64_t(rng() % uint64_t(spread)) - spread / 2,
                       int64_t(rng() % uint64_t(spread)) - spread / 2});
    Pattern p(cells);
    p.name = trial % 3 ? "n" : "";
    p.comments = {"c"};
    p.rule = trial % 4 ? RuleSpec{} : parse_rule("B36/S23:K40*,20");
    test::expect_round_trip(write_life105, parse_life105, p);
  }
}

}  // namespace
}  // namespace gpulife
