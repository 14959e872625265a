// Factories of the CUDA engines of this folder, one per kernel family (plain C++).
#pragma once

#include <memory>

#include "gpu/gpu_engine.hpp"

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_byte_naive_engine();
std::unique_ptr<GpuEngine> make_byte_grouped_engine();
std::unique_ptr<GpuEngine> make_bit32_engine();
std::unique_ptr<GpuEngine> make_bit64_engine();
std::unique_ptr<GpuEngine> make_bit_multistep_engine();

}  // namespace gpulife::gpu
