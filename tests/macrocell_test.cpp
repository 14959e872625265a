// Tests for the Macrocell reader and writer: Golly's placement, multi-state History files, the
// errors for bad references and levels, and trees far larger than a cell list.
#include "core/pattern_formats.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/grid.hpp"

#include "parse_error_support.hpp"

namespace gpulife {
namespace {

// Where and why reading a text fails.
constexpr test::ReaderErrors parse_error{parse_macrocell, "test.mc"};

// A glider in the top-left leaf of a level-4 root (what bgolly writes for one).
constexpr const char* kGlider = "[M2] (golly 3.3)\n#R B3/S23\n.*$..*$***$\n4 1 0 0 0\n";

TEST(MacrocellRead, GliderWhereGollyPutsIt) {
  const Pattern p = parse_macrocell(kGlider);
  ASSERT_NE(p.tree(), nullptr);
  EXPECT_TRUE(p.rule.rule.is_life());
  // A level-4 root's top-left cell is (-8, -7) in Golly's coordinates.
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{-7, -7}, {-6, -6}, {-8, -5}, {-7, -5}, {-6, -5}}));
  EXPECT_EQ(p.population(), 5u);
  EXPECT_EQ(p.bounding_box(), (Box{-8, -7, -6, -5}));
}

TEST(MacrocellRead, MatchesBgollysPositions) {
  // bgolly -a HashLife writes these for a cell at (0, 0), (-1, -1) and (2, 1).
  EXPECT_EQ(parse_macrocell("[M2]\n#R B3/S23\n$$$$$$$*$\n4 0 1 0 0\n").cells(),
            (std::vector<Cell>{{0, 0}}));
  EXPECT_EQ(parse_macrocell("[M2]\n#R B3/S23\n$$$$$$.......*$\n4 1 0 0 0\n").cells(),
            (std::vector<Cell>{{-1, -1}}));
  EXPECT_EQ(parse_macrocell("[M2]\n#R B3/S23\n..*$\n4 0 0 0 1\n").cells(),
            (std::vector<Cell>{{2, 1}}));
}

TEST(MacrocellRead, MetadataRuleSuffixAndGeneration) {
  const Pattern p = parse_macrocell(
      "[M2] (golly 3.3)\n#R B36/S23:T64,64\n#G 123456789012\n#N name\n#O me\n#C one\n#C two\n"
      "#FRAMES 1 0 2^3\n.*$\n4 1 0 0 0\n");
  EXPECT_EQ(p.rule.to_string(), "B36/S23:T64,64");
  EXPECT_EQ(p.generation, 123456789012u);
  EXPECT_TRUE(test::has_metadata(p, "name", "me", {"one", "two"}));
  EXPECT_TRUE(parse_macrocell("[M2]\n#R B3/S23\n").empty());
}

// A tree of level 62 holds 2^124 cells: sized, placed and counted without listing it.
TEST(MacrocellRead, HugeTreesStayTrees) {
  std::string text =
      "[M2]\n#R B3/S23\n********$********$********$********$********$********$"
      "********$********$\n";
  for (int level = 4; level <= 62; ++level) {
    const int child = level - 3;  // the node written just before
    text += std::to_string(level) + " " + std::to_string(child) + " " + std::to_string(child) +
            " " + std::to_string(child) + " " + std::to_string(child) + "\n";
  }
  const Pattern p = parse_macrocell(text);
  EXPECT_EQ(p.population(), UINT64_MAX);  // saturated
  const Box box = p.bounding_box();
  EXPECT_EQ(box.min_x, -(int64_t{1} << 61));
  EXPECT_EQ(box.width(), int64_t{1} << 62);
  EXPECT_THROW(p.cells(), Error);  // too many to list, and it says so
  // A corner of it drawn into a small grid.
  Grid g(16, 16);
  p.tree()->render(p.tree_origin(), Box{box.min_x, box.min_y, box.min_x + 15, box.min_y + 15}, g,
                   Cell{0, 0});
  EXPECT_EQ(g.population(), 256u);
}

TEST(MacrocellRead, LifeHistoryStates) {
  // Two level-1 nodes of states, under a level-2 node.
  const Pattern p = parse_macrocell("[M2]\n#R LifeHistory\n1 1 2 3 4\n1 5 0 0 1\n2 1 2 0 0\n");
  EXPECT_TRUE(p.history_rule);
  EXPECT_TRUE(p.rule.rule.is_life());
  // A level-2 root's top-left is (-2, -1): nw quadrant at x -2..-1, ne at 0..1.
  EXPECT_EQ(p.cells(), (std::vector<Cell>{{-2, -1}, {0, -1}, {-2, 0}, {1, 0}}));
  EXPECT_EQ(p.history(),
            (std::vector<StateCell>{{{-1, -1}, 2}, {{0, -1}, 5}, {{-2, 0}, 3}, {{-1, 0}, 4}}));
}

TEST(MacrocellErrors, NodesLevelsAndStates) {
  test::expect_located_errors(
      parse_error, {
                       {"#R B3/S23\n", 1, 1, "[M2]"},
                       {"[M2]\n.*$\n4 1 2 0 0\n", 3, 5, "not defined before it"},
                       {"[M2]\n.*$\n5 1 0 0 0\n", 3, 3, "children must be of level 4"},
                       {"[M2]\n.*$\n4 1 0 0 0\n4 0 2 0 0\n", 4, 5, "children must be of level 3"},
                       {"[M2]\n.*$\n63 1 0 0 0\n", 3, 1, "impossible level 63"},
                       {"[M2]\n.*$\n0 1 0 0 0\n", 3, 1, "impossible level 0"},
                       {"[M2]\n.*$\n4 1 0 0\n", 3, 1, "five numbers"},
                       {"[M2]\n.*$\n4 1 x 0 0\n", 3, 5, "\"x\""},
                       {"[M2]\n.*$\n4 1 -1 0 0\n", 3, 5, "\"-1\""},
                       {"[M2]\n.*.*.*.*.$\n", 2, 9, "longer than 8"},
                       {"[M2]\n$$$$$$$$*$\n", 2, 9, "more than 8 rows"},
                       {"[M2]\n.*o\n", 2, 3, "'o'"},
                       {"[M2]\n#R B3/S23\n1 0 1 2 0\n", 3, 7, "state 2 does not exist"},
                       {"[M2]\n#R LifeHistory\n1 0 7 0 0\n", 3, 5, "state 7"},
                       {"[M2]\n#R LifeHistory\n1 0 6 0 0\n", 3, 5, "boundary"},
                       {"[M2]\n#R WireWorld\n", 2, 4, "WireWorld"},
                       {"[M2]\n#G -5\n", 2, 4, "generation"},
                       {"[M2]\nhello\n", 2, 1, "'h'"},
                   });
}

TEST(MacrocellWrite, RoundTripsCellsStatesAndPosition) {
  for (const char* rle :
       {"x = 3, y = 3\nbo$2bo$3o!", "#CXRLE Pos=-1000,77\nx = 1, y = 1, rule = B36/S23:T9,9\no!",
        "#CXRLE Pos=123456789,-987654321 Gen=9\nx = 2, y = 2\n2o$obo!",
        "x = 4, y = 3, rule = LifeHistory\n.A2B$2.CD$3E!", "x = 0, y = 0\n!"}) {
    SCOPED_TRACE(rle);
    const Pattern p = parse_rle(rle);
    const std::string text = test::expect_round_trip(write_macrocell, parse_macrocell, p);
    // A tree read back is written back the same.
    EXPECT_EQ(write_macrocell(parse_macrocell(text)), text);
  }
}

// A file cut short at a line still reads, as in Golly, its last node being the pattern; the
// nodes left outside that node's tree say so. Whole files have none outside.
TEST(MacrocellRead, AFileCutShortSaysSo) {
  Grid g(300, 200);
  g.randomize(0.02, 7);
  Pattern p;
  for (int64_t y = 0; y < g.height(); ++y)
    for (int64_t x = 0; x < g.width(); ++x)
      if (g.get(x, y)) p.add(x, y);
  p.normalize();
  const std::string text = write_macrocell(p);
  EXPECT_TRUE(parse_macrocell(text).notes.empty());
  EXPECT_TRUE(parse_macrocell(kGlider).notes.empty());
  std::vector<size_t> ends;  // where each line after the header ends
  for (size_t i = text.find('\n', text.find("#R")); i + 1 < text.size(); i = text.find('\n', i + 1))
    ends.push_back(i + 1);
  ASSERT_GT(ends.size(), 20u);
  int cut_with_note = 0;
  for (size_t k = 2; k < ends.size(); ++k) {
    SCOPED_TRACE("cut after " + std::to_string(k) + " lines");
    const Pattern cut = parse_macrocell(text.substr(0, ends[k]));
    EXPECT_FALSE(cut.same_cells(p));
    if (cut.notes.empty()) continue;
    ++cut_with_note;
    EXPECT_NE(cut.notes[0].find("may have been cut short"), std::string::npos) << cut.notes[0];
  }
  // Only a cut just after a node that is the whole tree so far (a leaf's first parent, say)
  // leaves nothing outside.
  EXPECT_GT(cut_with_note, int(ends.size()) * 3 / 4) << cut_with_note << " of " << ends.size();
}

TEST(MacrocellWrite, WritesGollysLeafRows) {
  const std::string text = write_macrocell(parse_rle("#CXRLE Pos=-8,-7\nx = 3, y = 3\nbo$2bo$3o!"));
  EXPECT_EQ(text, "[M2] (gpulife)\n#R B3/S23\n.*$..*$***$\n4 1 0 0 0\n");
}

}  // namespace
}  // namespace gpulife
