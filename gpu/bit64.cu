// bit64: one bit per cell in 64-bit words, full-adder neighbour counting, one generation a pass.
#include "gpu/bit_kernel.cuh"
#include "gpu/kernel_engines.hpp"

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_bit64_engine() {
  return std::make_unique<bit_detail::BitEngine<uint64_t>>(EngineInfo{
      "bit64", "bit", "CUDA, one bit per cell in 64-bit words, bitwise adder trees, 1 gen/pass",
      CellLayout::BitPacked, true});
}

}  // namespace gpulife::gpu
