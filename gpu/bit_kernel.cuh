// The one-generation bit-packed kernel and engine, templated on the word (bit32, bit64).
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
        {"prefetch_l2_rows", "rows further ahead fetched into L2 (0 = none)", 0, 16, 2, 1, false}};
  }
  // The canonical layout with rows padded to 16 bytes, so 16-byte accesses stay aligned.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    return padded_rows(CellLayout::BitPacked, canonical_pitch(width), height);
  }

 protected:
  void check_params(const Params& p) const override { check_block_threads(p); }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    const bool l2 = param("prefetch_l2_rows") > 0;
    if (param("prefetch_rows") == 1)
      return l2 ? pass<1, true>(src, dst, stream) : pass<1, false>(src, dst, stream);
    return l2 ? pass<2, true>(src, dst, stream) : pass<2, false>(src, dst, stream);
  }

 private:
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
