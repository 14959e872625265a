// The one-generation bit kernels with rows streamed through shared memory (cp.async per lane, or
// one bulk copy per warp); launch parameters of bit32/bit64, slower than the register path.
#pragma once

#include <algorithm>

#include "gpu/bit_rows.cuh"

namespace gpulife::gpu {
namespace bit_detail {

// What load_row does at a row's ends, for a row read from shared memory: `left` and `right`
// are the words either side as stored, `first` the row's first cell (bit 0 of word 0).
template <class W, int V>
__device__ __forceinline__ void finish_row(RawRow<W, V>& r, W left, W right, W first, int64_t j0,
                                           const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
  const RowPlace place = row_place<V>(j0, g);
#pragma unroll
  for (int v = 0; v < V; ++v)
    if (v >= place.words) r.c[v] = 0;
  r.left = place.first ? W(0) : left;
  r.right = place.words > V ? right : W(0);
  if (g.torus) {
    if (place.first) r.left = left << (kBits - 1 - g.last_bit);
    wrap_first_cell(
        r, [first] { return first; }, place, g);
  }
}

// The same computation with the rows streamed through shared memory by cp.async: each warp
// owns a strip of 32 * V words and keeps R rows in flight in R shared-memory slots, so the bytes
// in flight cost no registers. A slot holds the strip's words and the word either side (read by
// lanes 0 and 31), so a lane finds its neighbours' words next to its own. On an H200 this is
// slower than the register path (more instructions per row where that was near the issue limit;
// docs/BENCHMARKS.md), so it is a launch parameter, off by default.
template <class W, int V>
struct PipelineSlot {
  static constexpr int kLead = 16 / int(sizeof(W));  // left word at kLead - 1, 16-byte aligned data
  static constexpr int kWords = kLead + 32 * V + kLead;
  static constexpr size_t kBytes = sizeof(W) * size_t(kWords);
};

// Copies V words (or one halo word) global -> shared without passing through registers; with
// `live` false it writes zeros and reads nothing (rows beyond a plane, dead halos).
template <class W, int N>
__device__ __forceinline__ void copy_async(unsigned s, const W* gmem, bool live) {
  constexpr int kBytes = int(sizeof(W)) * N;
  const int n = live ? kBytes : 0;
  if constexpr (kBytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem), "r"(n)
                 : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(s), "l"(gmem), "n"(kBytes),
                 "r"(n)
                 : "memory");
}

// The row walk both pipelined kernels share: `consume()` yields the strip's raw rows in order,
// from the row above y0 on; rows y0 .. y1 - 1 are computed and stored. The L2 prefetch asks for
// the row `l2_ahead` beyond the R rows already in flight.
template <class W, int V, int R, bool kLife, class Consume>
__device__ __forceinline__ void walk_rows(Consume& consume, const W* __restrict__ src,
                                          W* __restrict__ dst, int64_t y0, int64_t y1, int64_t j0,
                                          bool active, int l2_ahead, const RowGeometry& g,
                                          W last_mask, RuleBits rule) {
  constexpr unsigned kLanesPerLine = 128 / (sizeof(W) * V);
  const RowPlace place = row_place<V>(j0, g);
  W a0[V], a1[V], m0[V], m1[V], mc[V], t0[V], t1[V];
  {
    const RawRow<W, V> above = consume();
    row_sums(above, a0, a1, t0, t1);
    const RawRow<W, V> mid = consume();
    row_sums(mid, t0, t1, m0, m1);
#pragma unroll
    for (int v = 0; v < V; ++v) mc[v] = mid.c[v];
  }
  for (int64_t y = y0; y < y1; ++y) {
    const RawRow<W, V> below = consume();
    if (l2_ahead > 0) {
      const int64_t yp = y + 1 + R + l2_ahead;
      if (active && yp <= y1 && yp < g.height && threadIdx.x % kLanesPerLine == 0)
        asm volatile("prefetch.global.L2 [%0];" ::"l"(src + yp * g.pitch_words + j0));
    }
    W out[V];
    compute_row<W, V, kLife>(below, a0, a1, m0, m1, mc, place, last_mask, rule, out);
    if (active) store_vector<W, V>(dst + y * g.pitch_words + j0, out);
  }
}

template <class W, int V, int R, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_pipeline_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, int run,
                        int l2_ahead, RuleBits rule) {
  using Slot = PipelineSlot<W, V>;
  extern __shared__ uint4 pipeline_smem[];
  const int lane = int(threadIdx.x % 32);
  const int warp = int((threadIdx.y * blockDim.x + threadIdx.x) / 32);
  W* const slots = reinterpret_cast<W*>(pipeline_smem) + size_t(warp) * R * Slot::kWords;
  const int64_t j0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * V;
  const int64_t j0w = j0 - int64_t(lane) * V;  // the warp's first word
  if (j0w >= g.pitch_words) return;            // the whole warp lies beyond the row
  const bool active = j0 < g.pitch_words;
  // Lane 0 fetches the word left of the strip, lane 31 the word right of it; on a torus the
  // row's last and first words, which the wrap needs. -1: dead.
  int64_t halo = -1;
  int halo_at = -1;
  if (lane == 0) {
    halo = j0w > 0 ? j0w - 1 : (g.torus ? g.words - 1 : -1);
    halo_at = Slot::kLead - 1;
  } else if (lane == 31) {
    halo = j0w + 32 * V < g.words ? j0w + 32 * V : (g.torus ? 0 : -1);
    halo_at = Slot::kLead + 32 * V;
  }
  const bool halo_live = halo >= 0;
  const W* const col = src + j0;
  const W* const halo_col = src + (halo_live ? halo : 0);
  // Shared-memory addresses of this lane's copies into slot 0; slot k is k * kBytes further.
  const unsigned base = unsigned(__cvta_generic_to_shared(slots));
  const unsigned data_addr = base + unsigned(Slot::kLead + lane * V) * unsigned(sizeof(W));
  const unsigned halo_addr = base + unsigned(halo_at) * unsigned(sizeof(W));
  const int64_t groups = (g.height + run - 1) / run;
  const W last_mask = last_word_mask<W>(g);
  for (int64_t group = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = group * run, y1 = std::min<int64_t>(y0 + run, g.height);
    const int rows = int(y1 - y0) + 2;  // rows y0 - 1 .. y1 stream through the slots
    int issued = 0;
    unsigned slot_in = 0;
    int slot_out = 0;
    // Starts the copy of the next row of the stream into the next slot; one commit group per
    // row (empty past the end) so that waiting for R - 1 pending groups waits for the oldest.
    auto issue = [&]() {
      if (issued < rows) {
        int64_t y = y0 - 1 + issued;
        bool live = true;
        if (y < 0 || y >= g.height) {
          if (g.torus)
            y = y < 0 ? y + g.height : y - g.height;
          else
            live = false, y = 0;
        }
        const int64_t at = y * g.pitch_words;
        if (active) copy_async<W, V>(data_addr + slot_in, col + at, live);
        if (halo_at >= 0) copy_async<W, 1>(halo_addr + slot_in, halo_col + at, live && halo_live);
      }
      asm volatile("cp.async.commit_group;" ::: "memory");
      ++issued;
      slot_in = slot_in + unsigned(Slot::kBytes) == R * unsigned(Slot::kBytes)
                    ? 0u
                    : slot_in + unsigned(Slot::kBytes);
    };
    // Waits for the oldest row, reads this lane's words and neighbours from its slot, hands
    // the slot to the row R ahead, and applies what load_row applies at the row's ends.
    auto consume = [&]() {
      asm volatile("cp.async.wait_group %0;" ::"n"(R - 1) : "memory");
      __syncwarp();
      const W* s = slots + slot_out * Slot::kWords + Slot::kLead;
      RawRow<W, V> r;
      load_vector<W, V>(s + lane * V, r.c);
      const W left = s[lane * V - 1], right = s[lane * V + V], first = s[32 * V] & W(1);
      __syncwarp();
      slot_out = slot_out + 1 == R ? 0 : slot_out + 1;
      issue();
      finish_row(r, left, right, first, j0, g);
      return r;
    };
#pragma unroll
    for (int k = 0; k < R; ++k) issue();
    walk_rows<W, V, R, kLife>(consume, src, dst, y0, y1, j0, active, l2_ahead, g, last_mask, rule);
  }
}

// The row pipeline with Hopper's bulk copies (TMA): one lane per warp asks for each row's
// strip with one cp.async.bulk that an mbarrier counts in, so the rows in flight cost neither
// registers nor per-lane load instructions. A slot holds, 16-byte aligned: the 16 bytes left of
// the strip, the strip, the 16 bytes right of it, and on a torus the 16 bytes around the row's
// last word and its first 16 bytes (the wrap).
template <class W, int V>
struct BulkSlot {
  static constexpr int kLead = 16 / int(sizeof(W));
  static constexpr int kData = 32 * V;
  static constexpr int kWrapLast = kLead + kData + kLead;  // chunk holding word `words - 1`
  static constexpr int kWrapFirst = kWrapLast + kLead;     // words 0 .. kLead - 1
  static constexpr int kWords = kWrapFirst + kLead;
  static constexpr size_t kBytes = sizeof(W) * size_t(kWords);
  // Shared memory of one warp: R slots, then R mbarriers (8 bytes each), 16-byte aligned.
  static constexpr size_t warp_bytes(int rows) {
    return size_t(rows) * kBytes + (size_t(rows) * 8 + 15) / 16 * 16;
  }
};

__device__ __forceinline__ bool mbarrier_try_wait(unsigned bar, unsigned parity) {
  unsigned done;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, "
      "p; }"
      : "=r"(done)
      : "r"(bar), "r"(parity)
      : "memory");
  return done != 0;
}

__device__ __forceinline__ void bulk_copy(unsigned dst, const void* src, unsigned bytes,
                                          unsigned bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(dst),
      "l"(src), "r"(bytes), "r"(bar)
      : "memory");
}

template <class W, int V, int R, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_bulk_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, int run,
                    int l2_ahead, RuleBits rule) {
  using Slot = BulkSlot<W, V>;
  extern __shared__ uint4 pipeline_smem[];
  const int lane = int(threadIdx.x % 32);
  const int warp = int((threadIdx.y * blockDim.x + threadIdx.x) / 32);
  char* const mine = reinterpret_cast<char*>(pipeline_smem) + size_t(warp) * Slot::warp_bytes(R);
  const W* const slots = reinterpret_cast<const W*>(mine);
  const unsigned slots_addr = unsigned(__cvta_generic_to_shared(mine));
  const unsigned bars_addr = slots_addr + unsigned(R * Slot::kBytes);
  const int64_t j0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * V;
  const int64_t j0w = j0 - int64_t(lane) * V;  // the warp's first word
  if (j0w >= g.pitch_words) return;            // the whole warp lies beyond the row
  const bool active = j0 < g.pitch_words;
  if (lane == 0) {
    for (int k = 0; k < R; ++k)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bars_addr + 8 * k) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncwarp();
  // The strip with its 16-byte neighbours, clipped to the row's pitch (a multiple of 16 bytes).
  const int64_t span_lo = j0w > 0 ? j0w - Slot::kLead : 0;
  const int64_t span_hi = std::min<int64_t>(j0w + Slot::kData + Slot::kLead, g.pitch_words);
  const unsigned span_at = unsigned(Slot::kLead - (j0w - span_lo)) * unsigned(sizeof(W));
  const unsigned span_bytes = unsigned(span_hi - span_lo) * unsigned(sizeof(W));
  const bool wrap_last = g.torus && j0w == 0;
  const bool wrap_first = g.torus && j0w + Slot::kData >= g.words;
  const int64_t last_chunk = (g.words - 1) / Slot::kLead * Slot::kLead;
  const unsigned tx = span_bytes + (wrap_last ? 16u : 0u) + (wrap_first ? 16u : 0u);
  const int64_t groups = (g.height + run - 1) / run;
  const W last_mask = last_word_mask<W>(g);
  // Slots are used round robin across row groups, so the mbarriers' phases carry over.
  int slot_in = 0, slot_out = 0;
  unsigned parity = 0;  // bit k: the phase parity slot k completes next
  for (int64_t group = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = group * run, y1 = std::min<int64_t>(y0 + run, g.height);
    const int rows = int(y1 - y0) + 2;  // rows y0 - 1 .. y1 stream through the slots
    int issued = 0, consumed = 0;
    // Lane 0 asks for the next row of the stream into the next slot (nothing past the end).
    auto issue = [&]() {
      if (issued >= rows) return;
      if (lane == 0) {
        int64_t y = y0 - 1 + issued;
        bool live = true;
        if (y < 0 || y >= g.height) {
          if (g.torus)
            y = y < 0 ? y + g.height : y - g.height;
          else
            live = false;
        }
        const unsigned bar = bars_addr + 8u * unsigned(slot_in);
        if (!live) {  // beyond a plane: nothing to copy, the reader uses zeros
          asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
        } else {
          const W* row = src + y * g.pitch_words;
          const unsigned slot = slots_addr + unsigned(slot_in) * unsigned(Slot::kBytes);
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(tx)
                       : "memory");
          bulk_copy(slot + span_at, row + span_lo, span_bytes, bar);
          if (wrap_last)
            bulk_copy(slot + unsigned(Slot::kWrapLast * sizeof(W)), row + last_chunk, 16u, bar);
          if (wrap_first) bulk_copy(slot + unsigned(Slot::kWrapFirst * sizeof(W)), row, 16u, bar);
        }
      }
      ++issued;
      slot_in = slot_in + 1 == R ? 0 : slot_in + 1;
    };
    // Waits for the oldest row, reads this lane's words and neighbours from its slot, then
    // hands the slot to the row R ahead.
    auto consume = [&]() {
      const unsigned bar = bars_addr + 8u * unsigned(slot_out);
      const unsigned phase = (parity >> slot_out) & 1u;
      while (!mbarrier_try_wait(bar, phase)) {
      }
      parity ^= 1u << slot_out;
      const int64_t y = y0 - 1 + consumed;
      ++consumed;
      RawRow<W, V> r;
      if (!g.torus && (y < 0 || y >= g.height)) {
#pragma unroll
        for (int v = 0; v < V; ++v) r.c[v] = 0;
        r.left = r.right = 0;
      } else {
        const W* s = slots + slot_out * Slot::kWords;
        load_vector<W, V>(s + Slot::kLead + lane * V, r.c);
        W left = s[Slot::kLead + lane * V - 1];
        const W right = s[Slot::kLead + lane * V + V];
        W first = 0;
        if (g.torus) {
          if (j0 == 0) left = s[Slot::kWrapLast + (g.words - 1 - last_chunk)];
          if (j0 + V >= g.words) first = s[Slot::kWrapFirst] & W(1);
        }
        finish_row(r, left, right, first, j0, g);
      }
      // Every lane has read the slot before lane 0 hands it to the async proxy again.
      __syncwarp();
      if (lane == 0) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      slot_out = slot_out + 1 == R ? 0 : slot_out + 1;
      issue();
      return r;
    };
#pragma unroll
    for (int k = 0; k < R; ++k) issue();
    walk_rows<W, V, R, kLife>(consume, src, dst, y0, y1, j0, active, l2_ahead, g, last_mask, rule);
  }
}

}  // namespace bit_detail
}  // namespace gpulife::gpu
