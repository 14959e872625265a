// The bit-sliced band kernel of the cpu-simd engine, written once over a vector-ops type and
// compiled once per instruction set (plain uint64_t, AVX2) in its own translation unit.
#pragma once

#include <cstdint>

#include "core/rule_circuit.hpp"

namespace gpulife::simd {

// Words of padding before and after each row's data; the word just before the data (the left
// guard) and just after the padded data are read by the shifted loads, and 8 keeps rows 64-byte
// aligned.
inline constexpr int64_t kRowPad = 8;
// Data words per row are padded to a multiple of this (the widest vector the kernels use).
inline constexpr int64_t kWordMultiple = 8;
inline constexpr int kMaxGenerationsPerPass = 64;
// Row features a circuit may keep per row (core/rule_circuit.hpp); with the row's cells, the
// scratch rows each level keeps of every row.
inline constexpr int kMaxCircuitFeatures = 5;
inline constexpr int kMaxRowSlots = 1 + kMaxCircuitFeatures;

// An outer-totalistic rule for every 3x3 total T (0..9, the cell included): all ones where a
// dead cell with that total is born (birth) or a live one survives (keep).
struct CountRule {
  uint64_t birth[10] = {};
  uint64_t keep[10] = {};
};

// One band of rows stepped several generations: reads rows of `src` (and up to `generations`
// halo rows around the band, wrapped on a torus), writes rows [y0, y1) of `dst`. Row y's data
// starts at base + y * stride + kRowPad; both buffers hold rows in the engine's invariant form:
// cells past the width are zero, except that on a torus the guard bits hold the wrapped cells
// (bit 63 of the left guard word = cell width-1, the bit at x = width = cell 0).
struct BandJob {
  const uint64_t* src = nullptr;
  uint64_t* dst = nullptr;
  int64_t stride = 0;  // words from one row's start to the next
  int64_t width = 0;
  int64_t height = 0;
  int64_t words = 0;         // data words per row holding cells: ceil(width / 64)
  int64_t padded_words = 0;  // words rounded up to kWordMultiple
  int64_t y0 = 0, y1 = 0;
  int generations = 1;
  bool torus = false;
  // The rule of each phase (core/rule_phases.hpp); generation g of the pass is stepped with
  // phase (phase + g) % 2. With circuits set, every generation runs its phase's circuit;
  // otherwise the count rules apply, B3/S23's short evaluation when `life` is set.
  int phase = 0;
  bool life = true;
  CountRule counts[2];
  const Circuit* circuits[2] = {nullptr, nullptr};
  // band_scratch_words() words, 64-byte aligned, private to the calling thread.
  uint64_t* scratch = nullptr;
  // A row of `stride` zero words: the dead rows beyond a plane's edge.
  const uint64_t* zero = nullptr;
  // Rows of padded_words words, 64-byte aligned, that finish each computed row in registers
  // (a scalar read-back of a just-stored vector stalls the pipeline): `valid` has the bits of
  // cells inside the width, `ghost` the bit at x = width when it lies inside the padded words,
  // `last_cell` the bit of cell width-1.
  const uint64_t* valid = nullptr;
  const uint64_t* ghost = nullptr;
  const uint64_t* last_cell = nullptr;
};

// The inline helpers have internal linkage: this header is also compiled with -mavx2, and a
// shared out-of-line copy built that way must never be what the portable path calls.
namespace {

// Words of scratch run_band needs for `generations` generations per pass (any rule).
inline int64_t band_scratch_words(int generations, int64_t stride) {
  return int64_t(generations) * 3 * kMaxRowSlots * stride;
}

// Fills the three mask rows of BandJob (each padded_words long) for a width.
inline void make_row_masks(int64_t width, int64_t padded_words, uint64_t* valid, uint64_t* ghost,
                           uint64_t* last_cell) {
  for (int64_t j = 0; j < padded_words; ++j) valid[j] = ghost[j] = last_cell[j] = 0;
  for (int64_t x = 0; x < width; x += 64) {
    const int64_t n = width - x < 64 ? width - x : 64;
    valid[x >> 6] = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  }
  if ((width >> 6) < padded_words) ghost[width >> 6] = uint64_t{1} << (width & 63);
  last_cell[(width - 1) >> 6] = uint64_t{1} << ((width - 1) & 63);
}

// Brings a freshly written row into the invariant form described at BandJob.
inline void fix_row(uint64_t* row, int64_t width, int64_t words, int64_t padded_words, bool torus) {
  const int rem = int(width & 63);
  if (rem) row[words - 1] &= (uint64_t{1} << rem) - 1;
  for (int64_t j = words; j <= padded_words; ++j) row[j] = 0;
  row[-1] = 0;
  if (torus) {
    const uint64_t first = row[0] & 1u;
    const uint64_t last = (row[(width - 1) >> 6] >> ((width - 1) & 63)) & 1u;
    row[width >> 6] |= first << (width & 63);
    row[-1] = last << 63;
  }
}

}  // namespace

void run_band_portable(const BandJob& job);
#if GPULIFE_SIMD_AVX2
void run_band_avx2(const BandJob& job);
#endif
#if GPULIFE_SIMD_AVX512
void run_band_avx512(const BandJob& job);
#endif

}  // namespace gpulife::simd
