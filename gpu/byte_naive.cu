// byte-naive: one byte per cell, one cell per thread; the simplest CUDA engine.
#include <algorithm>

#include "core/error.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/byte_block.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/kernel_engines.hpp"
#include "gpu/life_rule.cuh"

namespace gpulife::gpu {
namespace {

template <bool kLife>
static __global__ void __launch_bounds__(1024)
    byte_naive_kernel(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst, int64_t width,
                      int64_t height, int64_t pitch, bool torus, RuleBits rule) {
  const int64_t x = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (x >= pitch) return;
  for (int64_t y = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; y < height;
       y += int64_t(gridDim.y) * blockDim.y) {
    if (x >= width) {  // keep the row padding dead
      dst[y * pitch + x] = 0;
      continue;
    }
    const int n = live_neighbours(src, x, y, width, height, pitch, torus);
    const uint32_t s = src[y * pitch + x];
    uint32_t next;
    if constexpr (kLife)
      next = (n == 3) | (s & (n == 2));
    else
      next = ((s ? rule.survival : rule.birth) >> n) & 1u;
    dst[y * pitch + x] = uint8_t(next);
  }
}

class ByteNaiveEngine final : public DeviceEngine {
 public:
  ByteNaiveEngine() { parse_params(); }
  const EngineInfo& info() const override {
    static const EngineInfo i{
        .name = "byte-naive",
        .family = "byte",
        .description = "CUDA, one byte per cell, one cell per thread",
        .layout = CellLayout::BytePerCell,
        .gpu = true,
        .rank = 50,
        .caption =
            "The starting point: one byte per cell and one thread per cell. Each thread "
            "reads its nine cells straight from memory, so every byte is fetched about "
            "nine times.",
        .gl_shared = true,
    };
    return i;
  }
  std::vector<ParamInfo> param_info() const override { return block_params(128, 1); }
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    return padded_rows(CellLayout::BytePerCell, size_t(width), height);
  }

 protected:
  void check_params(const Params& p) const override { check_block_threads(p); }
  void parse_params() override { block_ = {param("block_x"), param("block_y")}; }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    const int64_t pitch = int64_t(row_pitch());
    const dim3 block = block_.block(), grid = block_.grid(pitch, height());
    const auto* s = static_cast<const uint8_t*>(src);
    auto* d = static_cast<uint8_t*>(dst);
    const bool torus = topology() == Topology::Torus;
    const cudaStream_t st = static_cast<cudaStream_t>(stream);
    if (rule().is_life())
      byte_naive_kernel<true>
          <<<grid, block, 0, st>>>(s, d, width(), height(), pitch, torus, rule_bits(rule()));
    else
      byte_naive_kernel<false>
          <<<grid, block, 0, st>>>(s, d, width(), height(), pitch, torus, rule_bits(rule()));
    CUDA_CHECK_LAUNCH();
    return 1;
  }

 private:
  BlockShape block_;
};

}  // namespace

std::unique_ptr<GpuEngine> make_byte_naive_engine() {
  return std::make_unique<ByteNaiveEngine>();
}

}  // namespace gpulife::gpu
