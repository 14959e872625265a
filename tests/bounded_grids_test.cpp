// Every CPU engine on every bounded-grid topology against bgolly: soups filling each grid, with
// bgolly's results stored beside them (tests/data/bounded/make_cases.py regenerates them).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/pattern_io.hpp"
#include "core/rule_phases.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

const std::vector<std::string> kCases = {
    "plane",
    "torus",
    "torus_hshift",
    "torus_vshift",
    "klein_h",
    "klein_v",
    "klein_h_shift",
    "klein_v_shift",
    "cross",
    "sphere",
    "sphere_highlife",
    "klein_seeds",
    "torus_thin",
    "cross_daynight",
    "klein_b0",
    "klein_v_b0",
    "torus_shift_b0s8",
    "cross_b0",
    "sphere_b0s8",
};

struct EngineSetup {
  std::string engine;
  Params params;
};

const std::vector<EngineSetup> kEngines = {
    {"reference", {}},
    {"cpu-simd", {}},
    {"cpu-simd", {{"generations_per_pass", 4}}},
    {"cpu-simd", {{"threads", 3}, {"band_rows", 8}, {"isa", 1}}},
};

std::string data(const std::string& name) {
  return std::string(GPULIFE_TEST_DATA) + "/bounded/" + name;
}

// bgolly writes the live cells' bounding box without a position, so results compare as shapes.
Pattern shape(Pattern p) {
  p.move_to_origin();
  return p;
}

class BoundedGrids : public ::testing::TestWithParam<std::string> {};

TEST_P(BoundedGrids, EveryCpuEngineMatchesBgolly) {
  const std::string name = GetParam();
  const Pattern start = load_pattern_file(data(name + ".rle"));
  ASSERT_TRUE(start.rule.bounds.has_value());
  const GridBounds bounds = *start.rule.bounds;
  const Rule& rule = start.rule.rule;
  // Files hold Golly's representation, which for B0 rules is the complement at some generations.
  Grid grid(bounds.width, bounds.height, bounds.topology);
  grid.place(start, Cell{0, 0});
  convert_golly_cells(grid, rule, 0);

  EngineRegistry registry;
  register_cpu_engines(registry);
  for (const EngineSetup& setup : kEngines) {
    SCOPED_TRACE(setup.engine + " on " + bounds.to_string());
    std::unique_ptr<Engine> engine = registry.create(setup.engine);
    engine->set_params(setup.params);
    engine->set_rule(rule);
    engine->load(grid);
    EXPECT_EQ(engine->topology(), bounds.topology);
    uint64_t at = 0;
    for (uint64_t gen : {1, 5, 40}) {
      engine->step(gen - at);
      at = gen;
      const Pattern expected = load_pattern_file(data(name + "." + std::to_string(gen) + ".rle"));
      Grid now = test::state(*engine);
      EXPECT_EQ(now.topology(), bounds.topology);
      convert_golly_cells(now, rule, gen);
      EXPECT_TRUE(shape(now.extract()).same_cells(shape(expected)))
          << "generation " << gen << "\nours:\n"
          << write_pattern(now.extract(), PatternFormat::Rle) << "bgolly:\n"
          << write_pattern(expected, PatternFormat::Rle);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Golly, BoundedGrids, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace gpulife
