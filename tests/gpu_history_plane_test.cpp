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

namespace gpulife {
namespace {

// OR of generations 0..generations of `start` by the reference engine.
Grid reference_history(const Grid& start, uint64_t generations) {
  auto ref = make_reference_engine();
  ref->load(start);
  Grid history = start, now;
  for (uint64_t g = 0; g < generations; ++g) {
    ref->step(1);
    ref->store(now);
    for (size_t i = 0; i < now.words().size(); ++i) history.words()[i] |= now.words()[i];
  }
  return history;
}

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
  for (const auto [w, h] : std::vector<std::pair<int64_t, int64_t>>{{64, 64}, {200, 131}}) {
    Grid start(w, h, Topology::Torus);
    start.randomize(0.3, 5);
    for (const uint64_t gens : {1u, 16u, 37u}) {
      const Grid want = reference_history(start, gens);
      for (const std::string& name : gl_shared_gpu_engine_names()) {
        SCOPED_TRACE(name + " " + std::to_string(w) + "x" + std::to_string(h) + " after " +
                     std::to_string(gens));
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

TEST(GpuHistoryPlane, OffLeavesThePlaneAlone) {
  REQUIRE_DEVICE();
  Grid start(100, 100);
  start.randomize(0.5, 9);
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
