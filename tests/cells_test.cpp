// Tests for the plaintext (.cells) reader and writer.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

#include "parse_error_support.hpp"

namespace gpulife {
namespace {

const std::vector<Cell> kGlider = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};

// Where and why reading a text fails.
constexpr test::ReaderErrors parse_error{parse_cells, "test.cells"};

TEST(CellsRead, GliderWithMetadata) {
  const Pattern p = parse_cells(
      "!Name: Glider\n!Author: Richard K. Guy\n!The smallest spaceship.\n!\n.O.\n..O\nOOO\n");
  EXPECT_EQ(p.cells(), kGlider);
  EXPECT_TRUE(test::has_metadata(p, "Glider", "Richard K. Guy", {"The smallest spaceship.", ""}));
  EXPECT_TRUE(p.rule.rule.is_life());
}

TEST(CellsRead, StarsRaggedLinesAndLineEndings) {
  for (const char* text :
       {".*\n..*\n***", ".O\r\n..O\r\nOOO\r\n", ".O\r..O\rOOO", ".O...\n..O\nOOO.",
        "\n\n.O\n..O\nO*O  \n\n\n", "!c\n.O\n!between rows\n..O\nOOO\n"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_cells(text).cells(), kGlider);
  }
}

// Blank lines after the comments are empty rows, as in Golly: the glider starts two rows down.
TEST(CellsRead, BlankLinesAfterTheCommentsAreRows) {
  Pattern down(kGlider);
  down.translate(0, 2);
  EXPECT_EQ(parse_cells("!Name: g\n\n\n.O\n..O\nOOO\n").cells(), down.cells());
  EXPECT_EQ(parse_cells("!c\n\n!d\n\n.O\n..O\nOOO\n").cells(), down.cells());
}

// David Bell's dblife rows, as Golly reads them from '!' files: a count before '.', 'O' or '*'.
TEST(CellsRead, DblifeCounts) {
  const Pattern p = parse_cells("!dblife\n23.O\n24.O\n22.3O\n\n10*2.O\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{23, 0},
                                          {24, 1},
                                          {22, 2},
                                          {23, 2},
                                          {24, 2},
                                          {0, 4},
                                          {1, 4},
                                          {2, 4},
                                          {3, 4},
                                          {4, 4},
                                          {5, 4},
                                          {6, 4},
                                          {7, 4},
                                          {8, 4},
                                          {9, 4},
                                          {12, 4}}));
  EXPECT_EQ(sniff_format("5.3O\n2.O2.O\n"), PatternFormat::Cells);
  EXPECT_EQ(parse_pattern("5.3O\n2.O2.O\n").population(), 5u);
  test::expect_located_errors(parse_error, {
                                               {"O\n.O12\n", 2, 3, "count must be followed"},
                                               {"3.2x\n", 1, 4, "'x'"},
                                               {"99999999999999999999O\n", 1, 1, "overflows"},
                                               {"2305843009213693952.2O\n", 1, 21, "2^61"},
                                           });
  EXPECT_TRUE(test::located_at(parse_error("2O\n7O\n", 5), 2, 1, "more than 5"));
}

TEST(CellsRead, BlankLinesAreEmptyRows) {
  const Pattern p = parse_cells("O\n\n\n.O\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{0, 0}, {1, 3}}));
}

TEST(CellsRead, RuleCommentIsRead) {
  EXPECT_EQ(parse_cells("!Rule: B36/S23\nOOO\n").rule.to_string(), "B36/S23");
  // An unreadable rule stays a comment instead of failing the file.
  const Pattern p = parse_cells("!Rule: LifeHistory\nOOO\n");
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_EQ(p.comments, std::vector<std::string>{"Rule: LifeHistory"});
}

TEST(CellsRead, EmptyInput) {
  EXPECT_TRUE(parse_cells("").empty());
  EXPECT_TRUE(parse_cells("!Name: nothing\n...\n").empty());
}

TEST(CellsErrors, OtherCharactersNameLineAndColumn) {
  const ParseError e = parse_error("!Name: x\n.O.\n..o\nOOO\n");
  EXPECT_TRUE(test::located_at(e, 3, 3, "'o'"));
  EXPECT_NE(std::string(e.what()).find("test.cells:3:3:"), std::string::npos) << e.what();

  const ParseError x = parse_error("OO\tX\n");
  EXPECT_EQ(x.column(), 4);
}

// As Golly reads them: in a picture without a '!' first line a blank or ',' is a dead cell and
// 'o' a live one; in a dblife file ('!' first) blanks are passed over.
TEST(CellsRead, BlanksAsGollyReadsThem) {
  EXPECT_EQ(parse_cells("OO\tO\n").cells(), (std::vector<Cell>{{0, 0}, {1, 0}, {3, 0}}));
  EXPECT_EQ(parse_cells(" o,O\n").cells(), (std::vector<Cell>{{1, 0}, {3, 0}}));
  EXPECT_EQ(parse_cells("!Name: g\n  .O\n\tO . O\n").cells(),
            (std::vector<Cell>{{1, 0}, {0, 1}, {2, 1}}));
  EXPECT_EQ(parse_cells("O.O\xC2\xA0\n").cells(), (std::vector<Cell>{{0, 0}, {2, 0}}));
}

TEST(CellsErrors, TooManyLiveCells) {
  const ParseError e = parse_error("OOO\nOOO\n", 5);
  EXPECT_TRUE(test::located_at(e, 2, 3, "more than 5"));
}

TEST(CellsWrite, TrimsTrailingDotsAndWritesMetadata) {
  Pattern p(kGlider);
  p.translate(-3, 9);  // plaintext has no position: rows start at the bounding box
  p.name = "Glider";
  p.author = "Richard K. Guy";
  p.comments = {"first", "", "third"};
  EXPECT_EQ(write_cells(p),
            "!Name: Glider\n!Author: Richard K. Guy\n!first\n!\n!third\n.O\n..O\nOOO\n");
}

TEST(CellsWrite, EmptyRowsAndNonLifeRule) {
  Pattern p(std::vector<Cell>{{0, 0}, {2, 3}});
  p.rule = parse_rule("B36/S23");
  EXPECT_EQ(write_cells(p), "!Rule: B36/S23\nO\n\n\n..O\n");
}

TEST(CellsWrite, RefusesAbsurdlySpreadPatterns) {
  const Pattern p(std::vector<Cell>{{0, 0}, {int64_t{1} << 40, 0}});
  EXPECT_THROW(write_cells(p), Error);
}

TEST(CellsRoundTrip, RandomPatterns) {
  std::mt19937_64 rng(777);
  for (int trial = 0; trial < 200; ++trial) {
    Pattern p(test::random_soup(rng, 120, 50, 0.9));
    p.move_to_origin();
    p.name = std::to_string(trial) + " name";
    p.comments = {std::to_string(rng()) + " comment"};
    test::expect_round_trip(write_cells, parse_cells, p);
  }
}

}  // namespace
}  // namespace gpulife
