// Every CUDA engine on every bounded-grid topology (shifted tori, tubes, Klein bottles,
// cross-surface, sphere): against the reference engine on soups, and against bgolly's stored
// results (tests/data/bounded).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu_test_support.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

struct Case {
  const char* suffix;  // the bounded grid; its size is the grid's
};

// Sizes straddle word boundaries (63, 65, 130) and include one-cell-thin grids.
const std::vector<Case> kCases = {
    {"T65+7,37"},  {"T64,63-5"},  {"T0,37"},  {"T130,0"}, {"K65*,37"}, {"K64,33*"},
    {"K66*+1,37"}, {"K37,64*+1"}, {"C130,9"}, {"C1,5"},   {"S63"},     {"S1"},
    {"S2"},        {"K3*,1"},     {"T5,1+2"}, {"C64,64"},
};

// For a tube the open side still needs a size on the grid.
GridSize size_of(const GridBounds& b) {
  return {b.width ? b.width : 70, b.height ? b.height : 70};
}

void expect_engine_matches_reference(const std::string& name, const GridBounds& bounds,
                                     const std::string& rule, const Params& params = {}) {
  const GridSize size = size_of(bounds);
  Grid start(size.width, size.height, bounds.topology);
  start.randomize(0.45, 7);
  auto ref = make_reference_engine();
  ref->set_rule(parse_rule(rule).rule);
  ref->load(start);
  auto engine = gpu::make_gpu_engine(name);
  engine->set_params(params);
  engine->set_rule(parse_rule(rule).rule);
  engine->load(start);
  uint64_t generation = 0;
  for (uint64_t n : {1, 6, 57}) {
    ref->step(n);
    engine->step(n);
    generation += n;
    std::string with;
    for (const auto& [key, value] : params) with += " " + key + "=" + std::to_string(value);
    SCOPED_TRACE(name + with + " on " + bounds.to_string() + " " + rule + " at generation " +
                 std::to_string(generation));
    Grid want, got;
    ref->store(want);
    engine->store(got);
    ASSERT_EQ(got.topology(), bounds.topology);
    ASSERT_TRUE(got == want);
    EXPECT_EQ(engine->population(), want.population());
    EXPECT_EQ(engine->hash(), want.hash());
  }
}

class GpuTopologyTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuTopologyTest, MatchesReferenceOnEveryTopology) {
  REQUIRE_DEVICE();
  for (const Case& c : kCases) {
    const GridBounds bounds = parse_bounds(c.suffix);
    for (const char* rule : {"B3/S23", "B36/S23", "B2/S"})
      expect_engine_matches_reference(GetParam(), bounds, rule);
  }
}

TEST_P(GpuTopologyTest, MatchesBgollysStoredResults) {
  REQUIRE_DEVICE();
  const std::string dir = std::string(GPULIFE_TEST_DATA) + "/bounded/";
  for (const char* name : {"torus_hshift", "torus_vshift", "klein_h", "klein_v", "klein_h_shift",
                           "klein_v_shift", "cross", "sphere", "klein_seeds", "torus_thin"}) {
    SCOPED_TRACE(std::string(name) + " on " + GetParam());
    const Pattern start = load_pattern_file(dir + name + ".rle");
    const GridBounds bounds = *start.rule.bounds;
    Grid grid(bounds.width, bounds.height, bounds.topology);
    grid.place(start, Cell{0, 0});
    auto engine = gpu::make_gpu_engine(GetParam());
    engine->set_rule(start.rule.rule);
    engine->load(grid);
    engine->step(40);
    Grid got;
    engine->store(got);
    Pattern ours = got.extract(), theirs = load_pattern_file(dir + name + ".40.rle");
    ours.move_to_origin();
    theirs.move_to_origin();
    EXPECT_TRUE(ours.same_cells(theirs));
  }
}

// The multi-generation kernel falls back to one generation per pass on these grids, at every
// depth it could otherwise use.
TEST(GpuTopology, MultistepAtEveryDepth) {
  REQUIRE_DEVICE();
  for (int depth : {1, 2, 4, 8, 16})
    for (const char* suffix : {"K65*+1,37", "S63", "T0,37"})
      expect_engine_matches_reference("bit-multistep", parse_bounds(suffix), "B3/S23",
                                      {{"depth", depth}});
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuTopologyTest, ::testing::ValuesIn(gpu_engine_names()),
                         test::EngineParamName());

}  // namespace
}  // namespace gpulife
