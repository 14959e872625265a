// The viewer's entry point: a window (or a headless EGL context), the main loop, screenshots.
#pragma once

#include "app/viewer/viewer_options.hpp"

namespace gpulife::app {

// Returns the process exit code; throws Error for failures the user can act on.
int run_viewer(const ViewerOptions& options);

}  // namespace gpulife::app
