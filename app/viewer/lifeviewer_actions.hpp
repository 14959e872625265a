// A pattern's LifeViewer script (core/lifeviewer_script.hpp) applied to the viewer when the pattern
// is opened: AUTOSTART, GPS and STEP (the pace), STOP at once; ZOOM, X and Y (the view), AUTOFIT
// and TRACK once the next frame has placed the camera. What the command line asks for at start-up
// wins over the file's script; a notice says what was applied and what gpulife does not do.
#pragma once

#include <string>
#include <vector>

#include "core/lifeviewer_script.hpp"

namespace gpulife::app {

struct ViewerState;

// What waits for the next frame's camera.
struct PendingLifeViewerScript {
  LifeViewerScript script;
  bool startup = false;  // the pattern of the command line (its options win)
};

// Reads the script in a pattern's comments, applies the pace, running and stop, and leaves the
// rest pending.
void take_lifeviewer_script(ViewerState& s, const std::vector<std::string>& comments, bool startup);
// Once a frame, after the first frame's fit: the pending view, Autofit and Track.
void apply_pending_lifeviewer_script(ViewerState& s);

}  // namespace gpulife::app
