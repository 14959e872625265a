// The ImGui panels, one file each; the control window stacks them down the left side. A panel
// gets the parts of the viewer's state it shows or changes, and the actions that act on the whole
// viewer as callbacks, which draw_control_window binds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

void draw_control_window(ViewerState& state);  // control_window.cpp

// engine_panel.cpp: engine choice, launch parameters; `end_run` closes the undo history's run
// before a switch.
void engine_panel(Simulation& sim, const std::function<void()>& end_run, const Report& report);

// run_panel.cpp: run/pause, step, pace, fits.
struct RunPanelActions {
  std::function<void()> toggle_running;
  std::function<void(uint64_t generations)> step;  // pauses instead while running
  std::function<void()> fit_pattern, fit_grid;     // animated
};
void run_panel(Simulation& sim, const Camera& camera, const RunPanelActions& actions);

// grid_panel.cpp: size, topology, rule; `edits` keeps the unapplied inputs (made when first shown).
struct GridPanelActions {
  std::function<bool(GridSize size, Topology topology)> recreate_grid;
  std::function<void(std::string_view text)> apply_rule;
  Report report;
};
void grid_panel(std::shared_ptr<GridPanelEdits>& edits, const Simulation& sim,
                const GridPanelActions& actions);
// The topologies the grid panel offers: plane, torus, both Klein bottles, the cross-surface and
// the sphere, and first the current one when it is none of those (a shifted torus, a tube).
std::vector<Topology> topology_choices(const Topology& current);

// stats_panel.cpp: live figures and history; it reads only the simulation and the frame's times.
void stats_panel(Simulation& sim, const FrameFigures& frame, float ui_scale);

// edit_panel.cpp: tools, undo, selection, paste.
struct EditPanelActions {
  std::function<void()> undo, redo;
  // On the selection.
  std::function<void()> select_all, clear, clear_outside, random_fill, copy, cut;
  std::function<void(Transform)> transform_selection;
  // The paste.
  std::function<void()> paste, cancel_paste;
  std::function<void(Transform)> transform_paste;
};
void edit_panel(EditState& edit, const EditPanelActions& actions);

// What the file panel and the file windows ask of the whole viewer.
struct FileActions {
  std::function<bool(const std::string& path)> load;
  std::function<bool(const std::string& path, bool selection_only)> save;
  std::function<void(const std::filesystem::path& path)> load_from_library;
  std::function<void(const std::filesystem::path& path)> paste;  // errors reported
  Report report;
};
// file_dialogs.cpp: open, save, library, help, recent.
void file_panel(EditState& edit, const FileActions& actions);

// compare_panel.cpp: start/stop, tiles, check interval; `sim` is the viewer's own simulation.
void compare_panel(Comparison& compare, Simulation& sim, CompareTiles& tiles, const Report& report);

// watch_panel.cpp: colours, graph, Identify, Track, stops; Identify looks at `selection` when
// there is one.
struct WatchPanelActions {
  std::function<void(ColourTheme)> set_theme;
  std::function<void()> identify, track_identified;
};
void watch_panel(WatchState& watch, Simulation& sim, const Box& selection,
                 const WatchPanelActions& actions);

// file_dialogs.cpp: the Open, Save, library and Help windows while shown, the library from `top`
// down; `dialogs` keeps their inputs (made when first shown) and `covered_right` gets where the
// library covers the right edge (framebuffer pixels, 0: nowhere).
void draw_file_windows(EditState& edit, std::shared_ptr<DialogState>& dialogs,
                       double& covered_right, float top, float ui_scale,
                       const FileActions& actions);
// edit_panel.cpp: the selection's outline, the paste's preview and the hovered cell.
void draw_edit_overlay(const EditState& edit, const Simulation& sim, const Camera& camera);
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
struct PromptActions {
  std::function<void(GrowChoice)> accept_grow;
  std::function<void()> accept_confirm, cancel_confirm;
  Report report;
};
void draw_prompts(EditState& edit, const Simulation& sim, const PromptActions& actions);
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
