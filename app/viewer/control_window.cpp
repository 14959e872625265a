// The control window: the menu bar, the panels stacked on the left below it, and the windows
// and notices over the grid. The panels' actions on the whole viewer are bound here.
#include <algorithm>
#include <filesystem>

#include "app/viewer/panels.hpp"
#include "core/pattern_io.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

// `action(s)` as a callback for a panel.
template <typename Action>
auto on_viewer(ViewerState& s, Action action) {
  return [&s, action] { action(s); };
}

// The panels stacked down the left side, and the screen area they cover.
void draw_panels(ViewerState& s, const FileActions& files, const Report& report) {
  const float pad = 8.0f * s.ui_scale;
  const float width = 340.0f * s.ui_scale;
  const float top = free_area_top(s);
  ImGui::SetNextWindowPos(ImVec2(pad, top), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0),
                                      ImVec2(width, ImGui::GetIO().DisplaySize.y - top - pad));
  ImGui::SetNextWindowBgAlpha(0.90f);
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse;
  if (ImGui::Begin("gpulife", nullptr, flags)) {
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.58f);
    file_panel(s.edit, files);
    stats_panel(s.sim, s.frame, s.ui_scale);
    if (ImGui::CollapsingHeader("Run", ImGuiTreeNodeFlags_DefaultOpen))
      run_panel(s.sim, s.camera,
                {.toggle_running = on_viewer(s, toggle_running),
                 .step = [&s](uint64_t generations) { step_once(s, generations); },
                 .fit_pattern = [&s] { fit_pattern(s, true); },
                 .fit_grid = [&s] { fit_grid(s, true); }});
    if (ImGui::CollapsingHeader("Edit", ImGuiTreeNodeFlags_DefaultOpen))
      edit_panel(s.edit, {.undo = on_viewer(s, undo),
                          .redo = on_viewer(s, redo),
                          .select_all = on_viewer(s, select_all),
                          .clear = on_viewer(s, clear_selected),
                          .clear_outside = on_viewer(s, clear_outside_selected),
                          .random_fill = on_viewer(s, random_fill_selected),
                          .copy = on_viewer(s, copy_selected),
                          .cut = on_viewer(s, cut_selected),
                          .transform_selection = [&s](Transform t) { transform_selected(s, t); },
                          .paste = on_viewer(s, paste_from_clipboard),
                          .cancel_paste = on_viewer(s, cancel_paste),
                          .transform_paste = [&s](Transform t) { transform_paste(s, t); }});
    if (ImGui::CollapsingHeader("Engine"))
      engine_panel(s.sim, on_viewer(s, history_end_run), report);
    if (ImGui::CollapsingHeader("Compare engines",
                                s.compare.active() ? ImGuiTreeNodeFlags_DefaultOpen : 0))
      compare_panel(s.compare, s.sim, s.tiles, report);
    if (ImGui::CollapsingHeader("Grid and rule", ImGuiTreeNodeFlags_DefaultOpen))
      grid_panel(
          s.grid_edits, s.sim,
          {.recreate_grid = [&s](GridSize size,
                                 Topology topology) { return recreate_grid(s, size, topology); },
           .apply_rule = [&s](std::string_view text) { apply_rule_text(s, text); },
           .report = report});
    if (ImGui::CollapsingHeader("Watch", ImGuiTreeNodeFlags_DefaultOpen))
      watch_panel(s.watch, s.sim, s.edit.selection,
                  {.set_theme = [&s](ColourTheme theme) { set_theme(s, theme); },
                   .identify = on_viewer(s, identify_now),
                   .track_identified = on_viewer(s, track_identified)});
    ImGui::PopItemWidth();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped(
        "F1 keyboard map. Left button edits (D draw, P pick, S select); drag with the right "
        "button (or Space + left) to pan, wheel to zoom");
    ImGui::PopStyleColor();
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    // Panel extent in framebuffer pixels (ImGui works in window coordinates).
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    s.panel_min = {pos.x * scale.x, pos.y * scale.y};
    s.panel_max = {(pos.x + size.x + pad) * scale.x, (pos.y + size.y) * scale.y};
  }
  ImGui::End();
}

}  // namespace

void draw_control_window(ViewerState& s) {
  const Report report = s.reporter();
  const FileActions files{
      .load = [&s](const std::string& path) { return load_file(s, path); },
      .save = [&s](const std::string& path,
                   bool selection_only) { return save_file(s, path, selection_only); },
      .load_from_library = [&s](const std::filesystem::path& path) { load_from_library(s, path); },
      .paste =
          [&s](const std::filesystem::path& path) {
            s.attempt([&] { begin_paste(s, load_pattern_file(path)); });
          },
      .report = report};
  draw_menu_bar(s);
  draw_tile_labels(s.compare, s.sim, s.tiles);
  draw_compare_window(s.compare, s.sim, s.tiles, free_area_left(s), s.ui_scale, report);
  draw_graph_window(s.watch, s.ui_scale);
  draw_identify_window(s.watch, free_area_top(s), s.ui_scale, on_viewer(s, track_identified));
  draw_info_window(s.watch, free_area_top(s), s.ui_scale, s.edit.set_clipboard);
  if (s.show_panel) {
    draw_panels(s, files, report);
  } else {
    s.panel_min = s.panel_max = {0, 0};
  }
  draw_file_windows(s.edit, s.dialogs, s.covered_right, free_area_top(s), s.ui_scale, files);
  draw_prompts(s.edit, s.sim,
               {.accept_grow = [&s](GrowChoice choice) { accept_grow(s, choice); },
                .accept_confirm = on_viewer(s, accept_confirm),
                .cancel_confirm = on_viewer(s, cancel_confirm),
                .report = report});
  draw_notices(s.notices, free_area_left(s), free_area_top(s), s.ui_scale);
  draw_edit_overlay(s.edit, s.sim, s.camera);
}

}  // namespace gpulife::app
