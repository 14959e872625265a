// What the renderer needs to know about the buffer holding the grid's current state. Buffers are
// named by their GL object names (32-bit), so that this header needs no GL.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/engine.hpp"

namespace gpulife::app {

// What the renderer asks of a grid held in no one buffer (bands on several GPUs): the part under
// the camera, as cells (level < 0) or as live-cell counts of blocks of (16 << level) cells a side
// (the density pyramid's levels). Coordinates are in those units, [x0, x1) x [y0, y1), on the grid.
struct RegionRequest {
  int level = -1;
  int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool operator==(const RegionRequest&) const = default;
};

// The answer: a buffer of bit-packed rows (cells; x0 a multiple of 64) or of uint32 counts.
struct RegionData {
  uint32_t buffer = 0;  // GL buffer object name
  size_t buffer_bytes = 0;
  int64_t x0 = 0, y0 = 0;         // grid position of the first element, in the request's units
  int64_t width = 0, height = 0;  // elements per row, rows
  size_t row_pitch_bytes = 0;
};

class RegionSource {
 public:
  virtual ~RegionSource() = default;
  // Called once per draw with the view's current version; the buffer stays valid until the next
  // call. Throws Error when the region cannot be had.
  virtual RegionData fetch(const RegionRequest& request) = 0;
};

struct GridView {
  uint32_t buffer = 0;  // GL buffer object name of the state
  size_t buffer_bytes = 0;
  size_t offset_bytes = 0;  // where row 0 starts in the buffer
  CellLayout layout = CellLayout::BitPacked;
  size_t row_pitch_bytes = 0;
  int64_t width = 0;
  int64_t height = 0;
  Topology topology = Topology::Plane;
  // Changes whenever the cells may have changed (derived data such as the density pyramid is
  // rebuilt only then).
  uint64_t version = 0;
  // The buffer holds the complement of the true cells (B0 rules, GpuEngine::stored_inverted()).
  bool inverted = false;
  // Set for grids in no one buffer (`buffer` is then 0): the renderer fetches what it draws.
  RegionSource* regions = nullptr;
  // The history plane (cells ever alive), bit-packed rows of history_pitch_bytes; no buffer
  // when history colouring is off.
  uint32_t history_buffer = 0;
  size_t history_bytes = 0;
  size_t history_pitch_bytes = 0;
  // Generation of the state in the buffer (age colouring counts the generations between draws).
  uint64_t generation = 0;
};

}  // namespace gpulife::app
