// Shared by the GPU suites: skipping plainly without a CUDA device, and the CUDA engines' names.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/gpu_engines.hpp"

#define REQUIRE_DEVICE()                                                                \
  do {                                                                                  \
    if (!::gpulife::gpu::device_available()) GTEST_SKIP() << "skipped: no CUDA device"; \
  } while (0)

namespace gpulife {

// Every CUDA engine of the registry, in its order.
inline std::vector<std::string> gpu_engine_names() {
  EngineRegistry registry;
  gpu::register_gpu_engines(registry);
  std::vector<std::string> names;
  for (const EngineInfo& info : registry.engines()) names.push_back(info.name);
  return names;
}

// The CUDA engines that step inside memory GL draws (the viewer's GPU engines).
inline std::vector<std::string> gl_shared_gpu_engine_names() {
  EngineRegistry registry;
  gpu::register_gpu_engines(registry);
  std::vector<std::string> names;
  for (const EngineInfo& info : registry.engines())
    if (info.gl_shared) names.push_back(info.name);
  return names;
}

}  // namespace gpulife
