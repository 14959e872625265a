// The cpu-simd band kernel with AVX-512 (512 cells per register, three-input logic in one
// instruction); built with -mavx512f and called only after a run-time CPU check.
#if GPULIFE_SIMD_AVX512
#include <immintrin.h>

#include "core/simd_engine_kernel_impl.hpp"

namespace gpulife::simd {
namespace {

struct Avx512Ops {
  static constexpr int kWords = 8;
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
  static T shl1(T a) { return _mm512_slli_epi64(a, 1); }
  static T shr1(T a) { return _mm512_srli_epi64(a, 1); }
  static T shl63(T a) { return _mm512_slli_epi64(a, 63); }
  static T shr63(T a) { return _mm512_srli_epi64(a, 63); }
  // Truth-table immediates: bit (a<<2 | b<<1 | c) of the byte is the result for those inputs.
  static T xor3(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
  static T maj(T a, T b, T c) { return _mm512_ternarylogic_epi64(a, b, c, 0xE8); }
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
