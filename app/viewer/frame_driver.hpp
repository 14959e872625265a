// The viewer's one frame loop, for a window and for headless EGL rendering alike: pacing the
// step into the frame, simulating, laying out the panels, drawing the tiles and the UI,
// screenshots, per-engine summaries and the exit report.
#pragma once

#include <string>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

// Where frames go: a desktop window or an offscreen framebuffer. The GL context is current.
class FrameSurface {
 public:
  virtual ~FrameSurface() = default;
  // The user closed the window.
  virtual bool closed() = 0;
  // Takes input; with `idle` (nothing on screen would change) a window sleeps until an event
  // arrives or `timeout_s` passes. Returns true if it slept and an event woke it.
  virtual bool take_events(bool idle, double timeout_s) = 0;
  virtual void framebuffer_size(int& width, int& height) = 0;
  // Starts the ImGui platform frame (when `imgui`) and binds the framebuffer to draw into.
  virtual void begin_frame(bool imgui, double dt) = 0;
  // Shows the frame (a window swaps; headless waits for the GPU, so timings are exact).
  virtual void end_frame() = 0;
  // Binds the finished frame for reading pixels.
  virtual void bind_for_read() = 0;
  virtual void set_title(const std::string& title) = 0;
  // Headless: per-frame timing lines and per-engine summaries on stdout.
  virtual bool reports_frames() const = 0;
};

// Frame time the step is paced into: about 60 frames a second, and 40 in compare mode where
// several engines and tiles share the frame.
inline constexpr double kFrameTargetMs = 16.0;
inline constexpr double kCompareFrameTargetMs = 25.0;

// Runs frames until the surface closes, the user quits, the script is finished or
// options.frames have been drawn; returns the exit code (1 when --verify found a mismatch).
int drive_frames(ViewerState& state, FrameSurface& surface, bool imgui);

}  // namespace gpulife::app
