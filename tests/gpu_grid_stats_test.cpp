// Cell statistics counted on the device (gpu/grid_stats.cu through Engine::cell_stats) against
// the host definitions of core/cell_stats.hpp and the reference engine: population, births,
// deaths, bounds and the translation-free shape hash, on every CUDA engine.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/cell_stats.hpp"
#include "core/pattern_formats.hpp"
#include "core/reference_engine.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/grid_stats.hpp"
#include "tests/gpu_test_support.hpp"
#include "tests/reference_runs.hpp"

namespace gpulife {
namespace {

void expect_same(const CellStats& device, const CellStats& host) {
  EXPECT_EQ(device.population, host.population);
  EXPECT_EQ(device.changes_known, host.changes_known);
  EXPECT_EQ(device.births, host.births);
  EXPECT_EQ(device.deaths, host.deaths);
  EXPECT_EQ(device.shape_known, host.shape_known);
  EXPECT_EQ(device.bounds, host.bounds);
  EXPECT_EQ(device.shape_hash, host.shape_hash);
}

TEST(GpuGridStats, EveryEngineCountsLikeTheReference) {
  REQUIRE_DEVICE();
  for (const Topology topology : {Topology::Plane, Topology::Torus}) {
    for (const auto [w, h] :
         std::vector<std::pair<int64_t, int64_t>>{{1, 1}, {63, 5}, {200, 131}, {1000, 300}}) {
      const Grid start = test::soup(w, h, topology, 7, 0.3);
      auto ref = make_reference_engine();
      ref->load(start);
      ref->step(20);
      Grid before, after;
      ref->store(before);
      ref->step(1);
      ref->store(after);
      const CellStats want = cell_stats(after, &before, true);
      for (const std::string& name : gl_shared_gpu_engine_names()) {
        SCOPED_TRACE(name + " " + std::to_string(w) + "x" + std::to_string(h) + " " +
                     std::string(to_string(topology)));
        auto engine = gpu::make_gpu_engine(name);
        engine->load(start);
        engine->step(20);
        engine->step(1);
        expect_same(engine->cell_stats(true, true), want);
        // Without asking, nothing but the population.
        const CellStats plain = engine->cell_stats(false, false);
        EXPECT_EQ(plain.population, want.population);
        EXPECT_FALSE(plain.changes_known);
        EXPECT_FALSE(plain.shape_known);
      }
    }
  }
}

TEST(GpuGridStats, ChangesAreKnownOnlyRightAfterASingleGeneration) {
  REQUIRE_DEVICE();
  const Grid start = test::soup(300, 200, Topology::Plane, 3, 0.4);
  for (const std::string& name : gl_shared_gpu_engine_names()) {
    SCOPED_TRACE(name);
    auto engine = gpu::make_gpu_engine(name);
    engine->load(start);
    EXPECT_FALSE(engine->cell_stats(true, false).changes_known);  // nothing stepped yet
    engine->step(1);
    EXPECT_TRUE(engine->cell_stats(true, false).changes_known);
    // An edit changes the state: the other buffer is no longer the generation before.
    Grid patch(2, 2);
    patch.set(0, 0, true);
    engine->write_region(patch, Cell{10, 10});
    EXPECT_FALSE(engine->cell_stats(true, false).changes_known);
    engine->step(1);
    EXPECT_TRUE(engine->cell_stats(true, false).changes_known);
  }
}

TEST(GpuGridStats, TheShapeHashIgnoresWhereThePatternIs) {
  REQUIRE_DEVICE();
  const Pattern lwss = parse_rle("x = 5, y = 4\nbo2bo$o$o3bo$4o!");
  for (const std::string& name : gl_shared_gpu_engine_names()) {
    SCOPED_TRACE(name);
    uint64_t first = 0;
    for (const Cell at : {Cell{0, 0}, Cell{61, 3}, Cell{64, 100}, Cell{194, 195}}) {
      Grid g(199, 199);
      g.place(lwss, at);
      auto engine = gpu::make_gpu_engine(name);
      engine->load(g);
      const CellStats s = engine->cell_stats(false, true);
      EXPECT_EQ(s.bounds, (Box{at.x, at.y, at.x + 4, at.y + 3}));
      EXPECT_EQ(s.shape_hash, shape_hash(g, live_bounds(g)));
      if (first == 0) first = s.shape_hash;
      EXPECT_EQ(s.shape_hash, first);
    }
    auto empty = gpu::make_gpu_engine(name);
    empty->load(Grid(100, 100));
    const CellStats e = empty->cell_stats(true, true);
    EXPECT_EQ(e.population, 0u);
    EXPECT_TRUE(e.bounds.empty());
    EXPECT_EQ(e.shape_hash, shape_hash_of_empty());
  }
}

TEST(GpuGridStats, CountCellsOnAPaddedPitch) {
  REQUIRE_DEVICE();
  // Rows padded past the width (as engines pad them), padding words left non-zero on purpose:
  // they are not cells and must not be counted.
  Grid g(130, 40);
  g.randomize(0.5, 11);
  const int64_t pitch = 5;  // words; the grid needs 3
  std::vector<uint64_t> host(size_t(pitch * g.height()), ~uint64_t{0});
  for (int64_t y = 0; y < g.height(); ++y)
    for (int64_t j = 0; j < g.words_per_row(); ++j) host[size_t(y * pitch + j)] = g.row(y)[j];
  gpu::DeviceBuffer buffer(host.size() * 8), scratch;
  gpu::copy_to_device(buffer.data(), host.data(), host.size() * 8);
  const CellStats s =
      gpu::count_cells({static_cast<const uint64_t*>(buffer.data()), pitch, g.width(), g.height()},
                       nullptr, true, nullptr, scratch);
  expect_same(s, cell_stats(g, nullptr, true));
}

}  // namespace
}  // namespace gpulife
