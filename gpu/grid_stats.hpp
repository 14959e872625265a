// Counting a bit-packed device state for the population graph, stop conditions and Track:
// population, births/deaths against the generation before, live bounds and the shape hash,
// each by a reduction on the device; only the few totals cross to the host (plain C++).
#pragma once

#include <cstdint>

#include "core/cell_stats.hpp"
#include "gpu/device_buffer.hpp"

namespace gpulife::gpu {

// Rows of 64-bit words (bit i of word j in row y is cell 64j + i), bits past the width zero;
// row y starts at words + y * pitch_words.
struct BitGridView {
  const uint64_t* words = nullptr;
  int64_t pitch_words = 0;
  int64_t width = 0;
  int64_t height = 0;
};

// The figures of core/cell_stats.hpp for `now`: births and deaths against `previous` (the same
// layout) when it is given, bounds and shape hash when `shape`. Launches on `stream` (a
// cudaStream_t; 0 = default) and waits for the result; `scratch` is reused between calls.
CellStats count_cells(const BitGridView& now, const uint64_t* previous, bool shape, void* stream,
                      DeviceBuffer& scratch);

}  // namespace gpulife::gpu
