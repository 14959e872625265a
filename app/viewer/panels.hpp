// The ImGui panels, one file each; the control window stacks them down the left side.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

void draw_control_window(ViewerState& state);  // control_window.cpp

void engine_panel(ViewerState& state);  // engine_panel.cpp: engine choice, launch parameters
void run_panel(ViewerState& state);     // run_panel.cpp: run/pause, step, pace
void grid_panel(ViewerState& state);    // grid_panel.cpp: size, topology, rule
// stats_panel.cpp: live figures and history; it reads only the simulation and the frame's times.
void stats_panel(Simulation& sim, const FrameFigures& frame, float ui_scale);
void edit_panel(ViewerState& state);  // edit_panel.cpp: tools, undo, selection, paste
void file_panel(ViewerState& state);  // file_dialogs.cpp: open, save, library, help, recent
// compare_panel.cpp: start/stop, tiles, check interval; `sim` is the viewer's own simulation.
void compare_panel(Comparison& compare, Simulation& sim, CompareTiles& tiles, const Report& report);
void watch_panel(ViewerState& state);  // watch_panel.cpp: colours, graph, Identify, Track, stops

// Floating windows and overlays drawn every frame (file_dialogs.cpp, edit_panel.cpp).
void draw_edit_windows(ViewerState& state);
void draw_edit_overlay(ViewerState& state);
// The menu bar along the top, with the cursor's cell and the figures at its right
// (menu_bar.cpp); it sets state.menu_bar_height.
void draw_menu_bar(ViewerState& state);
// Where windows and overlays start below the menu bar (in ImGui's units, a margin included), so
// that none covers the bar's figures.
float free_area_top(const ViewerState& state);
// Where the free area starts beside the panel (ImGui's units; 0 with the panel hidden).
float free_area_left(const ViewerState& state);
// Notices over the grid, centred in the free area right of `left`, from `top` down
// (notice_overlay.cpp).
void draw_notices(Notices& notices, float left, float top, float ui_scale);
// "Grow the grid?" with each choice's memory, and confirmations (prompts.cpp).
void draw_prompts(ViewerState& state);
// A tooltip wrapped to tooltip_width(), which always fits inside the window (tooltip.cpp).
void wrapped_tooltip(const std::string& text);
float tooltip_width();
// graph_window.cpp: the population graph, from the watch's samples and settings alone.
void draw_graph_window(WatchState& watch, float ui_scale);
// watch_panel.cpp: Identify's result, from `top` down; `track_it` follows an identified ship.
void draw_identify_window(WatchState& watch, float top, float ui_scale,
                          const std::function<void()>& track_it);
// watch_panel.cpp: the pattern's own description, its links copied with `set_clipboard`.
void draw_info_window(WatchState& watch, float top, float ui_scale,
                      const std::function<void(const std::string&)>& set_clipboard);
// compare_panel.cpp: live bars and agreement along the bottom, right of `left` (ImGui's units).
void draw_compare_window(Comparison& compare, Simulation& sim, CompareTiles& tiles, float left,
                         float ui_scale, const Report& report);
// compare_panel.cpp: the engine's name over each tile.
void draw_tile_labels(Comparison& compare, Simulation& sim, const CompareTiles& tiles);
// A plot of ms/generation (history_plot.cpp): scaled to the steady state, the limit marked;
// `colour` 0 takes the style's plot colour.
void draw_ms_history(const std::vector<float>& history, double limit_ms, float height,
                     unsigned int colour = 0);
// Writes compare mode's figures as a bar chart PNG (compare_panel.cpp); false with a message in
// the panel when it cannot.
bool export_compare_chart(Comparison& compare, Simulation& sim, const std::string& path,
                          const Report& report);

}  // namespace gpulife::app
