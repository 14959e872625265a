// Run panel: run/pause, single step, pacing (auto, base^exponent generations per frame or a
// rate), fits.
#include <algorithm>

#include "app/viewer/panels.hpp"
#include "app/viewer/radio_row.hpp"
#include "imgui.h"

namespace gpulife::app {

void run_panel(Simulation& sim, const Camera& camera, const RunPanelActions& actions) {
  const float w = ImGui::GetContentRegionAvail().x;
  if (ImGui::Button(sim.running ? "Pause (Enter)" : "Run (Enter)", ImVec2(w * 0.5f, 0)))
    actions.toggle_running();
  if (ImGui::Button("Step 1 (Space)", ImVec2(w * 0.5f, 0))) actions.step(1);
  ImGui::SameLine();
  if (ImGui::Button("Step size (Tab)", ImVec2(-1, 0))) actions.step(sim.step_size());
  // Pacing: Auto fills the frame's step budget in whole passes; or a fixed step per frame; or a
  // rate. "0" toggles between the fastest (Auto) and what was set before.
  PaceSettings& pace = sim.pace;
  const PaceMode mode = radio_row(
      pace.mode,
      {{"auto", PaceMode::Auto}, {"gens/frame", PaceMode::PerFrame}, {"gens/s", PaceMode::Rate}});
  if (mode != pace.mode) {
    if (mode == PaceMode::PerFrame && pace.mode == PaceMode::Auto)
      pace.step = int(std::clamp<uint64_t>(sim.step_size(), 1, 4096));
    pace.mode = mode;
  }
  ImGui::SetNextItemWidth(-1);
  switch (pace.mode) {
    case PaceMode::Auto:
      ImGui::TextDisabled("%llu gens/frame in %.1f ms steps (0: back)",
                          static_cast<unsigned long long>(sim.figures().gens_per_frame),
                          sim.step_budget());
      break;
    case PaceMode::PerFrame: {
      // Golly's step exponent: base^exponent generations a frame, + and - (or the buttons)
      // multiply and divide by the base; below one generation a frame, a delay.
      if (ImGui::Button("-")) pace.slower(0);
      ImGui::SameLine();
      if (ImGui::Button("+")) pace.faster(0);
      ImGui::SameLine();
      ImGui::Text("step %s", pace.describe().c_str());
      int base = pace.exponent.base();
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.35f);
      if (ImGui::InputInt("base", &base, 1, 8)) pace.exponent.set_base(base);
      ImGui::SameLine();
      ImGui::Checkbox("hyperspeed", &pace.exponent.hyperspeed);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("raise the exponent every %d steps while the frame holds the step",
                          StepExponent::kHyperspeedSteps);
      ImGui::SetNextItemWidth(-1);
      ImGui::SliderInt("##step", &pace.step, 1, 4096, "%d gens/frame",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
      break;
    }
    case PaceMode::Rate: {
      float rate = float(pace.rate);
      if (ImGui::SliderFloat("##rate", &rate, 0.5f, 100000.0f, "%.1f gens/s",
                             ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
        pace.rate = rate;
      break;
    }
  }
  if (ImGui::Button("Fit pattern (F)")) actions.fit_pattern();
  ImGui::SameLine();
  if (ImGui::Button("Fit grid (Home)")) actions.fit_grid();
  ImGui::SameLine();
  ImGui::TextDisabled("%.3g px/cell", camera.zoom());
}

}  // namespace gpulife::app
