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
    W next = 0;
#pragma unroll
    for (int k = 0; k <= 8; ++k) {
      const W eq =
          ((k & 1) ? n0 : ~n0) & ((k & 2) ? n1 : ~n1) & ((k & 4) ? n2 : ~n2) & ((k & 8) ? n3 : ~n3);
      const W born = W(0) - W((rule.birth >> k) & 1u);
      const W kept = W(0) - W((rule.survival >> k) & 1u);
      next |= eq & ((s & kept) | (~s & born));
    }
    return next;
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
