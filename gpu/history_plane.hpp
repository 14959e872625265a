// The history plane of GPU engines: a bit-packed device buffer that collects every cell ever
// alive (LifeHistory's "history" colouring), ORed after each generation (plain C++).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/engine.hpp"

namespace gpulife::gpu {

// Where a history plane lives: rows of pitch_bytes (a multiple of 8, at least 8 * ceil(width /
// 64)), bit i of word j in row y is cell (64j + i, y).
struct HistoryPlane {
  uint64_t* words = nullptr;
  size_t pitch_bytes = 0;
  explicit operator bool() const { return words != nullptr; }
};

// ORs the state in `state` (bit-packed rows or bytes of `state_pitch` bytes, as `layout` says)
// into the plane, on `stream` (a cudaStream_t); asynchronous.
void or_into_history(const void* state, CellLayout layout, size_t state_pitch, int64_t width,
                     int64_t height, const HistoryPlane& plane, void* stream);

}  // namespace gpulife::gpu
