// The menu bar: File, Edit, View, Control and Help from menu_commands(), each entry with its
// shortcut, File's recent files, and at the right the state: running or paused, generation,
// population and the cell under the cursor.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "app/viewer/menu_commands.hpp"
#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

void recent_menu(ViewerState& s) {
  if (!ImGui::BeginMenu("Open recent", !s.edit.recent.paths().empty())) return;
  std::optional<std::string> pick;
  for (const std::filesystem::path& p : s.edit.recent.paths()) {
    if (ImGui::MenuItem(p.filename().string().c_str())) pick = p.string();
    if (ImGui::IsItemHovered()) wrapped_tooltip(p.string());
  }
  ImGui::EndMenu();
  if (pick) load_file(s, *pick);
}

std::string status_text(const ViewerState& s) {
  const LiveFigures& f = s.sim.figures();
  char text[160];
  int n = std::snprintf(text, sizeof text, "%s   generation %" PRIu64,
                        s.sim.running ? "running" : "paused", f.generation);
  if (f.population_known)
    n += std::snprintf(text + n, sizeof text - size_t(n), "   population %" PRIu64, f.population);
  if (s.edit.hover_valid) {
    const Cell c = s.edit.hover;
    const bool inside = c.x >= 0 && c.y >= 0 && c.x < s.sim.width() && c.y < s.sim.height();
    std::snprintf(text + n, sizeof text - size_t(n), "   x %lld, y %lld%s",
                  static_cast<long long>(c.x), static_cast<long long>(c.y),
                  inside ? "" : " (outside the grid)");
  }
  return text;
}

}  // namespace

void draw_menu_bar(ViewerState& s) {
  // A script (the demo) draws its own captions over a bare view.
  if (!s.show_menu_bar || s.script || !ImGui::BeginMainMenuBar()) {
    s.menu_bar_height = 0;
    return;
  }
  void (*run)(ViewerState&) = nullptr;  // run after the menus close, as a key would
  for (std::string_view menu : menu_names()) {
    const std::string name(menu);
    // --menu holds one open for a screenshot (the popup ID is the one BeginMenu uses).
    if (s.options.script.open_menu == name) ImGui::OpenPopup(name.c_str());
    if (!ImGui::BeginMenu(name.c_str())) continue;
    for (const MenuCommand& c : menu_commands()) {
      if (c.menu != menu) continue;
      if (c.separator_before) ImGui::Separator();
      const std::string label(c.label), shortcut(c.shortcut);
      const bool enabled = !c.enabled || c.enabled(s);
      const bool checked = c.checked && c.checked(s);
      if (ImGui::MenuItem(label.c_str(), shortcut.empty() ? nullptr : shortcut.c_str(), checked,
                          enabled))
        run = c.run;
      if (menu == "File" && c.label == "Open...") recent_menu(s);
    }
    ImGui::EndMenu();
  }
  const std::string status = status_text(s);
  const float width = ImGui::CalcTextSize(status.c_str()).x;
  const float right =
      ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x - ImGui::GetStyle().ItemSpacing.x;
  if (right - width > ImGui::GetCursorPosX() + 20.0f) {
    ImGui::SameLine(right - width);
    ImGui::TextDisabled("%s", status.c_str());
  }
  s.menu_bar_height = double(ImGui::GetWindowSize().y) * ImGui::GetIO().DisplayFramebufferScale.y;
  ImGui::EndMainMenuBar();
  if (run) run(s);
}

float free_area_top(const ViewerState& s) {
  const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.y, 1e-3f);
  return float(s.menu_bar_height / scale) + 8.0f * s.ui_scale;
}

float free_area_left(const ViewerState& s) {
  const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 1e-3f);
  return s.show_panel ? float(s.panel_max.x / scale) : 0.0f;
}

}  // namespace gpulife::app
