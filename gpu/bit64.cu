// bit64: one bit per cell in 64-bit words, full-adder neighbour counting, one generation a pass.
#include "gpu/bit_kernel.cuh"
#include "gpu/kernel_engines.hpp"

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_bit64_engine() {
  return std::make_unique<bit_detail::BitEngine<uint64_t>>(
      20,
      "The same bit-parallel adders on 64-bit words: 64 cells per load, half the loads and "
      "instructions per cell.");
}

}  // namespace gpulife::gpu
