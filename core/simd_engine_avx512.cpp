// The cpu-simd band kernel with AVX-512 (512 cells per register, three-input logic and funnel
// shifts in one instruction); built with -mavx512f -mavx512vbmi2, called after a run-time check.
#if GPULIFE_SIMD_AVX512
#include <immintrin.h>

#include "core/simd_engine_kernel_impl.hpp"

namespace gpulife::simd {
namespace {

struct Avx512Ops {
  // Row sums from registers (alignr) instead of reading each new row back.
  static constexpr bool kFuseSums = true;
  static constexpr int kWords = 8;
  static constexpr bool kTernary = true;
  using T = __m512i;

  static T load(const uint64_t* p) { return _mm512_load_si512(p); }
  static T loadu(const uint64_t* p) { return _mm512_loadu_si512(p); }
  static void store(uint64_t* p, T v) { _mm512_store_si512(p, v); }
  static T zero() { return _mm512_setzero_si512(); }
  static T set1(uint64_t x) { return _mm512_set1_epi64(int64_t(x)); }
  static T bxor(T a, T b) { return _mm512_xor_si512(a, b); }
  static T band(T a, T b) { return _mm512_and_si512(a, b); }
  static T bor(T a, T b) { return _mm512_or_si512(a, b); }
  static T bandn(T a, T b) { return _mm512_andnot_si512(a, b); }
  static T bnot(T a) { return _mm512_ternarylogic_epi64(a, a, a, 0x55); }
  // VBMI2 funnel shifts: (a << 1) | (before >> 63) and (a >> 1) | (after << 63) in one step.
  static T shift_in_left(T a, T before) { return _mm512_shldi_epi64(a, before, 1); }
  static T shift_in_right(T a, T after) { return _mm512_shrdi_epi64(a, after, 1); }
  // Truth-table immediates: bit (a<<2 | b<<1 | c) of the byte is the result for those inputs.
  template <int L>
  static T ternary(T a, T b, T c) {
    return _mm512_ternarylogic_epi64(a, b, c, L);
  }
  static T xor3(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
  static T maj(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0xE8); }
  static T xor_and(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0x78); }
  static T and3(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0x80); }
  // [before[7], cur[0..6]] and [cur[1..7], after[0]].
  static T concat_before(T cur, T before) { return _mm512_alignr_epi64(cur, before, 7); }
  static T concat_after(T after, T cur) { return _mm512_alignr_epi64(after, cur, 1); }
  static bool any(T a) { return _mm512_test_epi64_mask(a, a) != 0; }
  static bool low_bit(T a) { return _mm_cvtsi128_si64(_mm512_castsi512_si128(a)) & 1; }
  static T life_rule(T t0, T p, T q, T cell) {
    // (p ^ q) & (t0 ^ q), then & (p | cell).
    const T m = _mm512_ternarylogic_epi64(p, q, t0, 0x24);
    return _mm512_ternarylogic_epi64(m, p, cell, 0xE0);
  }
};

}  // namespace

void run_band_avx512(const BandJob& job) {
  run_band_for<Avx512Ops>(job);
}

}  // namespace gpulife::simd
#endif
