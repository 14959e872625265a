// The one-generation bit-packed kernels (rows through registers, or through shared memory) and
// their engine, templated on the word (bit32, bit64).
#pragma once

#include <algorithm>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "gpu/bit_pipeline.cuh"
#include "gpu/bit_rows.cuh"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/interior.cuh"
#include "gpu/launch_overlap.cuh"
#include "gpu/life_rule.cuh"

namespace gpulife::gpu {
namespace bit_detail {
// One thread's vertical run: output rows y0 .. y1 - 1 of words j0 .. j0 + V - 1, from rows
// y0 - 1 .. y1 as `load(y)` returns them. Every row it loads serves three output rows, and the
// next row's loads are issued before this row's arithmetic, so enough bytes are in flight to keep
// memory busy. kEdges: the words may reach the row's last word or its padding, whose outputs are
// masked; interior runs (bit_interior_kernel) have no masks at all.
template <class W, int V, int P, bool kL2, bool kLife, bool kEdges, class Load>
__device__ __forceinline__ void run_rows(const Load& load, const W* __restrict__ src,
                                         W* __restrict__ dst, int64_t y0, int64_t y1, int64_t j0,
                                         const RowGeometry& g, int l2_ahead, RuleBits rule,
                                         W last_mask) {
  constexpr unsigned kLanesPerLine = 128 / (sizeof(W) * V);
  const RowPlace place = row_place<V>(j0, g);
  W a0[V], a1[V], m0[V], m1[V], mc[V], t0[V], t1[V];
  {
    const RawRow<W, V> above = load(y0 - 1);
    row_sums(above, a0, a1, t0, t1);
    const RawRow<W, V> mid = load(y0);
    // B3/S23 keeps the middle row's full sum; other rules its sum without the cell.
    if constexpr (kLife)
      row_sums(mid, m0, m1, t0, t1);
    else
      row_sums(mid, t0, t1, m0, m1);
#pragma unroll
    for (int v = 0; v < V; ++v) mc[v] = mid.c[v];
  }
  // Rows y+1 .. y+P are loaded or in flight while row y is computed.
  RawRow<W, V> ahead[P];
  ahead[0] = load(y0 + 1);  // row y1 is always needed
#pragma unroll
  for (int p = 1; p < P; ++p)
    if (y0 + 1 + p <= y1) ahead[p] = load(y0 + 1 + p);
  for (int64_t y = y0; y < y1; ++y) {
    RawRow<W, V> below;
    if constexpr (P == 1) {
      below = ahead[0];
      RawRow<W, V> next = below;
      if (y + 2 <= y1) next = load(y + 2);
      ahead[0] = next;
    } else {
      below = ahead[0];
#pragma unroll
      for (int p = 0; p + 1 < P; ++p) ahead[p] = ahead[p + 1];
      if (y + 1 + P <= y1) ahead[P - 1] = load(y + 1 + P);
    }
    // Rows further ahead are only asked into L2, which costs no registers: one lane per
    // 128-byte line.
    if constexpr (kL2) {
      const int64_t yp = y + 1 + P + l2_ahead;
      if (yp <= y1 && yp < g.height && threadIdx.x % kLanesPerLine == 0)
        asm volatile("prefetch.global.L2 [%0];" ::"l"(src + yp * g.pitch_words + j0));
    }
    W out[V];
    if constexpr (kLife) {
      // Full row sums only: two shifts, xor3 and maj3 per row, then seven LOP3s.
#pragma unroll
      for (int v = 0; v < V; ++v) {
        W west, east;
        west_east(below, v, west, east);
        const W b0 = lop3w<0x96>(west, below.c[v], east);
        const W b1 = lop3w<0xE8>(west, below.c[v], east);
        out[v] = life_from_row_sums(a0[v], a1[v], m0[v], m1[v], b0, b1, mc[v]);
        if constexpr (kEdges) mask_row_end(out[v], v, place, last_mask);
        a0[v] = m0[v];
        a1[v] = m1[v];
        m0[v] = b0;
        m1[v] = b1;
        mc[v] = below.c[v];
      }
    } else {
      compute_row<W, V, kLife, kEdges>(below, a0, a1, m0, m1, mc, place, last_mask, rule, out);
    }
    store_vector<W, V>(dst + y * g.pitch_words + j0, out);
  }
}

// One thread's run of rows y0 .. y1 - 1 anywhere in the grid (rows wrap on a torus and are dead
// beyond a plane); padding words of the row pitch are stored zero.
template <class W, int V, int P, bool kL2, bool kLife, bool kCoherent = false>
__device__ __forceinline__ void grid_run(const W* __restrict__ src, W* __restrict__ dst, int64_t y0,
                                         int64_t y1, int64_t j0, const RowGeometry& g, int l2_ahead,
                                         RuleBits rule, W last_mask) {
  if (j0 >= g.words) {  // padding words of the row pitch stay zero
    const W zero[V] = {};
    for (int64_t y = y0; y < y1; ++y) store_vector<W, V>(dst + y * g.pitch_words + j0, zero);
    return;
  }
  const RowPlace place = row_place<V>(j0, g);
  const auto load = [&](int64_t y) { return load_row<W, V, kCoherent>(src, y, j0, place, g); };
  run_rows<W, V, P, kL2, kLife, true>(load, src, dst, y0, y1, j0, g, l2_ahead, rule, last_mask);
}

// Each thread computes V adjacent words (16-byte loads and stores) for a vertical run of rows,
// anywhere in the grid: rows wrap on a torus and are dead beyond a plane, and the row's last
// word and padding are masked. At most 1024 threads a block, so the compiler keeps to 64
// registers. The runs are `split.run` rows long, or with kSplit, the first wave's long and the
// tail's short runs of `split`; without it the loop is the one measured before runs were split.
template <class W, int V, int P, bool kL2, bool kLife, bool kSplit = false>
static __global__ void __launch_bounds__(1024)
    bit_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, RunSplit split,
               int l2_ahead, RuleBits rule) {
  overlap_previous_grid();
  const int64_t j0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * V;
  if (j0 >= g.pitch_words) return;
  const int64_t run = split.run;
  const int64_t groups = kSplit ? split.runs : (g.height + run - 1) / run;
  const W last_mask = last_word_mask<W>(g);
  for (int64_t group = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += int64_t(gridDim.y) * blockDim.y) {
    int64_t y0 = group * run, y1 = std::min<int64_t>(y0 + run, g.height);
    if constexpr (kSplit) {
      y0 = split.first_row(group);
      y1 = split.end_row(group, g.height);
    }
    grid_run<W, V, P, kL2, kLife>(src, dst, y0, y1, j0, g, l2_ahead, rule, last_mask);
  }
}

// bit_kernel's runs chained to the pass before run by run (overlap_launch=2): each thread row
// waits for the runs of the pass before that it reads, and counts its run done once stored. The
// next pass may be launched as soon as every block of this one has started. Loads go through
// L1 as plain loads, since the pass before may still be writing elsewhere in the grid. The
// loop's trip count is the same for every thread of a block, for its syncs.
template <class W, int V, int P, bool kL2, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_chained_kernel(const W* src, W* dst, RowGeometry g, RunSplit split, int l2_ahead,
                       RuleBits rule, RunFlags flags) {
  let_next_grid_launch();
  const int64_t j0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * V;
  const W last_mask = last_word_mask<W>(g);
  for (int64_t first = int64_t(blockIdx.y) * blockDim.y; first < split.runs;
       first += int64_t(gridDim.y) * blockDim.y) {
    const int64_t group = first + threadIdx.y;
    const bool mine = group < split.runs;
    if (mine && threadIdx.x == 0) flags.wait_for_runs_read(group, split.runs, g.torus);
    __syncthreads();
    if (mine && j0 < g.pitch_words)
      grid_run<W, V, P, kL2, kLife, true>(src, dst, split.first_row(group),
                                          split.end_row(group, g.height), j0, g, l2_ahead, rule,
                                          last_mask);
    __syncthreads();
    if (mine && threadIdx.x == 0) flags.count_done(group);
  }
}

// The interior's runs: rows y0 .. y1 - 1 of groups starting at row 1, loaded by three plain loads
// from a pointer that moves a row at a time. Compiled alone, so that the edge handling costs it
// neither instructions nor registers.
template <class W, int V, int P, bool kL2, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_interior_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, Interior in,
                        int run, int l2_ahead, RuleBits rule) {
  const int64_t column = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (column < in.first || column >= in.end) return;
  const int64_t j0 = column * V;
  const int64_t groups = (in.rows() + run - 1) / run;
  const auto load = [&](int64_t y) {
    const W* p = src + y * g.pitch_words + j0;
    RawRow<W, V> r;
    load_vector<W, V>(p, r.c);
    r.left = p[-1];
    r.right = p[V];
    return r;
  };
  for (int64_t group = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = 1 + group * run, y1 = std::min<int64_t>(y0 + run, g.height - 1);
    run_rows<W, V, P, kL2, kLife, false>(load, src, dst, y0, y1, j0, g, l2_ahead, rule, W(0));
  }
}

// Everything the interior leaves: rows 0 and height - 1 over the whole pitch, then the edge
// columns of every other row, one row of V words a thread (rows wrap, planes are dead, the
// last word and the padding are masked).
template <class W, int V, bool kLife>
static __global__ void __launch_bounds__(kEdgeThreads)
    bit_edge_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, Interior in,
                    RuleBits rule) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= in.edge_tasks()) return;
  int64_t y, column;
  in.edge_task(t, y, column);
  const int64_t j0 = column * V;
  if (j0 >= g.words) {  // padding words of the row pitch stay zero
    const W zero[V] = {};
    store_vector<W, V>(dst + y * g.pitch_words + j0, zero);
    return;
  }
  const RowPlace place = row_place<V>(j0, g);
  const auto load = [&](int64_t yy) { return load_row<W, V>(src, yy, j0, place, g); };
  run_rows<W, V, 1, false, kLife, true>(load, src, dst, y, y + 1, j0, g, 0, rule,
                                        last_word_mask<W>(g));
}

template <class W>
class BitEngine final : public DeviceEngine {
 public:
  // The registry entry's facts that the word size decides are built here; `rank` and `caption`
  // are the engine's own.
  BitEngine(int rank, std::string caption) : info_(word_info(rank, std::move(caption))) {
    parse_params();
  }

  const EngineInfo& info() const override { return info_; }
  std::vector<ParamInfo> param_info() const override {
    constexpr int kMaxX = int(16 / sizeof(W));
    // Defaults: the best shapes of `gpulife bench --size 65536 --sweep` on an H200.
    std::vector<ParamInfo> params = block_params(512, sizeof(W) == 4 ? 2 : 1, 32, 32, 32);
    const std::vector<ParamInfo> more = {
        {.name = "words_x",
         .description = "adjacent words per thread (one 16-byte access at the most)",
         .min = 1,
         .max = kMaxX,
         .default_value = kMaxX,
         .power_of_two = true},
        {.name = "words_per_thread",
         .description = "vertical run of words per thread (each row loaded once); 0: for "
                        "B3/S23 chosen per grid so the runs fill whole waves of the GPU, else 64",
         .min = 0,
         .max = 65536,
         .default_value = 0},
        {.name = "tail_rows",
         .description = "with words_per_thread=0 under B3/S23: the first wave's runs take 95 % of "
                        "the rows, the rest go in runs of this many rows (0: runs of one length)",
         .min = 0,
         .max = 4096,
         .default_value = 0},
        {.name = "prefetch_rows",
         .description = "rows loaded into registers ahead of the row computed",
         .min = 1,
         .max = 2,
         .default_value = 1},
        {.name = "prefetch_l2_rows",
         .description = "rows further ahead fetched into L2 (0 = none)",
         .min = 0,
         .max = 16,
         .default_value = 2},
        {.name = "pipeline_rows",
         .description =
             "rows in flight through shared memory by cp.async (0 = registers only, prefetch_rows)",
         .min = 0,
         .max = kMaxPipelineRows,
         .default_value = 0,
         .allowed = {0, 1, 2, 3, 4, 6, 8}},
        {.name = "pipeline_copy",
         .description = "with pipeline_rows: 0 = one 16-byte cp.async per lane, 1 = one bulk copy "
                        "(TMA) per warp",
         .min = 0,
         .max = 1,
         .default_value = 0},
        overlap_launch_param(2, "split_edges=0 with pipeline_rows=0", true),
        split_edges_param()};
    params.insert(params.end(), more.begin(), more.end());
    return params;
  }
  // The canonical layout with rows padded to 16 bytes, so 16-byte accesses stay aligned.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    return padded_rows(CellLayout::BitPacked, canonical_pitch(width), height);
  }
  // Rules beyond the counts: their circuits on words of W, one generation a pass.
  RulePassShape rule_pass_shape() const override {
    RulePassShape shape;
    shape.word_bits = int(sizeof(W)) * 8;
    shape.block_x = launch_.block.x;
    shape.block_y = launch_.block.y;
    shape.run = launch_.run;
    return shape;
  }

 protected:
  void check_params(const Params& p) const override { check_block_threads(p); }
  void parse_params() override {
    launch_.block = {param("block_x"), param("block_y")};
    launch_.words_x = param("words_x");
    launch_.run = param("words_per_thread");
    launch_.prefetch_rows = param("prefetch_rows");
    launch_.prefetch_l2_rows = param("prefetch_l2_rows");
    launch_.pipeline_rows = param("pipeline_rows");
    launch_.bulk_copy = param("pipeline_copy") == 1;
    launch_.split_edges = param("split_edges") == 1;
    launch_.tail_rows = param("tail_rows");
    launch_.overlap = param("overlap_launch");
  }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    switch (launch_.pipeline_rows) {
      case 0:
        break;
      case 1:
        return pipeline_pass<1>(src, dst, stream);
      case 2:
        return pipeline_pass<2>(src, dst, stream);
      case 3:
        return pipeline_pass<3>(src, dst, stream);
      case 4:
        return pipeline_pass<4>(src, dst, stream);
      case 6:
        return pipeline_pass<6>(src, dst, stream);
      default:
        return pipeline_pass<8>(src, dst, stream);
    }
    const bool l2 = launch_.prefetch_l2_rows > 0;
    if (launch_.prefetch_rows == 1)
      return l2 ? pass<1, true>(src, dst, stream) : pass<1, false>(src, dst, stream);
    return l2 ? pass<2, true>(src, dst, stream) : pass<2, false>(src, dst, stream);
  }

 private:
  static constexpr int kMaxPipelineRows = 8;
  // The run of words_per_thread=0 where waves are not chosen: the best of the sweeps before.
  static constexpr int kRun = 64;

  // Calls f(V, kLife) as integral constants: V adjacent words a thread (words_x; at most 16
  // bytes), kLife for B3/S23's own circuit.
  template <class F>
  uint64_t with_words_x(F&& f) {
    const bool life = rule().is_life();
    auto go = [&](auto v) { return life ? f(v, std::true_type{}) : f(v, std::false_type{}); };
    constexpr int kWidest = sizeof(W) == 4 ? 4 : 2;  // 16 bytes
    switch (launch_.words_x) {
      case 1:
        return go(std::integral_constant<int, 1>{});
      case 2:
        return go(std::integral_constant<int, 2>{});
      default:
        return go(std::integral_constant<int, kWidest>{});
    }
  }

  template <int R>
  uint64_t pipeline_pass(const void* src, void* dst, void* stream) {
    return with_words_x([&](auto v, auto life) {
      return launch_pipeline<decltype(v)::value, R, decltype(life)::value>(src, dst, stream);
    });
  }

  template <int V, int R, bool kLife>
  uint64_t launch_pipeline(const void* src, void* dst, void* stream) {
    const RowGeometry g = geometry();
    const int64_t columns = (g.pitch_words + V - 1) / V;
    const bool bulk = launch_.bulk_copy;
    const size_t smem = size_t(launch_.block.x * launch_.block.y / 32) *
                        (bulk ? BulkSlot<W, V>::warp_bytes(R) : R * PipelineSlot<W, V>::kBytes);
    auto* kernel = bulk ? &bit_bulk_kernel<W, V, R, kLife> : &bit_pipeline_kernel<W, V, R, kLife>;
    // Above 48 KiB a block must opt in (per device, so on every launch that needs it).
    if (smem > 48 * 1024)
      CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    const int run = run_for(reinterpret_cast<const void*>(kernel), smem, columns, g.height, false);
    const dim3 block = launch_.block.block(), grid = launch_.block.grid(columns, groups(run));
    kernel<<<grid, block, smem, static_cast<cudaStream_t>(stream)>>>(
        static_cast<const W*>(src), static_cast<W*>(dst), g, run, launch_.prefetch_l2_rows,
        rule_bits(rule()));
    CUDA_CHECK_LAUNCH();
    return 1;
  }

  // Thread rows: runs of `run` rows.
  int64_t groups(int run) const { return (height() + run - 1) / run; }

  // words_per_thread, or with 0: for B3/S23's own circuit through registers (`waves`), the run
  // for which `kernel`'s blocks over `columns` thread columns and `rows` rows fill whole waves
  // of the GPU, each run loading the two rows beyond its own (remembered per kernel and grid);
  // otherwise kRun. On an H200 at 65536² the waves took B3/S23 from 0.297 to 0.290 ms a
  // generation, but B36/S23's rule bits from 0.589 to 0.671.
  int run_for(const void* kernel, size_t shared, int64_t columns, int64_t rows, bool waves) {
    if (launch_.run > 0) return launch_.run;
    if (!waves) return kRun;
    return wave_run(auto_runs_, kernel, launch_.block.x * launch_.block.y, shared, rows,
                    (columns + launch_.block.x - 1) / launch_.block.x, launch_.block.y);
  }

  // Thread rows of `kernel` over `columns` thread columns that are resident at once; 0 where one
  // row of blocks across the grid does not fit.
  int64_t first_wave_runs(const void* kernel, int64_t columns) {
    const int64_t slots =
        auto_runs_.resident(kernel, launch_.block.x * launch_.block.y, 0, resident_blocks);
    const int64_t block_cols = (columns + launch_.block.x - 1) / launch_.block.x;
    return slots >= block_cols ? slots / block_cols * launch_.block.y : 0;
  }

  RowGeometry geometry() const {
    constexpr int kBits = int(sizeof(W)) * 8;
    RowGeometry g;
    g.words = (width() + kBits - 1) / kBits;
    g.pitch_words = int64_t(row_pitch() / sizeof(W));
    g.height = height();
    g.last_bit = int((width() - 1) % kBits);
    g.torus = topology() == Topology::Torus;
    return g;
  }

  template <int P, bool kL2>
  uint64_t pass(const void* src, void* dst, void* stream) {
    return with_words_x([&](auto v, auto life) {
      return launch<decltype(v)::value, P, kL2, decltype(life)::value>(src, dst, stream);
    });
  }

  template <int V, int P, bool kL2, bool kLife>
  uint64_t launch(const void* src, void* dst, void* stream) {
    const RowGeometry g = geometry();
    const auto* s = static_cast<const W*>(src);
    auto* d = static_cast<W*>(dst);
    const auto st = static_cast<cudaStream_t>(stream);
    const RuleBits rule = rule_bits(this->rule());
    const dim3 block = launch_.block.block();
    if (!launch_.split_edges) {
      const int64_t columns = (g.pitch_words + V - 1) / V;
      const auto go = [&](auto kernel, const RunSplit& split) {
        const dim3 grid = launch_.block.grid(columns, split.runs);
        if (launch_.overlap == 2) {
          bool overlap = false;
          const RunFlags flags = chain_.next(split.runs, grid.x, pass_follows_pass(), st, overlap);
          launch_overlapped(&bit_chained_kernel<W, V, P, kL2, kLife>, grid, block, 0, st, overlap,
                            s, d, g, split, launch_.prefetch_l2_rows, rule, flags);
          chain_.launched();
        } else {
          launch_overlapped(kernel, grid, block, 0, st, launch_.overlap == 1, s, d, g, split,
                            launch_.prefetch_l2_rows, rule);
        }
        return uint64_t(1);
      };
      auto* uniform = &bit_kernel<W, V, P, kL2, kLife>;
      const int run = run_for(reinterpret_cast<const void*>(uniform), 0, columns, g.height, kLife);
      if constexpr (kLife) {
        // B3/S23's circuit with runs chosen: a long run for each thread row of the first wave,
        // then tail_rows runs, where the first wave spans the grid's width.
        auto* split_kernel = &bit_kernel<W, V, P, kL2, kLife, true>;
        if (launch_.run == 0 && launch_.tail_rows > 0) {
          const RunSplit split = split_runs(
              g.height, first_wave_runs(reinterpret_cast<const void*>(split_kernel), columns),
              launch_.tail_rows, run);
          if (split.long_runs < split.runs) return go(split_kernel, split);
        }
      }
      return go(uniform, uniform_runs(g.height, run));
    }
    const Interior in = interior_of(g.words, g.pitch_words, V, g.height);
    if (!in.empty()) {
      const int run =
          run_for(reinterpret_cast<const void*>(&bit_interior_kernel<W, V, P, kL2, kLife>), 0,
                  in.launch_columns(), in.rows(), kLife);
      const dim3 grid = launch_.block.grid(in.launch_columns(), (in.rows() + run - 1) / run);
      bit_interior_kernel<W, V, P, kL2, kLife>
          <<<grid, block, 0, st>>>(s, d, g, in, run, launch_.prefetch_l2_rows, rule);
      CUDA_CHECK_LAUNCH();
    }
    bit_edge_kernel<W, V, kLife><<<in.edge_blocks(), kEdgeThreads, 0, st>>>(s, d, g, in, rule);
    CUDA_CHECK_LAUNCH();
    return 1;
  }

  static EngineInfo word_info(int rank, std::string caption) {
    const std::string bits = std::to_string(sizeof(W) * 8);
    return {.name = "bit" + bits,
            .family = "bit",
            .description =
                "CUDA, one bit per cell in " + bits + "-bit words, bitwise adder trees, 1 gen/pass",
            .layout = CellLayout::BitPacked,
            .gpu = true,
            .rank = rank,
            .caption = std::move(caption),
            .gl_shared = true};
  }

  EngineInfo info_;
  // The launch parameters, as parse_params() read them.
  struct Launch {
    BlockShape block;
    int words_x = 1;
    int run = 0;  // words_per_thread; 0: run_for() chooses
    int prefetch_rows = 1;
    int prefetch_l2_rows = 0;
    int pipeline_rows = 0;
    bool bulk_copy = false;  // pipeline_copy 1
    bool split_edges = false;
    int tail_rows = 0;  // with run 0 under B3/S23: the tail's runs after the first wave
    int overlap = 0;    // overlap_launch (split_edges=0, pipeline_rows=0 only)
  } launch_;
  WaveRowsMemo auto_runs_;  // the runs run_for() chose, and first_wave_runs()' resident blocks
  RunChain chain_;          // overlap_launch=2's counts
};

}  // namespace bit_detail
}  // namespace gpulife::gpu
