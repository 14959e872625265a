// The viewer's entry point: a window (or a headless EGL context), the main loop, screenshots.
#pragma once

#include <memory>

#include "app/viewer/viewer_options.hpp"
#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

// Returns the process exit code; throws Error for failures the user can act on.
// With a script, the viewer runs until the script is finished (or the window closes).
int run_viewer(const ViewerOptions& options, std::unique_ptr<FrameScript> script = nullptr);

}  // namespace gpulife::app
