// Tests for core/engine: parameter validation and the registry.
#include "core/engine.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

std::vector<ParamInfo> sample_params() {
  return {ParamInfo{.name = "block_x",
                    .description = "threads per block along x",
                    .min = 32,
                    .max = 1024,
                    .default_value = 128,
                    .multiple_of = 32},
          ParamInfo{.name = "depth",
                    .description = "generations per pass",
                    .min = 1,
                    .max = 16,
                    .default_value = 4,
                    .power_of_two = true}};
}

TEST(EngineParamsTest, AcceptsValidValues) {
  EXPECT_NO_THROW(
      validate_params(reference_engine_info(), sample_params(), {{"block_x", 256}, {"depth", 8}}));
}

TEST(EngineParamsTest, RefusesAndNamesTheValidRanges) {
  const EngineInfo info = reference_engine_info();
  for (const Params& bad : {Params{{"block_x", 16}}, Params{{"block_x", 100}}, Params{{"depth", 3}},
                            Params{{"depth", 32}}, Params{{"nope", 1}}}) {
    try {
      validate_params(info, sample_params(), bad);
      FAIL() << "accepted " << bad.begin()->first << "=" << bad.begin()->second;
    } catch (const Error& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("block_x in [32, 1024] (multiple of 32)"), std::string::npos) << msg;
      EXPECT_NE(msg.find("depth in [1, 16] (power of two)"), std::string::npos) << msg;
    }
  }
}

// A parameter whose kernels exist for a few values only: the others are refused, and the
// message lists the built ones.
TEST(EngineParamsTest, AllowedValuesAreTheOnlyOnesAccepted) {
  const std::vector<ParamInfo> info = {{.name = "warps",
                                        .description = "warps an SM holds",
                                        .min = 0,
                                        .max = 16,
                                        .default_value = 0,
                                        .allowed = {0, 12, 16}}};
  for (const int ok : {0, 12, 16})
    EXPECT_NO_THROW(validate_params(reference_engine_info(), info, {{"warps", ok}})) << ok;
  for (const int bad : {4, 8, 13, 15}) {
    try {
      validate_params(reference_engine_info(), info, {{"warps", bad}});
      FAIL() << "accepted warps=" << bad;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("warps one of 0, 12 or 16"), std::string::npos)
          << e.what();
    }
  }
}

TEST(EngineRegistryTest, CreatesByNameAndExplainsUnknownOrUnavailable) {
  EngineRegistry r;
  register_cpu_engines(r);
  ASSERT_TRUE(r.contains("reference"));
  EXPECT_EQ(r.create("reference")->info().name, "reference");
  try {
    r.create("warp-drive");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("reference"), std::string::npos) << e.what();
  }
  EngineInfo gpu{"fake-gpu", "gpu", "needs a device", CellLayout::BitPacked, true};
  r.add(gpu, make_reference_engine, [] { return std::string("no CUDA device"); });
  EXPECT_EQ(r.unavailable_reason("fake-gpu"), "no CUDA device");
  EXPECT_THROW(r.create("fake-gpu"), Error);
  EXPECT_THROW(r.add(gpu, make_reference_engine), Error);
}

TEST(ReferenceEngineTest, BlinkerOscillatesAndGenerationCounts) {
  Grid g(5, 5);
  g.set(1, 2, true);
  g.set(2, 2, true);
  g.set(3, 2, true);
  auto e = make_reference_engine();
  e->set_rule(Rule::life());
  e->load(g);
  e->step(1);
  Grid out = test::state(*e);
  EXPECT_TRUE(out.get(2, 1) && out.get(2, 2) && out.get(2, 3));
  EXPECT_EQ(out.population(), 3u);
  EXPECT_EQ(e->hash(), out.hash());
  e->step(1);
  e->store(out);
  EXPECT_EQ(out, g);
  EXPECT_EQ(e->generation(), 2u);
}

TEST(ReferenceEngineTest, SeedsRuleKillsEverySurvivor) {
  // B2/S: a domino's cells each have one neighbour, so they die and cells with two are born.
  Grid g(6, 6);
  g.set(2, 2, true);
  g.set(3, 2, true);
  auto e = make_reference_engine();
  e->set_rule(parse_rule("Seeds").rule);
  e->load(g);
  e->step(1);
  Grid out = test::state(*e);
  EXPECT_FALSE(out.get(2, 2));
  EXPECT_FALSE(out.get(3, 2));
  EXPECT_TRUE(out.get(2, 1) && out.get(3, 1) && out.get(2, 3) && out.get(3, 3));
  EXPECT_EQ(out.population(), 4u);
}

TEST(ReferenceEngineTest, TorusWrapsAndPlaneDoesNot) {
  // A vertical blinker in column 0: on a torus its neighbours include column W-1.
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    Grid g(6, 6, t);
    g.set(0, 1, true);
    g.set(0, 2, true);
    g.set(0, 3, true);
    auto e = make_reference_engine();
    e->load(g);
    e->step(1);
    Grid out = test::state(*e);
    EXPECT_EQ(out.get(5, 2), t == Topology::Torus);
    EXPECT_TRUE(out.get(1, 2));
  }
}

}  // namespace
}  // namespace gpulife

namespace gpulife {
namespace {

TEST(EngineRegionTest, WriteRegionChangesOnlyTheRectangleAndKeepsTheGeneration) {
  Grid g(40, 30);
  g.randomize(0.5, 3);
  auto e = make_reference_engine();
  e->load(g);
  e->step(3);
  Grid before = test::state(*e);
  Grid patch(5, 4);
  patch.set(0, 0, true);
  patch.set(4, 3, true);
  e->write_region(patch, Cell{10, 20});
  EXPECT_EQ(e->generation(), 3u);
  Grid after = test::state(*e);
  for (int64_t y = 0; y < 30; ++y)
    for (int64_t x = 0; x < 40; ++x) {
      const bool inside = x >= 10 && x < 15 && y >= 20 && y < 24;
      const bool want = inside ? patch.get(x - 10, y - 20) : before.get(x, y);
      ASSERT_EQ(after.get(x, y), want) << x << "," << y;
    }
  const Grid read = e->read_region(Box{8, 19, 15, 24});
  EXPECT_EQ(read.width(), 8);
  EXPECT_TRUE(read.get(2, 1));
  EXPECT_TRUE(read.get(6, 4));
  EXPECT_EQ(read.get(0, 0), after.get(8, 19));
}

}  // namespace
}  // namespace gpulife

namespace gpulife {
namespace {

TEST(EngineInfoTest, MemoryFollowsTheLayoutUnlessTheEngineSaysOtherwise) {
  EngineInfo byte{.name = "b", .layout = CellLayout::BytePerCell, .gpu = true};
  EngineInfo bit{.name = "w", .layout = CellLayout::BitPacked, .gpu = true};
  const double n = 65536;
  // Two byte-per-cell states of 4 GiB, or two bit-packed ones of 512 MiB, plus the canonical copy.
  EXPECT_GT(memory_bytes(byte, 65536, 65536), 2 * n * n);
  EXPECT_LT(memory_bytes(byte, 65536, 65536), 2.5 * n * n);
  EXPECT_GT(memory_bytes(bit, 65536, 65536), 3 * n * n / 8);
  EXPECT_LT(memory_bytes(bit, 65536, 65536), 0.5 * n * n);
  EXPECT_LT(memory_bytes(bit, 1000, 1000), memory_bytes(bit, 2000, 2000));
  bit.memory_bytes = [](int64_t w, int64_t h) { return double(w) * double(h); };
  EXPECT_EQ(memory_bytes(bit, 300, 200), 60000.0);
  EXPECT_TRUE(fits_in_memory(80, 100));
  EXPECT_FALSE(fits_in_memory(90, 100));
}

TEST(EngineInfoTest, CpuEnginesSayWhatTheTourAndTheDefaultNeed) {
  EngineRegistry r;
  register_cpu_engines(r);
  const EngineInfo& simd = r.info("cpu-simd");
  const EngineInfo& reference = r.info("reference");
  EXPECT_LT(simd.rank, reference.rank);  // the fast one is preferred
  EXPECT_FALSE(simd.caption.empty());
  EXPECT_FALSE(reference.caption.empty());
  EXPECT_GE(simd.pass_depth, 1);
  EXPECT_FALSE(simd.gl_shared);
}

}  // namespace
}  // namespace gpulife
