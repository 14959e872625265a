// The band kernel body, included by one .cpp per instruction set with its own vector-ops type V.
// Everything here lives in an unnamed namespace so that each instruction set's copy stays in its
// own translation unit (a shared inline copy compiled with -mavx2 must never be picked by the
// linker for the portable path).
#pragma once

#include <cstdint>

#include "core/simd_engine_kernel.hpp"

namespace gpulife::simd {
namespace {

// Horizontal sums of one row: for every cell, the 2-bit count (lo, hi) of live cells among
// itself and its left and right neighbours.
template <class V>
inline void row_sums(const uint64_t* val, uint64_t* lo, uint64_t* hi, int64_t padded_words) {
  for (int64_t w = 0; w < padded_words; w += V::kWords) {
    const auto c = V::load(val + w);
    // Bit x of l is cell x - 1 (bit 63 of the word before comes in at bit 0); r likewise.
    const auto l = V::shift_in_left(c, V::loadu(val + w - 1));
    const auto r = V::shift_in_right(c, V::loadu(val + w + 1));
    V::store(lo + w, V::xor3(l, c, r));
    V::store(hi + w, V::maj(l, c, r));
  }
}

// One output row from the row sums of the rows above, at and below it and its own cells. The
// three 2-bit sums add up to the 3x3 total T = t0 + 2p + 4q + 8r (0..9, the cell included).
// The row leaves in the invariant form of BandJob: the vectors holding the row's end are masked
// (and get the torus guard bit) before they are stored, and the guard words are plain stores.
// With kSums it also writes the new row's own row sums (for the next generation) from the
// vectors still in registers, one vector behind, instead of reading the row back; the first
// vector's sums wait for the row's end, which decides the left guard word on a torus.
template <class V, bool kLife, bool kSums>
inline void next_row(const uint64_t* alo, const uint64_t* ahi, const uint64_t* blo,
                     const uint64_t* bhi, const uint64_t* clo, const uint64_t* chi,
                     const uint64_t* val, uint64_t* out, uint64_t* out_lo, uint64_t* out_hi,
                     int64_t padded_words, const BandJob& masks) {
  using T = typename V::T;
  constexpr int64_t K = V::kWords;
  // Sums of the vector `cur` at word w, given its neighbours in the row.
  auto sums = [&](int64_t w, T cur, T before, T after) {
    const T l = V::shift_in_left(cur, V::concat_before(cur, before));
    const T r = V::shift_in_right(cur, V::concat_after(after, cur));
    V::store(out_lo + w, V::xor3(l, cur, r));
    V::store(out_hi + w, V::maj(l, cur, r));
  };
  T res0 = V::zero(), res1 = V::zero(), prev = V::zero(), prevprev = V::zero();
  const int64_t tail = (masks.words - 1) / V::kWords * V::kWords;
  const bool torus = masks.torus;
  bool first = false, last = false;
  typename V::T born[10], kept[10];
  for (int t = 0; t <= 9; ++t) {
    born[t] = V::set1(masks.birth[t]);
    kept[t] = V::set1(masks.keep[t]);
  }
  for (int64_t w = 0; w < padded_words; w += V::kWords) {
    const auto a0 = V::load(alo + w), a1 = V::load(ahi + w);
    const auto b0 = V::load(blo + w), b1 = V::load(bhi + w);
    const auto c0 = V::load(clo + w), c1 = V::load(chi + w);
    const auto t0 = V::xor3(a0, b0, c0);
    const auto k = V::maj(a0, b0, c0);  // carry into the twos
    // The bits of weight two: a1 + b1 + c1 = x3 + 2 m3, and with the carry k that makes
    // x3 + k + 2 m3 = p + 2q + 4r.
    const auto x3 = V::xor3(a1, b1, c1);
    const auto m3 = V::maj(a1, b1, c1);
    const auto p = V::bxor(x3, k);
    const auto q = V::xor_and(m3, x3, k);
    const auto cell = V::load(val + w);
    auto finish = [&](typename V::T res) {
      if (w == 0) first = V::low_bit(res);
      if (w >= tail) {
        res = V::band(res, V::load(masks.valid + w));
        if (torus) {
          last = last || V::any(V::band(res, V::load(masks.last_cell + w)));
          res = V::bor(res, V::band(V::load(masks.ghost + w), V::set1(first ? ~uint64_t{0} : 0)));
        }
      }
      V::store(out + w, res);
      if constexpr (kSums) {
        if (w == 0) res0 = res;
        if (w == K) res1 = res;
        if (w >= 2 * K) sums(w - K, prev, prevprev, res);
        prevprev = prev;
        prev = res;
      }
    };
    if constexpr (kLife) {
      // Alive next iff T == 3, or T == 4 and alive now. T <= 9, so T mod 8 decides: 3 is
      // (t0,p,q) = (1,1,0) and 4 is (0,0,1); those are the only ones with p != q and t0 != q
      // apart from 2 and 5, which p | cell tells apart (5 needs p = 0 and is excluded, 4 needs
      // the live cell).
      finish(V::life_rule(t0, p, q, cell));
    } else {
      const auto r = V::and3(m3, x3, k);
      const auto nt0 = V::bnot(t0);
      const auto low = V::bnot(V::bor(V::bor(p, q), r));  // T in {0, 1}
      const typename V::T d[4] = {V::bnot(V::bor(p, q)), V::bandn(q, p), V::bandn(p, q),
                                  V::band(p, q)};
      typename V::T e[10];
      e[0] = V::band(low, nt0);
      e[1] = V::band(low, t0);
      for (int t = 2; t < 8; ++t) e[t] = V::band(d[t >> 1], (t & 1) ? t0 : nt0);
      e[8] = V::band(r, nt0);
      e[9] = V::band(r, t0);
      auto result = V::zero();
      for (int t = 0; t <= 9; ++t) {
        if (!(masks.birth[t] | masks.keep[t])) continue;
        // Born or kept, by the cell's state: birth mask where dead, keep mask where alive.
        const auto sel = V::bor(V::bandn(cell, born[t]), V::band(cell, kept[t]));
        result = V::bor(result, V::band(e[t], sel));
      }
      finish(result);
    }
  }
  const uint64_t left_guard = torus && last ? uint64_t{1} << 63 : 0;
  const uint64_t right_guard = torus && first && (masks.width >> 6) == padded_words ? 1 : 0;
  out[-1] = left_guard;
  out[padded_words] = right_guard;
  if constexpr (kSums) {
    const T left = V::set1(left_guard), right = V::set1(right_guard);
    if (padded_words == K) {
      sums(0, res0, left, right);
    } else {
      sums(padded_words - K, prev, prevprev, right);
      sums(0, res0, left, res1);
    }
  }
}

inline constexpr int64_t kPrefetchRows = 4;

inline int64_t mod3(int64_t y) {
  return ((y % 3) + 3) % 3;
}

template <class V, bool kLife>
void run_band_impl(const BandJob& j) {
  const int gens = j.generations;
  const int64_t h = j.height, stride = j.stride, pw = j.padded_words;
  // For each level (generation 0..gens-1 of this pass) the last three rows: cells and row sums.
  struct Row {
    const uint64_t* val;
    const uint64_t* lo;
    const uint64_t* hi;
  };
  Row ring[kMaxGenerationsPerPass][3];
  auto slot_row = [&](int level, int64_t y, int which) {
    return j.scratch + ((int64_t(level) * 3 + mod3(y)) * 3 + which) * stride + kRowPad;
  };
  const uint64_t* zero = j.zero + kRowPad;
  const bool plane = !j.torus;

  // Rows of level g exist for y in [y0 - (gens - g), y1 + (gens - g)); level g row y is made at
  // step r = y + g, when level g - 1 has just gained row y + 1 (a wavefront that keeps every
  // level's three live rows in cache).
  for (int64_t r = j.y0 - gens; r < j.y1 + gens; ++r) {
    {
      Row& e = ring[0][mod3(r)];
      if (plane && (r < 0 || r >= h)) {
        e = {zero, zero, zero};
      } else {
        const int64_t ys = ((r % h) + h) % h;
        const uint64_t* val = j.src + ys * stride + kRowPad;
        uint64_t* lo = slot_row(0, r, 1);
        uint64_t* hi = slot_row(0, r, 2);
        // The source rows stream from memory once per pass; ask for a later row ahead of use.
        const int64_t ahead = (((r + kPrefetchRows) % h) + h) % h;
        const uint64_t* next = j.src + ahead * stride + kRowPad;
        for (int64_t w = 0; w < pw; w += 8) __builtin_prefetch(next + w);
        row_sums<V>(val, lo, hi, pw);
        e = {val, lo, hi};
      }
    }
    for (int g = 1; g <= gens; ++g) {
      const int64_t y = r - g;
      if (y < j.y0 - (gens - g) || y >= j.y1 + (gens - g)) continue;
      if (plane && (y < 0 || y >= h)) {
        ring[g][mod3(y)] = {zero, zero, zero};  // g < gens here: the band itself is on the grid
        continue;
      }
      const Row& a = ring[g - 1][mod3(y - 1)];
      const Row& b = ring[g - 1][mod3(y)];
      const Row& c = ring[g - 1][mod3(y + 1)];
      uint64_t* out = g == gens ? j.dst + y * stride + kRowPad : slot_row(g, y, 0);
      if (g < gens) {
        uint64_t* lo = slot_row(g, y, 1);
        uint64_t* hi = slot_row(g, y, 2);
        if (V::kFuseSums) {
          next_row<V, kLife, true>(a.lo, a.hi, b.lo, b.hi, c.lo, c.hi, b.val, out, lo, hi, pw, j);
        } else {
          next_row<V, kLife, false>(a.lo, a.hi, b.lo, b.hi, c.lo, c.hi, b.val, out, nullptr,
                                    nullptr, pw, j);
          row_sums<V>(out, lo, hi, pw);
        }
        ring[g][mod3(y)] = {out, lo, hi};
      } else {
        next_row<V, kLife, false>(a.lo, a.hi, b.lo, b.hi, c.lo, c.hi, b.val, out, nullptr, nullptr,
                                  pw, j);
      }
    }
  }
}

template <class V>
void run_band_for(const BandJob& job) {
  if (job.life)
    run_band_impl<V, true>(job);
  else
    run_band_impl<V, false>(job);
}

}  // namespace
}  // namespace gpulife::simd
