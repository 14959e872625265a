// Registration of the CUDA engines and the device facts the app shows.
#include "gpu/gpu_engines.hpp"

#include <cstdio>
#include <vector>

#include "core/error.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/kernel_engines.hpp"

namespace gpulife::gpu {
namespace {

struct Factory {
  const char* name;
  std::unique_ptr<GpuEngine> (*make)();
};

// Every CUDA engine, one line each, in the order menus list them.
const std::vector<Factory>& factories() {
  static const std::vector<Factory> list = {
      {"byte-naive", make_byte_naive_engine},
      {"byte-grouped", make_byte_grouped_engine},
      {"bit32", make_bit32_engine},
      {"bit64", make_bit64_engine},
      {"bit-multistep", make_bit_multistep_engine},
  };
  return list;
}

}  // namespace

bool device_available() {
  static const bool available = [] {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    return count > 0;
  }();
  return available;
}

std::string device_summary() {
  if (!device_available()) return "no CUDA device";
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  size_t free_bytes = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  char text[512];
  std::snprintf(text, sizeof text, "%s, %d SMs, %.1f GiB free of %.1f GiB", prop.name,
                prop.multiProcessorCount, double(free_bytes) / 1073741824.0,
                double(total) / 1073741824.0);
  return text;
}

void register_gpu_engines(EngineRegistry& registry) {
  for (const Factory& f : factories()) {
    // Engines touch no CUDA API until resized, so one can be made just for its info().
    EngineInfo info = f.make()->info();
    auto make = f.make;
    registry.add(
        std::move(info), [make]() -> std::unique_ptr<Engine> { return make(); },
        []() -> std::string { return device_available() ? std::string() : "no CUDA device"; });
  }
}

std::unique_ptr<GpuEngine> make_gpu_engine(const std::string& name) {
  std::string known;
  for (const Factory& f : factories()) {
    if (name == f.name) {
      if (!device_available())
        throw Error("engine \"" + name + "\" cannot run here: no CUDA device");
      return f.make();
    }
    known += (known.empty() ? "" : ", ") + std::string(f.name);
  }
  throw Error("unknown GPU engine \"" + name + "\"; known GPU engines: " + known);
}

}  // namespace gpulife::gpu
