// bit32: one bit per cell in 32-bit words, full-adder neighbour counting, one generation a pass.
#include "gpu/bit_kernel.cuh"
#include "gpu/kernel_engines.hpp"

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_bit32_engine() {
  return std::make_unique<bit_detail::BitEngine<uint32_t>>(EngineInfo{
      "bit32", "bit", "CUDA, one bit per cell in 32-bit words, bitwise adder trees, 1 gen/pass",
      CellLayout::BitPacked, true});
}

}  // namespace gpulife::gpu
