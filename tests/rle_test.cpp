// Tests for the RLE reader (every tolerance Golly users rely on, precise errors) and writer.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
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
constexpr test::ReaderErrors parse_error{parse_rle, "test.rle"};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(RleRead, Glider) {
  const Pattern p = parse_rle("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
  EXPECT_EQ(p.cells(), kGlider);
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_EQ(p.generation, 0u);
}

TEST(RleRead, HeaderSpacingOrderAndExtraFields) {
  for (const char* header :
       {"x=3,y=3,rule=B36/S23", "x = 3 , y = 3 , rule = B36/S23", "rule = B36/S23, y = 3, x = 3",
        "x = 3, y = 3, rule = B36/S23, foo = bar", "x = 3, zz = 1, y = 3, rule = 23/36",
        "  x = 3,y=3,  rule =HighLife   "}) {
    SCOPED_TRACE(header);
    const Pattern p = parse_rle(std::string(header) + "\nbo$2bo$3o!");
    EXPECT_EQ(p.cells(), kGlider);
    EXPECT_EQ(p.rule.to_string(), "B36/S23");
  }
}

TEST(RleRead, MissingRuleMeansLife) {
  const Pattern p = parse_rle("x = 3, y = 3\nbo$2bo$3o!");
  EXPECT_EQ(p.rule, RuleSpec{});
  EXPECT_EQ(parse_rle("x = 3, y = 3, rule =\nbo$2bo$3o!").rule, RuleSpec{});
}

TEST(RleRead, RuleWithBoundedGridSuffix) {
  const Pattern p = parse_rle("x = 3, y = 3, rule = B3/S23:T20,30\nbo$2bo$3o!");
  ASSERT_TRUE(p.rule.bounds.has_value());
  EXPECT_EQ(p.rule.bounds->width, 20);
  EXPECT_EQ(p.rule.bounds->height, 30);
  EXPECT_EQ(p.cells(), kGlider);
  // The suffix's comma must not end the rule even when more fields follow.
  EXPECT_EQ(parse_rle("rule = B3/S23:P7,9, x = 1, y = 1\no!").rule.to_string(), "B3/S23:P7,9");
}

TEST(RleRead, MetadataLines) {
  const Pattern p = parse_rle(
      "#N Gosper glider gun\n#O Bill Gosper\n#C First line\n#c  indented second\n#C\n"
      "x = 3, y = 3\nbo$2bo$3o!");
  EXPECT_TRUE(test::has_metadata(p, "Gosper glider gun", "Bill Gosper",
                                 {"First line", " indented second", ""}));
}

TEST(RleRead, RuleLine) {
  EXPECT_EQ(parse_rle("#r 23/36\nbo$2bo$3o!").rule.to_string(), "B36/S23");
  EXPECT_EQ(parse_rle("#r B2/S\nx = 3, y = 3\n3o!").rule.to_string(), "B2/S");
}

TEST(RleRead, OtherProgramsPositionLinesAreCommentsAsInGolly) {
  // XLife's #P and Life32's #R: Golly leaves the pattern at (0, 0), and reads files whose #R
  // holds something else.
  for (const char* line : {"#P -10 7", "#R -10 7", "#R B36/S23", "#P"}) {
    SCOPED_TRACE(line);
    const Pattern p = parse_rle(std::string(line) + "\nx = 3, y = 3\nbo$2bo$3o!");
    EXPECT_EQ(p.cells(), kGlider);
    EXPECT_EQ(p.comments, std::vector<std::string>{std::string(line).substr(1)});
    EXPECT_TRUE(p.unplaced_rle.has_value());
  }
}

TEST(RleRead, CxrlePositionAndGeneration) {
  const Pattern p = parse_rle("#CXRLE Pos=-4,-6 Gen=1234567890123\nx = 3, y = 3\nbo$2bo$3o!");
  EXPECT_EQ(p.generation, 1234567890123u);
  EXPECT_EQ(p.bounding_box().min_x, -4);
  EXPECT_EQ(p.bounding_box().min_y, -6);
  EXPECT_EQ(p.population(), 5u);
  EXPECT_TRUE(p.comments.empty());
  // Fields in either order; Gen alone keeps the origin.
  const Pattern q = parse_rle("#CXRLE Gen=5 Pos=1,2\n3o!");
  EXPECT_EQ(q.generation, 5u);
  EXPECT_EQ(q.cells().front(), (Cell{1, 2}));
  EXPECT_EQ(parse_rle("#CXRLE Gen=9\no!").cells().front(), (Cell{0, 0}));
  // A blank after the comma, as Golly reads it.
  const Pattern r = parse_rle("#CXRLE Pos=3, -4 Gen=2\n3o!");
  EXPECT_EQ(r.cells().front(), (Cell{3, -4}));
  EXPECT_EQ(r.generation, 2u);
}

TEST(RleRead, LongRunsAndMultiDigitRowSkips) {
  const Pattern p = parse_rle("1000000000000bo12$3o!");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{1000000000000, 0}, {0, 12}, {1, 12}, {2, 12}}));
  // A zero count is taken as one, as Golly does.
  EXPECT_EQ(parse_rle("0o!").population(), 1u);
}

TEST(RleRead, DotAndLetterAAreAccepted) {
  EXPECT_EQ(parse_rle(".A$2.A$3A!").cells(), kGlider);
  EXPECT_EQ(parse_rle("bA$2.o$AoA!").cells(), kGlider);
}

TEST(RleRead, ABlankEndsACountAsInGolly) {
  // bgolly reads "1 2o" as two cells and "3 o" as one; a count goes on across a line break.
  EXPECT_EQ(parse_rle("x = 5, y = 1\n1 2o!").population(), 2u);
  EXPECT_EQ(parse_rle("3 o!").population(), 1u);
  EXPECT_EQ(parse_rle("3\to!").population(), 1u);
  EXPECT_EQ(parse_rle("1\n2o!").population(), 12u);
  EXPECT_EQ(parse_rle("3\r\no!").population(), 3u);
  EXPECT_EQ(parse_rle("2\n$o!").cells(), (std::vector<Cell>{{0, 2}}));
}

TEST(RleRead, WhitespaceAndLineEndingsAnywhere) {
  for (const char* text : {"x = 3, y = 3\r\nbo$2bo$3o!\r\n", "x = 3, y = 3\rbo$2bo$3o!\r",
                           "  b o $\n2b\to$\r\n3o !", "\n\n x = 3, y = 3\n\nbo$\r\n\r\n2bo$3o\n!",
                           "\xEF\xBB\xBFx = 3, y = 3\nbo$2bo$3o!", "b\no\n$\n2\nb\no\n$\n3o!"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_rle(text).cells(), kGlider);
  }
}

TEST(RleRead, MissingTerminatorAcceptedAtEnd) {
  EXPECT_EQ(parse_rle("x = 3, y = 3\nbo$2bo$3o").cells(), kGlider);
  EXPECT_EQ(parse_rle("x = 3, y = 3\nbo$2bo$3o$\n").cells(), kGlider);
  EXPECT_EQ(parse_rle("bo$2bo$3o5").cells(), kGlider);  // a dangling count does nothing
  // As Golly does, but the user hears of it: a file cut short looks just so.
  const Pattern cut = parse_rle("#N Glider\nx = 3, y = 3\nbo$\n2bo$\n");
  EXPECT_EQ(cut.population(), 2u);
  ASSERT_EQ(cut.notes.size(), 1u);
  EXPECT_NE(cut.notes[0].find("no closing '!' (its last line is line 4)"), std::string::npos)
      << cut.notes[0];
  EXPECT_EQ(parse_rle("x = 0, y = 0, rule = B3/S23\n").notes.size(), 1u);  // cut after the header
  EXPECT_TRUE(parse_rle("x = 3, y = 3\nbo$2bo$3o!").notes.empty());
  EXPECT_TRUE(parse_rle("x = 0, y = 0, rule = B3/S23\n!\n").notes.empty());
  EXPECT_TRUE(parse_rle("bo$2bo$3o!\n\nnot RLE").notes.empty());
}

TEST(RleRead, TextAfterTerminatorIgnored) {
  EXPECT_EQ(parse_rle("x = 3, y = 3\nbo$2bo$3o!this is not RLE: ZZZ #\n2o\nB!").cells(), kGlider);
}

TEST(RleRead, HeaderSizesThatDisagreeWithBody) {
  EXPECT_EQ(parse_rle("x = 1, y = 1\nbo$2bo$3o!").cells(), kGlider);
  EXPECT_EQ(parse_rle("x = 40, y = 80\nbo$2bo$3o!").cells(), kGlider);
  EXPECT_EQ(parse_rle("x = -5, y = banana\nbo$2bo$3o!").cells(), kGlider);
}

// The declared size is never used to allocate: this must parse instantly with little memory.
TEST(RleRead, HugeDeclaredSizeDoesNotAllocate) {
  const Pattern p = parse_rle("x = 999999999999, y = 999999999999, rule = B3/S23\nbo$2bo$3o!");
  EXPECT_EQ(p.cells(), kGlider);
  const Pattern q = parse_rle("x = 99999999999999999999999999999999, y = 1\n3o!");
  EXPECT_EQ(q.population(), 3u);
}

TEST(RleRead, HeaderlessBody) {
  EXPECT_EQ(parse_rle("bo$2bo$3o!").cells(), kGlider);
  EXPECT_TRUE(parse_rle("").empty());
  EXPECT_TRUE(parse_rle("x = 0, y = 0\n!").empty());
}

TEST(RleRead, UnknownHashLinesBecomeComments) {
  const Pattern p = parse_rle("#D old description\nx = 1, y = 1\no!");
  EXPECT_EQ(p.comments, std::vector<std::string>{"D old description"});
}

TEST(RleErrors, MultiStateLetterNamesTheLetterLineAndColumn) {
  const ParseError e = parse_error("x = 3, y = 2\n2o$oBo!");
  EXPECT_EQ(e.source(), "test.rle");
  EXPECT_TRUE(test::located_at(e, 2, 5, "'B'"));
  EXPECT_NE(e.reason().find("multi-state"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("test.rle:2:5:"), std::string::npos) << e.what();

  // Without a header the letter is still named, as unexpected.
  const ParseError bare = parse_error("2A$B2A!");
  EXPECT_EQ(bare.column(), 4);
  EXPECT_NE(bare.reason().find("'B'"), std::string::npos) << bare.what();

  const ParseError p = parse_error("#C two-letter states\nx = 2, y = 1\n\n  o.pC!");
  EXPECT_TRUE(test::located_at(p, 4, 5, "'pC'"));
}

TEST(RleErrors, UnsupportedRulePointsAtTheRuleText) {
  test::expect_located_errors(
      parse_error,
      {{"x = 3, y = 3, rule = B3/S23/G4\n3o!", 1, 28, "B3/S23/G4"},  // the second '/'
       {"#N n\nx=3,y=3,rule=LifeSuper\n3o!", 2, 14, "LifeSuper"},
       {"x = 3, y = 3, rule = R2,C0,M1,S2..3,B3..3,NM\n3o!", 1, 22, "R2,C0,M1,S2..3,B3..3,NM"},
       {"x = 3, y = 3, rule = B2x/S23\n3o!", 1, 24, "B2x/S23"},  // the letter
       {"#r B3/S23/G4\n3o!", 1, 10, "B3/S23/G4"}});
}

TEST(RleErrors, UnexpectedCharacter) {
  const ParseError e = parse_error("x = 3, y = 3\nbo$2bo$3o\n3o?!");
  EXPECT_TRUE(test::located_at(e, 3, 3, "'?'"));
  // A second header after the body has started is not RLE.
  EXPECT_EQ(parse_error("3o$\nx = 3\n").line(), 2);
}

TEST(RleErrors, RunCountOverflow) {
  const ParseError e = parse_error("x = 1, y = 1\n  99999999999999999999999999o!");
  EXPECT_TRUE(test::located_at(e, 2, 3, "overflow"));
  EXPECT_EQ(parse_error("o99999999999999999999$o!").column(), 2);
  // Each run fits, but together they pass 2^62 columns or rows.
  EXPECT_NE(parse_error("4611686018427387903b4611686018427387903bo!").reason().find("wider"),
            std::string::npos);
  EXPECT_NE(parse_error("4611686018427387903$4611686018427387903$o!").reason().find("taller"),
            std::string::npos);
}

TEST(RleErrors, TooManyLiveCells) {
  // The limit is checked before any cell of the run is stored.
  const ParseError e = parse_error("x = 1, y = 1\n" + std::to_string(kMaxPatternCells + 1) + "o!");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(e.reason().find("more than " + std::to_string(kMaxPatternCells)), std::string::npos)
      << e.what();
  // Cells add up across runs and rows.
  const ParseError f = parse_error("6o$6o$6o!", 15);
  EXPECT_EQ(f.line(), 1);
  EXPECT_EQ(f.column(), 7);
  EXPECT_NO_THROW(parse_rle("5o$5o$5o!", "", 15));
}

TEST(RleErrors, MalformedPositionAndGeneration) {
  EXPECT_EQ(parse_error("#CXRLE Pos=1\no!").line(), 1);
  EXPECT_EQ(parse_error("#C ok\n#CXRLE Pos=a,b\no!").line(), 2);
  const ParseError g = parse_error("#CXRLE Pos=0,0 Gen=-1\no!");
  EXPECT_EQ(g.column(), 16);
  EXPECT_NE(g.reason().find("generation"), std::string::npos);
  EXPECT_NE(parse_error("#CXRLE Pos=9223372036854775807,0\n2o!").reason().find("range"),
            std::string::npos);
}

TEST(RleWrite, Glider) {
  Pattern p(kGlider);
  EXPECT_EQ(write_rle(p), "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
}

TEST(RleWrite, MetadataRuleAndPosition) {
  Pattern p(kGlider);
  p.name = "Glider";
  p.author = "Richard K. Guy";
  p.comments = {"The smallest spaceship.", "", "  indented"};
  p.rule = parse_rule("HighLife:T100,80");
  p.translate(-7, 3);
  p.generation = 42;
  // Golly reads the position and generation only from the first line.
  EXPECT_EQ(write_rle(p),
            "#CXRLE Pos=-7,3 Gen=42\n"
            "#N Glider\n#O Richard K. Guy\n#C The smallest spaceship.\n#C\n#C   indented\n"
            "x = 3, y = 3, rule = B36/S23:T100,80\nbo$2bo$3o!\n");
}

TEST(RleWrite, MergesBlankRowsAndDropsTrailingDeadCells) {
  const Pattern p(std::vector<Cell>{{0, 0}, {1, 0}, {5, 0}, {3, 4}, {0, 5}, {6, 5}});
  EXPECT_EQ(write_rle(p), "x = 7, y = 6, rule = B3/S23\n2o3bo4$3bo$o5bo!\n");
}

TEST(RleWrite, EmptyPattern) {
  const std::string text = write_rle(Pattern());
  EXPECT_EQ(text, "x = 0, y = 0, rule = B3/S23\n!\n");
  EXPECT_TRUE(parse_rle(text).empty());
}

TEST(RleWrite, MultiLineMetadataStaysInComments) {
  Pattern p(kGlider);
  p.name = "two\nlines";
  p.comments = {"a\nb"};
  const Pattern back = parse_rle(write_rle(p));
  EXPECT_EQ(back.name, "two lines");
  EXPECT_EQ(back.comments, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(back.cells(), kGlider);
}

// Random patterns of varied density and spread, at any position, survive write -> parse.
TEST(RleRoundTrip, RandomPatterns) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<Cell> cells = test::random_soup(rng, 200, 60, 0.95);
    if (trial % 7 == 0) cells.push_back({int64_t(rng() % 5000000), int64_t(rng() % 3000)});
    Pattern p(cells);
    p.translate(int64_t(rng() % 2000001) - 1000000, int64_t(rng() % 2000001) - 1000000);
    p.generation = trial % 3 == 0 ? rng() : 0;
    p.name = "trial " + std::to_string(trial);
    p.author = trial % 2 ? "someone" : "";
    p.comments = {"comment " + std::to_string(rng()), "second line"};
    p.rule = trial % 4 ? RuleSpec{} : parse_rule("B36/S23:P400,300");

    const std::string text = test::expect_round_trip(write_rle, parse_rle, p);

    // Body lines (after the header) are at most 70 characters.
    bool in_body = false;
    for (const std::string& line : lines_of(text)) {
      if (in_body) {
        EXPECT_LE(line.size(), 70u) << line;
      }
      if (line.starts_with("x = ")) in_body = true;
    }
    EXPECT_TRUE(text.ends_with("!\n"));
  }
}

TEST(RleRoundTrip, ExtremeCoordinates) {
  const int64_t big = kMaxCoordinate;
  for (const Pattern& p : {Pattern(std::vector<Cell>{{-big, -big}, {big - 1, big - 1}}),
                           Pattern(std::vector<Cell>{{-big, -big}, {-big + 5, -big + 3}}),
                           Pattern(std::vector<Cell>{{big, big}})}) {
    const Pattern back = parse_rle(write_rle(p));
    EXPECT_EQ(back.cells(), p.cells());
  }
  // Cells beyond the coordinate range, or too far apart for any reader, are refused rather
  // than written wrongly.
  EXPECT_THROW(write_rle(Pattern(std::vector<Cell>{{0, INT64_MIN}, {0, 0}})), Error);
  EXPECT_THROW(write_rle(Pattern(std::vector<Cell>{{INT64_MAX, INT64_MAX}})), Error);
}

TEST(RleRoundTrip, ReadThenWriteKeepsNameAndComments) {
  const std::string text =
      "#N Blinker\n#O John Conway\n#C A period 2 oscillator.\n#C www.conwaylife.com\n"
      "x = 3, y = 1, rule = B3/S23\n3o!\n";
  EXPECT_EQ(write_rle(parse_rle(text)), text);
}

TEST(RleHistory, ReadsTheTwoStateProjectionAndKeepsTheStates) {
  // A LifeHistory glider with its trail (B), a marked-on cell (C) and a start-on cell (E).
  const Pattern p = parse_rle("x = 4, y = 3, rule = LifeHistory:T30+7,20\n.A2B$2.CD$3E!");
  EXPECT_TRUE(p.history_rule);
  EXPECT_TRUE(p.rule.rule.is_life());
  ASSERT_TRUE(p.rule.bounds.has_value());
  EXPECT_EQ(p.rule.bounds->to_string(), ":T30+7,20");
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}));
  EXPECT_EQ(p.history(), (std::vector<StateCell>{{{2, 0}, 2},
                                                 {{3, 0}, 2},
                                                 {{2, 1}, 3},
                                                 {{3, 1}, 4},
                                                 {{0, 2}, 5},
                                                 {{1, 2}, 5},
                                                 {{2, 2}, 5}}));
  // Written back as LifeHistory, states and all.
  const std::string written = write_rle(p);
  EXPECT_NE(written.find("rule = LifeHistory:T30+7,20"), std::string::npos) << written;
  const Pattern back = parse_rle(written);
  EXPECT_TRUE(back.same_cells(p));
  EXPECT_EQ(back.history(), p.history());
}

TEST(RleHistory, OtherHistoryRulesAndRefusedStates) {
  EXPECT_EQ(parse_rle("x = 1, y = 1, rule = B36/S23History\nA!").rule.rule,
            parse_rule("B36/S23").rule);
  EXPECT_EQ(parse_rle("x = 1, y = 1, rule = HighLifeHistory\nA!").rule.rule,
            parse_rule("B36/S23").rule);
  test::expect_located_errors(parse_error,
                              {{"x = 3, y = 1, rule = LifeHistory\nA.F!", 2, 3, "boundary"},
                               {"x = 3, y = 1, rule = LifeHistory\nAG!", 2, 2, "state 7"}});
  // Without a History rule the letters stay refused as multi-state.
  EXPECT_NE(parse_error("x = 2, y = 1, rule = B3/S23\nAB!").reason().find("multi-state"),
            std::string::npos);
}

TEST(Rle, AFileWithoutAPositionKeepsItsHeaderSizeForGollysPlacement) {
  using Header = Pattern::RleHeader;
  EXPECT_EQ(parse_rle("x = 3, y = 5\nbo$2bo$3o!").unplaced_rle, (Header{3, 5}));
  EXPECT_EQ(parse_rle("x = 4, y = 2\nbo$2bo!").unplaced_rle, (Header{4, 2}));
  // Without a header line Golly leaves the cells where they are, from (0, 0).
  EXPECT_FALSE(parse_rle("3o!").unplaced_rle.has_value());
  EXPECT_FALSE(parse_rle("#CXRLE Pos=5,6\nx = 3, y = 3\n3o!").unplaced_rle.has_value());
  EXPECT_FALSE(parse_rle("#CXRLE Pos=0,0\nx = 3, y = 3\n3o!").unplaced_rle.has_value());
}

TEST(RleErrors, CoordinatesBeyondTheRangeAreRejectedAtThePosition) {
  const ParseError e = parse_error("#C\n#CXRLE Pos=2305843009213693952,0\n2o!");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NO_THROW(parse_rle("#CXRLE Pos=2305843009213693951,-2305843009213693952\no!"));
}

}  // namespace
}  // namespace gpulife

namespace gpulife {
namespace {

// What Golly passes over in files from the web and older programs, and reads the same here.
TEST(RleRead, WhatGollyToleratesFromOtherSources) {
  const std::vector<Cell> glider = parse_rle("x = 3, y = 3\nbo$2bo$3o!").cells();
  // The rule up to its first blank, less a trailing comma.
  for (const char* text : {"x = 3, y = 3, rule = B3/S23 (Conway)\nbo$2bo$3o!",
                           "x = 3, y = 3, rule = B3/S23,\nbo$2bo$3o!",
                           "x = 3, y = 3, rule = B3/S23\xC2\xA0\nbo$2bo$3o!"}) {
    SCOPED_TRACE(text);
    const Pattern p = parse_rle(text);
    EXPECT_TRUE(p.rule.rule.is_life());
    EXPECT_EQ(p.cells(), glider);
  }
  // Named rules with blanks are still read whole; a rule wrong at its first word is refused.
  EXPECT_EQ(parse_rle("x = 1, y = 1, rule = Day & Night\no!").rule.to_string(), "B3678/S34678");
  EXPECT_THROW(parse_rle("x = 1, y = 1, rule = B9/S23 x\no!"), ParseError);
  // A letter p to y without its second letter is a live cell; non-ASCII bytes are blanks.
  EXPECT_EQ(parse_rle("x = 3, y = 3\nbx$2bq$3y!").cells(), glider);
  EXPECT_EQ(parse_rle("x = 3, y = 3\nbo$\xC2\xA0" "2bo$3o\xE2\x80\x8B!").cells(), glider);
  // Without a header line the cells stay where they are (Golly's (0, 0)).
  EXPECT_FALSE(parse_rle("#r B3/S23:T20,20\nbo$2bo$3o!").unplaced_rle.has_value());
}

TEST(PatternFormats, HeadersWithMoreAroundThem) {
  EXPECT_EQ(parse_pattern("#Life 1.05 (written by XLife)\n#P 0 0\n.*\n**\n").population(), 3u);
  EXPECT_EQ(parse_pattern("#Life 1.06 generated\n0 0\n1 1\n").population(), 2u);
  const std::string mc = write_pattern(parse_rle("bo$2bo$3o!"), PatternFormat::Macrocell);
  ASSERT_TRUE(mc.starts_with("[M2]"));
  EXPECT_EQ(parse_pattern("\n \n" + mc).population(), 5u);
}

}  // namespace
}  // namespace gpulife
