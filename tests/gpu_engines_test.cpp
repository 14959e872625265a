// Every CUDA engine against the reference engine: rules, topologies, odd sizes, generation
// counts, layout conversions, external buffers and parameter checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/wave_tiles.hpp"
#include "tests/gpu_test_support.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

// The sanitizer run sets this to keep its grids and generation counts small.
bool small_run() {
  return std::getenv("GPULIFE_GPU_TEST_SMALL") != nullptr;
}

struct Size {
  int64_t width, height;
};

std::vector<Size> sizes() {
  if (small_run()) return {{37, 53}, {65, 63}, {130, 5}};
  return {{1, 1}, {2, 3}, {37, 53}, {64, 64}, {65, 63}, {200, 131}, {1000, 300}};
}
std::vector<uint64_t> generation_steps() {
  if (small_run()) return {1, 6};
  return {1, 6, 57};  // cumulative 1, 7, 64
}
const std::vector<std::string>& rules() {
  static const std::vector<std::string> r = {"B3/S23", "B36/S23", "B3678/S34678", "B2/S"};
  return r;
}

Grid soup(Size size, Topology topology, uint64_t seed) {
  Grid g(size.width, size.height, topology);
  g.randomize(0.5, seed);
  return g;
}

// Reference results, computed once per case and shared by every engine.
const std::vector<Grid>& reference_states(Size size, Topology topology, const std::string& rule) {
  static std::map<std::string, std::vector<Grid>> cache;
  const std::string key = std::to_string(size.width) + "x" + std::to_string(size.height) +
                          std::string(to_string(topology)) + rule;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  auto ref = make_reference_engine();
  ref->set_rule(parse_rule(rule).rule);
  ref->load(soup(size, topology, 42));
  std::vector<Grid> states;
  for (uint64_t g : generation_steps()) {
    ref->step(g);
    Grid out;
    ref->store(out);
    states.push_back(std::move(out));
  }
  return cache.emplace(key, std::move(states)).first->second;
}

// Describes the first differing cell, for readable failures.
std::string difference_text(const Grid& a, const Grid& b) {
  if (a.width() != b.width() || a.height() != b.height()) return "sizes differ";
  const std::optional<Cell> c = first_difference(a, b);
  if (!c) return "no cell differs";
  return "first difference at (" + std::to_string(c->x) + ", " + std::to_string(c->y) + ")";
}

void expect_matches_reference(gpu::GpuEngine& engine, Size size, Topology topology,
                              const std::string& rule) {
  const std::vector<Grid>& expected = reference_states(size, topology, rule);
  engine.set_rule(parse_rule(rule).rule);
  engine.load(soup(size, topology, 42));
  uint64_t generation = 0;
  const std::vector<uint64_t> steps = generation_steps();
  for (size_t i = 0; i < steps.size(); ++i) {
    engine.step(steps[i]);
    generation += steps[i];
    SCOPED_TRACE(engine.info().name + " " + std::to_string(size.width) + "x" +
                 std::to_string(size.height) + " " + std::string(to_string(topology)) + " " + rule +
                 " generation " + std::to_string(generation));
    ASSERT_EQ(engine.generation(), generation);
    Grid got;
    engine.store(got);
    ASSERT_TRUE(got == expected[i]) << difference_text(got, expected[i]);
    EXPECT_EQ(engine.hash(), expected[i].hash());
    EXPECT_EQ(engine.population(), expected[i].population());
  }
}

// The engine at its defaults with `shape` set over them, against the reference on both
// topologies, each of `checked_rules` and each of `grids`.
void expect_shape_matches_reference(gpu::GpuEngine& engine, const Params& defaults,
                                    const Params& shape, const std::vector<Size>& grids,
                                    const std::vector<std::string>& checked_rules) {
  engine.set_params(defaults);
  engine.set_params(shape);
  for (Topology topology : {Topology::Plane, Topology::Torus})
    for (const std::string& rule : checked_rules)
      for (Size size : grids) expect_matches_reference(engine, size, topology, rule);
}

// Reads a state buffer in an engine's device layout back into a grid.
Grid decode_buffer(const void* device, const gpu::DeviceLayout& layout, Size size) {
  std::vector<uint8_t> bytes(layout.row_pitch_bytes * size_t(size.height));
  gpu::copy_to_host(bytes.data(), device, bytes.size());
  Grid g(size.width, size.height, Topology::Torus);
  for (int64_t y = 0; y < size.height; ++y) {
    const uint8_t* row = bytes.data() + size_t(y) * layout.row_pitch_bytes;
    for (int64_t x = 0; x < size.width; ++x) {
      const bool alive =
          layout.layout == CellLayout::BytePerCell ? row[x] != 0 : ((row[x / 8] >> (x % 8)) & 1);
      g.set(x, y, alive);
    }
  }
  return g;
}

class GpuEngineTest : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<gpu::GpuEngine> make() { return gpu::make_gpu_engine(GetParam()); }
};

TEST_P(GpuEngineTest, MatchesReferenceOnEveryRuleTopologyAndSize) {
  REQUIRE_DEVICE();
  auto engine = make();
  for (Topology topology : {Topology::Plane, Topology::Torus})
    for (const std::string& rule : rules())
      for (Size size : sizes()) expect_matches_reference(*engine, size, topology, rule);
}

// Every launch parameter at its smallest and largest value still computes the same cells.
TEST_P(GpuEngineTest, MatchesReferenceAtParameterExtremes) {
  REQUIRE_DEVICE();
  auto engine = make();
  const Params defaults = engine->params();
  for (const ParamInfo& p : engine->param_info()) {
    for (int value : {p.min, p.max}) {
      engine->set_params(defaults);
      try {
        engine->set_params({{p.name, value}});
      } catch (const Error&) {
        continue;  // refused in combination with the defaults; covered by the refusal test
      }
      SCOPED_TRACE(p.name + "=" + std::to_string(value));
      for (Topology topology : {Topology::Plane, Topology::Torus}) {
        expect_matches_reference(*engine, {65, 63}, topology, "B3/S23");
        expect_matches_reference(*engine, {130, 5}, topology, "B36/S23");
      }
    }
  }
}

TEST_P(GpuEngineTest, LoadStoreRoundTripKeepsEveryCell) {
  REQUIRE_DEVICE();
  auto engine = make();
  for (Size size : sizes()) {
    const Grid g = soup(size, Topology::Torus, 7);
    engine->load(g);
    Grid back;
    engine->store(back);
    EXPECT_TRUE(back == g) << difference_text(back, g);
    EXPECT_EQ(back.topology(), Topology::Torus);
    EXPECT_EQ(engine->hash(), g.hash());
    EXPECT_EQ(engine->population(), g.population());
    EXPECT_EQ(engine->generation(), 0u);
  }
}

// store_device/load_device move the state between any two engines without the host, in the
// canonical bit layout, including byte <-> bit conversions.
TEST_P(GpuEngineTest, RegionEditsChangeOnlyTheRectangleAndKeepTheGeneration) {
  REQUIRE_DEVICE();
  auto engine = make();
  for (Size size : sizes()) {
    Grid expected = soup(size, Topology::Plane, 11);
    engine->load(expected);
    engine->step(3);
    engine->store(expected);
    // A patch straddling word boundaries and partly off the grid's right/bottom edges.
    Grid patch(70, 9);
    patch.randomize(0.5, 5);
    const Cell at{size.width / 3 + 1, size.height / 2};
    engine->write_region(patch, at);
    for (int64_t y = 0; y < patch.height(); ++y)
      for (int64_t x = 0; x < patch.width(); ++x)
        if (expected.in_bounds(at.x + x, at.y + y))
          expected.set(at.x + x, at.y + y, patch.get(x, y));
    Grid after;
    engine->store(after);
    EXPECT_TRUE(after == expected) << difference_text(after, expected);
    EXPECT_EQ(engine->generation(), 3u);
    EXPECT_EQ(engine->hash(), expected.hash());
    const Box box{at.x - 5, at.y - 2, at.x + 80, at.y + 12};
    const Grid read = engine->read_region(box);
    for (int64_t y = 0; y < box.height(); ++y)
      for (int64_t x = 0; x < box.width(); ++x) {
        const bool want = expected.in_bounds(box.min_x + x, box.min_y + y) &&
                          expected.get(box.min_x + x, box.min_y + y);
        ASSERT_EQ(read.get(x, y), want) << "read_region at " << x << "," << y;
      }
  }
}

TEST_P(GpuEngineTest, DeviceExchangeWithEveryOtherEngine) {
  REQUIRE_DEVICE();
  auto source = make();
  for (Size size : {Size{65, 63}, Size{200, 131}, Size{1, 1}}) {
    const Grid g = soup(size, Topology::Plane, 9);
    source->load(g);
    source->step(3);
    Grid expected;
    source->store(expected);
    gpu::DeviceBuffer canonical(gpu::canonical_pitch(size.width) * size_t(size.height));
    source->store_device(static_cast<uint64_t*>(canonical.data()));
    for (const std::string& name : gpu_engine_names()) {
      SCOPED_TRACE(GetParam() + " -> " + name);
      auto target = gpu::make_gpu_engine(name);
      target->resize(size.width, size.height, Topology::Plane);
      target->load_device(static_cast<const uint64_t*>(canonical.data()));
      Grid got;
      target->store(got);
      EXPECT_TRUE(got == expected) << difference_text(got, expected);
      EXPECT_EQ(target->hash(), expected.hash());
      target->step(2);
      source->step(2);
      Grid a, b;
      target->store(a);
      source->store(b);
      EXPECT_TRUE(a == b) << difference_text(a, b);
      source->load(g);
      source->step(3);
    }
  }
}

TEST_P(GpuEngineTest, AttachedBuffersKeepTheStateAndStepLikeOwnedOnes) {
  REQUIRE_DEVICE();
  auto engine = make();
  const Size size{200, 131};
  const Grid g = soup(size, Topology::Torus, 11);
  engine->load(g);
  const gpu::DeviceLayout layout = engine->device_layout(size.width, size.height);
  gpu::DeviceBuffer a(layout.buffer_bytes), b(layout.buffer_bytes);
  gpu::ExternalBuffers external;
  external.buffer[0] = a.data();
  external.buffer[1] = b.data();
  external.bytes = layout.buffer_bytes;
  engine->attach(external);
  Grid got;
  engine->store(got);
  EXPECT_TRUE(got == g) << difference_text(got, g);

  auto ref = make_reference_engine();
  ref->load(g);
  ref->step(5);
  engine->step(5);
  Grid expected;
  ref->store(expected);
  engine->store(got);
  EXPECT_TRUE(got == expected) << difference_text(got, expected);
  // The viewer draws buffer[current_buffer()] directly: it must hold this state.
  ASSERT_TRUE(engine->current_buffer() == 0 || engine->current_buffer() == 1);
  const Grid drawn = decode_buffer(external.buffer[engine->current_buffer()], layout, size);
  EXPECT_TRUE(drawn == expected) << difference_text(drawn, expected);

  // The state lives in the caller's buffers: re-attaching the same pointers changes nothing.
  engine->attach(external);
  engine->store(got);
  EXPECT_TRUE(got == expected);

  // Back to owned memory, state copied over.
  engine->attach({});
  a.reset();
  b.reset();
  engine->store(got);
  EXPECT_TRUE(got == expected) << difference_text(got, expected);
  EXPECT_EQ(engine->hash(), expected.hash());
}

TEST_P(GpuEngineTest, RefusesTooSmallExternalBuffers) {
  REQUIRE_DEVICE();
  auto engine = make();
  engine->resize(200, 131, Topology::Plane);
  gpu::DeviceBuffer a(64), b(64);
  gpu::ExternalBuffers external;
  external.buffer[0] = a.data();
  external.buffer[1] = b.data();
  external.bytes = 64;
  EXPECT_THROW(engine->attach(external), Error);
}

TEST_P(GpuEngineTest, RefusesInvalidParametersNamingTheValidRanges) {
  REQUIRE_DEVICE();
  auto engine = make();
  const Params before = engine->params();
  try {
    engine->set_params({{"no_such_parameter", 1}});
    FAIL() << "unknown parameter accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("valid"), std::string::npos) << e.what();
  }
  for (const ParamInfo& p : engine->param_info()) {
    // Parameters built for a few values name them; the others name their range.
    const std::string valid = p.allowed.empty() ? p.name + " in [" : p.name + " one of ";
    try {
      engine->set_params({{p.name, p.max + 1}});
      FAIL() << p.name << " above its range accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(valid), std::string::npos) << e.what();
    }
    // A value inside the range that no kernel is built for.
    for (int v = p.min; !p.allowed.empty() && v <= p.max; ++v)
      if (std::find(p.allowed.begin(), p.allowed.end(), v) == p.allowed.end()) {
        EXPECT_THROW(engine->set_params({{p.name, v}}), Error) << p.name << "=" << v;
        break;
      }
  }
  if (before.count("block_x") && before.count("block_y")) {
    EXPECT_THROW(engine->set_params({{"block_x", 1024}, {"block_y", 2}}), Error);
  }
  EXPECT_EQ(engine->params(), before);
}

TEST_P(GpuEngineTest, RefusesGridsLargerThanGpuMemoryWithSizes) {
  REQUIRE_DEVICE();
  auto engine = make();
  try {
    engine->resize(int64_t{1} << 31, int64_t{1} << 28, Topology::Plane);
    FAIL() << "a grid larger than any GPU was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("GPU memory"), std::string::npos) << e.what();
  }
  // Still usable afterwards.
  expect_matches_reference(*engine, {37, 53}, Topology::Plane, "B3/S23");
}

TEST_P(GpuEngineTest, ZeroGenerationsChangeNothing) {
  REQUIRE_DEVICE();
  auto engine = make();
  const Grid g = soup({65, 63}, Topology::Plane, 5);
  engine->load(g);
  engine->step(0);
  Grid got;
  engine->store(got);
  EXPECT_TRUE(got == g);
  EXPECT_EQ(engine->generation(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuEngineTest, ::testing::ValuesIn(gpu_engine_names()),
                         test::EngineParamName());

// The bit engines' shared-memory row pipeline (pipeline_rows > 0, per-lane cp.async and per-warp
// bulk copies) against the reference: every depth built, strips of one and several warps, rows
// wider than one warp's strip (halo words between warps, the torus wrap across strips, a row that
// ends exactly at a strip's end), several row groups per block, every rule and both topologies.
class BitPipelineTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BitPipelineTest, MatchesReferenceAtEveryPipelineDepth) {
  REQUIRE_DEVICE();
  auto engine = gpu::make_gpu_engine(GetParam());
  const Params defaults = engine->params();
  const int max_x = GetParam() == "bit32" ? 4 : 2;
  std::vector<Params> shapes;
  for (int copy : {0, 1}) {
    for (int rows : small_run() ? std::vector<int>{1, 4, 8} : std::vector<int>{1, 2, 3, 4, 6, 8})
      shapes.push_back({{"pipeline_rows", rows}, {"pipeline_copy", copy}});
    shapes.push_back(
        {{"pipeline_rows", 4}, {"pipeline_copy", copy}, {"words_x", 1}, {"block_x", 32}});
    shapes.push_back({{"pipeline_rows", 3},
                      {"pipeline_copy", copy},
                      {"words_x", max_x},
                      {"block_x", 64},
                      {"block_y", 4},
                      {"words_per_thread", 5}});
    shapes.push_back({{"pipeline_rows", 2},
                      {"pipeline_copy", copy},
                      {"prefetch_l2_rows", 0},
                      {"words_per_thread", 1}});
  }
  std::vector<Size> all = sizes();
  const std::vector<Size> wide =
      small_run() ? std::vector<Size>{{4096, 9}, {4161, 7}}
                  : std::vector<Size>{{2113, 37}, {4096, 19}, {4161, 33}, {8257, 11}};
  all.insert(all.end(), wide.begin(), wide.end());
  const std::vector<std::string> checked_rules =
      small_run() ? std::vector<std::string>{"B3/S23", "B36/S23"} : rules();
  for (const Params& shape : shapes) {
    engine->set_params(defaults);
    engine->set_params(shape);
    for (Topology topology : {Topology::Plane, Topology::Torus})
      for (const std::string& rule : checked_rules)
        for (Size size : all) {
          SCOPED_TRACE("pipeline_rows=" + std::to_string(shape.at("pipeline_rows")) +
                       " pipeline_copy=" + std::to_string(shape.at("pipeline_copy")) +
                       " words_x=" + std::to_string(engine->params().at("words_x")) +
                       " block_x=" + std::to_string(engine->params().at("block_x")));
          expect_matches_reference(*engine, size, topology, rule);
        }
  }
}

// The interior kernel and the edge launch (split_edges=1) against the reference
// where they meet: widths that leave no interior column, one, or many, rows that end a word
// exactly or one cell into it, heights with no interior row (1, 2), one (3) and row groups that
// end at the last row or one short of it, every shape of words a thread and row group, and the
// single kernel of split_edges=0 on the same cases.
TEST_P(BitPipelineTest, InteriorAndEdgeLaunchesMeetWithoutSeams) {
  REQUIRE_DEVICE();
  auto engine = gpu::make_gpu_engine(GetParam());
  const Params defaults = engine->params();
  const int bits = GetParam() == "bit32" ? 32 : 64;
  std::vector<Params> shapes = {
      {{"split_edges", 1}},
      {{"split_edges", 0}},
      {{"split_edges", 1}, {"words_x", 1}, {"block_x", 32}, {"words_per_thread", 3}},
      {{"split_edges", 1}, {"words_x", 2}, {"prefetch_rows", 2}, {"prefetch_l2_rows", 0}},
      {{"split_edges", 1}, {"block_x", 64}, {"block_y", 4}, {"words_per_thread", 1}}};
  std::vector<int64_t> widths = {int64_t(bits) * 2,  int64_t(bits) * 5 + 1,
                                 int64_t(bits) * 8,  int64_t(bits) * 9 - 1,
                                 int64_t(bits) * 16, int64_t(bits) * 17 + 3};
  std::vector<int64_t> heights = {1, 2, 3, 4, 66, 129};
  std::vector<std::string> checked_rules = {"B3/S23", "B36/S23"};
  if (small_run()) {
    shapes.resize(3);
    widths = {int64_t(bits) * 5 + 1, int64_t(bits) * 8};
    heights = {2, 3, 66};
    checked_rules.resize(1);
  }
  for (const Params& shape : shapes) {
    engine->set_params(defaults);
    engine->set_params(shape);
    for (Topology topology : {Topology::Plane, Topology::Torus})
      for (const std::string& rule : checked_rules)
        for (int64_t w : widths)
          for (int64_t h : heights) {
            SCOPED_TRACE(
                "split_edges=" + std::to_string(engine->params().at("split_edges")) +
                " words_x=" + std::to_string(engine->params().at("words_x")) +
                " words_per_thread=" + std::to_string(engine->params().at("words_per_thread")));
            expect_matches_reference(*engine, {w, h}, topology, rule);
          }
  }
}

// Runs of every length down tall grids, the default among them (0: for B3/S23 runs spread over
// one wave of the GPU's resident blocks, 76 rows at 20011 rows on an H200; 64 rows for B36/S23's
// rule bits); B2-a/S12 goes through the circuit kernels, whose run 0 fills waves too.
TEST_P(BitPipelineTest, RunsOfEveryLengthMatchTheReference) {
  REQUIRE_DEVICE();
  auto engine = gpu::make_gpu_engine(GetParam());
  const Params defaults = engine->params();
  EXPECT_EQ(defaults.at("words_per_thread"), 0);
  const int64_t bits = GetParam() == "bit32" ? 32 : 64;
  const std::vector<Size> tall =
      small_run() ? std::vector<Size>{{bits * 3 + 5, 3001}}
                  : std::vector<Size>{{bits * 3 + 5, 20011}, {bits * 9 - 1, 2500}};
  for (int run : {0, 1, 63, 250, 4999}) {
    engine->set_params(defaults);
    engine->set_params({{"words_per_thread", run}});
    for (Topology topology : {Topology::Plane, Topology::Torus})
      for (const std::string& rule : {"B3/S23", "B36/S23", "B2-a/S12"})
        for (Size size : tall) {
          SCOPED_TRACE("words_per_thread=" + std::to_string(run));
          expect_matches_reference(*engine, size, topology, rule);
        }
  }
  // Chosen runs split into the first wave's long runs and short tail runs (B3/S23's circuit):
  // tails of one row, of a few, and longer than the grid's long runs allow (one length again).
  for (int tail : {1, 5, 16, 37}) {
    engine->set_params(defaults);
    engine->set_params({{"tail_rows", tail}});
    for (Topology topology : {Topology::Plane, Topology::Torus})
      for (Size size : tall) {
        SCOPED_TRACE("tail_rows=" + std::to_string(tail));
        expect_matches_reference(*engine, size, topology, "B3/S23");
      }
  }
}

// The run chosen for a grid: as many runs as one wave of resident blocks holds, unless runs
// that short would cost more than a second wave; never under 8 rows where the grid has them.
TEST(WaveTileRows, SpreadsRowsOverWholeWavesOfResidentBlocks) {
  EXPECT_EQ(gpu::wave_tile_rows(65536, 1, 1, 264, 2), 249);  // 264 runs, one wave
  EXPECT_EQ(gpu::wave_tile_rows(65536, 1, 2, 132, 2), 249);  // two runs a block
  EXPECT_EQ(gpu::wave_tile_rows(65536, 2, 1, 264, 2), 497);  // two blocks side by side
  EXPECT_EQ(gpu::wave_tile_rows(1000, 1, 1, 10, 0), 100);
  EXPECT_EQ(gpu::wave_tile_rows(100, 1, 1, 264, 2), 8);  // the shortest run
  EXPECT_EQ(gpu::wave_tile_rows(5, 1, 1, 264, 2), 5);
  EXPECT_EQ(gpu::wave_tile_rows(1, 7, 1, 1, 2), 1);
  // Many columns of blocks: more than one wave even with one run down the grid.
  EXPECT_EQ(gpu::wave_tile_rows(64, 1000, 1, 264, 2), 64);
}

// Runs in two lengths cover every row once, in order, the first wave's long runs over 95 % of
// the grid and tails after them; where that cannot be, runs of one length.
TEST(RunSplit, CoversEveryRowOnceWithLongRunsThenTails) {
  const gpu::RunSplit h200 = gpu::split_runs(65536, 264, 16, 249);
  EXPECT_EQ(h200.long_runs, 264);
  EXPECT_EQ(h200.run, 236);
  EXPECT_EQ(h200.tail, 16);
  EXPECT_EQ(h200.runs, 264 + 202);  // 65536 - 264 * 236 = 3232 rows in tails
  for (int64_t height : {1, 7, 100, 3001, 20011, 65536, 1000003})
    for (int64_t wave_runs : {0, 1, 3, 264, 5000})
      for (int64_t tail : {0, 1, 5, 16, 37}) {
        SCOPED_TRACE(std::to_string(height) + " rows, " + std::to_string(wave_runs) +
                     " runs a wave, tail " + std::to_string(tail));
        const gpu::RunSplit split = gpu::split_runs(height, wave_runs, tail, 8);
        ASSERT_GE(split.runs, split.long_runs);
        EXPECT_EQ(split.first_row(0), 0);
        for (int64_t i = 0; i < split.runs; ++i) {
          ASSERT_LT(split.first_row(i), split.end_row(i, height)) << "run " << i << " is empty";
          if (i + 1 < split.runs) {
            ASSERT_EQ(split.end_row(i, height), split.first_row(i + 1));
          }
        }
        EXPECT_EQ(split.end_row(split.runs - 1, height), height);
        if (split.long_runs < split.runs) {  // split: one wave of long runs, then tails
          EXPECT_GT(tail, 0);
          EXPECT_LE(split.long_runs, wave_runs);
          EXPECT_GE(split.run, 2 * tail);
          EXPECT_EQ(split.tail, tail);
          EXPECT_GT(split.long_runs * split.run, height / 2);
        } else {  // the uniform runs, or long runs that end at the grid's last row
          EXPECT_TRUE(split.run == 8 || split.long_runs * split.run == height) << split.run;
        }
      }
  // No tail, no resident row of blocks, or too short a grid: the uniform runs.
  for (const gpu::RunSplit& uniform :
       {gpu::split_runs(65536, 264, 0, 249), gpu::split_runs(65536, 0, 16, 249),
        gpu::split_runs(5000, 264, 16, 249)}) {
    EXPECT_EQ(uniform.run, 249);
    EXPECT_EQ(uniform.long_runs, uniform.runs);
  }
}

// The memo asks for a kernel's resident blocks once per launch shape and grid, and answers
// what wave_tile_rows() gives for every part of the shape: a change to any of them is a new
// choice, never an old answer.
TEST(WaveRowsMemo, AsksOncePerShapeAndTellsShapesApart) {
  gpu::WaveRowsMemo memo;
  int asked = 0;
  const auto slots = [&](const void*, int threads, size_t shared) {
    ++asked;
    return int64_t(264) * 512 / threads / (shared > 0 ? 2 : 1);
  };
  const int a = 0, b = 0;
  EXPECT_EQ(memo.rows(&a, 512, 0, 65536, 1, 1, 2, slots), 249);
  EXPECT_EQ(memo.rows(&a, 512, 0, 65536, 1, 1, 2, slots), 249);
  EXPECT_EQ(asked, 1);
  // Each field of the shape on its own.
  EXPECT_EQ(memo.rows(&b, 512, 0, 65536, 1, 1, 2, slots), 249);
  EXPECT_EQ(memo.rows(&a, 1024, 0, 65536, 1, 1, 2, slots), 497);
  EXPECT_EQ(memo.rows(&a, 512, 4096, 65536, 1, 1, 2, slots), 497);
  EXPECT_EQ(memo.rows(&a, 512, 0, 1000, 1, 1, 2, slots), 8);
  EXPECT_EQ(memo.rows(&a, 512, 0, 65536, 2, 1, 2, slots), 497);
  EXPECT_EQ(memo.rows(&a, 512, 0, 65536, 1, 2, 2, slots), 125);
  EXPECT_EQ(memo.rows(&a, 512, 0, 65536, 1, 1, 47, slots),
            gpu::wave_tile_rows(65536, 1, 1, 264, 47));
  EXPECT_EQ(asked, 8);
  EXPECT_EQ(memo.size(), 8u);
  // The resident blocks alone (first_wave_runs()), asked once per kernel, block and memory.
  EXPECT_EQ(memo.resident(&a, 512, 0, slots), 264);
  EXPECT_EQ(memo.resident(&a, 512, 0, slots), 264);
  EXPECT_EQ(asked, 9);
  EXPECT_EQ(memo.resident(&b, 512, 0, slots), 264);
  EXPECT_EQ(memo.resident(&a, 1024, 0, slots), 132);
  EXPECT_EQ(memo.resident(&a, 512, 4096, slots), 132);
  EXPECT_EQ(asked, 12);
  EXPECT_EQ(memo.size(), 12u);
  // Bounded: a stream of new grids starts the memo over rather than growing it.
  for (int64_t height = 1; height <= 1000; ++height)
    EXPECT_EQ(memo.rows(&a, 512, 0, height, 1, 1, 2, slots),
              gpu::wave_tile_rows(height, 1, 1, 264, 2));
  EXPECT_LE(memo.size(), gpu::WaveRowsMemo::kMaxEntries);
  // Engines sharing kernels ask from several threads at once: each shape is chosen once.
  gpu::WaveRowsMemo shared;
  std::atomic<int> shared_asked{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int64_t height = 100; height < 140; ++height)
        shared.rows(&a, 512, 0, height, 1, 1, 2, [&](const void*, int, size_t) {
          ++shared_asked;
          return int64_t(264);
        });
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(shared_asked.load(), 40);
}

// One generation's kernel launched while the one before finishes (overlap_launch=1; =2, run by
// run, bit32's and bit64's default) and one after another, over many generations: each kernel
// must wait for the one before it, whose output it reads and whose input it overwrites. Grids
// of many blocks and few, both topologies, B3/S23's circuit and the rule bits.
TEST(OverlappedLaunches, MatchTheReferenceGenerationAfterGeneration) {
  REQUIRE_DEVICE();
  const std::vector<Size> grids = small_run()
                                      ? std::vector<Size>{{1000, 300}}
                                      : std::vector<Size>{{2113, 999}, {1000, 300}, {65, 63}};
  for (const std::string name : {"bit32", "bit64", "byte-grouped"}) {
    auto engine = gpu::make_gpu_engine(name);
    const Params defaults = engine->params();
    for (int overlap : {0, 1, 2}) {
      if (overlap == 2 && name == "byte-grouped") continue;  // no mode 2
      SCOPED_TRACE(name + " overlap_launch=" + std::to_string(overlap));
      expect_shape_matches_reference(*engine, defaults, {{"overlap_launch", overlap}}, grids,
                                     {"B3/S23", "B36/S23"});
    }
  }
}

// overlap_launch=2 in every shape of runs: runs of one row and of a few, long runs then tails
// of one row, several blocks across a row, several runs a block with the last block part
// empty. A run that started before the runs it reads had finished would read rows of the wrong
// generation, or overwrite rows they had yet to read.
TEST(ChainedLaunches, MatchTheReferenceInEveryShapeOfRuns) {
  REQUIRE_DEVICE();
  const std::vector<Size> grids =
      small_run() ? std::vector<Size>{{9000, 200}} : std::vector<Size>{{9000, 200}, {333, 1001}};
  const std::vector<Params> shapes = {
      {{"words_per_thread", 1}},
      {{"words_per_thread", 5}, {"block_x", 32}, {"block_y", 3}},
      {{"block_x", 32}},
      {{"tail_rows", 1}},
  };
  for (const std::string name : {"bit32", "bit64"}) {
    auto engine = gpu::make_gpu_engine(name);
    const Params defaults = engine->params();
    for (size_t i = 0; i < shapes.size(); ++i) {
      Params shape = shapes[i];
      shape["overlap_launch"] = 2;
      SCOPED_TRACE(name + " shape " + std::to_string(i));
      expect_shape_matches_reference(*engine, defaults, shape, grids, {"B3/S23", "B36/S23"});
    }
  }
}

TEST_P(BitPipelineTest, RefusesPipelineDepthsThatAreNotBuilt) {
  REQUIRE_DEVICE();
  auto engine = gpu::make_gpu_engine(GetParam());
  for (int rows : {5, 7}) {
    try {
      engine->set_params({{"pipeline_rows", rows}});
      FAIL() << "pipeline_rows=" << rows << " accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("valid"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(engine->params().at("pipeline_rows"), 0);
}

INSTANTIATE_TEST_SUITE_P(BitEngines, BitPipelineTest, ::testing::Values("bit32", "bit64"),
                         test::EngineParamName());

TEST(GpuDevice, SummaryNamesTheDeviceOrSaysThereIsNone) {
  const std::string s = gpu::device_summary();
  if (gpu::device_available())
    EXPECT_NE(s.find("GiB"), std::string::npos) << s;
  else
    EXPECT_EQ(s, "no CUDA device");
}

TEST(GpuDevice, UnknownEngineNameIsRefused) {
  EXPECT_THROW(gpu::make_gpu_engine("no-such-engine"), Error);
}

}  // namespace
}  // namespace gpulife
