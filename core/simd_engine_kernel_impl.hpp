// The band kernel body, included by one .cpp per instruction set with its own vector-ops type V.
// Everything here lives in an unnamed namespace so that each instruction set's copy stays in its
// own translation unit (a shared inline copy compiled with -mavx2 must never be picked by the
// linker for the portable path).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

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

// Finishes computed vectors of a row into the invariant form of BandJob: the vectors holding
// the row's end are masked (and get the torus guard bit), and the guard words are set at the
// end. A scalar read-back of a just-stored vector would stall, so the state stays here.
template <class V>
struct RowEnd {
  using T = typename V::T;
  explicit RowEnd(const BandJob& job) : j(job), tail((job.words - 1) / V::kWords * V::kWords) {}

  T finish(int64_t w, T res) {
    if (w == 0) first = V::low_bit(res);
    if (w >= tail) {
      res = V::band(res, V::load(j.valid + w));
      if (j.torus) {
        last = last || V::any(V::band(res, V::load(j.last_cell + w)));
        res = V::bor(res, V::band(V::load(j.ghost + w), V::set1(first ? ~uint64_t{0} : 0)));
      }
    }
    return res;
  }
  uint64_t left_guard() const { return j.torus && last ? uint64_t{1} << 63 : 0; }
  uint64_t right_guard() const {
    return j.torus && first && (j.width >> 6) == j.padded_words ? 1 : 0;
  }
  void store_guards(uint64_t* out) const {
    out[-1] = left_guard();
    out[j.padded_words] = right_guard();
  }

  const BandJob& j;
  int64_t tail;
  bool first = false, last = false;
};

// One output row from the row sums of the rows above, at and below it and its own cells. The
// three 2-bit sums add up to the 3x3 total T = t0 + 2p + 4q + 8r (0..9, the cell included).
// With kSums it also writes the new row's own row sums (for the next generation) from the
// vectors still in registers, one vector behind, instead of reading the row back; the first
// vector's sums wait for the row's end, which decides the left guard word on a torus.
template <class V, bool kLife, bool kSums>
inline void next_row(const uint64_t* alo, const uint64_t* ahi, const uint64_t* blo,
                     const uint64_t* bhi, const uint64_t* clo, const uint64_t* chi,
                     const uint64_t* val, uint64_t* out, uint64_t* out_lo, uint64_t* out_hi,
                     int64_t padded_words, const BandJob& job, const CountRule& rule) {
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
  RowEnd<V> end(job);
  typename V::T born[10], kept[10];
  for (int t = 0; t <= 9; ++t) {
    born[t] = V::set1(rule.birth[t]);
    kept[t] = V::set1(rule.keep[t]);
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
      res = end.finish(w, res);
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
        if (!(rule.birth[t] | rule.keep[t])) continue;
        // Born or kept, by the cell's state: birth mask where dead, keep mask where alive.
        const auto sel = V::bor(V::bandn(cell, born[t]), V::band(cell, kept[t]));
        result = V::bor(result, V::band(e[t], sel));
      }
      finish(result);
    }
  }
  end.store_guards(out);
  if constexpr (kSums) {
    const T left = V::set1(end.left_guard()), right = V::set1(end.right_guard());
    if (padded_words == K) {
      sums(0, res0, left, right);
    } else {
      sums(padded_words - K, prev, prevprev, right);
      sums(0, res0, left, res1);
    }
  }
}

// Any three-input function of vectors, as its LOP3 table L: one instruction with AVX-512's
// ternary logic, else the two halves of the table (functions of b and c) multiplexed by a.
template <class V, unsigned L>
inline typename V::T lop3(typename V::T a, typename V::T b, typename V::T c) {
  if constexpr (V::kTernary) {
    return V::template ternary<int(L)>(a, b, c);
  } else {
    constexpr unsigned hi = (L >> 4) & 15u, lo = L & 15u;
    auto two = [&](auto tag) -> typename V::T {
      constexpr unsigned t = decltype(tag)::value;  // bit (2b + c)
      if constexpr (t == 0) return V::zero();
      if constexpr (t == 15) return V::set1(~uint64_t{0});
      if constexpr (t == 0xC) return b;
      if constexpr (t == 0x3) return V::bnot(b);
      if constexpr (t == 0xA) return c;
      if constexpr (t == 0x5) return V::bnot(c);
      if constexpr (t == 0x8) return V::band(b, c);
      if constexpr (t == 0x7) return V::bnot(V::band(b, c));
      if constexpr (t == 0xE) return V::bor(b, c);
      if constexpr (t == 0x1) return V::bnot(V::bor(b, c));
      if constexpr (t == 0x6) return V::bxor(b, c);
      if constexpr (t == 0x9) return V::bnot(V::bxor(b, c));
      if constexpr (t == 0x4) return V::bandn(c, b);
      if constexpr (t == 0x2) return V::bandn(b, c);
      if constexpr (t == 0xB) return V::bnot(V::bandn(c, b));
      if constexpr (t == 0xD) return V::bnot(V::bandn(b, c));
      return V::zero();
    };
    using Hi = std::integral_constant<unsigned, hi>;
    using Lo = std::integral_constant<unsigned, lo>;
    if constexpr (hi == lo)
      return two(Hi{});
    else if constexpr (hi == (lo ^ 15u))
      return V::bxor(a, two(Lo{}));
    else if constexpr (lo == 0)
      return V::band(a, two(Hi{}));
    else if constexpr (hi == 0)
      return V::bandn(a, two(Lo{}));
    else
      return V::bor(V::band(a, two(Hi{})), V::bandn(a, two(Lo{})));
  }
}

// Gates of a circuit over runs of vectors: signal s of vector u lives at sig[s * kRun + u].
template <class V>
struct CircuitGates {
  using T = typename V::T;
  static constexpr int kRun = 4;  // vectors each gate handles per call
  using Fn = void (*)(T* out, const T* a, const T* b, const T* c, int n);

  template <unsigned L>
  static void op(T* out, const T* a, const T* b, const T* c, int n) {
    for (int u = 0; u < n; ++u) out[u] = lop3<V, L>(a[u], b[u], c[u]);
  }
  template <size_t... L>
  static constexpr std::array<Fn, 256> make(std::index_sequence<L...>) {
    return {&op<unsigned(L)>...};
  }
  static constexpr std::array<Fn, 256> kOps = make(std::make_index_sequence<256>());

  static void run(const std::vector<CircuitGate>& gates, int first, T* sig, int n) {
    for (size_t i = 0; i < gates.size(); ++i) {
      const CircuitGate& g = gates[i];
      kOps[g.lut](sig + (size_t(first) + i) * kRun, sig + size_t(g.in[0]) * kRun,
                  sig + size_t(g.in[1]) * kRun, sig + size_t(g.in[2]) * kRun, n);
    }
  }
};

// A row's circuit features (row stage) from its cells, into `features` (one row each).
template <class V>
inline void circuit_features(const Circuit& circuit, const uint64_t* val, uint64_t* const* features,
                             int64_t padded_words, typename V::T* sig) {
  using G = CircuitGates<V>;
  for (int64_t w = 0; w < padded_words; w += V::kWords) {
    const auto c = V::load(val + w);
    sig[0] = V::shift_in_left(c, V::loadu(val + w - 1));
    sig[G::kRun] = c;
    sig[2 * G::kRun] = V::shift_in_right(c, V::loadu(val + w + 1));
    G::run(circuit.row_gates, 3, sig, 1);
    for (int f = 0; f < circuit.features(); ++f)
      if (features[f] != val)
        V::store(features[f] + w, sig[size_t(circuit.row_features[size_t(f)]) * G::kRun]);
  }
}

// One output row through the output stage: `in` holds the 3m feature rows (above, own, below).
template <class V>
inline void circuit_row(const Circuit& circuit, const uint64_t* const* in, uint64_t* out,
                        const BandJob& job, typename V::T* sig) {
  using G = CircuitGates<V>;
  constexpr int64_t K = V::kWords;
  const int inputs = 3 * circuit.features();
  RowEnd<V> end(job);
  for (int64_t w0 = 0; w0 < job.padded_words; w0 += G::kRun * K) {
    const int n = int(std::min<int64_t>(G::kRun, (job.padded_words - w0) / K));
    for (int s = 0; s < inputs; ++s)
      for (int u = 0; u < n; ++u)
        sig[size_t(s) * G::kRun + size_t(u)] = V::load(in[s] + w0 + u * K);
    G::run(circuit.gates, inputs, sig, n);
    for (int u = 0; u < n; ++u) {
      const int64_t w = w0 + u * K;
      V::store(out + w, end.finish(w, sig[size_t(circuit.output) * G::kRun + size_t(u)]));
    }
  }
  end.store_guards(out);
}

inline constexpr int64_t kPrefetchRows = 4;

inline int64_t mod3(int64_t y) {
  return ((y % 3) + 3) % 3;
}

// The wavefront over one band. Rows of level g (generation g of this pass) exist for y in
// [y0 - (gens - g), y1 + (gens - g)); level g row y is made at step r = y + g, when level g - 1
// has just gained row y + 1, so every level's three live rows stay in cache. A level keeps
// kSlots scratch rows of each of its rows; `first(y, r, slot)` makes a row of level 0 from
// source row y (r unwrapped), `next(g, a, b, c, out, slot)` level g's row from level g - 1's
// rows above, at and below it (out is the destination row at the last level, slot(0) before).
template <int kSlots, class First, class Next>
inline void run_wavefront(const BandJob& j, First&& first, Next&& next) {
  using Row = std::array<const uint64_t*, kSlots>;
  const int gens = j.generations;
  const int64_t h = j.height, stride = j.stride;
  Row ring[kMaxGenerationsPerPass + 1][3];  // levels 0 .. gens
  Row zero;
  zero.fill(j.zero + kRowPad);
  const bool plane = !j.torus;
  for (int64_t r = j.y0 - gens; r < j.y1 + gens; ++r) {
    if (plane && (r < 0 || r >= h)) {
      ring[0][mod3(r)] = zero;
    } else {
      auto slot = [&](int which) {
        return j.scratch + ((int64_t(0) * 3 + mod3(r)) * kSlots + which) * stride + kRowPad;
      };
      ring[0][mod3(r)] = first(((r % h) + h) % h, r, slot);
    }
    for (int g = 1; g <= gens; ++g) {
      const int64_t y = r - g;
      if (y < j.y0 - (gens - g) || y >= j.y1 + (gens - g)) continue;
      if (plane && (y < 0 || y >= h)) {
        ring[g][mod3(y)] = zero;  // g < gens here: the band itself is on the grid
        continue;
      }
      auto slot = [&](int which) {
        return j.scratch + ((int64_t(g) * 3 + mod3(y)) * kSlots + which) * stride + kRowPad;
      };
      uint64_t* out = g == gens ? j.dst + y * stride + kRowPad : slot(0);
      ring[g][mod3(y)] = next(g, ring[g - 1][mod3(y - 1)], ring[g - 1][mod3(y)],
                              ring[g - 1][mod3(y + 1)], out, slot);
    }
  }
}

// The source rows stream from memory once per pass; ask for a later row ahead of use.
inline void prefetch_row(const BandJob& j, int64_t r) {
  const int64_t h = j.height;
  const int64_t ahead = (((r + kPrefetchRows) % h) + h) % h;
  const uint64_t* next = j.src + ahead * j.stride + kRowPad;
  for (int64_t w = 0; w < j.padded_words; w += 8) __builtin_prefetch(next + w);
}

// Outer-totalistic rules: each row kept as its cells and its two row-sum bit rows.
template <class V, bool kLife>
void run_band_counts(const BandJob& j) {
  using Row = std::array<const uint64_t*, 3>;
  const int64_t pw = j.padded_words;
  auto first = [&](int64_t ys, int64_t r, auto slot) -> Row {
    const uint64_t* val = j.src + ys * j.stride + kRowPad;
    prefetch_row(j, r);
    uint64_t* lo = slot(1);
    uint64_t* hi = slot(2);
    row_sums<V>(val, lo, hi, pw);
    return {val, lo, hi};
  };
  auto next = [&](int g, const Row& a, const Row& b, const Row& c, uint64_t* out,
                  auto slot) -> Row {
    const CountRule& rule = j.counts[(j.phase + g - 1) & 1];
    if (g == j.generations) {
      next_row<V, kLife, false>(a[1], a[2], b[1], b[2], c[1], c[2], b[0], out, nullptr, nullptr, pw,
                                j, rule);
      return {};
    }
    uint64_t* lo = slot(1);
    uint64_t* hi = slot(2);
    if constexpr (V::kFuseSums) {
      next_row<V, kLife, true>(a[1], a[2], b[1], b[2], c[1], c[2], b[0], out, lo, hi, pw, j, rule);
    } else {
      next_row<V, kLife, false>(a[1], a[2], b[1], b[2], c[1], c[2], b[0], out, nullptr, nullptr, pw,
                                j, rule);
      row_sums<V>(out, lo, hi, pw);
    }
    return {out, lo, hi};
  };
  run_wavefront<3>(j, first, next);
}

// Any rule through its circuits: each row kept as its cells and the row features of the circuit
// of the generation that reads it (the features of a row that is the cell itself point at it).
template <class V>
void run_band_circuit(const BandJob& j) {
  using T = typename V::T;
  using Row = std::array<const uint64_t*, kMaxRowSlots>;
  using G = CircuitGates<V>;
  size_t signals = 0;
  for (const Circuit* c : j.circuits)
    signals = std::max(signals, size_t(3 * c->features()) + c->gates.size() + 1);
  for (const Circuit* c : j.circuits) signals = std::max(signals, 3 + c->row_gates.size());
  std::vector<T> sig(signals * G::kRun);
  // Level g's rows are read by generation g + 1 of the pass.
  auto reader = [&](int level) -> const Circuit& { return *j.circuits[(j.phase + level) & 1]; };
  auto features = [&](int level, const uint64_t* val, auto slot) -> Row {
    const Circuit& c = reader(level);
    Row row{};
    row[0] = val;
    uint64_t* dst[kMaxCircuitFeatures];
    for (int f = 0; f < c.features(); ++f) {
      dst[f] = c.row_features[size_t(f)] == 1 ? const_cast<uint64_t*>(val) : slot(1 + f);
      row[size_t(1 + f)] = dst[f];
    }
    circuit_features<V>(c, val, dst, j.padded_words, sig.data());
    return row;
  };
  auto first = [&](int64_t ys, int64_t r, auto slot) -> Row {
    prefetch_row(j, r);
    return features(0, j.src + ys * j.stride + kRowPad, slot);
  };
  auto next = [&](int g, const Row& a, const Row& b, const Row& c, uint64_t* out,
                  auto slot) -> Row {
    const Circuit& circuit = reader(g - 1);
    const uint64_t* in[3 * kMaxCircuitFeatures];
    const int m = circuit.features();
    for (int f = 0; f < m; ++f) {
      in[f] = a[size_t(1 + f)];
      in[m + f] = b[size_t(1 + f)];
      in[2 * m + f] = c[size_t(1 + f)];
    }
    circuit_row<V>(circuit, in, out, j, sig.data());
    if (g == j.generations) return {};
    return features(g, out, slot);
  };
  run_wavefront<kMaxRowSlots>(j, first, next);
}

template <class V>
void run_band_for(const BandJob& job) {
  if (job.circuits[0])
    run_band_circuit<V>(job);
  else if (job.life)
    run_band_counts<V, true>(job);
  else
    run_band_counts<V, false>(job);
}

}  // namespace
}  // namespace gpulife::simd
