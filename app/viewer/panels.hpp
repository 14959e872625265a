// The ImGui panels, one file each; the control window stacks them down the left side.
#pragma once

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

void draw_control_window(ViewerState& state);  // control_window.cpp

void engine_panel(ViewerState& state);  // engine_panel.cpp: engine choice, launch parameters
void run_panel(ViewerState& state);     // run_panel.cpp: run/pause, step, pace
void grid_panel(ViewerState& state);    // grid_panel.cpp: size, topology, rule
void stats_panel(ViewerState& state);   // stats_panel.cpp: live figures and history

}  // namespace gpulife::app
