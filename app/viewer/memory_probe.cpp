// Reads free memory: cudaMemGetInfo through the engines layer, MemAvailable (and a cgroup's
// limit) for the host.
#include "app/viewer/memory_probe.hpp"

#include "app/engines.hpp"
#include "core/host_memory.hpp"

namespace gpulife::app {

MemoryProbe system_memory_probe() {
  MemoryProbe p;
  p.device_free_bytes = []() -> std::optional<double> {
    if (const std::optional<size_t> free_bytes = cuda_free_bytes()) return double(*free_bytes);
    return std::nullopt;
  };
  p.host_free_bytes = host_available_bytes;
  return p;
}

}  // namespace gpulife::app
