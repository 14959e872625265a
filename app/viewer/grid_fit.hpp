// Whether a grid can be held and drawn before the viewer tries: each engine's memory need
// (its own estimate plus the viewer's copies) against what is free on the host and the GPU, and
// the renderer's limit per state. No GL: the panels and the tests use the same figures.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "app/viewer/memory_probe.hpp"
#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

// The largest state buffer the renderer can draw (GridRenderer::kMaxStateBytes, checked there).
inline constexpr size_t kMaxDrawBytes = size_t{4} << 30;

struct FitLimits {
  MemoryProbe probe;
  size_t max_draw_bytes = 0;  // the most one state buffer may hold to be drawn; 0: no limit
};

struct FitCheck {
  GridSize size;
  bool gpu = false;         // the engine's state lives on the GPU
  double device_bytes = 0;  // GPU memory (GPU engines only)
  double host_bytes = 0;    // host memory: CPU engines' state and the viewer's copies
  std::optional<double> device_free, host_free;  // nullopt: cannot be told (assumed to fit)
  double drawn_bytes = 0;                        // one state as the renderer binds it
  bool fits = true;
  std::string why;  // when it does not fit: which limit, with the numbers
};

// The viewer keeps bit-packed copies of the grid on the host besides the engine's own state:
// the grid being loaded, and for CPU engines the worker's result, the snapshot, the upload's
// shadow and the GL buffer (counted on the host: it is there on software GL).
inline constexpr int kHostCopiesCpu = 5;
inline constexpr int kHostCopiesGpu = 2;

FitCheck check_fit(const EngineInfo& info, GridSize size, const FitLimits& limits);

// The largest grid between `minimum` and `wanted` (the aspect of `wanted` kept, sides rounded
// to multiples of 64 where that stays in range) that fits; nullopt when `minimum` does not.
std::optional<GridSize> largest_fit(const EngineInfo& info, GridSize wanted, GridSize minimum,
                                    const FitLimits& limits);

// For a clipped load: of the windows of `clip` cells tried over the pattern's bounding box
// (its top-left, top-right, bottom-left and bottom-right corners and its middle), the one
// holding the most live cells.
struct ClipWindow {
  Box window;
  uint64_t kept = 0;
  std::string where;  // "top-left", ..., "middle"
};
ClipWindow best_clip(const Pattern& pattern, GridSize clip);
// The part of a paste (a pattern whose box starts at (0, 0), `width` x `height`) with its top-left
// at `at` that lands inside a grid of `grid` cells, in the paste's coordinates; empty for none.
Box paste_window(int64_t width, int64_t height, Cell at, GridSize grid);
// The cells of `pattern` inside `window`, moved so the window starts at (0, 0); the metadata
// (name, rule, comments) is kept.
Pattern clip_pattern(const Pattern& pattern, const Box& window);

// "812 MiB", "19.3 GiB".
std::string format_bytes(double bytes);

}  // namespace gpulife::app
