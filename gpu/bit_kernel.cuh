// The one-generation bit-packed kernels (rows through registers, or through shared memory) and
// their engine, templated on the word (bit32, bit64).
#pragma once

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/life_rule.cuh"

namespace gpulife::gpu {
namespace bit_detail {

// Where a thread's words lie: words j0 .. j0 + V - 1 of each row.
struct RowGeometry {
  int64_t words;        // words holding cells in a row
  int64_t pitch_words;  // words per row in memory
  int64_t height;
  int last_bit;  // bit of the row's last cell in its word: where a torus row wraps
  bool torus;
};

// The words of one row that V words' next states need: the words themselves and the words on
// either side. Loaded together and used one row later (prefetch). On a torus the wrapped cells
// are placed so that the plain shifts below pick them up.
template <class W, int V>
struct RawRow {
  W c[V];
  W left, right;  // the words either side
};

template <class W, int V>
__device__ __forceinline__ void load_vector(const W* __restrict__ p, W* c) {
  if constexpr (sizeof(W) * V == 16) {
    const uint4 v = *reinterpret_cast<const uint4*>(p);
    if constexpr (V == 2) {
      c[0] = W(v.x) | (W(v.y) << 32);
      c[1] = W(v.z) | (W(v.w) << 32);
    } else {
      c[0] = v.x, c[1] = v.y, c[2] = v.z, c[3] = v.w;
    }
  } else if constexpr (sizeof(W) * V == 8 && sizeof(W) == 4) {
    const uint2 v = *reinterpret_cast<const uint2*>(p);
    c[0] = v.x, c[1] = v.y;
  } else {
#pragma unroll
    for (int v = 0; v < V; ++v) c[v] = p[v];
  }
}

// A store that does not keep the line in cache: nothing reads it again in this pass.
template <class W, int V>
__device__ __forceinline__ void store_vector(W* p, const W* c) {
  if constexpr (sizeof(W) * V == 16) {
    uint4 v;
    if constexpr (V == 2)
      v = make_uint4(uint32_t(c[0]), uint32_t(c[0] >> 32), uint32_t(c[1]), uint32_t(c[1] >> 32));
    else
      v = make_uint4(c[0], c[1], c[2], c[3]);
    __stcs(reinterpret_cast<uint4*>(p), v);
  } else if constexpr (sizeof(W) * V == 8 && sizeof(W) == 4) {
    __stcs(reinterpret_cast<uint2*>(p), make_uint2(c[0], c[1]));
  } else if constexpr (sizeof(W) == 8) {
#pragma unroll
    for (int v = 0; v < V; ++v)
      __stcs(reinterpret_cast<unsigned long long*>(p) + v, (unsigned long long)c[v]);
  } else {
#pragma unroll
    for (int v = 0; v < V; ++v) __stcs(reinterpret_cast<unsigned int*>(p) + v, c[v]);
  }
}

template <class W, int V>
__device__ __forceinline__ RawRow<W, V> load_row(const W* __restrict__ src, int64_t y, int64_t j0,
                                                 const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
  RawRow<W, V> r;
  if (y < 0 || y >= g.height) {
    if (!g.torus) {  // beyond a plane: dead
#pragma unroll
      for (int v = 0; v < V; ++v) r.c[v] = 0;
      r.left = r.right = 0;
      return r;
    }
    y = y < 0 ? y + g.height : y - g.height;
  }
  const W* row = src + y * g.pitch_words;
  load_vector<W, V>(row + j0, r.c);
#pragma unroll
  for (int v = 0; v < V; ++v)
    if (j0 + v >= g.words) r.c[v] = 0;  // padding words may hold anything
  r.left = j0 > 0 ? row[j0 - 1] : W(0);
  r.right = j0 + V < g.words ? row[j0 + V] : W(0);
  if (g.torus) {
    // West of cell 0 is cell width-1: put it where `left >> (kBits - 1)` reads.
    if (j0 == 0) r.left = row[g.words - 1] << (kBits - 1 - g.last_bit);
    // East of cell width-1 is cell 0: beyond the last cell (bit last_bit + 1, dead and masked
    // on output) where `c >> 1` moves it in, or the next word's bit 0 when the row ends a word.
    const int64_t v_last = g.words - 1 - j0;
    if (v_last >= 0 && v_last < V) {
      const W first = row[0] & W(1);
#pragma unroll
      for (int v = 0; v < V; ++v)
        if (v == v_last && g.last_bit < kBits - 1) r.c[v] |= first << (g.last_bit + 1);
      if (g.last_bit == kBits - 1) {
        if (v_last == V - 1)
          r.right = first;
        else
#pragma unroll
          for (int v = 0; v + 1 < V; ++v)
            if (v == v_last) r.c[v + 1] = first;
      }
    }
  }
  return r;
}

// Horizontal sums of one row around word v: s = west + centre + east and m = west + east (the
// middle row excludes the cell itself), 2-bit numbers as bit planes.
template <class W, int V>
__device__ __forceinline__ void row_sums(const RawRow<W, V>& r, W* s0, W* s1, W* m0, W* m1) {
  constexpr int kBits = int(sizeof(W)) * 8;
#pragma unroll
  for (int v = 0; v < V; ++v) {
    const W prev = v == 0 ? r.left : r.c[v - 1];
    const W next = v == V - 1 ? r.right : r.c[v + 1];
    const W west = (r.c[v] << 1) | (prev >> (kBits - 1));
    const W east = (r.c[v] >> 1) | (next << (kBits - 1));
    add2(west, east, m0[v], m1[v]);
    W carry;
    add2(m0[v], r.c[v], s0[v], carry);
    s1[v] = m1[v] | carry;  // m1 and (m0 & c) never both hold
  }
}

// Each thread computes V adjacent words (16-byte loads and stores) for a vertical run of `run`
// rows: every row it loads serves three output rows, and the next row's loads are issued
// before this row's arithmetic, so enough bytes are in flight to keep memory busy. At most
// 1024 threads a block, so the compiler keeps to 64 registers.
template <class W, int V, int P, bool kL2, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, int run, int l2_ahead,
               RuleBits rule) {
  constexpr int kBits = int(sizeof(W)) * 8;
  constexpr unsigned kLanesPerLine = 128 / (sizeof(W) * V);
  const int64_t j0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * V;
  if (j0 >= g.pitch_words) return;
  const int64_t groups = (g.height + run - 1) / run;
  const W last_mask = g.last_bit < kBits - 1 ? W((W(1) << (g.last_bit + 1)) - 1) : ~W(0);
  for (int64_t group = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; group < groups;
       group += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = group * run, y1 = std::min<int64_t>(y0 + run, g.height);
    if (j0 >= g.words) {  // padding words of the row pitch stay zero
      const W zero[V] = {};
      for (int64_t y = y0; y < y1; ++y) store_vector<W, V>(dst + y * g.pitch_words + j0, zero);
      continue;
    }
    W a0[V], a1[V], m0[V], m1[V], mc[V], t0[V], t1[V];
    {
      const RawRow<W, V> above = load_row<W, V>(src, y0 - 1, j0, g);
      row_sums(above, a0, a1, t0, t1);
      const RawRow<W, V> mid = load_row<W, V>(src, y0, j0, g);
      row_sums(mid, t0, t1, m0, m1);
#pragma unroll
      for (int v = 0; v < V; ++v) mc[v] = mid.c[v];
    }
    // Rows y+1 .. y+P are loaded or in flight while row y is computed.
    RawRow<W, V> ahead[P];
    ahead[0] = load_row<W, V>(src, y0 + 1, j0, g);  // row y1 is always needed
#pragma unroll
    for (int p = 1; p < P; ++p)
      if (y0 + 1 + p <= y1) ahead[p] = load_row<W, V>(src, y0 + 1 + p, j0, g);
    for (int64_t y = y0; y < y1; ++y) {
      RawRow<W, V> below;
      if constexpr (P == 1) {
        below = ahead[0];
        RawRow<W, V> next = below;
        if (y + 2 <= y1) next = load_row<W, V>(src, y + 2, j0, g);
        ahead[0] = next;
      } else {
        below = ahead[0];
#pragma unroll
        for (int p = 0; p + 1 < P; ++p) ahead[p] = ahead[p + 1];
        if (y + 1 + P <= y1) ahead[P - 1] = load_row<W, V>(src, y + 1 + P, j0, g);
      }
      // Rows further ahead are only asked into L2, which costs no registers: one lane per
      // 128-byte line.
      if constexpr (kL2) {
        const int64_t yp = y + 1 + P + l2_ahead;
        if (yp <= y1 && yp < g.height && threadIdx.x % kLanesPerLine == 0)
          asm volatile("prefetch.global.L2 [%0];" ::"l"(src + yp * g.pitch_words + j0));
      }
      // The same step as compute_row() below, kept inline: calling it changes this kernel's
      // generated code, and this is the default kernel whose timings docs/BENCHMARKS.md records.
      W b0[V], b1[V], bm0[V], bm1[V], out[V];
      row_sums(below, b0, b1, bm0, bm1);
#pragma unroll
      for (int v = 0; v < V; ++v) {
        W n0, n1, n2, n3;
        add_rows(a0[v], a1[v], m0[v], m1[v], b0[v], b1[v], n0, n1, n2, n3);
        out[v] = apply_rule<kLife>(n0, n1, n2, n3, mc[v], rule);
        if (j0 + v == g.words - 1) out[v] &= last_mask;
        if (j0 + v >= g.words) out[v] = 0;
        a0[v] = m0[v] ^ mc[v];  // the middle row becomes the row above: its full sum
        a1[v] = m1[v] | (m0[v] & mc[v]);
        m0[v] = bm0[v];
        m1[v] = bm1[v];
        mc[v] = below.c[v];
      }
      store_vector<W, V>(dst + y * g.pitch_words + j0, out);
    }
  }
}

// What load_row does at a row's ends, for a row read from shared memory: `left` and `right`
// are the words either side as stored, `first` the row's first cell (bit 0 of word 0).
template <class W, int V>
__device__ __forceinline__ void finish_row(RawRow<W, V>& r, W left, W right, W first, int64_t j0,
                                           const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
#pragma unroll
  for (int v = 0; v < V; ++v)
    if (j0 + v >= g.words) r.c[v] = 0;
  r.left = j0 > 0 ? left : W(0);
  r.right = j0 + V < g.words ? right : W(0);
  if (g.torus) {
    if (j0 == 0) r.left = left << (kBits - 1 - g.last_bit);
    const int64_t v_last = g.words - 1 - j0;
    if (v_last >= 0 && v_last < V) {
#pragma unroll
      for (int v = 0; v < V; ++v)
        if (v == v_last && g.last_bit < kBits - 1) r.c[v] |= first << (g.last_bit + 1);
      if (g.last_bit == kBits - 1) {
        if (v_last == V - 1)
          r.right = first;
        else
#pragma unroll
          for (int v = 0; v + 1 < V; ++v)
            if (v == v_last) r.c[v + 1] = first;
      }
    }
  }
}

// One output row of the rolling window: the rows above (a: full sums) and in the middle (m:
// sums without the cell, mc: the cells) with the row below; then the window moves down.
template <class W, int V, bool kLife>
__device__ __forceinline__ void compute_row(const RawRow<W, V>& below, W (&a0)[V], W (&a1)[V],
                                            W (&m0)[V], W (&m1)[V], W (&mc)[V], int64_t j0,
                                            const RowGeometry& g, W last_mask, RuleBits rule,
                                            W (&out)[V]) {
  W b0[V], b1[V], bm0[V], bm1[V];
  row_sums(below, b0, b1, bm0, bm1);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    W n0, n1, n2, n3;
    add_rows(a0[v], a1[v], m0[v], m1[v], b0[v], b1[v], n0, n1, n2, n3);
    out[v] = apply_rule<kLife>(n0, n1, n2, n3, mc[v], rule);
    if (j0 + v == g.words - 1) out[v] &= last_mask;
    if (j0 + v >= g.words) out[v] = 0;
    a0[v] = m0[v] ^ mc[v];  // the middle row becomes the row above: its full sum
    a1[v] = m1[v] | (m0[v] & mc[v]);
    m0[v] = bm0[v];
    m1[v] = bm1[v];
    mc[v] = below.c[v];
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
    compute_row<W, V, kLife>(below, a0, a1, m0, m1, mc, j0, g, last_mask, rule, out);
    if (active) store_vector<W, V>(dst + y * g.pitch_words + j0, out);
  }
}

template <class W, int V, int R, bool kLife>
static __global__ void __launch_bounds__(1024)
    bit_pipeline_kernel(const W* __restrict__ src, W* __restrict__ dst, RowGeometry g, int run,
                        int l2_ahead, RuleBits rule) {
  using Slot = PipelineSlot<W, V>;
  constexpr int kBits = int(sizeof(W)) * 8;
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
  const W last_mask = g.last_bit < kBits - 1 ? W((W(1) << (g.last_bit + 1)) - 1) : ~W(0);
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
  constexpr int kBits = int(sizeof(W)) * 8;
  const W last_mask = g.last_bit < kBits - 1 ? W((W(1) << (g.last_bit + 1)) - 1) : ~W(0);
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

template <class W>
class BitEngine final : public DeviceEngine {
 public:
  explicit BitEngine(EngineInfo info) : info_(std::move(info)) {}

  const EngineInfo& info() const override { return info_; }
  std::vector<ParamInfo> param_info() const override {
    constexpr int kMaxX = int(16 / sizeof(W));
    return {
        // Defaults: the best shapes of `gpulife bench --size 65536 --sweep` on an H200.
        {"block_x", "threads per block along x", 32, 1024, 512, 32, false},
        {"block_y", "threads per block along y", 1, 32, sizeof(W) == 4 ? 2 : 1, 1, false},
        {"words_x", "adjacent words per thread (one 16-byte access at the most)", 1, kMaxX, kMaxX,
         1, true},
        {"words_per_thread", "vertical run of words per thread (each row loaded once)", 1, 64, 64,
         1, false},
        {"prefetch_rows", "rows loaded into registers ahead of the row computed", 1, 2, 1, 1,
         false},
        {"prefetch_l2_rows", "rows further ahead fetched into L2 (0 = none)", 0, 16, 2, 1, false},
        {"pipeline_rows",
         "rows in flight through shared memory by cp.async (0 = registers only, prefetch_rows)", 0,
         kMaxPipelineRows, 0, 1, false},
        {"pipeline_copy",
         "with pipeline_rows: 0 = one 16-byte cp.async per lane, 1 = one bulk copy (TMA) per warp",
         0, 1, 0, 1, false}};
  }
  // The canonical layout with rows padded to 16 bytes, so 16-byte accesses stay aligned.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    return padded_rows(CellLayout::BitPacked, canonical_pitch(width), height);
  }
  // Rules beyond the counts: their circuits on words of W, one generation a pass.
  RulePassShape rule_pass_shape() const override {
    RulePassShape shape;
    shape.word_bits = int(sizeof(W)) * 8;
    shape.block_x = param("block_x");
    shape.block_y = param("block_y");
    shape.run = param("words_per_thread");
    return shape;
  }

 protected:
  void check_params(const Params& p) const override {
    check_block_threads(p);
    const int rows = p.at("pipeline_rows");
    if (rows == 5 || rows == 7)
      throw Error("engine " + info_.name + ": pipeline_rows=" + std::to_string(rows) +
                  " is not built; valid: 0, 1, 2, 3, 4, 6 or 8");
  }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    switch (param("pipeline_rows")) {
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
    const bool l2 = param("prefetch_l2_rows") > 0;
    if (param("prefetch_rows") == 1)
      return l2 ? pass<1, true>(src, dst, stream) : pass<1, false>(src, dst, stream);
    return l2 ? pass<2, true>(src, dst, stream) : pass<2, false>(src, dst, stream);
  }

 private:
  static constexpr int kMaxPipelineRows = 8;

  template <int R>
  uint64_t pipeline_pass(const void* src, void* dst, void* stream) {
    const bool life = rule().is_life();
    switch (param("words_x")) {
      case 1:
        return life ? launch_pipeline<1, R, true>(src, dst, stream)
                    : launch_pipeline<1, R, false>(src, dst, stream);
      case 2:
        return life ? launch_pipeline<2, R, true>(src, dst, stream)
                    : launch_pipeline<2, R, false>(src, dst, stream);
      default:
        if constexpr (sizeof(W) == 4)
          return life ? launch_pipeline<4, R, true>(src, dst, stream)
                      : launch_pipeline<4, R, false>(src, dst, stream);
        else
          return life ? launch_pipeline<2, R, true>(src, dst, stream)
                      : launch_pipeline<2, R, false>(src, dst, stream);
    }
  }

  template <int V, int R, bool kLife>
  uint64_t launch_pipeline(const void* src, void* dst, void* stream) {
    const int bx = param("block_x"), by = param("block_y"), run = param("words_per_thread");
    const RowGeometry g = geometry();
    const int64_t columns = (g.pitch_words + V - 1) / V;
    const int64_t groups = (height() + run - 1) / run;
    const dim3 block{unsigned(bx), unsigned(by)};
    const dim3 grid{unsigned((columns + bx - 1) / bx),
                    unsigned(std::min<int64_t>((groups + by - 1) / by, 65535))};
    const bool bulk = param("pipeline_copy") == 1;
    const size_t smem = size_t(bx * by / 32) *
                        (bulk ? BulkSlot<W, V>::warp_bytes(R) : R * PipelineSlot<W, V>::kBytes);
    auto* kernel = bulk ? &bit_bulk_kernel<W, V, R, kLife> : &bit_pipeline_kernel<W, V, R, kLife>;
    // Above 48 KiB a block must opt in (per device, so on every launch that needs it).
    if (smem > 48 * 1024)
      CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    kernel<<<grid, block, smem, static_cast<cudaStream_t>(stream)>>>(
        static_cast<const W*>(src), static_cast<W*>(dst), g, run, param("prefetch_l2_rows"),
        rule_bits(rule()));
    CUDA_CHECK_LAUNCH();
    return 1;
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
    const bool life = rule().is_life();
    switch (param("words_x")) {
      case 1:
        return life ? launch<1, P, kL2, true>(src, dst, stream)
                    : launch<1, P, kL2, false>(src, dst, stream);
      case 2:
        return life ? launch<2, P, kL2, true>(src, dst, stream)
                    : launch<2, P, kL2, false>(src, dst, stream);
      default:
        if constexpr (sizeof(W) == 4)
          return life ? launch<4, P, kL2, true>(src, dst, stream)
                      : launch<4, P, kL2, false>(src, dst, stream);
        else
          return life ? launch<2, P, kL2, true>(src, dst, stream)
                      : launch<2, P, kL2, false>(src, dst, stream);
    }
  }

  template <int V, int P, bool kL2, bool kLife>
  uint64_t launch(const void* src, void* dst, void* stream) {
    constexpr int kBits = int(sizeof(W)) * 8;
    const int bx = param("block_x"), by = param("block_y"), run = param("words_per_thread");
    RowGeometry g;
    g.words = (width() + kBits - 1) / kBits;
    g.pitch_words = int64_t(row_pitch() / sizeof(W));
    g.height = height();
    g.last_bit = int((width() - 1) % kBits);
    g.torus = topology() == Topology::Torus;
    const int64_t columns = (g.pitch_words + V - 1) / V;
    const int64_t groups = (height() + run - 1) / run;
    const dim3 block{unsigned(bx), unsigned(by)};
    const dim3 grid{unsigned((columns + bx - 1) / bx),
                    unsigned(std::min<int64_t>((groups + by - 1) / by, 65535))};
    bit_kernel<W, V, P, kL2, kLife><<<grid, block, 0, static_cast<cudaStream_t>(stream)>>>(
        static_cast<const W*>(src), static_cast<W*>(dst), g, run, param("prefetch_l2_rows"),
        rule_bits(rule()));
    CUDA_CHECK_LAUNCH();
    return 1;
  }

  EngineInfo info_;
};

}  // namespace bit_detail
}  // namespace gpulife::gpu
