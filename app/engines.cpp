// The one engine registry shared by run, bench and the viewer.
#include "app/engines.hpp"


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
  // The available engine of lowest rank (the fastest that can run here).
  EngineRegistry& r = engine_registry();
  const EngineInfo* best = nullptr;
  for (const EngineInfo& info : r.engines()) {
    if (!r.unavailable_reason(info.name).empty()) continue;
    if (!best || info.rank < best->rank) best = &info;
  }
  return best ? best->name : "reference";
}

}  // namespace gpulife::app
