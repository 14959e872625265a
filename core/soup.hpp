// The random soup's bits, one definition for Grid::randomize and the device generators, so a
// soup built band by band on the GPUs equals the one built on the host from the same seed.
#pragma once

#include <cstdint>

#include "core/hash.hpp"

namespace gpulife::soup {

// How a density becomes bits: every cell alive, one draw per 64-cell word (density 1/2), or one
// draw per cell compared with a threshold.
enum class Mode : uint8_t { Threshold, Half, All };

struct Density {
  Mode mode = Mode::Threshold;
  uint64_t threshold = 0;  // a cell is alive when its draw is below this (Mode::Threshold)
};

// `density` in [0, 1]; values outside are clamped.
inline Density density_of(double density) {
  if (density >= 1.0) return {Mode::All, 0};
  if (density == 0.5) return {Mode::Half, 0};
  if (density <= 0.0) return {Mode::Threshold, 0};
  return {Mode::Threshold, uint64_t(density * 18446744073709551615.0)};
}

// Word `index` (row * words_per_row + word, counted over the whole grid) of the soup from
// `seed`; the caller masks the bits past the width in the last word of a row.
GPULIFE_HD uint64_t word(uint64_t seed, Density d, uint64_t index) {
  if (d.mode == Mode::All) return ~uint64_t{0};
  if (d.mode == Mode::Half) return hash::mix64(seed ^ hash::mix64(index));
  uint64_t w = 0;
  for (int b = 0; b < 64; ++b) {
    const uint64_t r = hash::mix64(seed ^ hash::mix64(index * 64 + uint64_t(b)));
    if (r < d.threshold) w |= uint64_t{1} << b;
  }
  return w;
}

}  // namespace gpulife::soup
