// The cpu-simd band kernel in plain 64-bit integer code: runs on any CPU, the fallback path.
#include "core/simd_engine_kernel_impl.hpp"

namespace gpulife::simd {
namespace {

// Four words at a time: independent lanes give the compiler instruction-level parallelism (and
// let it use whatever vector registers the baseline target has).
struct PortableOps {
  // Reading each new row back is twice as fast here as building row sums from registers.
  static constexpr bool kFuseSums = false;
  static constexpr int kWords = 4;
  static constexpr bool kTernary = false;
  struct T {
    uint64_t w[4];
  };

  template <class F>
  static T map(F f) {
    T r;
    for (int i = 0; i < 4; ++i) r.w[i] = f(i);
    return r;
  }
  static T load(const uint64_t* p) {
    return map([&](int i) { return p[i]; });
  }
  static T loadu(const uint64_t* p) { return load(p); }
  static void store(uint64_t* p, const T& v) {
    for (int i = 0; i < 4; ++i) p[i] = v.w[i];
  }
  static T zero() { return set1(0); }
  static T set1(uint64_t x) {
    return map([&](int) { return x; });
  }
  static T bxor(const T& a, const T& b) {
    return map([&](int i) { return a.w[i] ^ b.w[i]; });
  }
  static T band(const T& a, const T& b) {
    return map([&](int i) { return a.w[i] & b.w[i]; });
  }
  static T bor(const T& a, const T& b) {
    return map([&](int i) { return a.w[i] | b.w[i]; });
  }
  static T bandn(const T& a, const T& b) {
    return map([&](int i) { return ~a.w[i] & b.w[i]; });
  }
  static T bnot(const T& a) {
    return map([&](int i) { return ~a.w[i]; });
  }
  static T shift_in_left(const T& a, const T& before) {
    return map([&](int i) { return (a.w[i] << 1) | (before.w[i] >> 63); });
  }
  static T shift_in_right(const T& a, const T& after) {
    return map([&](int i) { return (a.w[i] >> 1) | (after.w[i] << 63); });
  }
  static T xor3(const T& a, const T& b, const T& c) {
    return map([&](int i) { return a.w[i] ^ b.w[i] ^ c.w[i]; });
  }
  static T maj(const T& a, const T& b, const T& c) {
    return map([&](int i) { return (a.w[i] & b.w[i]) | (c.w[i] & (a.w[i] ^ b.w[i])); });
  }
  static T xor_and(const T& a, const T& b, const T& c) {
    return map([&](int i) { return a.w[i] ^ (b.w[i] & c.w[i]); });
  }
  static T and3(const T& a, const T& b, const T& c) {
    return map([&](int i) { return a.w[i] & b.w[i] & c.w[i]; });
  }
  // [before[3], cur[0..2]] and [cur[1..3], after[0]]: the words next to each of cur's.
  static T concat_before(const T& cur, const T& before) {
    return T{{before.w[3], cur.w[0], cur.w[1], cur.w[2]}};
  }
  static T concat_after(const T& after, const T& cur) {
    return T{{cur.w[1], cur.w[2], cur.w[3], after.w[0]}};
  }
  static bool any(const T& a) { return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0; }
  static bool low_bit(const T& a) { return a.w[0] & 1u; }
  static T life_rule(const T& t0, const T& p, const T& q, const T& cell) {
    return map(
        [&](int i) { return (p.w[i] ^ q.w[i]) & (t0.w[i] ^ q.w[i]) & (p.w[i] | cell.w[i]); });
  }
};

}  // namespace

void run_band_portable(const BandJob& job) {
  run_band_for<PortableOps>(job);
}

}  // namespace gpulife::simd
