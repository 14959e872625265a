// Tests for core/topology: Golly's bounded-grid suffixes and the edge mapping of each topology,
// checked against the diagrams of Golly's Help > Bounded Grids.
#include "core/topology.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife {
namespace {

Topology suffix_topology(const std::string& suffix) {
  return parse_bounds(suffix).topology;
}

// The cells one step around a w x h grid whose cells are lettered A, B, C, ... row by row, as
// the help's diagrams draw them: each border position shows the cell it stands for, '0' when
// it is dead.
std::vector<std::string> diagram(const Topology& t, int64_t w, int64_t h) {
  std::vector<std::string> rows;
  for (int64_t y = -1; y <= h; ++y) {
    std::string row;
    for (int64_t x = -1; x <= w; ++x) {
      int64_t cx = x, cy = y;
      row += resolve_outside(t, w, h, cx, cy) ? char('A' + cy * w + cx) : '0';
    }
    rows.push_back(row);
  }
  return rows;
}

using Rows = std::vector<std::string>;

TEST(Topology, PlaneEdgesAreDead) {
  EXPECT_EQ(diagram(Topology::Plane, 4, 3),
            (Rows{"000000", "0ABCD0", "0EFGH0", "0IJKL0", "000000"}));
}

// The cells each suffix joins across the edges, as the diagrams of Golly's help show them.
TEST(Topology, BoundedSurfacesMatchGollysDiagrams) {
  struct Case {
    const char* suffix;
    int64_t w, h;
    Rows rows;
  };
  const std::vector<Case> cases = {
      {"T4,3", 4, 3, {"LIJKLI", "DABCDA", "HEFGHE", "LIJKLI", "DABCDA"}},
      {"T4+1,3", 4, 3, {"KLIJKL", "DABCDA", "HEFGHE", "LIJKLI", "ABCDAB"}},
      {"T4,3+1", 4, 3, {"HIJKLA", "LABCDE", "DEFGHI", "HIJKLA", "LABCDE"}},
      {"K4*,3", 4, 3, {"ILKJIL", "DABCDA", "HEFGHE", "LIJKLI", "ADCBAD"}},
      {"K4,3*", 4, 3, {"DIJKLA", "LABCDI", "HEFGHE", "DIJKLA", "LABCDI"}},
      // A shifted twist is where bgolly 3.3 (the oracle, see bounded_grids_test) and the help's
      // drawings part: bgolly joins the twisted edges one cell the other way round, e.g. the
      // help draws "JILKJI" above :K4*+1,3 and "FJKLD" above :K3,4*+1. The engines follow
      // bgolly.
      {"K4*+1,3", 4, 3, {"LKJILK", "DABCDA", "HEFGHE", "LIJKLI", "DCBADC"}},
      {"K3,4*+1", 3, 4, {"LJKLJ", "IABCG", "FDEFD", "CGHIA", "LJKLJ", "IABCG"}},
      {"C4,3", 4, 3, {"ALKJID", "LABCDI", "HEFGHE", "DIJKLA", "IDCBAL"}},
      {"S3", 3, 3, {"AADGC", "AABCG", "BDEFH", "CGHII", "GCFII"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.suffix);
    EXPECT_EQ(diagram(suffix_topology(c.suffix), c.w, c.h), c.rows);
  }
}

TEST(Topology, TubeWrapsOneAxisOnly) {
  const GridBounds tube = parse_bounds("T0,3");
  EXPECT_TRUE(tube.topology.open_x);
  EXPECT_FALSE(tube.topology.open_y);
  EXPECT_EQ(tube.width, 0);
  EXPECT_EQ(diagram(tube.topology, 4, 3), (Rows{"0IJKL0", "0ABCD0", "0EFGH0", "0IJKL0", "0ABCD0"}));
  EXPECT_EQ(diagram(parse_bounds("T4,0").topology, 4, 3),
            (Rows{"000000", "DABCDA", "HEFGHE", "LIJKLI", "000000"}));
  // Neither is the plain torus, so engines must not take their torus fast path for them.
  EXPECT_TRUE(needs_edge_fixup(tube.topology));
  EXPECT_FALSE(needs_edge_fixup(Topology::Torus));
  EXPECT_FALSE(needs_edge_fixup(Topology::Plane));
}

TEST(Topology, SuffixesPrintAsGollyCanonicalisesThem) {
  // What bgolly 3.3 writes back for each suffix.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"P30,20", ":P30,20"},
      {"P30,0", ":P30,0"},
      {"T0,20", ":T0,20"},
      {"T30,20", ":T30,20"},
      {"T30+5,20", ":T30+5,20"},
      {"T30,20-2", ":T30,20-2"},
      {"K30*,20", ":K30*,20"},
      {"K30,20*", ":K30,20*"},
      {"K30*+1,20", ":K30*+1,20"},
      {"C30,20", ":C30,20"},
      {"S30", ":S30"},
      {"t30", ":T30,30"},
      {"P30", ":P30,30"},
      {"T30+32,20", ":T30+2,20"},
      {"T30-32,20", ":T30-2,20"},
      {"T30,20+25", ":T30,20+5"},
      {"K40*-3,20", ":K40*+1,20"},
      {"K40,20*+2", ":K40,20*+1"},
      {"K41*+1,20", ":K41*,20"},
      {"T30+0,20", ":T30,20"},
      {"t5+1", ":T5+1,5"},
      {"k40*,20", ":K40*,20"},
      {"c7,9", ":C7,9"},
      {"S30,30", ":S30"},
      {"P2000000000,5", ":P2000000000,5"},
      // Golly's shorthands: an unmarked Klein bottle twists its height, a bare comma repeats
      // the width, missing digits are 0.
      {"K30,20", ":K30,20*"},
      {"k10", ":K10,10*"},
      {"K10*", ":K10*,10"},
      {"T10,", ":T10,10"},
      {"T,10", ":T0,10"},
      {"P,10", ":P0,10"},
      {"T10,10+", ":T10,10"},
  };
  for (const auto& [in, out] : cases) {
    SCOPED_TRACE(in);
    const GridBounds b = parse_bounds(in);
    EXPECT_EQ(b.to_string(), out);
    EXPECT_EQ(parse_bounds(out.substr(1)), b) << "does not read back";
  }
}

TEST(Topology, RejectsWhatGollyRejects) {
  for (const char* text : {"T10+1,20+1", "K40*,20*", "K40+1,20",      "S0",      "K0,10",  "C10,0",
                           "T,+2",       "T0+1,20",  "K0*,6",         "C5,6+1",  "S30,20", "S30+1",
                           "P30+1,20",   "T0,0",     "P2000000001,5", "",        "T",      "Tx,5",
                           "X5,5",       "T5,5,5",   "K40*,20+1",     "T30*,20", "T-5,5"}) {
    SCOPED_TRACE(text);
    EXPECT_THROW(parse_bounds(text), Error);
  }
}

// What Golly takes for no bounded grid at all, in a rule's suffix (bgolly 3.3 writes the rule
// back without one).
TEST(Topology, SuffixesGollyReadsAsUnbounded) {
  for (const char* text : {"", "T", "p", "S", "K", "C", "T0,0", "P0", "T0", "T,", "P0,0"}) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(parse_suffix(text).has_value());
  }
  EXPECT_EQ(parse_suffix("T30,20"), parse_bounds("T30,20"));
  EXPECT_THROW(parse_suffix("S0"), Error);
  EXPECT_THROW(parse_suffix("X"), Error);
  EXPECT_EQ(parse_rule("B3/S23:").to_string(), "B3/S23");
  EXPECT_EQ(parse_rule("B3/S23:T0,0").to_string(), "B3/S23");
  EXPECT_EQ(parse_rule("B3/S23:K10,10").to_string(), "B3/S23:K10,10*");
}

TEST(Topology, RuleSuffixGoesThroughTheBoundsParser) {
  const RuleSpec spec = parse_rule("B3/S23:T30+7,20");
  ASSERT_TRUE(spec.bounds.has_value());
  EXPECT_EQ(spec.bounds->topology.shift, 7);
  EXPECT_EQ(spec.to_string(), "B3/S23:T30+7,20");
  try {
    parse_rule("B3/S23:K40*,20*");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("B3/S23:K40*,20*"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("twisted"), std::string::npos) << e.what();
  }
}

TEST(Topology, NamesForPeopleAndTheCommandLine) {
  EXPECT_EQ(to_string(Topology::Plane), "plane");
  EXPECT_EQ(to_string(Topology::Torus), "torus");
  EXPECT_EQ(to_string(suffix_topology("K4*,3")), "Klein bottle (horizontal edges twisted)");
  EXPECT_EQ(to_string(suffix_topology("T30,20+4")), "torus (vertical edges shifted by +4)");
  EXPECT_EQ(to_string(suffix_topology("T0,20")), "tube (unbounded width)");
  EXPECT_EQ(to_string(suffix_topology("S4")), "sphere");
  EXPECT_EQ(parse_topology("plane"), Topology::Plane);
  EXPECT_EQ(parse_topology("Torus"), Topology::Torus);
  EXPECT_EQ(parse_topology("klein"), suffix_topology("K4*,3"));
  EXPECT_EQ(parse_topology("Klein-Vertical"), suffix_topology("K4,3*"));
  EXPECT_EQ(parse_topology("cross-surface"), suffix_topology("C4,3"));
  EXPECT_EQ(parse_topology("sphere"), suffix_topology("S4"));
  try {
    parse_topology("donut");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("donut"), std::string::npos);
  }
}

TEST(Topology, GridsRefuseImpossibleShapes) {
  EXPECT_THROW(Grid(30, 20, suffix_topology("S30")), Error);
  EXPECT_NO_THROW(Grid(30, 30, suffix_topology("S30")));
  EXPECT_THROW(Grid(31, 20, suffix_topology("K40*+1,20")), Error);
  EXPECT_NO_THROW(Grid(32, 20, suffix_topology("K40*+1,20")));
}

TEST(Topology, BoundsForAGridWriteTubesWithAZeroSide) {
  EXPECT_EQ(bounds_for(suffix_topology("T0,68"), 200, 68).to_string(), ":T0,68");
  EXPECT_EQ(bounds_for(suffix_topology("K40*+1,20"), 40, 20).to_string(), ":K40*+1,20");
  EXPECT_EQ(bounds_for(Topology::Torus, 64, 32).to_string(), ":T64,32");
}

}  // namespace
}  // namespace gpulife
