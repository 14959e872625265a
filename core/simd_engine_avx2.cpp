// The cpu-simd band kernel with AVX2 (256 cells per register); built with -mavx2 and called only
// after the CPU was checked for AVX2 at run time.
#if GPULIFE_SIMD_AVX2
#include <immintrin.h>

#include "core/simd_engine_kernel_impl.hpp"

namespace gpulife::simd {
namespace {

struct Avx2Ops {
  // Reading the row back beats the lane shuffles of in-register row sums with 16 registers.
  static constexpr bool kFuseSums = false;
  static constexpr int kWords = 4;
  static constexpr bool kTernary = false;
  using T = __m256i;

  static T load(const uint64_t* p) { return _mm256_load_si256(reinterpret_cast<const T*>(p)); }
  static T loadu(const uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const T*>(p)); }
  static void store(uint64_t* p, T v) { _mm256_store_si256(reinterpret_cast<T*>(p), v); }
  static T zero() { return _mm256_setzero_si256(); }
  static T set1(uint64_t x) { return _mm256_set1_epi64x(int64_t(x)); }
  static T bxor(T a, T b) { return _mm256_xor_si256(a, b); }
  static T band(T a, T b) { return _mm256_and_si256(a, b); }
  static T bor(T a, T b) { return _mm256_or_si256(a, b); }
  static T bandn(T a, T b) { return _mm256_andnot_si256(a, b); }
  static T bnot(T a) { return _mm256_xor_si256(a, _mm256_set1_epi64x(-1)); }
  static T shift_in_left(T a, T before) {
    return bor(_mm256_slli_epi64(a, 1), _mm256_srli_epi64(before, 63));
  }
  static T shift_in_right(T a, T after) {
    return bor(_mm256_srli_epi64(a, 1), _mm256_slli_epi64(after, 63));
  }
  static T xor3(T a, T b, T c) { return bxor(bxor(a, b), c); }
  static T maj(T a, T b, T c) { return bor(band(a, b), band(c, bxor(a, b))); }
  static T xor_and(T a, T b, T c) { return bxor(a, band(b, c)); }
  static T and3(T a, T b, T c) { return band(band(a, b), c); }
  // [before[3], cur[0..2]] and [cur[1..3], after[0]]: a 128-bit lane swap, then a byte
  // alignment within each lane.
  static T concat_before(T cur, T before) {
    return _mm256_alignr_epi8(cur, _mm256_permute2x128_si256(cur, before, 0x03), 8);
  }
  static T concat_after(T after, T cur) {
    return _mm256_alignr_epi8(_mm256_permute2x128_si256(cur, after, 0x21), cur, 8);
  }
  static bool any(T a) { return !_mm256_testz_si256(a, a); }
  static bool low_bit(T a) { return _mm_cvtsi128_si64(_mm256_castsi256_si128(a)) & 1; }
  static T life_rule(T t0, T p, T q, T cell) {
    return band(band(bxor(p, q), bxor(t0, q)), bor(p, cell));
  }
};

}  // namespace

void run_band_avx2(const BandJob& job) {
  run_band_for<Avx2Ops>(job);
}

}  // namespace gpulife::simd
#endif
