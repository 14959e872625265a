// The one engine registry shared by run, bench and the viewer.
#include "app/engines.hpp"

#include <array>
#include <string_view>

#if GPULIFE_HAVE_CUDA
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu.hpp"
#endif

namespace gpulife::app {

EngineRegistry& engine_registry() {
  static EngineRegistry registry = [] {
    EngineRegistry r;
    register_cpu_engines(r);
#if GPULIFE_HAVE_CUDA
    gpu::register_gpu_engines(r);
    gpu::register_multi_gpu_engine(r);  // only when built with NCCL
#endif
    return r;
  }();
  return registry;
}

bool cuda_device_available() {
#if GPULIFE_HAVE_CUDA
  return gpu::device_available();
#else
  return false;
#endif
}

std::optional<size_t> cuda_free_bytes() {
#if GPULIFE_HAVE_CUDA
  if (!gpu::device_available()) return std::nullopt;
  size_t free_bytes = 0, total_bytes = 0;
  gpu::device_memory_info(free_bytes, total_bytes);
  return free_bytes;
#else
  return std::nullopt;
#endif
}

std::string compute_device_summary() {
#if GPULIFE_HAVE_CUDA
  return gpu::device_summary();
#else
  return "built without CUDA: CPU engines only";
#endif
}

std::string default_engine_name() {
  // Fastest first; the first one registered and able to run here wins.
  constexpr std::array<std::string_view, 4> preference = {"bit-multistep", "bit64", "cpu-simd",
                                                          "reference"};
  EngineRegistry& r = engine_registry();
  for (std::string_view name : preference) {
    if (r.contains(name) && r.unavailable_reason(name).empty()) return std::string(name);
  }
  return "reference";
}

}  // namespace gpulife::app
