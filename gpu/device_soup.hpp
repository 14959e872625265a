// A random soup built in device memory for a single-GPU bit-packed engine, so it can be timed at
// sizes no host holds (plain C++).
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engine.hpp"

namespace gpulife::gpu {

// Owns the two state buffers it attaches to `engine` (which must outlive neither): the engine
// is sized width x height and its current state is Grid::randomize(density, seed)'s soup,
// generated on the device. Throws Error when the engine is not bit-packed or memory is short.
class DeviceSoup {
 public:
  DeviceSoup(GpuEngine& engine, int64_t width, int64_t height, Topology topology, double density,
             uint64_t seed);

 private:
  DeviceBuffer buffers_[2];
};

}  // namespace gpulife::gpu
