// Free memory where the engines keep their state: the CUDA device's and the host's.
#pragma once

#include <functional>
#include <optional>

namespace gpulife::app {

// Free bytes on the GPU and on the host; nullopt when it cannot be told. Functions, so tests
// (and the demo's checks) can stand in a machine of any size.
struct MemoryProbe {
  std::function<std::optional<double>()> device_free_bytes;
  std::function<std::optional<double>()> host_free_bytes;
};
// The CUDA device's free memory (none without one) and the host's MemAvailable.
MemoryProbe system_memory_probe();

}  // namespace gpulife::app
