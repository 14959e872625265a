// bit-multistep: bit-packed Life with temporal blocking; each pass over memory advances up to
// 16 generations with every in-flight row held in registers and edge words shared by shuffles
// (the rows coming in are staged through shared memory).
#include <algorithm>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "gpu/bit_multistep.hpp"
#include "gpu/bit_multistep_pair.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"

namespace gpulife::gpu {
namespace {

using multistep::for_shape;
using multistep::kMaxDepthTimesWords;
using multistep::PassArgs;
using multistep::ShuffleLanes;
using multistep::WarpPass;

// The block's warps sit side by side along the row; 8 warps of up to 255 registers still fit
// one SM's register file, so every shape the parameters allow can launch.
constexpr int kMaxBlockWarps = 8;

template <int K, int D, bool kLife, bool kFma>
static __global__ void multistep_kernel(const __grid_constant__ PassArgs a) {
  const int64_t warp_col = int64_t(blockIdx.x) * blockDim.y + threadIdx.y;
  if (warp_col >= a.warp_cols) return;  // whole warps only
  ShuffleLanes lanes;
  extern __shared__ uint32_t shared_words[];  // the warps' row rings (ring_bytes)
  WarpPass<K, D, kLife, kFma, ShuffleLanes> pass(a, warp_col, int(threadIdx.x), lanes,
                                                 multistep::lane_ring<K>(shared_words));
  for (int64_t tile = blockIdx.y; tile < a.tiles; tile += gridDim.y) pass.run_tile(tile);
}

using Kernel = void (*)(PassArgs);

template <bool kLife, bool kFma>
Kernel kernel_for(int words_per_thread, int depth) {
  return for_shape(words_per_thread, depth, [](auto k, auto d) -> Kernel {
    return multistep_kernel<decltype(k)::value, decltype(d)::value, kLife, kFma>;
  });
}

Kernel select_kernel(bool life, bool fma, int words_per_thread, int depth) {
  if (life)
    return fma ? kernel_for<true, true>(words_per_thread, depth)
               : kernel_for<true, false>(words_per_thread, depth);
  // Other rules spend most of their time in the rule tables: one shift variant is enough.
  return kernel_for<false, true>(words_per_thread, depth);
}

int output_words(int words_per_thread) {
  return 32 * words_per_thread - 2;
}

class BitMultistepEngine final : public DeviceEngine {
 public:
  BitMultistepEngine() { parse_params(); }
  const EngineInfo& info() const override {
    static const EngineInfo i{
        .name = "bit-multistep",
        .family = "multistep",
        .description = "CUDA, one bit per cell, up to 16 generations per pass in registers",
        .layout = CellLayout::BitPacked,
        .gpu = true,
        .rank = 10,
        .caption =
            "Several generations per pass: a tile and its halo stay in registers for up "
            "to 16 generations before going back to memory, so it beats the "
            "one-generation bandwidth limit.",
        .pass_depth = 16,
        .gl_shared = true,
    };
    return i;
  }

  std::vector<ParamInfo> param_info() const override {
    return {
        {.name = "depth",
         .description = "generations per pass over memory",
         .min = 1,
         .max = 16,
         .default_value = 16,
         .power_of_two = true},
        {.name = "words_per_thread",
         .description = "32-bit words of a row per lane (depth * words <= 16)",
         .min = 1,
         .max = 4,
         .default_value = 1,
         .power_of_two = true},
        {.name = "tile_rows",
         .description =
             "rows of a tile (a warp streams through tile_rows + 3 * depth - 1 rows); 0: chosen "
             "per grid so the tiles fill whole waves of the GPU",
         .min = 0,
         .max = 65536,
         .default_value = 0,
         .multiple_of = 8},
        {.name = "block_warps",
         .description = "warps per block, side by side along the row",
         .min = 1,
         .max = kMaxBlockWarps,
         .default_value = 1},
        {.name = "fma_shifts",
         .description = "1: neighbour shifts as multiply-adds (FMA pipe), 0: funnel shifts",
         .min = 0,
         .max = 1,
         .default_value = 0},
        {.name = "rows_per_step",
         .description =
             "2: B3/S23 two rows a step, sharing their pair sum (5.5 LOP3 a cell, not 7); 1: one "
             "row a step (other rules always step one row)",
         .min = 1,
         .max = 2,
         .default_value = 2},
        {.name = "warps_per_sm",
         .description = "two-row steps: cap registers so 12 or 16 warps fit an SM (built for depth "
                        "16 x 1 word, "
                        "8 x 2, 8 x 1 at 16; funnel shifts); 0: the compiler's choice",
         .min = 0,
         .max = 16,
         .default_value = 0,
         .allowed = {0, 12, 16}},
    };
  }

  // The canonical layout: 64-bit words read as pairs of little-endian 32-bit words.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    const size_t pitch = canonical_pitch(width);
    return {CellLayout::BitPacked, pitch, pitch * size_t(height)};
  }
  // Rules beyond the counts: their circuits compiled into a multistep kernel of its own.
  RulePassShape rule_pass_shape() const override {
    RulePassShape shape;
    shape.word_bits = 32;
    shape.multistep = true;
    shape.depth = launch_.depth;
    shape.block_warps = launch_.block_warps;
    shape.tile_rows = launch_.tile_rows;
    return shape;
  }

 protected:
  void parse_params() override {
    launch_.depth = param("depth");
    launch_.words_per_thread = param("words_per_thread");
    launch_.tile_rows = param("tile_rows");
    launch_.block_warps = param("block_warps");
    launch_.fma = param("fma_shifts") != 0;
    launch_.pair_rows = param("rows_per_step") == 2;
    launch_.warps_per_sm = param("warps_per_sm");
  }

  void check_params(const Params& p) const override {
    const int depth = p.at("depth"), words = p.at("words_per_thread");
    if (depth * words > kMaxDepthTimesWords)
      throw Error("engine bit-multistep: depth " + std::to_string(depth) + " with " +
                  std::to_string(words) +
                  " words_per_thread needs too many registers; valid: depth * words_per_thread "
                  "<= 16 (words_per_thread 1: depth <= 16, 2: depth <= 8, 4: depth <= 4); " +
                  describe_params(param_info()));
  }

  // B3/S23 two rows a step, whose kernels also fold the history plane into the pass.
  bool pair_steps() const { return rule().is_life() && launch_.pair_rows; }
  bool history_in_pass() const override { return pair_steps(); }

  uint64_t launch_pass(const void* src, void* dst, uint64_t max_generations,
                       void* stream) override {
    const int depth = multistep::pass_depth(launch_.depth, max_generations);
    const int words_per_thread = launch_.words_per_thread;
    const int block_warps = launch_.block_warps;
    const bool fma = launch_.fma;
    const bool pair = pair_steps();
    const HistoryPlane history = pass_history();
    const Kernel kernel = pair ? multistep::pair_kernel(words_per_thread, depth, fma,
                                                        launch_.warps_per_sm, bool(history))
                               : select_kernel(rule().is_life(), fma, words_per_thread, depth);
    if (!kernel)
      throw Error("engine bit-multistep: no kernel for depth " + std::to_string(depth) +
                  " and words_per_thread " + std::to_string(words_per_thread));

    PassArgs a;
    a.src = static_cast<const uint32_t*>(src);
    a.dst = static_cast<uint32_t*>(dst);
    a.width = width();
    a.height = height();
    a.pitch = int64_t(row_pitch() / 4);
    a.words = (width() + 31) / 32;
    a.last_mask = width() % 32 ? (1u << (width() % 32)) - 1u : ~0u;
    a.warp_cols =
        pair ? multistep::pair_warp_cols(a.pitch, words_per_thread)
             : (a.pitch + output_words(words_per_thread) - 1) / output_words(words_per_thread);
    const int tile_rows = launch_.tile_rows;
    const int64_t extra = pair ? multistep::pair_extra_rows(depth) : 3 * depth - 1;
    const size_t shared =
        pair ? multistep::pair_shared_bytes(words_per_thread, depth, block_warps, bool(history))
             : multistep::ring_bytes(words_per_thread, block_warps);
    if (shared > 48 * 1024)  // beyond the default: 8 warps' rings and history slots at depth 16
      CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
    a.tile_rows =
        tile_rows > 0 ? tile_rows : auto_tile_rows(kernel, block_warps, shared, a.warp_cols, extra);
    a.tiles = (height() + a.tile_rows - 1) / a.tile_rows;
    a.torus = topology() == Topology::Torus;
    a.aligned = width() % 32 == 0;
    a.rule = multistep::rule_tables(rule().birth(), rule().survival());
    if (history) {
      a.history = reinterpret_cast<uint32_t*>(history.words);
      a.history_pitch = int64_t(history.pitch_bytes / 4);
    }

    const dim3 block(32, unsigned(block_warps));
    const dim3 grid(unsigned((a.warp_cols + block_warps - 1) / block_warps),
                    unsigned(std::min<int64_t>(a.tiles, 65535)));
    kernel<<<grid, block, shared, static_cast<cudaStream_t>(stream)>>>(a);
    CUDA_CHECK_LAUNCH();
    if (pair && multistep::pair_pass_dirties_padding(a))
      CUDA_CHECK(cudaMemset2DAsync(a.dst + a.words, size_t(a.pitch) * 4, 0,
                                   size_t(a.pitch - a.words) * 4, size_t(a.height),
                                   static_cast<cudaStream_t>(stream)));
    return uint64_t(depth);
  }

 private:
  // The launch parameters, as parse_params() read them.
  struct Launch {
    int depth = 16;
    int words_per_thread = 1;
    int tile_rows = 0;  // 0: auto_tile_rows()
    int block_warps = 1;
    bool fma = false;       // fma_shifts 1
    bool pair_rows = true;  // rows_per_step 2
    int warps_per_sm = 0;
  } launch_;

  // Tile height for which whole blocks fill the GPU's resident slots in as few waves as
  // possible, counting the `extra` rows each tile streams (3 * depth - 1 for one-row steps,
  // 4 * depth - 2 for two-row steps): the cost of T tiles is waves(T) * (ceil(height / T) +
  // extra). Remembered per kernel and grid.
  int64_t auto_tile_rows(Kernel kernel, int block_warps, size_t shared, int64_t warp_cols,
                         int64_t extra) {
    return wave_rows(auto_rows_, reinterpret_cast<const void*>(kernel), 32 * block_warps, shared,
                     height(), (warp_cols + block_warps - 1) / block_warps, 1, extra);
  }

  WaveRowsMemo auto_rows_;
};

}  // namespace

std::unique_ptr<GpuEngine> make_bit_multistep_engine() {
  return std::make_unique<BitMultistepEngine>();
}

}  // namespace gpulife::gpu
