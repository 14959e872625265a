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
  return RuleBits{rule.birth(), rule.survival()};
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
