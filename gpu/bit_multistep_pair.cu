// bit-multistep's two-rows-a-step kernels (B3/S23), one per shape; compiled apart from the
// one-row kernels so the two build in parallel.
#include "gpu/bit_multistep_pair.hpp"

namespace gpulife::gpu::multistep {
namespace {

template <int K, int D, bool kFma, bool kHistory = false>
__device__ __forceinline__ void pair_pass(const PassArgs& a) {
  const int64_t warp_col = int64_t(blockIdx.x) * blockDim.y + threadIdx.y;
  if (warp_col >= a.warp_cols) return;  // whole warps only
  ShuffleLanes lanes;
  // Dynamic shared memory (pair_shared_bytes): the warps' row rings, then their history slots.
  extern __shared__ uint32_t shared_words[];
  uint32_t* slots = nullptr;
  if constexpr (kHistory)
    slots = shared_words + blockDim.y * (32 * RowReader<K>::kRingWords) +
            threadIdx.y * (32 * kPairHistorySlots<K, D>) + threadIdx.x;
  WarpPairPass<K, D, kFma, ShuffleLanes, kHistory> pass(a, warp_col, int(threadIdx.x), lanes,
                                                        lane_ring<K>(shared_words), slots);
  for (int64_t tile = blockIdx.y; tile < a.tiles; tile += gridDim.y) pass.run_tile(tile);
}

// kHistory: also ORing every generation into the history plane.
template <int K, int D, bool kFma, bool kHistory>
__global__ void pair_pass_kernel(const __grid_constant__ PassArgs a) {
  pair_pass<K, D, kFma, kHistory>(a);
}

// The same with registers capped so that more warps fit an SM (65536 registers): 168 a thread
// for 12 warps, 128 for 16.
template <int K, int D, int kMaxRegisters>
__global__ void __maxnreg__(kMaxRegisters) pair_pass_capped(const __grid_constant__ PassArgs a) {
  pair_pass<K, D, false>(a);
}

template <bool kFma, bool kHistory>
PassKernel for_words(int words_per_thread, int depth) {
  return for_shape(words_per_thread, depth, [](auto k, auto d) -> PassKernel {
    return pair_pass_kernel<decltype(k)::value, decltype(d)::value, kFma, kHistory>;
  });
}

}  // namespace

PassKernel pair_kernel(int words_per_thread, int depth, bool fma, int warps_per_sm, bool history) {
  if (history) return for_words<false, true>(words_per_thread, depth);
  if (!fma && words_per_thread * depth >= 8) {
    const int shape = words_per_thread * 100 + depth;
    if (warps_per_sm == 12 && shape == 116) return pair_pass_capped<1, 16, 168>;
    if (warps_per_sm == 12 && shape == 208) return pair_pass_capped<2, 8, 168>;
    if (warps_per_sm == 16 && shape == 116) return pair_pass_capped<1, 16, 128>;
    if (warps_per_sm == 16 && shape == 208) return pair_pass_capped<2, 8, 128>;
    if (warps_per_sm == 16 && shape == 108) return pair_pass_capped<1, 8, 128>;
  }
  return fma ? for_words<true, false>(words_per_thread, depth)
             : for_words<false, false>(words_per_thread, depth);
}

}  // namespace gpulife::gpu::multistep
