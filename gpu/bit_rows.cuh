// The bit kernels' rows: where a thread's words lie, 16-byte loads and streaming stores, a row
// with its neighbouring words (torus wrap included) and its horizontal sums.
#pragma once

#include <cstdint>

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

// The cells of a row's last word: bits 0 .. last_bit.
template <class W>
__device__ __forceinline__ W last_word_mask(const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
  return g.last_bit < kBits - 1 ? W((W(1) << (g.last_bit + 1)) - 1) : ~W(0);
}

// Where a thread's words lie against the row's ends, found once a thread so that its row loop
// tests small numbers instead of 64-bit column indices: how many of the row's words there are
// from j0 on (clamped to -1 .. V + 1), and whether j0 is the row's first word.
struct RowPlace {
  int words = 0;
  bool first = false;
};

template <int V>
__device__ __forceinline__ RowPlace row_place(int64_t j0, const RowGeometry& g) {
  const int64_t n = g.words - j0;
  return {.words = n < -1 ? -1 : (n > V + 1 ? V + 1 : int(n)), .first = j0 == 0};
}

// The words of one row that V words' next states need: the words themselves and the words on
// either side. Loaded together and used one row later (prefetch). On a torus the wrapped cells
// are placed so that the plain shifts below pick them up.
template <class W, int V>
struct RawRow {
  W c[V];
  W left, right;  // the words either side
};

// A word loaded by a kernel that may run beside the one that wrote it (kCoherent: through L1
// as a plain load, which an acquire makes current) or by one that may not (the compiler may
// use the non-coherent read-only path).
template <bool kCoherent, class T>
__device__ __forceinline__ T load_word(const T* p) {
  if constexpr (kCoherent)
    return __ldca(p);
  else
    return *p;
}

template <class W, int V, bool kCoherent = false>
__device__ __forceinline__ void load_vector(const W* __restrict__ p, W* c) {
  if constexpr (sizeof(W) * V == 16) {
    const uint4 v = load_word<kCoherent>(reinterpret_cast<const uint4*>(p));
    if constexpr (V == 2) {
      c[0] = W(v.x) | (W(v.y) << 32);
      c[1] = W(v.z) | (W(v.w) << 32);
    } else {
      c[0] = v.x, c[1] = v.y, c[2] = v.z, c[3] = v.w;
    }
  } else if constexpr (sizeof(W) * V == 8 && sizeof(W) == 4) {
    const uint2 v = load_word<kCoherent>(reinterpret_cast<const uint2*>(p));
    c[0] = v.x, c[1] = v.y;
  } else {
#pragma unroll
    for (int v = 0; v < V; ++v) c[v] = load_word<kCoherent>(p + v);
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

// On a torus, east of cell width-1 is cell 0: it goes beyond the last cell (bit last_bit + 1,
// dead and masked on output) where `c >> 1` moves it in, or into the next word's bit 0 when the
// row ends a word. For the words of `r`, which lie at `place`; first_cell() gives cell 0 (bit
// 0), and is called only by the thread that holds the last cell.
template <class W, int V, class FirstCell>
__device__ __forceinline__ void wrap_first_cell(RawRow<W, V>& r, const FirstCell& first_cell,
                                                RowPlace place, const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
  const int v_last = place.words - 1;
  if (v_last < 0 || v_last >= V) return;
  const W first = first_cell();
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

// Word v of the row shifted so that each cell lines up with its west, resp. east, neighbour.
template <class W, int V>
__device__ __forceinline__ void west_east(const RawRow<W, V>& r, int v, W& west, W& east) {
  constexpr int kBits = int(sizeof(W)) * 8;
  const W prev = v == 0 ? r.left : r.c[v - 1];
  const W next = v == V - 1 ? r.right : r.c[v + 1];
  west = (r.c[v] << 1) | (prev >> (kBits - 1));
  east = (r.c[v] >> 1) | (next << (kBits - 1));
}

template <class W, int V, bool kCoherent = false>
__device__ __forceinline__ RawRow<W, V> load_row(const W* __restrict__ src, int64_t y, int64_t j0,
                                                 RowPlace place, const RowGeometry& g) {
  constexpr int kBits = int(sizeof(W)) * 8;
  RawRow<W, V> r;
  if (uint64_t(y) >= uint64_t(g.height)) {
    if (!g.torus) {  // beyond a plane: dead
#pragma unroll
      for (int v = 0; v < V; ++v) r.c[v] = 0;
      r.left = r.right = 0;
      return r;
    }
    y = y < 0 ? y + g.height : y - g.height;
  }
  const W* row = src + y * g.pitch_words;
  const auto word = [row](int64_t j) { return load_word<kCoherent>(row + j); };
  load_vector<W, V, kCoherent>(row + j0, r.c);
#pragma unroll
  for (int v = 0; v < V; ++v)
    if (v >= place.words) r.c[v] = 0;  // padding words may hold anything
  r.left = place.first ? W(0) : word(j0 - 1);
  r.right = place.words > V ? word(j0 + V) : W(0);
  if (g.torus) {
    // West of cell 0 is cell width-1: put it where `left >> (kBits - 1)` reads.
    if (place.first) r.left = word(g.words - 1) << (kBits - 1 - g.last_bit);
    wrap_first_cell(
        r, [&word] { return W(word(0) & W(1)); }, place, g);
  }
  return r;
}

// Horizontal sums of one row around word v: s = west + centre + east and m = west + east (the
// middle row excludes the cell itself), 2-bit numbers as bit planes.
template <class W, int V>
__device__ __forceinline__ void row_sums(const RawRow<W, V>& r, W* s0, W* s1, W* m0, W* m1) {
#pragma unroll
  for (int v = 0; v < V; ++v) {
    W west, east;
    west_east(r, v, west, east);
    add2(west, east, m0[v], m1[v]);
    W carry;
    add2(m0[v], r.c[v], s0[v], carry);
    s1[v] = m1[v] | carry;  // m1 and (m0 & c) never both hold
  }
}

// Word v of a thread's output row at `place`: the row's last word keeps its cells only, padding
// words are dead.
template <class W>
__device__ __forceinline__ void mask_row_end(W& out, int v, RowPlace place, W last_mask) {
  if (v == place.words - 1) out &= last_mask;
  if (v >= place.words) out = 0;
}

// One output row of the rolling window: the rows above (a: full sums) and in the middle (m:
// sums without the cell, mc: the cells) with the row below; then the window moves down. kEdges:
// mask the row's last word and its padding (words that cannot reach them skip the test).
template <class W, int V, bool kLife, bool kEdges = true>
__device__ __forceinline__ void compute_row(const RawRow<W, V>& below, W (&a0)[V], W (&a1)[V],
                                            W (&m0)[V], W (&m1)[V], W (&mc)[V], RowPlace place,
                                            W last_mask, RuleBits rule, W (&out)[V]) {
  W b0[V], b1[V], bm0[V], bm1[V];
  row_sums(below, b0, b1, bm0, bm1);
#pragma unroll
  for (int v = 0; v < V; ++v) {
    W n0, n1, n2, n3;
    add_rows(a0[v], a1[v], m0[v], m1[v], b0[v], b1[v], n0, n1, n2, n3);
    out[v] = apply_rule<kLife>(n0, n1, n2, n3, mc[v], rule);
    if constexpr (kEdges) mask_row_end(out[v], v, place, last_mask);
    a0[v] = m0[v] ^ mc[v];  // the middle row becomes the row above: its full sum
    a1[v] = m1[v] | (m0[v] & mc[v]);
    m0[v] = bm0[v];
    m1[v] = bm1[v];
    mc[v] = below.c[v];
  }
}

}  // namespace bit_detail
}  // namespace gpulife::gpu
