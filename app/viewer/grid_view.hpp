// What the renderer needs to know about the buffer holding the grid's current state.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>

#include "core/engine.hpp"

namespace gpulife::app {

struct GridView {
  GLuint buffer = 0;  // GL buffer object holding the state
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
  // The history plane (cells ever alive), bit-packed rows of history_pitch_bytes; no buffer
  // when history colouring is off.
  GLuint history_buffer = 0;
  size_t history_bytes = 0;
  size_t history_pitch_bytes = 0;
  // Generation of the state in the buffer (age colouring counts the generations between draws).
  uint64_t generation = 0;
};

}  // namespace gpulife::app
