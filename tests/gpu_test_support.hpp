// Shared by the CUDA engine suites: skipping without a device, and the registered engines.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/gpu_engines.hpp"

#define REQUIRE_DEVICE()                                                                \
  do {                                                                                  \
    if (!::gpulife::gpu::device_available()) GTEST_SKIP() << "skipped: no CUDA device"; \
  } while (0)

namespace gpulife::testing {

// The names of the registered CUDA engines, in menu order.
inline std::vector<std::string> gpu_engine_names() {
  EngineRegistry registry;
  gpu::register_gpu_engines(registry);
  std::vector<std::string> names;
  for (const EngineInfo& info : registry.engines()) names.push_back(info.name);
  return names;
}

}  // namespace gpulife::testing
