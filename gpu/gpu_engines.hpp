// Entry points of the gpu layer for app/: engine registration and device information.
#pragma once

#include <memory>
#include <string>

#include "core/engine.hpp"
#include "gpu/gpu_engine.hpp"

namespace gpulife::gpu {

// Adds byte-naive, byte-grouped, bit32, bit64 and bit-multistep to the registry. They report
// "no CUDA device" as their unavailability reason when none is present.
void register_gpu_engines(EngineRegistry& registry);

// Whether a usable CUDA device exists (checked once).
bool device_available();
// "NVIDIA H200, 132 SMs, 139.8 GiB free of 140.4 GiB" or the reason there is none.
std::string device_summary();

// Creates a GPU engine by name as a GpuEngine (for interop: the engines whose EngineInfo says
// gl_shared); throws Error for unknown names.
std::unique_ptr<GpuEngine> make_gpu_engine(const std::string& name);

}  // namespace gpulife::gpu
