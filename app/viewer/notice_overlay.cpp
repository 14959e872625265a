// Draws the notices at the top of the grid's free area, newest first: errors in red with a
// button to dismiss them (Esc does too), other notices fading out after a few seconds.
#include <algorithm>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

void draw_notices(Notices& notices, float left, float top, float ui_scale) {
  ImGuiIO& io = ImGui::GetIO();
  notices.tick(io.DeltaTime);
  if (notices.items().empty()) return;
  const float width = std::min(ImGui::GetFontSize() * 36.0f, io.DisplaySize.x - left - 16.0f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_AlwaysAutoResize;
  std::optional<uint64_t> dismiss;
  float y = top;
  const auto& items = notices.items();
  for (auto it = items.rbegin(); it != items.rend(); ++it) {  // newest at the top
    const Notice& n = *it;
    const bool error = n.kind == NoticeKind::Error;
    // Info notices fade over their last second.
    const float alpha =
        error ? 1.0f : std::clamp(float(Notices::kInfoSeconds - n.age), 0.0f, 1.0f) * 0.8f + 0.2f;
    ImGui::SetNextWindowPos(ImVec2(left + (io.DisplaySize.x - left) * 0.5f, y), ImGuiCond_Always,
                            ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(std::max(width, 120.0f), 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, error ? ImVec4(0.30f, 0.06f, 0.06f, 0.95f * alpha)
                                                   : ImVec4(0.07f, 0.10f, 0.16f, 0.90f * alpha));
    ImGui::PushStyleColor(ImGuiCol_Border, error ? ImVec4(0.95f, 0.35f, 0.3f, alpha)
                                                 : ImVec4(0.4f, 0.55f, 0.8f, 0.6f * alpha));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
    const std::string name = "##notice" + std::to_string(n.id);
    if (ImGui::Begin(name.c_str(), nullptr, flags)) {
      ImGui::PushStyleColor(ImGuiCol_Text, error ? ImVec4(1.0f, 0.82f, 0.78f, alpha)
                                                 : ImVec4(0.82f, 0.9f, 1.0f, alpha));
      const float button = ImGui::GetFrameHeight();
      const std::string repeat = n.count > 1 ? " (" + std::to_string(n.count) + "x)" : "";
      ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - button - 8.0f);
      ImGui::TextWrapped("%s%s%s", error ? "Error: " : "", n.text.c_str(), repeat.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - button);
      if (ImGui::SmallButton("x")) dismiss = n.id;
      if (ImGui::IsItemHovered()) wrapped_tooltip(error ? "dismiss (Esc)" : "dismiss");
      y += ImGui::GetWindowSize().y + 4.0f * ui_scale;
    }
    ImGui::End();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(2);
  }
  if (dismiss) notices.dismiss(*dismiss);
}

}  // namespace gpulife::app
