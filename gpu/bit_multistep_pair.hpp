// bit-multistep, two rows a step: B3/S23 with the sum of two vertically adjacent row sums shared
// by the two output rows that need it, in plain C++ that nvcc also compiles for the device.
#pragma once

#include "gpu/bit_multistep.hpp"

#if !defined(__CUDA_ARCH__)
#include <atomic>
#endif

namespace gpulife::gpu::multistep {

// The pair sum P = b + c of two adjacent rows' row sums, as three gates of a LOP3 network, and
// the next state of a cell from P, the row sums b (the cell's row or the one above it), c, the
// third row's sum r and the cell x: 3 gates shared by two outputs plus 4 per output, 5.5 LOP3s a
// cell instead of 7. Found by tools/lop3_search (`lop3_search.py pair 3 4`; `pair 3 3`, `4 3`
// and `5 3` are unsatisfiable, so no network of this shape has fewer gates per output).
struct PairSum {
  uint32_t g0, g1, g2;
};
GPULIFE_MS_HD PairSum pair_sum(RowSum b, RowSum c) {
  const uint32_t g0 = lop3<0xB2>(b.s1, c.s0, c.s1);
  return {g0, lop3<0xE8>(b.s1, c.s0, c.s1), lop3<0xE8>(b.s0, c.s0, g0)};
}
GPULIFE_MS_HD uint32_t pair_next(PairSum p, RowSum b, RowSum c, RowSum r, uint32_t x) {
  const uint32_t g3 = lop3<0xE8>(r.s0, p.g0, p.g2);
  const uint32_t g4 = lop3<0x96>(b.s0, c.s0, r.s0);
  const uint32_t g5 = lop3<0x16>(r.s1, p.g1, g3);
  return lop3<0xA8>(x, g4, g5);
}

// Output words of one warp: the outermost word on each side goes stale from the outside in, one
// cell a generation, so after at most 16 generations its inner 16 cells are still exact. Lane 0
// stores the upper half of its first word and lane 31 the lower half of its last, and
// neighbouring warps overlap by one word: 32 * K - 1 words a warp.
template <int K>
inline constexpr int kPairWarpWords = 32 * K - 1;

// Warps across a row of `pitch` words.
GPULIFE_MS_HD int64_t pair_warp_cols(int64_t pitch, int words_per_thread) {
  const int64_t out = 32 * words_per_thread - 1;
  return (pitch + 1 + out - 1) / out;
}

// Rows a tile streams beyond its own: the levels lag three rows each.
GPULIFE_MS_HD int64_t pair_extra_rows(int depth) {
  return 4 * int64_t(depth) - 2;
}

// ORs `v` into a word of the history plane; other warps OR into the same word where their
// output words overlap, so the OR is atomic (on the device a reduction that returns nothing).
GPULIFE_MS_HD void or_into(uint32_t* word, uint32_t v) {
  if (v == 0) return;
#if defined(__CUDA_ARCH__)
  atomicOr(word, v);
#else
  std::atomic_ref<uint32_t>(*word).fetch_or(v, std::memory_order_relaxed);
#endif
}

// Per lane, the history slots a pass with the history plane keeps (kHistory): for each level
// but the last, the OR so far of the two rows it last completed, which travel down the levels
// with the rows. Slot i of a lane is word 32 i of its slots (lanes interleaved, so a warp's
// accesses to one slot hit 32 banks once); 3 * D * K slots a lane.
template <int K, int D>
inline constexpr int kPairHistorySlots = 3 * D* K;

// One warp's work for one tile, two rows a step. Level g at step s takes rows R, R + 1 (gen g),
// R = ystart + 2s - 3g, and completes rows R - 1 and R (gen g + 1), which level g + 1 takes at
// step s + 1. Per level the state is the row sums of the two rows before R, the cells of the
// row before R (the previous step's second input) and this step's two input rows; both are
// double-buffered by the step's parity, so a two-step unroll moves nothing. Levels run last to
// first, so a level's input slots are free once it has read them.
//
// kHistory: every generation computed is also ORed into a.history. A row the level g completes
// as its first output row (R - 1) is level g + 1's second output row one step later, and a
// second output row (R) is level g + 1's first two steps later; the OR of a row's generations so
// far waits in the lane's history slots (`slots`, kPairHistorySlots words at stride 32) between
// the two, and the last level ORs it into the plane with the row it stores. Each generation
// costs a word one LOP3 and a shared-memory load and store, and the plane is written once a
// pass, instead of a pass over memory per generation.
template <int K, int D, bool kFma, class Lanes, bool kHistory = false>
class WarpPairPass {
 public:
  static_assert(D <= 16, "the edge words' inner halves are exact for at most 16 generations");

  // `ring`: this lane's first word of the warp's row ring (RowReader; unused on the CPU),
  // `slots` its first history slot.
  GPULIFE_MS_HD WarpPairPass(const PassArgs& a, int64_t warp_col, int lane, Lanes& lanes,
                             uint32_t* ring = nullptr, uint32_t* slots = nullptr)
      : a_(a), lanes_(lanes), ring_(ring), slots_(slots) {
    cols_.init(a, warp_col * kPairWarpWords<K> - 1, lane);
    for (int j = 0; j < K; ++j) {
      const int64_t m = cols_.mbase + j;
      const bool inside = m >= 0 && m < a.pitch;
      const bool upper = inside && lane == 0 && j == 0;
      const bool lower = inside && lane == 31 && j == K - 1;
      full_[j] = inside && !upper && !lower;
      half_[j] = upper || lower;
      half_shift_[j] = upper ? 16 : 0;
      // The cells this lane's word is exact in: the inner half of an edge word.
      const uint32_t exact = full_[j] ? ~0u : upper ? 0xFFFF0000u : lower ? 0x0000FFFFu : 0u;
      history_mask_[j] = exact & cols_.keep[j];
    }
  }

  GPULIFE_MS_HD void run_tile(int64_t tile) {
    const int64_t y0 = tile * a_.tile_rows;
    rows_ = int32_t(a_.tile_rows < a_.height - y0 ? a_.tile_rows : a_.height - y0);
    // Level D - 1 at step s completes rows y0 + 2 (s - s_first) and the one after.
    const int32_t s_first = 2 * D - 1;
    const int32_t nsteps = s_first + (rows_ + 1) / 2;
    ystart_ = y0 - D;
    for (int p = 0; p < 2; ++p)
      for (int g = 0; g < D; ++g)
        for (int j = 0; j < K; ++j) {
          sum_[p][g][0][j] = sum_[p][g][1][j] = RowSum{0, 0};
          in_[p][g][0][j] = in_[p][g][1][j] = 0;
        }
    // Steps needing no row checks: on a plane every level's rows and the two rows loaded lie
    // inside the grid (level D - 1's first output row >= 0, the second row loaded < height).
    // Both rows a step outputs are the tile's but in the last step of an odd number of rows.
    int32_t s_a = 0, s_b = s_first + rows_ / 2;
    if (!a_.torus) {
      const int64_t lo = (3 * D - 1 - ystart_ + 1) / 2;      // ystart + 2s - 3D + 2 >= 0
      const int64_t hi = (a_.height - 4 - ystart_) / 2 + 1;  // ystart + 2s + 3 < height
      s_a = int32_t(clamp64(lo, 0, nsteps));
      s_b = int32_t(clamp64(a_.height - 4 - ystart_ < 0 ? 0 : hi, s_a, s_b));
    }
    // The unrolled loop starts on an even step, so the phases match the step's parity.
    if (s_a % 2) ++s_a;
    if (s_a > s_b) s_a = s_b;
    const int32_t s_fast_end = s_a + (s_b - s_a) / 2 * 2;
    reader_.start(a_, cols_, ystart_, ring_);
    y0_ = y0;
    if constexpr (kHistory)
      for (int i = 0; i < kPairHistorySlots<K, D>; ++i) slot(i) = 0;
    // Where step 0's first output row would go (none does), advanced two rows a step: each word's
    // own 32 bits, or the 16 that an edge word holds exact. Lanes that store nothing point at
    // the row's first word.
    for (int j = 0; j < K; ++j) {
      const int64_t m = full_[j] || half_[j] ? cols_.mbase + j : 0;
      st_[j] = reinterpret_cast<uint16_t*>(a_.dst + (y0 - 2 * s_first) * a_.pitch + m) +
               (half_shift_[j] ? 1 : 0);
    }
    st_first_ = s_first;
    reader_.template load<true>(a_, cols_, in_[0][0][0]);
    reader_.template load<true>(a_, cols_, in_[0][0][1]);
    StepLoop::run<2>(*this, s_a, s_fast_end, nsteps);
  }

 private:
  friend struct StepLoop;
  // The fast loop's trip, two steps, is one RowReader trip: 4 loads, the first at an even step
  // (2 + 2s loads before step s, plus RowReader::kBias, is a multiple of 4).
  static constexpr bool kFastLoads = true;
  static_assert(RowReader<K>::kTrip == 4 && (2 + RowReader<K>::kBias) % 4 == 0);

  // The first step whose rows are the tile's (StepLoop: the fast steps from there on store
  // them without a check).
  GPULIFE_MS_HD int32_t first_store_step() const {
    return st_first_;
  }

  GPULIFE_MS_HD void masked_step(int32_t s) {
    if (s % 2)
      step<1, true, true, true, false>(s);
    else
      step<0, true, true, true, false>(s);
  }

  GPULIFE_MS_HD RowSum sum_of(const uint32_t (&x)[K], int j, uint32_t from_west,
                              uint32_t from_east) const {
    const uint32_t w = west<kFma>(j == 0 ? from_west : x[j - 1], x[j], a_.two);
    const uint32_t e = east<kFma>(x[j], j == K - 1 ? from_east : x[j + 1], a_.high);
    return row_sum(w, x[j], e);
  }

  // Word j of an output row at `at` (st_[j] or a row below), through the lane's own pointer:
  // the whole word, or its exact half; `ok`: the row is one the tile outputs. (Stores forced
  // to be predicated instructions, with no branch around them, measured 15 % slower on the
  // H200: the blocks the branch makes schedule the pass better.)
  // kKeep: clear the cells beyond the width. Only a warp whose columns need checks (a plane's
  // edge passes through it, or it gathers across a torus row's wrap) stores a word with such
  // cells; the others store whole words of the row, and on a torus whose width is a multiple of
  // 32 the pitch's padding, which the pass's caller clears (pair_pass_dirties_padding). Without
  // the mask there the pass took 0.0966 ms a generation at 65536² on the H200, against 0.0969.
  // (An earlier version that left out the mask per lane, storing zeros as the padding instead,
  // measured 1 % slower.)
  template <bool kKeep>
  GPULIFE_MS_HD void store_word(uint16_t* at, int j, uint32_t v, bool ok) const {
#if defined(__CUDA_ARCH__)
    // advance_rows() hides where `at` points: a global store, not a generic one.
    __builtin_assume(__isGlobal(at));
#endif
    if constexpr (kKeep) v &= cols_.keep[j];
    if (ok && full_[j]) *reinterpret_cast<uint32_t*>(at) = v;
    if (ok && half_[j]) *at = uint16_t(v >> half_shift_[j]);
  }

  // One step at parity kP. kMask: rows may lie outside a plane grid; kColumns: clear the cells
  // beyond a plane's side edges; kGather: a word may be gathered across a torus row's wrap;
  // kFast: the step's loads are fast ones (RowReader::load_fast) and both its output rows are
  // the tile's once the first is; kStores (fast steps only): both are the tile's.
  template <int kP, bool kMask, bool kColumns, bool kGather, bool kFast, bool kStores = false>
  GPULIFE_MS_HD void step(int32_t s) {
    static_assert(kFast || !kStores);
    constexpr int kQ = 1 - kP;
    constexpr bool kKeep = kMask || kColumns || kGather;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int g = D - 1; g >= 0; --g) {
      uint32_t(&n1)[K] = in_[kP][g][0];
      uint32_t(&n2)[K] = in_[kP][g][1];
      const uint32_t(&xm)[K] = in_[kQ][g][1];  // the row before n1: the previous n2
      uint32_t w1, e1, w2, e2;
      lanes_.exchange(n1[K - 1], n1[0], w1, e1);
      lanes_.exchange(n2[K - 1], n2[0], w2, e2);
      uint32_t mask_m = ~0u, mask_n = ~0u;
      if (kMask && !a_.torus) {
        const int64_t r = ystart_ + 2 * int64_t(s) - 3 * g;
        mask_m = (r - 1 >= 0 && r - 1 < a_.height) ? ~0u : 0u;
        mask_n = (r >= 0 && r < a_.height) ? ~0u : 0u;
      }
      uint32_t out_m[K], out_n[K];
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
      for (int j = 0; j < K; ++j) {
        const RowSum u = sum_[kQ][g][0][j], m = sum_[kQ][g][1][j];
        const RowSum c1 = sum_of(n1, j, w1, e1), c2 = sum_of(n2, j, w2, e2);
        const PairSum p = pair_sum(m, c1);
        out_m[j] = pair_next(p, m, c1, u, xm[j]);
        out_n[j] = pair_next(p, m, c1, c2, n1[j]);
        sum_[kP][g][0][j] = c1;
        sum_[kP][g][1][j] = c2;
        if (kMask) {
          out_m[j] &= cols_.colmask[j] & mask_m;
          out_n[j] &= cols_.colmask[j] & mask_n;
        } else if (kColumns) {
          out_m[j] &= cols_.colmask[j];
          out_n[j] &= cols_.colmask[j];
        }
      }
      if constexpr (kHistory) history<kP>(g, s, out_m, out_n);
      if (g < D - 1) {
        for (int j = 0; j < K; ++j) {
          in_[kQ][g + 1][0][j] = out_m[j];
          in_[kQ][g + 1][1][j] = out_n[j];
        }
      } else {
        // The rows are the tile's from step st_first_ on; out_m is its row y, out_n row y + 1.
        const int32_t y = 2 * (s - st_first_);
        for (int j = 0; j < K; ++j) {
          store_word<kKeep>(st_[j], j, out_m[j], kStores || y >= 0);
          store_word<kKeep>(advance_rows(st_[j], a_, a_.one), j, out_n[j],
                            kStores || (y >= 0 && (kFast || y + 1 < rows_)));
        }
      }
    }
    if constexpr (kFast) {
      reader_.template load_fast<2 * kP>(a_, in_[kQ][0][0], in_[kQ][0][1]);
    } else {
      reader_.template load<kGather>(a_, cols_, in_[kQ][0][0]);
      reader_.template load<kGather>(a_, cols_, in_[kQ][0][1]);
    }
    for (int j = 0; j < K; ++j) st_[j] = advance_rows(st_[j], a_, a_.two);
  }

  // History slots: the first output rows' ORs (one slot per level and word) and the second
  // rows' (two, by the step's parity).
  GPULIFE_MS_HD uint32_t& slot(int i) {
    return slots_[32 * i];
  }
  GPULIFE_MS_HD static constexpr int first_slot(int g, int j) {
    return g * K + j;
  }
  GPULIFE_MS_HD static constexpr int second_slot(int g, int p, int j) {
    return D * K + (p * D + g) * K + j;
  }

  // Level g at parity kP completed rows R - 1 (out_m) and R (out_n) at generation g + 1: R - 1
  // was level g - 1's second row two steps ago (same parity), R its first row a step ago. Level
  // g - 1 writes its slots later in this step (levels run last to first).
  template <int kP>
  GPULIFE_MS_HD void history(int g, int32_t s, const uint32_t (&out_m)[K],
                             const uint32_t (&out_n)[K]) {
    for (int j = 0; j < K; ++j) {
      uint32_t hm = out_m[j], hn = out_n[j];
      if (g > 0) {
        hm |= slot(second_slot(g - 1, kP, j));
        hn |= slot(first_slot(g - 1, j));
      }
      if (g < D - 1) {
        slot(first_slot(g, j)) = hm;
        slot(second_slot(g, kP, j)) = hn;
      } else if (s >= st_first_ && history_mask_[j] != 0) {
        const int64_t y = y0_ + 2 * (s - st_first_);
        uint32_t* row = a_.history + y * a_.history_pitch + cols_.mbase + j;
        or_into(row, hm & history_mask_[j]);
        if (y + 1 < y0_ + rows_) or_into(row + a_.history_pitch, hn & history_mask_[j]);
      }
    }
  }

  const PassArgs& a_;
  Lanes& lanes_;
  uint32_t* ring_;
  uint32_t* slots_;
  LaneColumns<K> cols_;
  RowReader<K> reader_;
  bool full_[K], half_[K];      // this lane writes word j whole, or its exact half
  uint32_t half_shift_[K];      // the half's place: 16 for the upper, 0 for the lower
  uint32_t history_mask_[K]{};  // the cells of each word this lane ORs into the history plane
  int64_t y0_ = 0;
  int32_t rows_ = 0;
  int64_t ystart_ = 0;
  uint16_t* st_[K];  // where word j of this step's first output row goes
  int32_t st_first_ = 0;
  RowSum sum_[2][D][2][K];   // per parity and level: the row sums of the two rows before n1
  uint32_t in_[2][D][2][K];  // per parity and level: the two input rows
};

// Whether the pass leaves the pitch's padding words (words [words, pitch) of each row of a.dst)
// dirty, to be cleared after it: on a torus whose width is a multiple of 32, the warps that store
// them do so without the width's mask (WarpPairPass::store_word).
GPULIFE_MS_HD bool pair_pass_dirties_padding(const PassArgs& a) {
  return a.torus && a.aligned && a.pitch > a.words;
}

// The device kernel of this pass for a shape (gpu/bit_multistep_pair.cu); nullptr where none is
// built (depth * words_per_thread > 16). warps_per_sm 12 or 16 picks a kernel with registers
// capped to fit that many warps on an SM, built for funnel shifts at depth 16 x 1 word, 8 x 2
// (and 8 x 1 for 16 warps); elsewhere, and with 0, the compiler's choice.
// history: the kernel that also ORs every generation into a.history (funnel shifts, the
// compiler's registers; launched with pair_history_bytes() of dynamic shared memory).
using PassKernel = void (*)(PassArgs);
PassKernel pair_kernel(int words_per_thread, int depth, bool fma, int warps_per_sm, bool history);

// Dynamic shared memory a block of `block_warps` warps needs: the row rings (ring_bytes), then
// with the history plane its slots.
inline size_t pair_history_bytes(int words_per_thread, int depth, int block_warps) {
  return size_t(block_warps) * 32 * 3 * size_t(depth) * size_t(words_per_thread) * 4;
}
inline size_t pair_shared_bytes(int words_per_thread, int depth, int block_warps, bool history) {
  return ring_bytes(words_per_thread, block_warps) +
         (history ? pair_history_bytes(words_per_thread, depth, block_warps) : 0);
}

}  // namespace gpulife::gpu::multistep
