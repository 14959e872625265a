// The history plane of every CUDA engine against the OR of the reference engine's generations:
// exact in every generation, also where one pass runs several generations.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/reference_engine.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "tests/gpu_test_support.hpp"
#include "tests/reference_runs.hpp"

namespace gpulife {
namespace {

using test::reference_history;

Grid read_plane(const gpu::DeviceBuffer& plane, size_t pitch, int64_t w, int64_t h) {
  Grid g(w, h);
  std::vector<uint64_t> host(pitch / 8 * size_t(h));
  gpu::copy_to_host(host.data(), plane.data(), host.size() * 8);
  for (int64_t y = 0; y < h; ++y)
    for (int64_t j = 0; j < g.words_per_row(); ++j) g.row(y)[j] = host[size_t(y) * pitch / 8 + j];
  return g;
}

TEST(GpuHistoryPlane, HoldsEveryCellEverAlive) {
  REQUIRE_DEVICE();
  for (const Topology topo : {Topology::Torus, Topology::Plane})
    for (const auto [w, h] : std::vector<std::pair<int64_t, int64_t>>{{64, 64}, {200, 131}}) {
      const Grid start = test::soup(w, h, topo, 5, 0.3);
      for (const uint64_t gens : {1u, 16u, 37u}) {
        const Grid want = reference_history(start, gens);
        for (const std::string& name : gl_shared_gpu_engine_names()) {
          SCOPED_TRACE(name + " " + std::to_string(w) + "x" + std::to_string(h) + " " +
                       to_string(topo) + " after " + std::to_string(gens));
          // A pitch wider than the grid needs, as a GL buffer's rows may be.
          const size_t pitch = gpu::canonical_pitch(w) + 16;
          gpu::DeviceBuffer plane(pitch * size_t(h));
          gpu::fill_device(plane.data(), 0, plane.bytes());
          auto engine = gpu::make_gpu_engine(name);
          engine->load(start);
          engine->set_history_plane({static_cast<uint64_t*>(plane.data()), pitch});
          engine->step(gens);
          EXPECT_EQ(read_plane(plane, pitch, w, h), want);
          // The state itself is what it would be without the plane.
          Grid now;
          engine->store(now);
          auto ref = make_reference_engine();
          ref->load(start);
          ref->step(gens);
          EXPECT_EQ(now.hash(), ref->hash());
        }
      }
    }
}

// bit-multistep folds the plane into its two-row passes: every shape, and the one-row steps
// that fall back to a pass per generation.
TEST(GpuHistoryPlane, MultistepShapesHoldEveryCellEverAlive) {
  REQUIRE_DEVICE();
  const std::vector<Params> shapes = {
      {{"depth", 16}, {"words_per_thread", 1}},
      {{"depth", 8}, {"words_per_thread", 2}, {"block_warps", 4}, {"tile_rows", 24}},
      {{"depth", 4}, {"words_per_thread", 4}, {"fma_shifts", 1}},
      {{"depth", 16}, {"words_per_thread", 1}, {"warps_per_sm", 12}},
      // 8 warps' row rings and history slots: more shared memory than a launch gets by default
      {{"depth", 16}, {"words_per_thread", 1}, {"block_warps", 8}},
      {{"depth", 16}, {"rows_per_step", 1}},
  };
  for (const Topology topo : {Topology::Torus, Topology::Plane})
    for (const auto [w, h] : std::vector<std::pair<int64_t, int64_t>>{{1000, 301}, {33, 5}}) {
      const Grid start = test::soup(w, h, topo, 11, 0.3);
      const uint64_t gens = 53;
      const Grid want = reference_history(start, gens);
      for (const Params& shape : shapes) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " " + to_string(topo) +
                     " depth " + std::to_string(shape.at("depth")));
        const size_t pitch = gpu::canonical_pitch(w) + 8;
        gpu::DeviceBuffer plane(pitch * size_t(h));
        gpu::fill_device(plane.data(), 0, plane.bytes());
        auto engine = gpu::make_gpu_engine("bit-multistep");
        engine->set_params(shape);
        engine->load(start);
        engine->set_history_plane({static_cast<uint64_t*>(plane.data()), pitch});
        engine->step(gens);
        EXPECT_EQ(read_plane(plane, pitch, w, h), want);
      }
    }
}

TEST(GpuHistoryPlane, OffLeavesThePlaneAlone) {
  REQUIRE_DEVICE();
  const Grid start = test::soup(100, 100, Topology::Plane, 9, 0.5);
  for (const std::string& name : gl_shared_gpu_engine_names()) {
    SCOPED_TRACE(name);
    const size_t pitch = gpu::canonical_pitch(100);
    gpu::DeviceBuffer plane(pitch * 100);
    gpu::fill_device(plane.data(), 0, plane.bytes());
    auto engine = gpu::make_gpu_engine(name);
    engine->load(start);
    engine->set_history_plane({static_cast<uint64_t*>(plane.data()), pitch});
    engine->set_history_plane({});
    EXPECT_FALSE(engine->history_plane());
    engine->step(10);
    // Only the state at the moment it was set went in.
    EXPECT_EQ(read_plane(plane, pitch, 100, 100), start);
  }
}

}  // namespace
}  // namespace gpulife
