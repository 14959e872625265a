// bit32: one bit per cell in 32-bit words, full-adder neighbour counting, one generation a pass.
#include "gpu/bit_kernel.cuh"
#include "gpu/kernel_engines.hpp"

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_bit32_engine() {
  return std::make_unique<bit_detail::BitEngine<uint32_t>>(
      30,
      "Bit-packed: 32 cells share one 32-bit word, an eighth of the memory traffic. "
      "The neighbour counts of all 32 cells are summed at once by bitwise adder logic.");
}

}  // namespace gpulife::gpu
