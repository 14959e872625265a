// Run panel: run/pause, single step, generations per frame, target rate or uncapped.
#include <algorithm>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

void run_panel(ViewerState& s) {
  const float w = ImGui::GetContentRegionAvail().x;
  if (ImGui::Button(s.sim.running ? "Pause (Enter)" : "Run (Enter)", ImVec2(w * 0.5f, 0)))
    toggle_running(s);
  if (ImGui::Button("Step 1 (Space)", ImVec2(w * 0.5f, 0))) step_once(s, 1);
  ImGui::SameLine();
  if (ImGui::Button("Step size (Tab)", ImVec2(-1, 0)))
    step_once(s, uint64_t(std::max(1, s.sim.gens_per_frame)));
  ImGui::SliderInt("gens/frame", &s.sim.gens_per_frame, 1, 4096, "%d",
                   ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  ImGui::Checkbox("limit rate", &s.sim.limit_rate);
  if (s.sim.limit_rate) {
    ImGui::SameLine();
    float rate = float(s.sim.target_rate);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##rate", &rate, 0.5f, 10000.0f, "%.1f gens/s",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
      s.sim.target_rate = rate;
  } else {
    ImGui::SameLine();
    ImGui::TextDisabled("uncapped: gens/frame each frame");
  }
  if (ImGui::Button("Fit pattern (F)")) fit_pattern(s, true);
  ImGui::SameLine();
  if (ImGui::Button("Fit grid (Home)")) fit_grid(s, true);
  ImGui::SameLine();
  ImGui::TextDisabled("%.3g px/cell", s.camera.zoom());
}

}  // namespace gpulife::app
