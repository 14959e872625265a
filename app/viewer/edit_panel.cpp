// Edit panel (tools, undo, selection, paste) and the overlay (selection outline, paste preview,
// hovered cell).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <utility>

#include "app/viewer/panels.hpp"
#include "app/viewer/radio_row.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

std::string mib(size_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1 << 20));
  return buf;
}

// Buttons on one line, each handing its transform to `apply` (the selection's or the paste's).
void transform_buttons(std::initializer_list<std::pair<const char*, Transform>> buttons,
                       const std::function<void(Transform)>& apply) {
  bool first = true;
  for (const auto& [label, transform] : buttons) {
    if (!first) ImGui::SameLine();
    first = false;
    if (ImGui::Button(label)) apply(transform);
  }
}

}  // namespace

void edit_panel(EditState& e, const EditPanelActions& actions) {
  e.tool = radio_row(e.tool, {{"Draw (D)", EditTool::Draw},
                              {"Pick (P)", EditTool::Pick},
                              {"Select (S)", EditTool::Select}});

  const std::string undo_text =
      e.history.can_undo() ? "Undo " + e.history.undo_label() : std::string("Undo");
  const std::string redo_text =
      e.history.can_redo() ? "Redo " + e.history.redo_label() : std::string("Redo");
  ImGui::BeginDisabled(!e.history.can_undo());
  if (ImGui::Button(undo_text.c_str())) actions.undo();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!e.history.can_redo());
  if (ImGui::Button(redo_text.c_str())) actions.redo();
  ImGui::EndDisabled();
  int budget_mib = int(e.history.budget() >> 20);
  if (ImGui::SliderInt("undo memory", &budget_mib, 16, 4096, "%d MiB",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    e.history.set_budget(size_t(budget_mib) << 20);
  ImGui::TextDisabled("history: %zu undo, %zu redo, %s of %s", e.history.undo_count(),
                      e.history.redo_count(), mib(e.history.memory_used()).c_str(),
                      mib(e.history.budget()).c_str());

  ImGui::Separator();
  if (e.selection.empty()) {
    ImGui::TextDisabled("no selection (Select tool or Ctrl+A)");
  } else {
    ImGui::Text(
        "selection %lld x %lld at (%lld, %lld)", static_cast<long long>(e.selection.width()),
        static_cast<long long>(e.selection.height()), static_cast<long long>(e.selection.min_x),
        static_cast<long long>(e.selection.min_y));
  }
  if (ImGui::Button("All (Ctrl+A)")) actions.select_all();
  ImGui::SameLine();
  ImGui::BeginDisabled(e.selection.empty());
  if (ImGui::Button("None")) e.selection = {};
  ImGui::SameLine();
  if (ImGui::Button("Clear (Del)")) actions.clear();
  ImGui::SameLine();
  if (ImGui::Button("Outside")) actions.clear_outside();
  if (ImGui::Button("Random fill (5)")) actions.random_fill();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##density", &e.random_density, 0.0f, 1.0f, "density %.2f");
  transform_buttons({{"Rot CW (R)", Transform::RotateClockwise},
                     {"Rot CCW", Transform::RotateAnticlockwise},
                     {"Flip X", Transform::FlipHorizontal},
                     {"Flip Y", Transform::FlipVertical}},
                    actions.transform_selection);
  if (ImGui::Button("Copy (Ctrl+C)")) actions.copy();
  ImGui::SameLine();
  if (ImGui::Button("Cut (Ctrl+X)")) actions.cut();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Paste (Ctrl+V)")) actions.paste();
  int mode = int(e.paste_mode);
  const char* modes[] = {"copy", "or", "xor"};
  ImGui::Combo("paste mode", &mode, modes, 3);
  e.paste_mode = PasteMode(mode);
  if (e.paste) {
    const Box b = e.paste->bounding_box();
    ImGui::Text("pasting %lld x %lld: click to place", static_cast<long long>(b.width()),
                static_cast<long long>(b.height()));
    transform_buttons({{"Rotate", Transform::RotateClockwise},
                       {"Flip X##p", Transform::FlipHorizontal},
                       {"Flip Y##p", Transform::FlipVertical}},
                      actions.transform_paste);
    ImGui::SameLine();
    if (ImGui::Button("Cancel (Esc)")) actions.cancel_paste();
  }
}

void draw_edit_overlay(const EditState& e, const Simulation& sim, const Camera& camera) {
  if (!sim.active()) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const float sx = fb.x > 0 ? 1.0f / fb.x : 1.0f, sy = fb.y > 0 ? 1.0f / fb.y : 1.0f;
  // Camera works in framebuffer pixels, ImGui in window coordinates.
  auto to_screen = [&](double cx, double cy) {
    const Vec2d p = camera.cell_to_screen({cx, cy});
    return ImVec2(float(p.x) * sx, float(p.y) * sy);
  };
  if (!e.selection.empty()) {
    const ImVec2 a = to_screen(double(e.selection.min_x), double(e.selection.min_y));
    const ImVec2 b = to_screen(double(e.selection.max_x + 1), double(e.selection.max_y + 1));
    dl->AddRectFilled(a, b, IM_COL32(80, 160, 255, 40));
    dl->AddRect(a, b, IM_COL32(90, 170, 255, 230), 0.0f, 0, 1.5f);
  }
  if (e.paste) {
    const Pattern& p = *e.paste;
    const Box b = p.bounding_box();
    const double x0 = double(e.paste_at.x), y0 = double(e.paste_at.y);
    const ImVec2 a = to_screen(x0, y0);
    const ImVec2 c = to_screen(x0 + double(b.width()), y0 + double(b.height()));
    dl->AddRectFilled(a, c, IM_COL32(255, 200, 60, 35));
    dl->AddRect(a, c, IM_COL32(255, 200, 60, 220), 0.0f, 0, 1.5f);
    // Cells one by one while that stays cheap; a big paste shows as its outline only.
    const double zoom = camera.zoom();
    if (p.population() <= 50000 && zoom * sx >= 0.5) {
      const float inset = zoom * sx >= 4 ? 0.08f : 0.0f;
      for (const Cell& cell : p.cells()) {
        const double cx = x0 + double(cell.x - b.min_x), cy = y0 + double(cell.y - b.min_y);
        ImVec2 lo = to_screen(cx + inset, cy + inset),
               hi = to_screen(cx + 1 - inset, cy + 1 - inset);
        hi.x = std::max(hi.x, lo.x + 1);
        hi.y = std::max(hi.y, lo.y + 1);
        dl->AddRectFilled(lo, hi, IM_COL32(255, 190, 40, 150));
      }
    }
  } else if (e.hover_valid && e.tool != EditTool::Select && camera.zoom() * sx >= 4) {
    const ImVec2 a = to_screen(double(e.hover.x), double(e.hover.y));
    const ImVec2 b = to_screen(double(e.hover.x + 1), double(e.hover.y + 1));
    dl->AddRect(a, b, IM_COL32(255, 255, 255, 120));
  }
}

}  // namespace gpulife::app
