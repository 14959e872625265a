// Live figures: ms/generation (GPU events for GPU engines), % of the bandwidth limit with the
// limit itself, Gcell/s, generation, population, frame time, and a history plot of ms/generation.
#include <algorithm>
#include <cinttypes>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

void stats_panel(Simulation& sim, const FrameFigures& frame, float ui_scale) {
  const LiveFigures& f = sim.figures();
  ImGui::Text("%s  %s", sim.engine_name().c_str(), sim.running ? "running" : "paused");
  ImGui::Text("generation %" PRIu64, f.generation);
  ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f);
  if (f.population_known) {
    ImGui::Text("pop %" PRIu64, f.population);
  } else {
    ImGui::TextDisabled("pop -");
  }
  if (f.ms_per_generation > 0) {
    ImGui::Text("%.4g ms/gen", f.ms_per_generation);
    ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f);
    ImGui::Text(f.gcells_per_second >= 100 ? "%.0f Gcell/s" : "%.3g Gcell/s", f.gcells_per_second);
    ImGui::Text("%.1f%% of %.0f GB/s limit", f.percent_of_limit, f.limit_gbytes_per_second);
    if (ImGui::IsItemHovered())
      wrapped_tooltip("limit: " + f.limit_source +
                      "\n(bytes one generation must move / ms per generation)");
  } else {
    ImGui::TextDisabled("ms/gen: not stepped yet");
    ImGui::TextDisabled("%% of limit: -");
  }
  ImGui::Text("%.0f gens/s, %llu/frame", f.generations_per_second,
              static_cast<unsigned long long>(f.gens_per_frame));
  ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f);
  ImGui::Text("frame %.1f ms", frame.frame_ms);
  ImGui::TextDisabled("draw %.2f ms GPU", frame.render_gpu_ms);
  if (frame.upload_ms > 0) {
    ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.55f);
    ImGui::TextDisabled("upload %.3f ms", frame.upload_ms);
  }
  if (sim.active()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("state: %s", sim.backend().memory_description().c_str());
    ImGui::PopStyleColor();
  }
  draw_ms_history(sim.ms_history(), f.limit_ms_per_generation, 56.0f * ui_scale);
}

}  // namespace gpulife::app
