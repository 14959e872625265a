// Reads free memory: cudaMemGetInfo through the engines layer, /proc/meminfo for the host.
#include "app/viewer/memory_probe.hpp"

#include <fstream>
#include <string>

#include "app/engines.hpp"

namespace gpulife::app {
namespace {

// MemAvailable: what the kernel can hand out without swapping (free plus reclaimable cache).
std::optional<double> host_available_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024.0;
  }
  return std::nullopt;
}

}  // namespace

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
