// Tests for the MCell (.mcl) reader: cells where Golly puts them, boards and wraps, rules
// (MCell's S/B, two-state Generations, the Weighted Life tables), comments, sniffing and errors.
// tests/cmd_golly_rules_test.cpp runs MCell files against bgolly itself.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/history_rule.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

#include "parse_error_support.hpp"

namespace gpulife {
namespace {

constexpr test::ReaderErrors parse_error{parse_mcell, "test.mcl"};

Pattern mcell(const std::string& text) {
  return parse_mcell(text, "test.mcl");
}

TEST(McellRead, CellsFromTheOriginAcrossLines) {
  // #L lines continue each other: rows end at '$' only. Counts, blanks and every state letter.
  const Pattern p = mcell(
      "#MCell 4.20\n#GAME Life\n#RULE 23/3\n#D The R-pentomino\n#D\n#D  indented\n"
      "#SPEED 0\n#L .AA$A\n#L B$ 1.C\n");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}));
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_FALSE(p.rule.bounds.has_value());
  EXPECT_TRUE(test::has_metadata(p, "", "", {"The R-pentomino", "", " indented"}));
  EXPECT_FALSE(p.unplaced_rle.has_value());
  // Counts before '$' skip rows; states beyond 24 ('a'..'j' then a capital) are cells too.
  EXPECT_EQ(mcell("#MCell\n#L 3A2$2.aB\n").cells(),
            (std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}, {2, 2}}));
}

TEST(McellRead, BoardsCentreThePatternAsGollyDoes) {
  // A 41x30 board starts the rows at (-20, -15); the 3x3 box then moves by ((41+1-3)/2,
  // (30+1-3)/2) = (19, 14), leading blanks included.
  const Pattern p = mcell("#MCell\n#RULE 23/3\n#BOARD 41x30\n#WRAP 0\n#L 3$5.2A$4.AA$5.A\n");
  EXPECT_EQ(p.rule.to_string(), "B3/S23:P41,30");
  EXPECT_EQ(p.cells().front(), (Cell{-20 + 5 + 19, -15 + 3 + 14}));
  EXPECT_EQ(p.bounding_box().width(), 3);
  EXPECT_EQ(p.bounding_box().height(), 3);
  EXPECT_EQ(mcell("#MCell\n#BOARD 37x29\n#WRAP 1\n#L A\n").rule.to_string(), "B3/S23:T37,29");
  // A pattern wider than its board moves left, as long as it moves down.
  const Pattern wide = mcell("#MCell\n#BOARD 4x9\n#L 7A\n");
  EXPECT_EQ(wide.cells().front(), (Cell{-2 + (4 + 1 - 7) / 2, -4 + (9 + 1 - 1) / 2}));
  // Neither half positive: left where the rows put it.
  EXPECT_EQ(mcell("#MCell\n#BOARD 2x2\n#L 3A$3A$3A\n").cells().front(), (Cell{-1, -1}));
}

TEST(McellRead, RulesGollyReads) {
  EXPECT_EQ(mcell("#MCell\n#GAME Life\n#RULE 23/36\n#L A\n").rule.to_string(), "B36/S23");
  EXPECT_EQ(mcell("#MCell\n#GAME Generations\n#RULE 12/34/2\n#L A\n").rule.to_string(), "B34/S12");
  EXPECT_EQ(mcell("#MCell\n#RULE B2-a/S12\n#L A\n").rule.to_string(), "B2-a/S12");
  // The first rule counts: #GOLLY before #RULE, and none once the cells have begun.
  EXPECT_EQ(mcell("#MCell\n#GOLLY HighLife\n#RULE 23/3\n#L A\n").rule.to_string(), "B36/S23");
  EXPECT_TRUE(mcell("#MCell\n#L A\n#RULE 23/36\n").rule.rule.is_life());
  // MCell's Weighted Life table of Conway's Life.
  EXPECT_TRUE(mcell("#MCell\n#GAME Weighted Life\n#RULE 1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1,1,1\n"
                    "#L A\n")
                  .rule.rule.is_life());
}

TEST(McellRead, HistoricalLifeIsLifeHistory) {
  const std::string table = "1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2";
  // States: A on, B history, C marked on, D marked off, E start on.
  const Pattern p = mcell("#MCell\n#GAME Weighted Life\n#RULE " + table + "\n#L ABCDE\n");
  EXPECT_TRUE(p.history_rule);
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{0, 0}, {2, 0}, {4, 0}}));
  EXPECT_EQ(p.history(),
            (std::vector<StateCell>{{{1, 0}, 2}, {{2, 0}, 3}, {{3, 0}, 4}, {{4, 0}, 5}}));
  // The extended tables number marked cells differently: 3 is start on, 5 marked on, 8 marked
  // off.
  const Pattern x = mcell("#MCell\n#RULE " + table + ",2,2\n#L CEH\n");
  EXPECT_EQ(x.history(), (std::vector<StateCell>{{{0, 0}, 5}, {{1, 0}, 3}, {{2, 0}, 4}}));
  EXPECT_NE(parse_error("#MCell\n#RULE " + table + "\n#L 2.F\n").reason().find("boundary"),
            std::string::npos);
  // A #BOARD line moves the pen back to its corner: a cell written twice keeps the last state.
  const Pattern twice = mcell("#MCell\n#RULE " + table + "\n#L .AB\n#BOARD 0x0\n#L .BA\n");
  EXPECT_EQ(twice.cells(), (std::vector<Cell>{{2, 0}}));
  EXPECT_EQ(twice.history(), (std::vector<StateCell>{{{1, 0}, 2}}));
}

TEST(McellRead, FoundByHeaderOrName) {
  const std::string text = "#MCell 4.20\n#GAME Life\n#RULE 23/3\n#L 3A\n";
  EXPECT_EQ(sniff_format(text), PatternFormat::MCell);
  EXPECT_EQ(format_for_path("a.mcl", "#L A\n"), PatternFormat::MCell);
  EXPECT_EQ(format_for_path("a.rle", text), PatternFormat::MCell);  // the header is definite
  EXPECT_EQ(parse_pattern(text).population(), 3u);
  EXPECT_EQ(to_string(PatternFormat::MCell), "MCell");
  EXPECT_THROW(write_pattern(parse_pattern(text), PatternFormat::MCell), Error);
  // Named .mcl but not MCell: read as what it is, or refused, never an empty pattern.
  EXPECT_EQ(format_for_path("a.mcl", "bo$2bo$3o!\n"), PatternFormat::Rle);
  EXPECT_THROW(parse_mcell("#C only a comment\n", "a.mcl"), ParseError);
}

TEST(McellErrors, SayWhereAndWhat) {
  test::expect_located_errors(
      parse_error, {
                       {"#MCell\n#GAME Larger than Life\n#RULE R5,C0,M1,S34..58,B34..45,NM\n", 2, 7,
                        "Larger than Life"},
                       {"#MCell\n#GAME Generations\n#RULE 2367/3457/5\n", 3, 17, "5 states"},
                       {"#MCell\n#GAME Rules table\n#GOLLY WireWorld\n", 3, 8, "\"Rules table\""},
                       {"#MCell\n#RULE 23/9\n", 2, 10, "impossible"},
                       {"#MCell\n#BOARD 40 by 30\n", 2, 8, "WIDTHxHEIGHT"},
                       {"#MCell\n#BOARD -4x30\n", 2, 8, "WIDTHxHEIGHT"},
                       {"#MCell\n#WRAP yes\n", 2, 7, "#WRAP"},
                       {"#MCell\n#L 2A$3.o\n", 2, 9, "'o'"},
                       {"#MCell\n#L 3k\n", 2, 5, "'k'"},
                       {"#MCell\n#L 99999999999999999999A\n", 2, 4, "overflows"},
                       {"#MCell\n#L 5.2305843009213693952.A\n", 2, 6, "2^61"},
                       {"#MCell\n#L 2$2305843009213693952$A\n", 2, 6, "2^61"},
                   });
  // Refused at the run that passes the cap, before listing it.
  EXPECT_TRUE(test::located_at(parse_error("#MCell\n#L A$\n#L 200000A\n", 1000), 3, 4, "cells"));
}

}  // namespace
}  // namespace gpulife
