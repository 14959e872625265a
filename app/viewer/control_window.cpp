// The control window: the menu bar, the panels stacked on the left below it, and the windows
// and notices over the grid.
#include <algorithm>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

void draw_control_window(ViewerState& s) {
  const Report report = s.reporter();
  draw_menu_bar(s);
  draw_tile_labels(s.compare, s.sim, s.tiles);
  draw_compare_window(s.compare, s.sim, s.tiles, free_area_left(s), s.ui_scale, report);
  draw_graph_window(s.watch, s.ui_scale);
  draw_identify_window(s.watch, free_area_top(s), s.ui_scale, [&s] { track_identified(s); });
  draw_info_window(s.watch, free_area_top(s), s.ui_scale, s.edit.set_clipboard);
  if (!s.show_panel) {
    s.panel_min = s.panel_max = {0, 0};
    draw_edit_windows(s);
    return;
  }
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
    file_panel(s);
    stats_panel(s.sim, s.frame, s.ui_scale);
    if (ImGui::CollapsingHeader("Run", ImGuiTreeNodeFlags_DefaultOpen)) run_panel(s);
    if (ImGui::CollapsingHeader("Edit", ImGuiTreeNodeFlags_DefaultOpen)) edit_panel(s);
    if (ImGui::CollapsingHeader("Engine")) engine_panel(s);
    if (ImGui::CollapsingHeader("Compare engines",
                                s.compare.active() ? ImGuiTreeNodeFlags_DefaultOpen : 0))
      compare_panel(s.compare, s.sim, s.tiles, report);
    if (ImGui::CollapsingHeader("Grid and rule", ImGuiTreeNodeFlags_DefaultOpen)) grid_panel(s);
    if (ImGui::CollapsingHeader("Watch", ImGuiTreeNodeFlags_DefaultOpen)) watch_panel(s);
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
  draw_edit_windows(s);
}

}  // namespace gpulife::app
