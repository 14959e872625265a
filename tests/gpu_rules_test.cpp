// Every two-state rule on every CUDA engine: random Hensel and MAP rules, with and without B0,
// against the reference engine's table (the bit engines through circuits compiled by NVRTC, the
// byte engines through the table), the truthful state of B0 rules, and NVRTC's errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/nvrtc.hpp"
#include "tests/gpu_test_support.hpp"
#include "tests/rule_test_support.hpp"

namespace gpulife {
namespace {

// Launch shapes that matter to the general path, per engine: multistep depths (the tail of a
// step uses the smaller compiled ones), tile heights and warps; one-generation runs and blocks.
std::vector<Params> shapes(const std::string& engine) {
  if (engine == "bit-multistep")
    return {{},
            {{"depth", 1}},
            {{"depth", 4}, {"tile_rows", 8}, {"block_warps", 2}},
            {{"depth", 16}, {"tile_rows", 16}}};
  if (engine == "bit32" || engine == "bit64")
    return {{}, {{"words_per_thread", 1}, {"block_x", 64}}, {{"words_per_thread", 5}}};
  return {{}};
}

Grid soup(int64_t w, int64_t h, Topology t, uint64_t seed, double density) {
  Grid g(w, h, t);
  g.randomize(density, seed);
  return g;
}

struct Case {
  int64_t width, height;
  Topology topology;
};

// Widths that end mid-word and past a warp's 30 words, heights past several tiles.
const Case kCases[] = {{37, 29, Topology::Plane},   {64, 33, Topology::Torus},
                       {1000, 61, Topology::Torus}, {1000, 61, Topology::Plane},
                       {965, 40, Topology::Torus},  {3, 2, Topology::Torus}};

TEST(GpuRules, EveryEngineMatchesTheTable) {
  REQUIRE_DEVICE();
  // Every kernel a rule needs is compiled by NVRTC once; a random table's take seconds.
  const std::vector<Rule> rules = testing::random_rules(77, 9);
  auto ref = make_reference_engine();
  for (const std::string& name : gpu_engine_names()) {
    SCOPED_TRACE(name);
    for (size_t s = 0; s < shapes(name).size(); ++s) {
      auto engine = gpu::make_gpu_engine(name);
      engine->set_params(shapes(name)[s]);
      for (size_t r = 0; r < rules.size(); ++r) {
        const Rule& rule = rules[r];
        const Case& c = kCases[(r + s) % std::size(kCases)];
        SCOPED_TRACE(rule.to_string() + " on " + std::to_string(c.width) + "x" +
                     std::to_string(c.height) + " " + std::string(to_string(c.topology)) +
                     ", shape " + std::to_string(s));
        const Grid start = soup(c.width, c.height, c.topology, 100 + r, 0.35);
        ref->set_rule(rule);
        ref->load(start);
        engine->set_rule(rule);
        engine->load(start);
        for (uint64_t g : {1u, 9u}) {  // 9: a full pass and a one-generation tail
          ref->step(g);
          engine->step(g);
          Grid want, got;
          ref->store(want);
          engine->store(got);
          ASSERT_EQ(got, want) << "after " << engine->generation() << " generations";
          EXPECT_EQ(engine->population(), want.population());
          EXPECT_EQ(engine->hash(), want.hash());
        }
      }
    }
  }
}

// The INT and MAP rules of the benchmarks, on a grid large enough for many tiles and warps.
TEST(GpuRules, BenchmarkRulesOnALargerGrid) {
  REQUIRE_DEVICE();
  auto ref = make_reference_engine();
  for (const char* text :
       {"B2-a/S12", "B3/S23-a4ei6", "B37/S2-i34q",
        "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA",
        "B013568/S01", "AntiLife"}) {
    const Rule rule = parse_rule(text).rule;
    const Grid start = soup(2048, 600, Topology::Torus, 5, 0.4);
    ref->set_rule(rule);
    ref->load(start);
    ref->step(19);
    Grid want;
    ref->store(want);
    for (const std::string& name : gpu_engine_names()) {
      SCOPED_TRACE(name + " " + text);
      auto engine = gpu::make_gpu_engine(name);
      engine->set_rule(rule);
      engine->load(start);
      engine->step(19);
      Grid got;
      engine->store(got);
      ASSERT_EQ(got, want);
    }
  }
}

// B0 without Smax: the stored state is the complement at odd generations, every view gives the
// true cells, and the flag tells a renderer which.
TEST(GpuRules, B0StateIsTruthful) {
  REQUIRE_DEVICE();
  for (const std::string& name : gpu_engine_names()) {
    SCOPED_TRACE(name);
    auto e = gpu::make_gpu_engine(name);
    e->set_rule(parse_rule("B0/S").rule);
    e->load(Grid(100, 10, Topology::Torus));
    EXPECT_FALSE(e->stored_inverted());
    testing::expect_b0_truthful(*e);
    EXPECT_TRUE(e->stored_inverted());
    // The device exchange format carries true cells to another engine.
    auto other = gpu::make_gpu_engine("bit64");
    other->set_rule(Rule::life());
    other->resize(100, 10, Topology::Torus);
    gpu::DeviceBuffer canonical(gpu::canonical_pitch(100) * 10);
    e->store_device(static_cast<uint64_t*>(canonical.data()));
    other->load_device(static_cast<const uint64_t*>(canonical.data()));
    EXPECT_EQ(other->population(), 1000u - 10u);
    e->step(1);
    EXPECT_FALSE(e->stored_inverted());
  }
}

TEST(GpuRules, RuleChangeKeepsTrueCells) {
  REQUIRE_DEVICE();
  for (const std::string& name : gpu_engine_names()) {
    auto e = gpu::make_gpu_engine(name);
    const Grid start = soup(130, 20, Topology::Torus, 8, 0.5);
    e->set_rule(parse_rule("AntiLife").rule);
    e->load(start);
    EXPECT_TRUE(e->stored_inverted()) << name;
    e->step(3);
    Grid before, after;
    e->store(before);
    e->set_rule(parse_rule("B2-a/S12").rule);
    e->store(after);
    EXPECT_EQ(after, before) << name;
    EXPECT_FALSE(e->stored_inverted()) << name;
  }
}

TEST(GpuRules, NvrtcIsThereAndReportsCompileErrors) {
  REQUIRE_DEVICE();
  ASSERT_EQ(gpu::nvrtc_unavailable_reason(), "");
  EXPECT_FALSE(gpu::nvrtc_version().empty());
  try {
    gpu::nvrtc_compile("this is not CUDA", "broken.cu", {});
    ADD_FAILURE() << "compiled";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("NVRTC could not compile broken.cu"), std::string::npos) << what;
    EXPECT_NE(what.find("error"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace gpulife
