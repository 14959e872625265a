// Life-like rules as bitwise functions of neighbour-count bit planes, shared by the kernels.
#pragma once

#include <cstdint>

#include "core/rule.hpp"

namespace gpulife::gpu {

// Birth and survival masks over neighbour counts 0..8, as kernel arguments.
struct RuleBits {
  uint32_t birth;
  uint32_t survival;
};

inline RuleBits rule_bits(const Rule& rule) {
  return RuleBits{rule.birth, rule.survival};
}

// The next state of every lane, given the neighbour count n (0..8) as bit planes n0..n3 and
// the current state s. Lanes are bits; byte kernels use bit 0 of each byte and mask the rest.
template <bool kLife, class W>
__device__ __forceinline__ W apply_rule(W n0, W n1, W n2, W n3, W s, RuleBits rule) {
  if constexpr (kLife) {
    // B3/S23: n is 2 or 3 (n1 set, n2 and n3 clear), and n is 3 or the cell is alive.
    return n1 & ~(n2 | n3) & (n0 | s);
  } else {
    // f(n) for a mask M over counts 0..8, as a multiplexer tree on the count bits: n3 is set
    // only for n = 8, and below that n2 n1 n0 pick one of eight leaves. Masks are all-zero or
    // all-one 32-bit values (uniform across the warp) widened to W, so they cost no per-lane
    // registers.
    auto lane_mask = [](uint32_t bits, int k) -> W {
      const uint32_t m = 0u - ((bits >> k) & 1u);
      if constexpr (sizeof(W) == 8)
        return (uint64_t(m) << 32) | m;
      else
        return W(m);
    };
    auto count_in = [&](uint32_t bits) -> W {
      W leaf[4];
#pragma unroll
      for (int k = 0; k < 4; ++k)
        leaf[k] = (n0 & lane_mask(bits, 2 * k + 1)) | (~n0 & lane_mask(bits, 2 * k));
      const W low = (n1 & leaf[1]) | (~n1 & leaf[0]);
      const W high = (n1 & leaf[3]) | (~n1 & leaf[2]);
      const W below8 = (n2 & high) | (~n2 & low);
      return (n3 & lane_mask(bits, 8)) | (~n3 & below8);
    };
    return (s & count_in(rule.survival)) | (~s & count_in(rule.birth));
  }
}

// Any three-input bitwise function as LOP3s (a = 0xF0, b = 0xCC, c = 0xAA), per 32-bit half.
template <uint32_t kLut, class W>
__device__ __forceinline__ W lop3w(W a, W b, W c) {
  if constexpr (sizeof(W) == 4) {
    uint32_t r;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(kLut));
    return r;
  } else {
    const uint32_t lo = lop3w<kLut>(uint32_t(a), uint32_t(b), uint32_t(c));
    const uint32_t hi = lop3w<kLut>(uint32_t(a >> 32), uint32_t(b >> 32), uint32_t(c >> 32));
    return (W(hi) << 32) | lo;
  }
}

// B3/S23 from the full row sums (west + centre + east as bit planes s0, s1) of the rows above,
// through and below the cell, and the cell: the 3x3 sum q = x0 + 2 (xc + u + 2v) lives on iff
// q == 3, or q == 4 and the cell is alive; seven LOP3s (the network of gpu/bit_multistep.hpp).
template <class W>
__device__ __forceinline__ W life_from_row_sums(W a0, W a1, W b0, W b1, W c0, W c1, W alive) {
  const W x0 = lop3w<0x96>(a0, b0, c0), xc = lop3w<0xE8>(a0, b0, c0);
  const W u = lop3w<0x96>(a1, b1, c1), v = lop3w<0xE8>(a1, b1, c1);
  const W one = lop3w<0x16>(x0, xc, v);
  const W keep = lop3w<0x29>(u, v, one);
  return lop3w<0xE0>(keep, alive, x0);
}

// Sum of two 1-bit lanes (bit planes), and of three.
template <class W>
__device__ __forceinline__ void add2(W a, W b, W& sum, W& carry) {
  sum = a ^ b;
  carry = a & b;
}
template <class W>
__device__ __forceinline__ void add3(W a, W b, W c, W& sum, W& carry) {
  sum = a ^ b ^ c;
  carry = (a & b) | (c & (a ^ b));
}

// Neighbour count n = top + middle + bottom, each a 2-bit number (t1 t0), as bit planes.
template <class W>
__device__ __forceinline__ void add_rows(W t0, W t1, W m0, W m1, W b0, W b1, W& n0, W& n1, W& n2,
                                         W& n3) {
  W c0;
  add3(t0, m0, b0, n0, c0);
  // High part H = t1 + m1 + b1 + c0 (0..4); n = n0 + 2H.
  W u, v, w, z;
  add2(t1, m1, u, v);
  add2(b1, c0, w, z);
  n1 = u ^ w;
  const W uw = u & w;  // u+w carry; excludes v and z, which exclude u and w
  n2 = (v ^ z) | uw;
  n3 = v & z;
}

}  // namespace gpulife::gpu
