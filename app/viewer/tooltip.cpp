// Tooltips wrapped to a width that always fits beside the cursor, so ImGui can keep them inside
// the window (it moves a tooltip only as far as the window's edge, never shrinks it).
#include <algorithm>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

float tooltip_width() {
  const float display = ImGui::GetIO().DisplaySize.x;
  return std::max(120.0f, std::min(ImGui::GetFontSize() * 30.0f, display * 0.45f));
}

void wrapped_tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(tooltip_width());
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace gpulife::app
