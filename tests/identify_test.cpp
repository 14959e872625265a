// Identify on the library's still lifes, oscillators and spaceships, against figures worked out
// independently from bgolly's evolution of each file (tests/scripts/identify_oracle.py) and
// LifeWiki's (glider heat 4, LWSS/MWSS/HWSS heat 11/15/19, pulsar 48/56/72 cells, ...).
#include "core/identify.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"
#include "test_support.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

Pattern library(const std::string& name) {
  return load_pattern_file(fs::path(GPULIFE_ASSETS) / "patterns" / (name + ".rle"));
}

IdentifyResult run(const std::string& name, uint64_t max_period = 1024) {
  const Pattern p = library(name);
  IdentifyOptions o;
  o.max_period = max_period;
  return identify(p, p.rule.rule, o);
}

struct Expected {
  std::string file;
  PatternKind kind;
  uint64_t period;
  int64_t dx, dy;
  uint64_t pop_min, pop_max;
  double pop_mean;
  int64_t box_w, box_h;
  double heat;
  uint64_t rotor, stator;  // oscillators and still lifes
  std::string speed;       // spaceships
};

constexpr PatternKind kStill = PatternKind::StillLife;
constexpr PatternKind kOsc = PatternKind::Oscillator;
constexpr PatternKind kShip = PatternKind::Spaceship;

const Expected kLibrary[] = {
    {"block", kStill, 1, 0, 0, 4, 4, 4, 2, 2, 0, 0, 4, ""},
    {"eater_1", kStill, 1, 0, 0, 7, 7, 7, 4, 4, 0, 0, 7, ""},
    {"pond", kStill, 1, 0, 0, 8, 8, 8, 4, 4, 0, 0, 8, ""},
    {"blinker", kOsc, 2, 0, 0, 3, 3, 3, 3, 3, 4, 4, 1, ""},
    {"toad", kOsc, 2, 0, 0, 6, 6, 6, 4, 4, 8, 8, 2, ""},
    {"beacon", kOsc, 2, 0, 0, 6, 8, 7, 4, 4, 2, 2, 6, ""},
    {"clock", kOsc, 2, 0, 0, 6, 6, 6, 4, 4, 8, 8, 2, ""},
    {"pulsar", kOsc, 3, 0, 0, 48, 72, 58.6667, 15, 15, 42.6667, 64, 24, ""},
    {"pentadecathlon", kOsc, 15, 0, 0, 12, 40, 20.9333, 16, 9, 22.4, 80, 0, ""},
    {"figure_eight", kOsc, 8, 0, 0, 12, 26, 17.75, 10, 10, 16.5, 42, 0, ""},
    {"koks_galaxy", kOsc, 8, 0, 0, 28, 64, 41, 13, 13, 39, 116, 0, ""},
    {"tumbler", kOsc, 14, 0, 0, 16, 22, 18, 9, 7, 10.2857, 50, 0, ""},
    {"queen_bee_shuttle", kOsc, 30, 0, 0, 20, 33, 26.2, 22, 7, 17.8667, 104, 4, ""},
    {"day_and_night_p2", kOsc, 2, 0, 0, 4, 4, 4, 3, 2, 4, 4, 2, ""},
    {"day_and_night_p4", kOsc, 4, 0, 0, 5, 9, 7, 5, 5, 6, 12, 1, ""},
    {"glider", kShip, 4, 1, 1, 5, 5, 5, 3, 3, 4, 0, 0, "c/4 diagonal"},
    {"lwss", kShip, 4, -2, 0, 9, 12, 10.5, 5, 4, 11, 0, 0, "c/2 orthogonal"},
    {"mwss", kShip, 4, -2, 0, 11, 15, 13, 6, 5, 15, 0, 0, "c/2 orthogonal"},
    {"hwss", kShip, 4, -2, 0, 13, 18, 15.5, 7, 5, 19, 0, 0, "c/2 orthogonal"},
    {"coe_ship", kShip, 16, 8, 0, 28, 47, 36, 17, 12, 38, 0, 0, "c/2 orthogonal"},
    {"highlife_bomber", kShip, 48, -8, -8, 19, 65, 35.6667, 21, 21, 38.4167, 0, 0, "c/6 diagonal"},
    {"day_and_night_c2_ship", kShip, 32, 0, -16, 22, 50, 35.875, 9, 16, 21.5, 0, 0,
     "c/2 orthogonal"},
};

TEST(Identify, LibraryPatternsMatchTheirKnownFigures) {
  for (const Expected& e : kLibrary) {
    SCOPED_TRACE(e.file);
    const IdentifyResult r = run(e.file);
    EXPECT_EQ(r.kind, e.kind);
    EXPECT_EQ(r.period, e.period);
    EXPECT_EQ(r.dx, e.dx);
    EXPECT_EQ(r.dy, e.dy);
    EXPECT_EQ(r.start_generation, 0u);
    EXPECT_EQ(r.population_min, e.pop_min);
    EXPECT_EQ(r.population_max, e.pop_max);
    EXPECT_NEAR(r.population_mean, e.pop_mean, 1e-3);
    EXPECT_EQ(r.box_width, e.box_w);
    EXPECT_EQ(r.box_height, e.box_h);
    EXPECT_NEAR(r.heat, e.heat, 1e-3);
    if (e.kind == kShip) {
      EXPECT_EQ(r.speed, e.speed);
    } else {
      EXPECT_EQ(r.rotor, e.rotor);
      EXPECT_EQ(r.stator, e.stator);
    }
  }
}

TEST(Identify, SeedsMoonMovesAtTheSpeedOfLight) {
  const IdentifyResult r = run("seeds_moon");
  EXPECT_EQ(r.kind, kShip);
  EXPECT_EQ(r.period, 1u);
  EXPECT_EQ(r.dx, -1);
  EXPECT_EQ(r.dy, 0);
  EXPECT_EQ(r.speed, "c orthogonal");
  EXPECT_EQ(r.heading, "west");
}

TEST(Identify, TheSameShipInAnyOrientationHasTheSameSpeed) {
  Pattern p = library("glider");
  for (int turn = 0; turn < 4; ++turn) {
    SCOPED_TRACE(turn);
    const IdentifyResult r = identify(p, Rule::life(), {});
    EXPECT_EQ(r.kind, kShip);
    EXPECT_EQ(r.period, 4u);
    EXPECT_EQ(std::abs(r.dx), 1);
    EXPECT_EQ(std::abs(r.dy), 1);
    EXPECT_EQ(r.speed, "c/4 diagonal");
    p.rotate_clockwise();
  }
  // The library's glider heads to the bottom right: x grows right, y grows down.
  EXPECT_EQ(run("glider").heading, "southeast");
  EXPECT_EQ(run("lwss").heading, "west");
  EXPECT_EQ(run("day_and_night_c2_ship").heading, "north");
}

TEST(Identify, FarFromTheOriginGivesTheSameAnswer) {
  Pattern p = library("lwss");
  p.translate(int64_t{1} << 40, -(int64_t{1} << 40));
  const IdentifyResult r = identify(p, Rule::life(), {});
  EXPECT_EQ(r.kind, kShip);
  EXPECT_EQ(r.period, 4u);
  EXPECT_EQ(r.dx, -2);
}

TEST(Identify, ATransientIsReportedWithTheGenerationItSettlesAt) {
  // Three cells of an L become a block in one generation.
  const IdentifyResult r = identify(parse_rle("x = 2, y = 2\n2o$o!"), Rule::life(), {});
  EXPECT_EQ(r.kind, kStill);
  EXPECT_EQ(r.period, 1u);
  EXPECT_EQ(r.start_generation, 1u);
  EXPECT_EQ(r.population_min, 4u);
  // The B-heptomino settles at generation 148, but the gliders it sends off keep the whole from
  // ever repeating: nothing is found within the limit.
  const IdentifyResult b = run("b_heptomino", 300);
  EXPECT_EQ(b.kind, PatternKind::None);
  EXPECT_EQ(b.period, 0u);
  EXPECT_NE(b.reason.find("300"), std::string::npos) << b.reason;
}

TEST(Identify, PatternsThatDieOrAreEmpty) {
  const IdentifyResult d = run("diehard");
  EXPECT_EQ(d.kind, PatternKind::Dies);
  EXPECT_EQ(d.start_generation, 130u);
  const IdentifyResult e = identify(Pattern{}, Rule::life(), {});
  EXPECT_EQ(e.kind, PatternKind::Empty);
  // A lone cell dies at once.
  EXPECT_EQ(identify(parse_rle("o!"), Rule::life(), {}).start_generation, 1u);
}

TEST(Identify, GunsAndLongPeriodsNeedTheLimit) {
  // A gun never repeats: its glider stream grows.
  EXPECT_EQ(run("gosper_glider_gun", 200).kind, PatternKind::None);
  // The queen bee shuttle's period 30 is beyond a limit of 29 and within 30.
  EXPECT_EQ(run("queen_bee_shuttle", 29).kind, PatternKind::None);
  EXPECT_EQ(run("queen_bee_shuttle", 30).period, 30u);
}

TEST(Identify, GrowthBeyondTheSideLimitStops) {
  IdentifyOptions o;
  o.max_period = 5000;
  o.max_side = 200;
  const Pattern gun = library("gosper_glider_gun");
  const IdentifyResult r = identify(gun, Rule::life(), o);
  EXPECT_EQ(r.kind, PatternKind::None);
  EXPECT_NE(r.reason.find("grew beyond 200"), std::string::npos) << r.reason;
  EXPECT_LT(r.generations_run, 5000u);
}

// Any two-state rule without B0, not only outer-totalistic ones: without the 3n birth, the
// glider becomes a beehive at generation 3 (bgolly: populations 5 4 6 6 ..., the 4x3 beehive
// from generation 3 on).
TEST(Identify, RulesInHenselsNotation) {
  const IdentifyResult r = identify(library("glider"), parse_rule("B3-n/S23").rule, {});
  EXPECT_EQ(r.kind, kStill);
  EXPECT_EQ(r.start_generation, 3u);
  EXPECT_EQ(r.population_min, 6u);
  EXPECT_EQ(r.box_width, 4);
  EXPECT_EQ(r.box_height, 3);
  // A rule that keeps the glider's transitions keeps the glider.
  const IdentifyResult g = identify(library("glider"), parse_rule("B3-q/S23-k").rule, {});
  EXPECT_EQ(g.kind, kShip);
  EXPECT_EQ(g.period, 4u);
}

TEST(Identify, RefusesWhatItCannotDo) {
  const Pattern glider = library("glider");
  IdentifyOptions o;
  EXPECT_THROW(identify(glider, parse_rule("B0/S8").rule, o), Error);
  o.max_period = 0;
  EXPECT_THROW(identify(glider, Rule::life(), o), Error);
  o.max_period = kMaxIdentifyPeriod + 1;
  EXPECT_THROW(identify(glider, Rule::life(), o), Error);
  o = {};
  o.max_side = 10;
  Pattern wide = glider;
  wide.add(100, 0);
  wide.normalize();
  EXPECT_THROW(identify(wide, Rule::life(), o), Error);
}

TEST(Identify, CancelStopsTheSearch) {
  std::atomic<bool> cancel{true};
  IdentifyOptions o;
  o.cancel = &cancel;
  const IdentifyResult r = identify(library("glider"), Rule::life(), o);
  EXPECT_EQ(r.kind, PatternKind::None);
  EXPECT_NE(r.reason.find("cancelled"), std::string::npos);
}

TEST(Identify, SpeedsInLifeNotation) {
  EXPECT_EQ(speed_text(1, 1, 4), "c/4 diagonal");
  EXPECT_EQ(speed_text(-2, 0, 4), "c/2 orthogonal");
  EXPECT_EQ(speed_text(0, 2, 5), "2c/5 orthogonal");
  EXPECT_EQ(speed_text(-1, 0, 1), "c orthogonal");
  EXPECT_EQ(speed_text(2, 1, 6), "(2,1)c/6");
  EXPECT_EQ(speed_text(-1, 2, 6), "(2,1)c/6");
  EXPECT_EQ(speed_text(6, 3, 18), "(2,1)c/6");
  EXPECT_EQ(speed_text(3, 2, 7), "(3,2)c/7");
  EXPECT_EQ(speed_text(0, 0, 3), "0");
  EXPECT_EQ(heading_text(2, 1), "east-southeast");
  EXPECT_EQ(heading_text(-1, -2), "north-northwest");
  EXPECT_EQ(heading_text(-1, 1), "southwest");
}

TEST(Identify, FieldsAreKeyValueLinesWithPeriodAndDisplacement) {
  const auto fields = identify_fields(run("lwss"), 1024);
  const std::map<std::string, std::string> m(fields.begin(), fields.end());
  EXPECT_EQ(fields[0].first, "type");
  EXPECT_EQ(test::mismatched_entries(m, {{"type", "spaceship"},
                                         {"period", "4"},
                                         {"displacement", "(-2, 0)"},
                                         {"speed", "c/2 orthogonal"},
                                         {"population mean", "10.5"},
                                         {"bounding box", "5x4"}}),
            "");
  EXPECT_EQ(m.count("rotor cells"), 0u);
  const auto osc = identify_fields(run("blinker"), 1024);
  EXPECT_EQ(test::mismatched_entries(
                {osc.begin(), osc.end()},
                {{"rotor cells", "4"}, {"stator cells", "1"}, {"volatility", "0.8"}}),
            "");
  const auto none = identify_fields(run("gosper_glider_gun", 100), 100);
  EXPECT_EQ(test::mismatched_entries({none.begin(), none.end()},
                                     {{"type", "none found within 100 generations"},
                                      {"period", "0"},
                                      {"displacement", "(0, 0)"}}),
            "");
}

}  // namespace
}  // namespace gpulife
