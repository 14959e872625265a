// Engine panel: pick any registered engine (switching live, state kept) and tune its launch
// parameters within their valid ranges.
#include <algorithm>
#include <bit>

#include "app/engines.hpp"
#include "app/viewer/panels.hpp"
#include "core/engine.hpp"
#include "core/error.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

int snap_to_rule(const ParamInfo& p, int v) {
  v = std::clamp(v, p.min, p.max);
  if (p.power_of_two) {
    const unsigned u = std::bit_floor(unsigned(std::max(v, 1)));
    const unsigned up = u << 1;
    v = (int(up) <= p.max && (int(up) - v) < (v - int(u))) ? int(up) : int(u);
    v = std::max(v, p.min);
  }
  if (p.multiple_of > 1) v = std::max(p.min, v / p.multiple_of * p.multiple_of);
  return v;
}

}  // namespace

void engine_panel(Simulation& sim, const std::function<void()>& end_run, const Report& report) {
  EngineRegistry& registry = engine_registry();
  if (!cuda_device_available()) {
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "CPU engines (no CUDA device)");
  } else {
    ImGui::TextWrapped("%s", compute_device_summary().c_str());
  }
  const std::string current = sim.engine_name();
  if (ImGui::BeginCombo("engine", current.c_str())) {
    for (const EngineInfo& info : registry.engines()) {
      const std::string why = registry.unavailable_reason(info.name);
      const std::string label = info.name + (info.gpu ? "  (GPU, " : "  (CPU, ") +
                                std::string(to_string(info.layout)) + ")";
      if (!why.empty()) ImGui::BeginDisabled();
      if (ImGui::Selectable(label.c_str(), info.name == current) && info.name != current) {
        try {
          end_run();
          // The undo history stays: its snapshots and patches hold for any engine, and the
          // new engine counts on from the same generation.
          sim.switch_engine(info.name);
          report("switched to " + info.name + " at generation " + std::to_string(sim.generation()),
                 false);
        } catch (const std::exception& e) {
          report(e.what(), true);
        }
      }
      if (!why.empty()) ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        wrapped_tooltip(info.description + (why.empty() ? "" : "\n") + why);
    }
    ImGui::EndCombo();
  }
  if (!sim.active()) return;
  const std::vector<ParamInfo> infos = sim.backend().param_info();
  if (infos.empty()) {
    ImGui::TextDisabled("no launch parameters");
    return;
  }
  Params params = sim.backend().params();
  bool changed = false;
  for (const ParamInfo& p : infos) {
    int v = params.count(p.name) ? params[p.name] : p.default_value;
    bool picked = false;
    if (!p.allowed.empty()) {
      // Only the values there are kernels for: a list, not a slider that lands between them.
      if (ImGui::BeginCombo(p.name.c_str(), std::to_string(v).c_str())) {
        for (int a : p.allowed)
          if (ImGui::Selectable(std::to_string(a).c_str(), a == v)) {
            v = a;
            picked = true;
          }
        ImGui::EndCombo();
      }
    } else {
      const ImGuiSliderFlags flags =
          p.max / std::max(p.min, 1) >= 64 ? ImGuiSliderFlags_Logarithmic : 0;
      picked = ImGui::SliderInt(p.name.c_str(), &v, p.min, p.max, "%d", flags);
      if (picked) v = snap_to_rule(p, v);
    }
    if (picked && v != params[p.name]) {
      params[p.name] = v;
      changed = true;
    }
    if (ImGui::IsItemHovered()) wrapped_tooltip(p.description + "\nvalid: " + describe_params({p}));
  }
  if (changed) {
    try {
      sim.set_params(params);
    } catch (const std::exception& e) {
      report(e.what(), true);
    }
  }
}

}  // namespace gpulife::app
