// Tests for the cpu-simd engine: bit-for-bit agreement with the reference engine across rules,
// topologies, odd sizes, instruction sets, thread counts and pass shapes, plus its interface.
#include "core/simd_engine.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "tests/reference_runs.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

Rule rule_of(const char* text) {
  return parse_rule(text).rule;
}

using test::reference_after;
using test::soup;

// Engine settings that together cover every instruction set this machine has, one and several
// threads, generations per pass that do not divide the generation counts, and bands smaller
// than the grid (so halos cross band edges).
std::vector<Params> configurations() {
  std::vector<Params> c = {
      {},
      {{"isa", 1}, {"threads", 1}, {"generations_per_pass", 1}},
      {{"isa", 1}, {"threads", 2}, {"generations_per_pass", 5}, {"band_rows", 9}},
  };
  if (simd_isa_supported(SimdIsa::Avx2)) {
    c.push_back({{"isa", 2}, {"threads", 1}, {"generations_per_pass", 8}, {"band_rows", 16}});
    c.push_back({{"isa", 2}, {"threads", 3}, {"generations_per_pass", 4}, {"band_rows", 8}});
  }
  if (simd_isa_supported(SimdIsa::Avx512)) {
    c.push_back({{"isa", 3}, {"threads", 2}, {"generations_per_pass", 11}, {"band_rows", 8}});
    c.push_back({{"isa", 3}, {"threads", 1}, {"generations_per_pass", 64}});
  }
  return c;
}

std::string describe(const Params& p) {
  std::string s;
  for (const auto& [k, v] : p) s += k + "=" + std::to_string(v) + " ";
  return s.empty() ? "defaults" : s;
}

// Runs `generations` in two step() calls (so a pass boundary falls mid-way) and checks the
// stored grid, hash and population against the reference.
void expect_matches_reference(const Grid& start, const Rule& rule, uint64_t generations) {
  const Grid expected = reference_after(start, rule, generations);
  for (const Params& p : configurations()) {
    SCOPED_TRACE(describe(p));
    auto e = make_simd_engine();
    e->set_params(p);
    e->set_rule(rule);
    e->load(start);
    e->step(generations / 2);
    e->step(generations - generations / 2);
    EXPECT_EQ(e->generation(), generations);
    Grid got = test::state(*e);
    ASSERT_EQ(got.width(), expected.width());
    ASSERT_EQ(got.height(), expected.height());
    EXPECT_EQ(got.topology(), start.topology());
    EXPECT_TRUE(got == expected) << "cells differ from the reference";
    EXPECT_EQ(e->hash(), expected.hash());
    EXPECT_EQ(e->population(), expected.population());
  }
}

struct Case {
  const char* rule;
  Topology topology;
};

class SimdVersusReference : public ::testing::TestWithParam<Case> {};

TEST_P(SimdVersusReference, OddSizesMatchBitForBit) {
  const Rule rule = rule_of(GetParam().rule);
  const std::vector<int64_t> widths = {1, 63, 65, 200, 257, 513};
  const std::vector<int64_t> heights = {1, 2, 3, 77};
  uint64_t seed = 1;
  for (int64_t w : widths) {
    for (int64_t h : heights) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
      expect_matches_reference(soup(w, h, GetParam().topology, seed++), rule, 13);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Rules, SimdVersusReference,
    ::testing::Values(Case{"B3/S23", Topology::Plane}, Case{"B3/S23", Topology::Torus},
                      Case{"B36/S23", Topology::Plane}, Case{"B36/S23", Topology::Torus},
                      Case{"B3678/S34678", Topology::Plane}, Case{"B3678/S34678", Topology::Torus},
                      Case{"B2/S", Topology::Plane}, Case{"B2/S", Topology::Torus},
                      Case{"B3/S012345678", Topology::Plane},
                      Case{"B3/S012345678", Topology::Torus}),
    [](const ::testing::TestParamInfo<Case>& info) {
      std::string name = info.param.rule;
      std::erase(name, '/');
      return name + (info.param.topology == Topology::Torus ? "_torus" : "_plane");
    });

// Rules whose totals of 0 and 8 or 9 matter: the general path must tell them apart (B0 ones
// through their two phases, core/rule_phases.hpp).
TEST(SimdEngine, ExtremeCountRulesMatch) {
  const std::vector<Rule> rules = {Rule{0x001, 0x100}, Rule{0x002, 0x001}, Rule{0x100, 0},
                                   Rule{0x1ff, 0x1ff}, Rule{0, 0},         Rule{0x1fe, 0x0ff}};
  for (const Rule& r : rules) {
    SCOPED_TRACE(r.to_string());
    for (Topology t : {Topology::Plane, Topology::Torus}) {
      expect_matches_reference(soup(70, 9, t, 99, 0.9), r, 5);
      expect_matches_reference(soup(70, 9, t, 98, 0.1), r, 5);
    }
  }
}

// A wider grid, many generations and many bands: long-range interaction across band halos and
// the torus seam.
TEST(SimdEngine, LongerRunMatchesReference) {
  for (Topology t : {Topology::Plane, Topology::Torus})
    expect_matches_reference(soup(640, 96, t, 7), Rule::life(), 70);
}

// Full passes of the deepest kind (64 generations, the parameter's maximum) on every instruction
// set: the wavefront keeps a level for each of them (once one too few: a crash past 126
// generations).
TEST(SimdEngine, TheDeepestPassesMatchTheReference) {
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    const Grid start = soup(130, 70, t, 21);
    const Grid expected = reference_after(start, Rule::life(), 200);
    for (int isa = 0; isa <= 3; ++isa) {
      if (isa > 0 && !simd_isa_supported(SimdIsa(isa))) continue;
      SCOPED_TRACE("isa " + std::to_string(isa));
      auto e = make_simd_engine();
      e->set_params({{"isa", isa}, {"threads", 2}, {"generations_per_pass", 64}, {"band_rows", 8}});
      e->load(start);
      e->step(200);  // three full passes and one of 8
      EXPECT_TRUE(test::state(*e) == expected);
    }
  }
}

// Big enough that passes of four or more generations are spread over the thread pool (smaller
// passes run on the calling thread).
TEST(SimdEngine, ThreadedPassesMatchReference) {
  expect_matches_reference(soup(1030, 1100, Topology::Torus, 11), Rule::life(), 11);
  expect_matches_reference(soup(1030, 1100, Topology::Plane, 12), rule_of("B36/S23"), 11);
}

TEST(SimdEngine, GliderCrossesTheTorusSeam) {
  // A glider moves one cell diagonally every 4 generations: after 4 * 67 generations on a 67x67
  // torus it is back where it started, having crossed both seams (67 is not a multiple of 64).
  Grid g(67, 67, Topology::Torus);
  for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) g.set(x + 60, y + 60, true);
  auto e = make_simd_engine();
  e->load(g);
  e->step(4 * 67);
  Grid out = test::state(*e);
  EXPECT_TRUE(out == g);
  e->step(2);
  EXPECT_EQ(e->population(), 5u);
  e->store(out);
  EXPECT_FALSE(out == g);
}

TEST(SimdEngine, LoadStoreRoundTripKeepsCellsHashAndPopulation) {
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    for (int64_t w : {1, 63, 64, 65, 257}) {
      const Grid g = soup(w, 5, t, uint64_t(w));
      auto e = make_simd_engine();
      e->load(g);
      EXPECT_EQ(e->width(), w);
      EXPECT_EQ(e->height(), 5);
      EXPECT_EQ(e->topology(), t);
      EXPECT_EQ(e->generation(), 0u);
      Grid out = test::state(*e);
      EXPECT_TRUE(out == g);
      EXPECT_EQ(out.topology(), t);
      EXPECT_EQ(e->hash(), g.hash());
      EXPECT_EQ(e->population(), g.population());
    }
  }
}

TEST(SimdEngine, StoreOverwritesAGridOfAnySizeAndTopology) {
  const Grid g = soup(100, 9, Topology::Torus, 4);
  auto e = make_simd_engine();
  e->load(g);
  for (Grid out : {Grid(100, 9, Topology::Plane), Grid(7, 3), Grid()}) {
    out.randomize(0.5, 77);  // stale cells must not survive
    e->store(out);
    EXPECT_TRUE(out == g);
    EXPECT_EQ(out.topology(), Topology::Torus);
  }
}

TEST(SimdEngine, HashAndPopulationAgreeWithStoredGridAfterSteps) {
  auto e = make_simd_engine();
  e->load(soup(129, 31, Topology::Torus, 5));
  for (int i = 0; i < 4; ++i) {
    e->step(3);
    Grid out = test::state(*e);
    EXPECT_EQ(e->hash(), out.hash());
    EXPECT_EQ(e->population(), out.population());
  }
}

TEST(SimdEngine, ReloadResetsGenerationAndSize) {
  auto e = make_simd_engine();
  e->load(soup(100, 40, Topology::Plane, 1));
  e->step(9);
  EXPECT_EQ(e->generation(), 9u);
  const Grid small = soup(3, 2, Topology::Torus, 2);
  e->load(small);
  EXPECT_EQ(e->generation(), 0u);
  Grid out = test::state(*e);
  EXPECT_TRUE(out == small);
  e->step(0);
  e->store(out);
  EXPECT_TRUE(out == small);
}

// Editing in place must keep the torus seam right: a cell written at the last column must be
// seen by the first column's neighbours in the next step.
TEST(SimdEngine, WriteRegionEditsInPlaceAndKeepsTheSeam) {
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    const Grid start = soup(130, 20, t, 21, 0.3);
    auto e = make_simd_engine();
    e->load(start);
    e->step(4);
    Grid before = test::state(*e);
    Grid patch(6, 5);
    for (int64_t y = 0; y < 5; ++y)
      for (int64_t x = 0; x < 6; ++x) patch.set(x, y, (x + y) % 2 == 0);
    e->write_region(patch, Cell{127, 17});  // hangs over the right and bottom edges
    EXPECT_EQ(e->generation(), 4u);
    Grid after = test::state(*e);
    Grid expected = before;
    for (int64_t y = 0; y < 5; ++y)
      for (int64_t x = 0; x < 6; ++x)
        if (expected.in_bounds(127 + x, 17 + y)) expected.set(127 + x, 17 + y, patch.get(x, y));
    EXPECT_TRUE(after == expected);
    EXPECT_EQ(e->hash(), expected.hash());
    EXPECT_EQ(e->population(), expected.population());

    const Grid read = e->read_region(Box{125, 15, 132, 21});
    for (int64_t y = 0; y < 7; ++y)
      for (int64_t x = 0; x < 8; ++x)
        EXPECT_EQ(read.get(x, y),
                  expected.in_bounds(125 + x, 15 + y) && expected.get(125 + x, 15 + y));

    e->step(5);
    Grid stepped = test::state(*e);
    EXPECT_TRUE(stepped == reference_after(expected, Rule::life(), 5));
    e->set_generation(100);
    EXPECT_EQ(e->generation(), 100u);
  }
}

TEST(SimdEngine, InvalidParamsAreRefusedAndOldValuesKept) {
  auto e = make_simd_engine();
  e->set_params({{"threads", 2}, {"generations_per_pass", 6}, {"band_rows", 33}});
  const Params before = e->params();
  EXPECT_EQ(before.at("threads"), 2);
  EXPECT_EQ(before.at("generations_per_pass"), 6);
  EXPECT_EQ(before.at("band_rows"), 33);
  const std::vector<Params> bad = {{{"threads", -1}},
                                   {{"generations_per_pass", 0}},
                                   {{"generations_per_pass", 65}},
                                   {{"band_rows", 7}},
                                   {{"isa", 4}},
                                   {{"isa", -1}},
                                   {{"warp", 1}},
                                   {{"threads", 1}, {"band_rows", 0}},
                                   {{"threads", 257}}};
  for (const Params& p : bad) {
    SCOPED_TRACE(describe(p));
    EXPECT_THROW(e->set_params(p), Error);
    EXPECT_EQ(e->params(), before);
  }
  if (!simd_isa_supported(SimdIsa::Avx512)) {
    EXPECT_THROW(e->set_params({{"isa", 3}}), Error);
    EXPECT_EQ(e->params(), before);
  }
}

TEST(SimdEngine, ParamInfoDescribesDefaults) {
  auto e = make_simd_engine();
  const Params now = e->params();
  for (const ParamInfo& p : e->param_info()) {
    ASSERT_TRUE(now.count(p.name)) << p.name;
    EXPECT_EQ(now.at(p.name), p.default_value) << p.name;
  }
  EXPECT_EQ(now.at("threads"), 0);  // all hardware threads
}

TEST(SimdEngine, ReportsInfoBytesAndTime) {
  auto e = make_simd_engine();
  EXPECT_EQ(e->info().name, "cpu-simd");
  EXPECT_EQ(e->info().layout, CellLayout::BitPacked);
  EXPECT_FALSE(e->info().gpu);
  e->set_rule(rule_of("B36/S23"));
  EXPECT_EQ(e->rule(), rule_of("B36/S23"));
  e->load(soup(256, 100, Topology::Plane, 3));
  EXPECT_DOUBLE_EQ(e->bytes_per_generation(), 2.0 * 256 * 100 / 8);
  e->step(10);
  EXPECT_GE(e->last_step_ms(), 0.0);
}

TEST(SimdEngine, IsRegisteredWithTheCpuEngines) {
  EngineRegistry r;
  register_cpu_engines(r);
  ASSERT_TRUE(r.contains("cpu-simd"));
  EXPECT_TRUE(r.unavailable_reason("cpu-simd").empty());
  EXPECT_EQ(r.create("cpu-simd")->info().name, "cpu-simd");
}

TEST(SimdEngine, PortableIsAlwaysSupportedAndBestIsSupported) {
  EXPECT_TRUE(simd_isa_supported(SimdIsa::Portable));
  EXPECT_TRUE(simd_isa_supported(best_simd_isa()));
}

}  // namespace
}  // namespace gpulife
