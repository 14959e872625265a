// bit-multistep: the per-word logic and the per-warp pass of the temporally blocked kernel, in
// plain C++ that nvcc also compiles for the device, so the whole algorithm runs on the CPU too.
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "core/grid.hpp"
#include "gpu/gpu_engine.hpp"
#include "gpu/torus_words.h"

#if defined(__CUDACC__)
#define GPULIFE_MS_HD __host__ __device__ __forceinline__
#else
#define GPULIFE_MS_HD inline
#endif

namespace gpulife::gpu {

std::unique_ptr<GpuEngine> make_bit_multistep_engine();

namespace multistep {

// Any three-input bitwise function, given as its LOP3 truth table (a = 0xF0, b = 0xCC, c = 0xAA),
// so the device gets exactly one LOP3 per call.
template <uint32_t kLut>
GPULIFE_MS_HD uint32_t lop3(uint32_t a, uint32_t b, uint32_t c) {
#if defined(__CUDA_ARCH__)
  uint32_t r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(kLut));
  return r;
#else
  uint32_t r = 0;
  for (uint32_t i = 0; i < 8; ++i)
    if ((kLut >> i) & 1u) r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
  return r;
#endif
}

GPULIFE_MS_HD uint32_t xor3(uint32_t a, uint32_t b, uint32_t c) {
  return lop3<0x96>(a, b, c);
}
GPULIFE_MS_HD uint32_t maj3(uint32_t a, uint32_t b, uint32_t c) {
  return lop3<0xE8>(a, b, c);
}

// Words of 32 cells, bit i = cell x0 + i. west(): each cell's west neighbour (cell x - 1), taking
// bit 0's from the previous word's bit 31; east(): cell x + 1, bit 31's from the next word.
// kFma computes them with multiply-adds (`two` = 2, `high` = 2^31, opaque to the compiler), which
// run on the FMA pipe and leave the integer pipe to the LOP3s.
template <bool kFma>
GPULIFE_MS_HD uint32_t west(uint32_t prev, uint32_t cur, uint32_t two) {
#if defined(__CUDA_ARCH__)
  if constexpr (kFma) return cur * two + __umulhi(prev, two);
  return __funnelshift_l(prev, cur, 1);
#else
  (void)two;
  return (cur << 1) | (prev >> 31);
#endif
}
template <bool kFma>
GPULIFE_MS_HD uint32_t east(uint32_t cur, uint32_t next, uint32_t high) {
#if defined(__CUDA_ARCH__)
  if constexpr (kFma) return __umulhi(cur, high) + next * high;
  return __funnelshift_r(cur, next, 1);
#else
  (void)high;
  return (cur >> 1) | (next << 31);
#endif
}

// A row's horizontal three-cell sum (west + centre + east, 0..3) as two bit planes.
struct RowSum {
  uint32_t s0, s1;
};
GPULIFE_MS_HD RowSum row_sum(uint32_t w, uint32_t c, uint32_t e) {
  return {xor3(w, c, e), maj3(w, c, e)};
}

// B3/S23 from the row sums above, at (including the cell) and below, and the cell itself. With
// the 3x3 sum q = x0 + 2 * (xc + u + 2v), a cell lives on iff q == 3, or q == 4 and it is alive;
// seven LOP3s (found by exhaustive search over the adders' outputs).
GPULIFE_MS_HD uint32_t life_next(RowSum a, RowSum b, RowSum c, uint32_t alive) {
  const uint32_t x0 = xor3(a.s0, b.s0, c.s0);
  const uint32_t xc = maj3(a.s0, b.s0, c.s0);
  const uint32_t u = xor3(a.s1, b.s1, c.s1);
  const uint32_t v = maj3(a.s1, b.s1, c.s1);
  const uint32_t one = lop3<0x16>(x0, xc, v);   // exactly one of x0, xc, v
  const uint32_t keep = lop3<0x29>(u, v, one);  // q in {2, 3} or q in {4, 5} with the cell...
  return lop3<0xE0>(keep, alive, x0);           // ...: keep & (alive | x0)
}

// Any Life-like rule as tables over the 3x3 sum q (0..9), each entry 0 or all ones:
// born[q] for a dead cell (q neighbours), lives[q] for a live one (q - 1 neighbours).
struct RuleTables {
  uint32_t born[10];
  uint32_t lives[10];
};
inline RuleTables rule_tables(uint16_t birth, uint16_t survival) {
  RuleTables t{};
  for (int q = 0; q < 10; ++q) {
    t.born[q] = (q <= 8 && ((birth >> q) & 1u)) ? ~0u : 0u;
    t.lives[q] = (q >= 1 && ((survival >> (q - 1)) & 1u)) ? ~0u : 0u;
  }
  return t;
}

// Selects table[q] per bit, q = x0 + 2 t0 + 4 t1 + 8 t2 (q <= 9).
GPULIFE_MS_HD uint32_t select10(const uint32_t (&table)[10], uint32_t x0, uint32_t t0, uint32_t t1,
                                uint32_t t2) {
  uint32_t p[5];
  for (int i = 0; i < 5; ++i) p[i] = (x0 & table[2 * i + 1]) | (~x0 & table[2 * i]);
  const uint32_t q0 = (t0 & p[1]) | (~t0 & p[0]);
  const uint32_t q1 = (t0 & p[3]) | (~t0 & p[2]);
  const uint32_t r = (t1 & q1) | (~t1 & q0);
  return (t2 & p[4]) | (~t2 & r);
}

GPULIFE_MS_HD uint32_t rule_next(RowSum a, RowSum b, RowSum c, uint32_t alive,
                                 const RuleTables& rule) {
  const uint32_t x0 = xor3(a.s0, b.s0, c.s0);
  const uint32_t xc = maj3(a.s0, b.s0, c.s0);
  const uint32_t u = xor3(a.s1, b.s1, c.s1);
  const uint32_t v = maj3(a.s1, b.s1, c.s1);
  // q = x0 + 2 * (u + xc + 2v)
  const uint32_t t0 = u ^ xc, carry = u & xc;
  const uint32_t t1 = v ^ carry, t2 = v & carry;
  const uint32_t born = select10(rule.born, x0, t0, t1, t2);
  const uint32_t lives = select10(rule.lives, x0, t0, t1, t2);
  return (alive & lives) | (~alive & born);
}

// Generations a pass of configured depth `depth` does when `left` remain: the depth, or at the
// end the largest power of two not above what is left (the compiled depths are powers of two).
GPULIFE_MS_HD int pass_depth(int depth, uint64_t left) {
  if (left >= uint64_t(depth)) return depth;
  int d = 1;
  while (uint64_t(d) * 2 <= left) d *= 2;
  return d;
}

// Everything one pass needs, by value (it becomes the kernel's parameter block).
struct PassArgs {
  const uint32_t* src = nullptr;
  uint32_t* dst = nullptr;
  int64_t width = 0, height = 0;
  int64_t pitch = 0;       // 32-bit words per row in memory
  int64_t words = 0;       // 32-bit words holding cells: ceil(width / 32)
  uint32_t last_mask = 0;  // valid bits of word words - 1
  int64_t warp_cols = 0;   // warps across a row
  int64_t tile_rows = 0, tiles = 0;
  bool torus = false;
  bool aligned = false;  // width % 32 == 0
  uint32_t one = 1, two = 2, high = 0x80000000u;
  RuleTables rule{};
  // The history plane (cells ever alive), when the pass ORs every generation it computes into
  // it: rows of history_pitch 32-bit words, word m of a row holding the same cells as word m of
  // the state. nullptr: the pass leaves it alone.
  uint32_t* history = nullptr;
  int64_t history_pitch = 0;
};

// The shapes the multistep kernels are built in: K = 1, 2 or 4 words of a row a lane and D = 1,
// 2, 4, 8 or 16 generations a pass, with K * D at most kMaxDepthTimesWords (each level holds
// about seven words of state per word of the lane; beyond that the kernels spill).
inline constexpr int kMaxDepthTimesWords = 16;

using BuiltWords = std::integer_sequence<int, 1, 2, 4>;
using BuiltDepths = std::integer_sequence<int, 1, 2, 4, 8, 16>;

// pick(K, D) for the shape (words_per_thread, depth), K and D as std::integral_constant, or a
// value-initialised result when that shape is not built. Host code choosing a kernel.
template <class Pick>
auto for_shape(int words_per_thread, int depth, Pick pick) {
  using Result = decltype(pick(std::integral_constant<int, 1>{}, std::integral_constant<int, 1>{}));
  Result result{};
  const auto one = [&](auto k, auto d) {
    if constexpr (decltype(k)::value * decltype(d)::value <= kMaxDepthTimesWords)
      if (words_per_thread == decltype(k)::value && depth == decltype(d)::value)
        result = pick(k, d);
  };
  const auto depths = [&]<int... D>(auto k, std::integer_sequence<int, D...>) {
    (one(k, std::integral_constant<int, D>{}), ...);
  };
  const auto words = [&]<int... K>(std::integer_sequence<int, K...>) {
    (depths(std::integral_constant<int, K>{}, BuiltDepths{}), ...);
  };
  words(BuiltWords{});
  return result;
}

// Output words of one warp: each of its 32 lanes holds K words of a row, and the outermost word
// on each side is halo (its cells go stale from the outside in, one per generation).
template <int K>
inline constexpr int kWarpOutputWords = 32 * K - 2;

GPULIFE_MS_HD int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// `p` moved down `rows` rows of the grid (a.one or a.two: values the compiler cannot see). On
// the device a multiply-add of the row's bytes, which the compiler makes an add with its carry
// half on the FMA pipe; pointer arithmetic took two instructions of the integer pipe, the
// passes' bottleneck. A row's bytes fit 32 bits: the state's rows are canonical (8 bytes per
// 64 cells, BitMultistepEngine::device_layout), 2^28 bytes at kMaxGridSide cells.
static_assert(kMaxGridSide / 8 < (int64_t(1) << 32));
template <class T>
GPULIFE_MS_HD T* advance_rows(T* p, const PassArgs& a, uint32_t rows) {
#if defined(__CUDA_ARCH__)
  uint64_t r;
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(r) : "r"(uint32_t(a.pitch) * 4u), "r"(rows), "l"(p));
  return reinterpret_cast<T*>(r);
#else
  return reinterpret_cast<T*>(reinterpret_cast<uintptr_t>(p) + uint64_t(a.pitch) * 4u * rows);
#endif
}

// A warp's lanes exchange edge words by shuffles (lane 0 and 31 get their own: the halo).
struct ShuffleLanes {
  GPULIFE_MS_HD void exchange(uint32_t last, uint32_t first, uint32_t& from_west,
                              uint32_t& from_east) {
#if defined(__CUDA_ARCH__)
    from_west = __shfl_up_sync(0xffffffffu, last, 1);
    from_east = __shfl_down_sync(0xffffffffu, first, 1);
#else
    from_west = last;
    from_east = first;
#endif
  }
};

// One lane's words of a warp's column: which word of the row each of its K words is (dead beyond
// a plane, wrapped on a torus, or gathered across the wrap when the width is not a multiple of
// 32), the cells inside a plane, the cells a store keeps; and the walk down the rows that loads
// them. Shared by the one-row and two-row passes.
template <int K>
struct LaneColumns {
  static constexpr int32_t kZero = INT32_MIN;
  int32_t mbase = 0;        // this lane's first word (-1 for the word left of the row)
  int32_t code[K];          // per word: index in the row, kZero, or -1 - (first cell) to gather
  uint32_t colmask[K];      // cells inside a plane grid
  uint32_t keep[K];         // cells inside the width (zero for the pitch's padding word)
  bool edge_col = false;    // a plane grid's edge passes through the warp's words
  bool gather_col = false;  // a lane of the warp gathers a word across a torus row's wrap

  // `first`: the word of lane 0's first word.
  GPULIFE_MS_HD void init(const PassArgs& a, int64_t first, int lane) {
    mbase = int32_t(first + int64_t(lane) * K);
    const int64_t full_words = a.aligned ? a.words : a.words - 1;
    for (int j = 0; j < K; ++j) {
      const int64_t m = mbase + j;
      const bool inside = m >= 0 && m < a.words;
      const uint32_t valid_bits = inside ? (m == a.words - 1 ? a.last_mask : ~0u) : 0u;
      if (!a.torus) {
        colmask[j] = valid_bits;
        code[j] = inside ? int32_t(m) : kZero;
      } else {
        colmask[j] = ~0u;
        if (a.aligned)
          code[j] = int32_t(floor_mod(m, a.words));
        else if (m >= 0 && m < full_words)
          code[j] = int32_t(m);
        else
          code[j] = -1 - int32_t(floor_mod(32 * m, a.width));
      }
      keep[j] = valid_bits;
    }
    edge_col = !a.torus && (first < 0 || first + 32 * K > full_words);
    gather_col = a.torus && !a.aligned && (first < 0 || first + 32 * K > full_words);
  }

  // run(kColumns, kGather), both std::bool_constant, for the loop these columns need: where a
  // plane's left or right edge passes through the warp, its cells beyond the edge are cleared
  // every generation (kColumns), and only the warps at a torus row's ends gather words across
  // its wrap (kGather); the others run the loop without either.
  template <class Run>
  GPULIFE_MS_HD auto with_column_checks(const Run& run) const {
    if (edge_col) return run(std::true_type{}, std::false_type{});
    if (gather_col) return run(std::false_type{}, std::true_type{});
    return run(std::false_type{}, std::false_type{});
  }
};

// A lane's walk down the rows of its words (LaneColumns): load() returns the next row (gen 0),
// fetched kAhead loads before. On the device each word goes from global to shared memory by
// cp.async into a ring of kSlots rows (this lane's slot i, word j at ring[32 * (i * K + j)],
// lanes interleaved so a warp's accesses hit 32 banks once), so no register waits on a global
// load and no order the compiler picks for a step can expose its latency (loading into registers
// at the end of the step before, the two-row pass took 0.1246 ms a generation at 65536² on the
// H200 against 0.1060 staged). On the CPU the ring is a member array and the copy is immediate.
//
// Load n reads slot (n + kBias) % kSlots and fetches row n + kAhead into slot
// (n + kAhead + kBias) % kSlots, so a slot is refilled kSlots - kAhead loads after it was read.
// With kAhead = kTrip the ring is two halves, and a pass whose loop runs kTrip loads a trip,
// entering it with (loads so far + kBias) a multiple of kTrip, can use the fast loads
// (begin_fast .. end_fast) there: each trip reads one half and fills the other at fixed
// offsets, with no check of the rows it fetches (fast_trips() says how many trips need none)
// and its addresses moved by multiply-adds, which leave the integer pipe to the Life logic (the
// two-row pass: 0.0976 ms a generation at 65536² on the H200, against 0.1060 with every load
// checked). The fast loads come two at a time, a step of the two-row pass, and the copies of a
// step are one group: one wait and one commit a step instead of one of each a load (0.0950 ms
// against 0.0966 with a group a row). The one-row pass loads with the checks only, six rows
// ahead (with four its steps, half the work of a two-row step, took 4 % longer).
template <int K, int kLoadsAhead = 4>
struct RowReader {
  static constexpr int kSlots = 8, kTrip = kSlots / 2, kAhead = kLoadsAhead;
  static constexpr uint32_t kBias = 2;           // the two-row pass: 2 loads before its first step
  static constexpr int kRingWords = kSlots * K;  // per lane
  int64_t y = 0;         // the row the next fetch reads (on a torus, within the grid)
  uint32_t to_wrap = 0;  // rows before the fetch pointer wraps (a torus); never 0 on a plane
  const uint32_t* row = nullptr;
  uint32_t head = 0;  // loads so far: the next load() reads slot (head + kBias) % kSlots
#if defined(__CUDA_ARCH__)
  uint32_t ring = 0;  // shared-memory address of this lane's slot 0, word 0
#else
  uint32_t own[kRingWords]{};
#endif
  // The fast loads' state (begin_fast): the half read and the half filled this trip (as
  // ring_word() positions), and per word where the next fetch reads and how many bytes.
  uint32_t rd_ = 0, fe_ = 0;
  const uint32_t* at_[K];
  uint32_t bytes_[K];

  // `lane_words`: this lane's first word in a shared ring of 32 * kRingWords words a warp.
  GPULIFE_MS_HD void start(const PassArgs& a, const LaneColumns<K>& c, int64_t y0,
                           uint32_t* lane_words) {
#if defined(__CUDA_ARCH__)
    ring = uint32_t(__cvta_generic_to_shared(lane_words));
#else
    (void)lane_words;
#endif
    y = a.torus ? floor_mod(y0, a.height) : y0;
    to_wrap = a.torus ? uint32_t(a.height - y) : ~0u;
    row = a.src + y * a.pitch;
    head = 0;
    for (int i = 0; i < kAhead; ++i) fetch<true>(a, c, slot_of(uint32_t(i)));
  }

  // Returns the oldest fetched row and fetches the next, which is checked against a plane's
  // rows whatever the step; kGather: a lane may gather across a torus row's wrap.
  template <bool kGather = true>
  GPULIFE_MS_HD void load(const PassArgs& a, const LaneColumns<K>& c, uint32_t (&out)[K]) {
    wait();
    const uint32_t slot = slot_of(head);
    for (int j = 0; j < K; ++j) out[j] = read(ring_word(slot, j));
    fetch<kGather>(a, c, slot_of(head + kAhead));
    ++head;
  }

  // Trips of kTrip loads from here, at most `most`, whose fetches need no checks: every row
  // inside a plane, no torus wrap (the fetch that wraps is load()'s), and no word gathered (the
  // caller's).
  GPULIFE_MS_HD int64_t fast_trips(const PassArgs& a, int64_t most) const {
    const int64_t rows = a.torus ? int64_t(to_wrap) - 1 : (y >= 0 ? a.height - y : 0);
    const int64_t trips = rows / kTrip;
    return trips < most ? trips : most;
  }

  GPULIFE_MS_HD void begin_fast(const LaneColumns<K>& c) {
    static_assert(kAhead == kTrip, "fast loads fill the half of the ring they do not read");
    rd_ = ring_word(slot_of(head), 0);
    fe_ = ring_word((slot_of(head) + kTrip) % kSlots, 0);
    for (int j = 0; j < K; ++j) {
      const bool live = c.code[j] != LaneColumns<K>::kZero;  // (no word is gathered here)
      at_[j] = row + (live ? c.code[j] : 0);  // a dead word copies no bytes from its row
      bytes_[j] = live ? 4u : 0u;
    }
  }

  // Loads kI and kI + 1 of a trip (begin_fast), whose copies are one group; the trip's last
  // pair swaps the halves. The group of the pair before may still be pending: the rows read here
  // were fetched a trip ago.
  template <int kI>
  GPULIFE_MS_HD void load_fast(const PassArgs& a, uint32_t (&first)[K], uint32_t (&second)[K]) {
    static_assert(kI % 2 == 0 && kI + 1 < kTrip);
    wait<1>();
    fast_word<kI>(a, first);
    fast_word<kI + 1>(a, second);
    commit();
    if constexpr (kI + 2 == kTrip) {
      const uint32_t t = rd_;
      rd_ = fe_;
      fe_ = t;
    }
  }

  // After `trips` trips of fast loads: the walk's state as load() would have left it, with no
  // copy pending (load() counts one group a row).
  GPULIFE_MS_HD void end_fast(const PassArgs& a, int64_t trips) {
    wait<0>();
    const int64_t n = trips * kTrip;
    y += n;
    to_wrap -= uint32_t(n);  // (no wrap: on a plane it never reaches 0 either)
    row += n * a.pitch;
    head += uint32_t(n);
  }

 private:
  static GPULIFE_MS_HD uint32_t slot_of(uint32_t n) {
    return (n + kBias) % kSlots;
  }

  // Load i of a fast trip, without its wait and commit.
  template <int kI>
  GPULIFE_MS_HD void fast_word(const PassArgs& a, uint32_t (&out)[K]) {
    for (int j = 0; j < K; ++j) {
      out[j] = read(rd_ + step_of(kI, j));
      copy(fe_ + step_of(kI, j), at_[j], bytes_[j]);
      at_[j] = advance_rows(at_[j], a, a.one);
    }
  }

  // Where word j of slot i is: a shared-memory address on the device, an index into own[] on
  // the CPU. step_of() is the distance from word 0 of a slot to word j of the slot kI after it.
#if defined(__CUDA_ARCH__)
  GPULIFE_MS_HD uint32_t ring_word(uint32_t slot, int j) const {
    return ring + 128u * (slot * K + uint32_t(j));
  }
  static GPULIFE_MS_HD uint32_t step_of(int i, int j) {
    return 128u * uint32_t(i * K + j);
  }
#else
  GPULIFE_MS_HD uint32_t ring_word(uint32_t slot, int j) const {
    return slot * K + uint32_t(j);
  }
  static GPULIFE_MS_HD uint32_t step_of(int i, int j) {
    return uint32_t(i * K + j);
  }
#endif

  // Waits until at most kPending groups of copies are in flight.
  template <int kPending = kAhead - 1>
  static GPULIFE_MS_HD void wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
#endif
  }
  static GPULIFE_MS_HD void commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
  }

#if defined(__CUDA_ARCH__)
  static __device__ __forceinline__ void store_shared(uint32_t at, uint32_t v) {
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(at), "r"(v) : "memory");
  }
#endif

  GPULIFE_MS_HD uint32_t read(uint32_t at) const {
#if defined(__CUDA_ARCH__)
    uint32_t v;
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(at) : "memory");
    return v;
#else
    return own[at];
#endif
  }

  // `bytes` (4 or 0) of *src into the ring word at `at`, zero-filling the rest. On the device a
  // copy of no bytes fills the word with zeros without a branch (its source must still be an
  // address inside the grid).
  GPULIFE_MS_HD void copy(uint32_t at, const uint32_t* src, uint32_t bytes) {
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(at), "l"(src), "r"(bytes)
                 : "memory");
#else  // no cp.async before sm_80: a load and a store
    store_shared(at, bytes ? __ldg(src) : 0u);
#endif
#else
    own[at] = bytes ? *src : 0u;
#endif
  }

  // Row y's words into the slot (dead beyond a plane, gathered across a torus row's wrap), then
  // on to the next row. A dead word is a copy of no bytes, so the warp does not branch (with a
  // branch around its dead lanes, the warps a plane's edge runs through set the pace: the plane
  // took 23 % longer than the torus). Only the warps that gather (kGather) branch, around the
  // lanes that gather.
  template <bool kGather>
  GPULIFE_MS_HD void fetch(const PassArgs& a, const LaneColumns<K>& c, uint32_t slot) {
    const bool valid = uint64_t(y) < uint64_t(a.height);  // a torus's y is always inside
    for (int j = 0; j < K; ++j) {
      const int32_t code = c.code[j];
      const bool live = valid && code != LaneColumns<K>::kZero;
      const uint32_t at = ring_word(slot, j);
      if (kGather && live && code < 0) {
        const uint32_t v = gather32(row, uint32_t(-1 - code), uint32_t(a.width));
#if defined(__CUDA_ARCH__)
        store_shared(at, v);
#else
        own[at] = v;
#endif
      } else {
        // (a dead word's source is the grid's first word: never outside the grid)
        copy(at, live ? row + code : a.src, live ? 4u : 0u);
      }
    }
    commit();
    ++y;
    row += a.pitch;
    if (--to_wrap == 0) {
      to_wrap = uint32_t(a.height);
      row = a.src;
      y = 0;
    }
  }
};

// Dynamic shared memory a block of `block_warps` warps needs for its lanes' row rings.
inline size_t ring_bytes(int words_per_thread, int block_warps) {
  return size_t(block_warps) * 32 * RowReader<1>::kSlots * size_t(words_per_thread) * 4;
}

// This lane's first ring word in the block's dynamic shared memory (the warps' rings first).
#if defined(__CUDACC__)
template <int K>
__device__ __forceinline__ uint32_t* lane_ring(uint32_t* shared_words) {
  return shared_words + threadIdx.y * (32 * RowReader<K>::kRingWords) + threadIdx.x;
}
#endif

// The step loop of a warp's pass over one tile (WarpPass, WarpPairPass). The steps before s_a
// and from s_fast_end on may meet rows beyond a plane's edges (the pass's masked_step); those
// between run kUnroll phases of the pass's slot rotation at a time, with only the column checks
// that the warp's columns need (LaneColumns::with_column_checks). A pass with fast loads
// (Pass::kFastLoads: a trip of kUnroll steps is one RowReader trip) runs the trips whose fetches
// need no checks with them (step<..., kFast = true>); the trip where a torus's rows wrap, the
// last ones of a plane, and all of a warp that gathers load with the checks. Of those fast trips,
// the ones from Pass::first_store_step() on also store without checking that the rows are the
// tile's (kStores): without the check and the branch around each store, the two-row pass took
// 0.0968 ms a generation at 65536² on the H200 instead of 0.0976 (torus; plane 0.1019 instead
// of 0.1032).
struct StepLoop {
  template <int kUnroll, class Pass, class Int>
  static GPULIFE_MS_HD void run(Pass& pass, Int s_a, Int s_fast_end, Int nsteps) {
    Int s = 0;
    for (; s < s_a; ++s) pass.masked_step(s);
    s = pass.cols_.with_column_checks([&](auto columns, auto gather) {
      constexpr bool kColumns = decltype(columns)::value, kGather = decltype(gather)::value;
      Int t = s;
      while (t < s_fast_end) {
        if constexpr (Pass::kFastLoads && !kGather) {
          const int64_t trips = pass.reader_.fast_trips(pass.a_, (s_fast_end - t) / kUnroll);
          if (trips > 0) {
            pass.reader_.begin_fast(pass.cols_);
            const Int end = t + Int(trips) * kUnroll;
            // The trips from the first whose steps all store their rows on skip the stores'
            // check (kStores).
            const Int first = Int(pass.first_store_step());
            Int split = end;
            if (first <= t) {
              split = t;
            } else if (first < end) {
              split = t + (first - t + kUnroll - 1) / kUnroll * kUnroll;
            }
            for (; t < split; t += kUnroll) {
              unrolled<kColumns, false, true, false>(pass, t,
                                                     std::make_integer_sequence<int, kUnroll>{});
            }
            for (; t < end; t += kUnroll) {
              unrolled<kColumns, false, true, true>(pass, t,
                                                    std::make_integer_sequence<int, kUnroll>{});
            }
            pass.reader_.end_fast(pass.a_, trips);
            if (t >= s_fast_end) break;
          }
        }
        unrolled<kColumns, kGather, false>(pass, t, std::make_integer_sequence<int, kUnroll>{});
        t += kUnroll;
      }
      return t;
    });
    for (; s < nsteps; ++s) pass.masked_step(s);
  }

 private:
  template <bool kColumns, bool kGather, bool kFast, bool kStores = false, class Pass, class Int,
            int... kPhase>
  static GPULIFE_MS_HD void unrolled(Pass& pass, Int s, std::integer_sequence<int, kPhase...>) {
    (pass.template step<kPhase, false, kColumns, kGather, kFast, kStores>(s + kPhase), ...);
  }
};

// One warp's work for one tile: a column of 32*K words of the rows [y0 - D, y0 + rows + D) is
// streamed top to bottom once and passes through D generation levels held in registers, so the
// tile's rows come out D generations later. The levels are skewed by one step each (level g
// works on the row level g - 1 produced in the previous step), so within a step all D levels
// are independent and the scheduler can overlap them. `Lanes` exchanges the edge words between
// neighbouring lanes: warp shuffles on the device, threads on the CPU. Control flow is uniform
// across the warp.
template <int K, int D, bool kLife, bool kFma, class Lanes>
class WarpPass {
 public:
  // `ring`: this lane's first word of the warp's row ring (RowReader; unused on the CPU).
  GPULIFE_MS_HD WarpPass(const PassArgs& a, int64_t warp_col, int lane, Lanes& lanes,
                         uint32_t* ring = nullptr)
      : a_(a), lanes_(lanes), ring_(ring) {
    cols_.init(a, warp_col * kWarpOutputWords<K> - 1, lane);
    for (int j = 0; j < K; ++j) {
      const int64_t m = cols_.mbase + j;
      const bool halo = (lane == 0 && j == 0) || (lane == 31 && j == K - 1);
      store_[j] = !halo && m >= 0 && m < a.pitch;
    }
  }

  GPULIFE_MS_HD void run_tile(int64_t tile) {
    const int64_t y0 = tile * a_.tile_rows;
    const int64_t rows = a_.tile_rows < a_.height - y0 ? a_.tile_rows : a_.height - y0;
    // Level g at step s takes row ystart + s - 2g (gen g) and completes row ystart + s - 2g - 1
    // (gen g + 1); the last level's rows are the output, y0 onwards from step 3D - 1.
    const int64_t nsteps = rows + 3 * D - 1;
    ystart_ = y0 - D;
    for (int g = 0; g < D; ++g)
      for (int j = 0; j < K; ++j) {
        for (int p = 0; p < 3; ++p) s0_[p][g][j] = s1_[p][g][j] = 0;
        buf_[0][g][j] = buf_[1][g][j] = 0;
      }
    // Steps needing no masking or row checks: on a plane every level's output row and the
    // prefetched row lie inside the grid.
    int64_t s_a = 0, s_b = nsteps;
    if (!a_.torus) {
      s_a = clamp64(3 * D - 1 - y0, 0, nsteps);
      s_b = clamp64(a_.height - ystart_ - 1, s_a, nsteps);
    }
    const int64_t s_fast_end = s_a + (s_b - s_a) / 6 * 6;
    reader_.start(a_, cols_, ystart_, ring_);
    // Where word j of step 0's output row would go (none does), advanced a row a step; lanes
    // that store nothing point at the row's first word.
    for (int j = 0; j < K; ++j)
      st_[j] = a_.dst + (ystart_ - 2 * D + 1) * a_.pitch + (store_[j] ? cols_.mbase + j : 0);
    st_first_ = 3 * D - 1;
    st_last_ = nsteps;
    reader_.template load<true>(a_, cols_, buf_[0][0]);
    StepLoop::run<6>(*this, s_a, s_fast_end, nsteps);
  }

 private:
  friend struct StepLoop;

  static constexpr bool kFastLoads = false;

  // The first step whose row is the tile's (StepLoop names it for every pass; this one runs
  // no fast steps).
  GPULIFE_MS_HD int64_t first_store_step() const {
    return st_first_;
  }

  GPULIFE_MS_HD void masked_step(int64_t s) {
    step<0, true, true, true, false>(s);
    for (int g = 0; g < D; ++g)
      for (int j = 0; j < K; ++j) {
        s0_[0][g][j] = s0_[1][g][j];
        s1_[0][g][j] = s1_[1][g][j];
        s0_[1][g][j] = s0_[2][g][j];
        s1_[1][g][j] = s1_[2][g][j];
        const uint32_t t = buf_[0][g][j];
        buf_[0][g][j] = buf_[1][g][j];
        buf_[1][g][j] = t;
      }
  }

  // One step. Slots rotate with the phase so that nothing moves between steps: row sums above,
  // middle and new in s*_[P % 3], [(P + 1) % 3], [(P + 2) % 3]; each level's input row in
  // buf_[P % 2] (where it stays, as the next step's middle row) and its middle row's cells in
  // buf_[(P + 1) % 2], which the level below then overwrites with the next step's input (the
  // levels run last to first).
  // kMask: rows may lie outside a plane grid (checked per level, and the row load); kColumns:
  // clear the cells beyond a plane's side edges; kGather: a word may be gathered across a torus
  // row's wrap.
  template <int kPhase, bool kMask, bool kColumns, bool kGather, bool kFast, bool kStores = false>
  GPULIFE_MS_HD void step(int64_t s) {
    static_assert(!kFast && !kStores, "the one-row pass loads and stores with the checks");
    constexpr int kAbove = kPhase % 3, kMid = (kPhase + 1) % 3, kNew = (kPhase + 2) % 3;
    constexpr int kIn = kPhase % 2, kOld = (kPhase + 1) % 2;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int g = D - 1; g >= 0; --g) {
      uint32_t(&x)[K] = buf_[kIn][g];
      uint32_t from_west, from_east;
      lanes_.exchange(x[K - 1], x[0], from_west, from_east);
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
      for (int j = 0; j < K; ++j) {
        const uint32_t w = west<kFma>(j == 0 ? from_west : x[j - 1], x[j], a_.two);
        const uint32_t e = east<kFma>(x[j], j == K - 1 ? from_east : x[j + 1], a_.high);
        const RowSum r = row_sum(w, x[j], e);
        s0_[kNew][g][j] = r.s0;
        s1_[kNew][g][j] = r.s1;
      }
      uint32_t row_mask = ~0u;
      if (kMask && !a_.torus) {
        const int64_t y = ystart_ + s - 2 * g - 1;
        row_mask = (y >= 0 && y < a_.height) ? ~0u : 0u;
      }
      uint32_t out[K];
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
      for (int j = 0; j < K; ++j) {
        const RowSum above{s0_[kAbove][g][j], s1_[kAbove][g][j]};
        const RowSum mid{s0_[kMid][g][j], s1_[kMid][g][j]};
        const RowSum below{s0_[kNew][g][j], s1_[kNew][g][j]};
        const uint32_t alive = buf_[kOld][g][j];
        out[j] = kLife ? life_next(above, mid, below, alive)
                       : rule_next(above, mid, below, alive, a_.rule);
        if (kMask)
          out[j] &= cols_.colmask[j] & row_mask;
        else if (kColumns)
          out[j] &= cols_.colmask[j];
      }
      if (g < D - 1) {
        for (int j = 0; j < K; ++j) buf_[kOld][g + 1][j] = out[j];
      } else {
        const bool ok = s >= st_first_ && s < st_last_;
        for (int j = 0; j < K; ++j)
          if (ok && store_[j]) *st_[j] = out[j] & cols_.keep[j];
      }
    }
    reader_.template load<kGather>(a_, cols_, buf_[kOld][0]);
    for (int j = 0; j < K; ++j) st_[j] += a_.pitch;
  }

  const PassArgs& a_;
  Lanes& lanes_;
  uint32_t* ring_;
  LaneColumns<K> cols_;
  RowReader<K, 6> reader_;
  bool store_[K];  // words this lane writes
  int64_t ystart_ = 0;
  uint32_t* st_[K];  // where word j of this step's output row goes
  int64_t st_first_ = 0, st_last_ = 0;
  uint32_t s0_[3][D][K], s1_[3][D][K];  // row sums: slots above, middle, new
  uint32_t buf_[2][D][K];               // each level's input row and middle row
};

}  // namespace multistep
}  // namespace gpulife::gpu
