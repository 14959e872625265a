// Tests for Hensel's isotropic non-totalistic notation: the letters' configurations, parsing
// with errors that point at the character, and canonical text as Golly 3.3 writes it.
#include "core/hensel.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <set>
#include <string>

#include "core/error.hpp"
#include "core/rule.hpp"

namespace gpulife {
namespace {

// The letters of each count split its configurations into their symmetry classes: every
// configuration of counts 1..7 has exactly one letter, and all eight images of it the same.
TEST(Hensel, LettersPartitionEachCount) {
  const int sizes[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  for (int n = 0; n <= 8; ++n) {
    std::set<int> letters_seen;
    int configurations = 0;
    for (int k = 0; k < kNeighbourhoods; ++k) {
      if (((k >> kCentreBit) & 1) || std::popcount(unsigned(k)) != n) continue;
      ++configurations;
      const int l = hensel::letter_of(k);
      if (n == 0 || n == 8) {
        EXPECT_EQ(l, -1);
        continue;
      }
      ASSERT_GE(l, 0) << k;
      ASSERT_LT(l, int(hensel::letters(n).size()));
      letters_seen.insert(l);
      int images[8];
      hensel::symmetries(k, images);
      for (int image : images) EXPECT_EQ(hensel::letter_of(image), l) << k << " " << image;
      EXPECT_EQ(hensel::letter_of(k | (1 << kCentreBit)), l);  // the centre does not matter
    }
    EXPECT_EQ(configurations, sizes[n]);
    if (n > 0 && n < 8) EXPECT_EQ(int(letters_seen.size()), int(hensel::letters(n).size()));
  }
}

// Counts 5..7 are the complements of counts 3..1 with the same letter.
TEST(Hensel, HighCountsComplementLowOnes) {
  for (int k = 0; k < kNeighbourhoods; ++k) {
    if ((k >> kCentreBit) & 1) continue;
    const int n = std::popcount(unsigned(k));
    if (n < 1 || n > 3) continue;
    const int complement = k ^ 0x1EF;
    EXPECT_EQ(hensel::letter_of(complement), hensel::letter_of(k)) << k;
  }
}

// Canonical text of rules as bgolly 3.3 wrote them back (`bgolly -m 0 -o out.rle`).
TEST(Hensel, CanonicalTextAsGollyWritesIt) {
  const std::pair<const char*, const char*> cases[] = {
      {"B2nic/S", "B2cin/S"},
      {"B2ceikn/S", "B2-a/S"},
      {"B4-qjrtwz/S", "B4aceikny/S"},
      {"B2aceikn3/S", "B23/S"},
      {"B2-3/S", "B23/S"},
      {"B2-aceikn3/S", "B3/S"},
      {"B3_S23-a4ei6", "B3/S23-a4ei6"},
      {"B3/S2-a", "B3/S2-a"},
      {"B1e/S", "B1e/S"},
      {"B3/S2ea", "B3/S2ae"},
      {"B2e3/S", "B2e3/S"},
      {"B23-a/S", "B23-a/S"},
      {"b2-a/s12", "B2-a/S12"},
      {"S12/B2-a", "B2-a/S12"},
      {"12/2-a", "B2-a/S12"},
      {"B2-/S", "B2/S"},
      {"B2cc/S", "B2c/S"},
      {"B2a2c/S", "B2ac/S"},
      {"B1c1e/S", "B1/S"},
      {"B2-acein/S", "B2k/S"},
      {"B4-aceijknqrtwyz/S", "B/S"},
      {"B4cekainyqjrtwz/S", "B4/S"},
      {"B5q/S4w", "B5q/S4w"},
      {"B3/S2-a3-a", "B3/S2-a3-a"},
      {"B2-ak/S", "B2-ak/S"},
      {"B2-aS12", "B2-a/S12"},
      {"B2cek3i_S12cei", "B2cek3i/S12cei"},
      {"B2ak3nr4iy/S3-nr4ent5er", "B2ak3nr4iy/S3-nr4ent5er"},
      {"B2aei3r4kn5jnr6k/S2ai3k4iknqr5r6ai", "B2aei3r4kn5jnr6k/S2ai3k4iknqr5r6ai"},
      {"B2-a5/S1e2-a35678", "B2-a5/S1e2-a35678"},
      {"B37/S2-i34q", "B37/S2-i34q"},
      {"B3-ej6e/S234i", "B3-ej6e/S234i"},
      {"B2-ac3ai/S1c2-n3-aky4a", "B2-ac3ai/S1c2-n3-aky4a"},
      {"Just Friends", "B2-a/S12"},
  };
  for (const auto& [text, canonical] : cases) {
    SCOPED_TRACE(text);
    const Rule r = parse_rule(text).rule;
    EXPECT_EQ(r.to_string(), canonical);
    EXPECT_EQ(parse_rule(canonical).rule, r);
  }
}

TEST(Hensel, NotationAndShape) {
  const Rule r = parse_rule("B2-a/S12").rule;
  EXPECT_EQ(r.notation(), RuleNotation::Isotropic);
  EXPECT_FALSE(r.is_outer_totalistic());
  EXPECT_THROW(r.birth(), Error);
  EXPECT_THROW(r.survives(2), Error);
  // All letters of a count make it totalistic again.
  const Rule t = parse_rule("B2aceikn3/S23").rule;
  EXPECT_EQ(t.notation(), RuleNotation::Totalistic);
  EXPECT_TRUE(t.is_life() == false && t.is_outer_totalistic());
  EXPECT_TRUE(parse_rule("B3/S2aceikn3").rule.is_life());
  // 2a: a corner and an edge next to it; 2k (knight): a corner and a far edge.
  const int nw = 1 << neighbourhood_bit(0, 0), n = 1 << neighbourhood_bit(0, 1);
  const int s = 1 << neighbourhood_bit(2, 1);
  const Rule a = parse_rule("B2a/S").rule, k = parse_rule("B2k/S").rule;
  EXPECT_TRUE(a.next(nw | n));
  EXPECT_FALSE(a.next(nw | s));
  EXPECT_TRUE(k.next(nw | s));
  EXPECT_FALSE(k.next(nw | n));
}

struct BadRule {
  const char* text;
  int64_t column;
  const char* says;
};

// Every kind of malformed letter is refused with the column of the offending character.
TEST(Hensel, ACountRepeatedWithoutLettersIsTheCount) {
  EXPECT_EQ(parse_rule("B33/S223").rule, Rule::life());
}

TEST(Hensel, ErrorsPointAtTheCharacter) {
  const BadRule cases[] = {
      {"B2x/S", 3, "'x' is not one of Hensel's letters"},
      {"B1a/S", 3, "not a letter of count 1 (1 takes c, e)"},
      {"B5z/S", 3, "not a letter of count 5"},
      {"B0c/S", 3, "count 0 takes no letters"},
      {"B3/S8c", 6, "count 8 takes no letters"},
      {"B2c-a/S", 4, "'-' must come right after a neighbour count"},
      {"B2-c-a/S", 5, "'-' must come right after a neighbour count"},
      {"Ba/S", 2, "letter 'a' must follow a neighbour count"},
      {"B2a/S2aV", 3, "letters need the Moore neighbourhood"},
      {"B3/S2aH", 6, "letters need the Moore neighbourhood"},
      {"B3V/S23", 3, "goes at the end"},
      {"B3/S9", 5, "neighbour count 9 is impossible"},
      {"B3/S5V", 5, "impossible in the von Neumann neighbourhood (0..4)"},
      {"B7/S6H", 2, "impossible in the hexagonal neighbourhood (0..6)"},
      {"B3/S2#", 6, "unexpected character '#'"},
      {"  B2y/S", 5, "not a letter of count 2"},
      {"B2y/S:T10,10", 3, "not a letter of count 2"},
      // A count named twice with letters has no one meaning: at the second mention.
      {"B2-a2/S12", 5, "count 2 appears twice in this part (first at column 2)"},
      {"B3/S2a2", 7, "count 2 appears twice"},
      {"B3/S22a", 6, "count 2 appears twice"},
      {"B4ce4-ce/S23", 5, "count 4 appears twice"},
      // A bounded grid's errors point at its suffix.
      {"B3/S23:T-5,5", 7, "bad bounded grid \":T-5,5\": a tube (a side of 0) cannot be shifted"},
      {" B36/S23:K5,5*+x", 9, "bad bounded grid"},
  };
  for (const BadRule& c : cases) {
    SCOPED_TRACE(c.text);
    try {
      parse_rule(c.text);
      ADD_FAILURE() << "accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.line(), 1);
      EXPECT_EQ(e.column(), c.column) << e.what();
      EXPECT_NE(e.reason().find(c.says), std::string::npos) << e.what();
      const std::string trimmed =
          std::string(c.text).substr(std::string(c.text).find_first_not_of(' '));
      EXPECT_NE(e.reason().find("\"" + trimmed), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace gpulife
