// Grid panel: re-create the grid at another size or topology (the pattern is kept, centred) and
// change the rule.
#include <array>
#include <cstdio>
#include <cstring>

#include "app/viewer/panels.hpp"
#include "core/error.hpp"
#include "core/rule.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

struct GridPanelEdits {
  int width = 0, height = 0;
  int topology = 0;
  char rule[256] = "";  // MAP rules take 89 characters
  bool initialised = false;
};

}  // namespace

void grid_panel(ViewerState& s) {
  static GridPanelEdits e;  // the panel's unapplied inputs
  if (!e.initialised || (!ImGui::IsAnyItemActive() && e.width == 0)) {
    e.width = int(s.sim.width());
    e.height = int(s.sim.height());
    e.topology = s.sim.topology() == Topology::Torus ? 1 : 0;
    std::snprintf(e.rule, sizeof e.rule, "%s", s.sim.rule().to_string().c_str());
    e.initialised = true;
  }
  ImGui::Text("grid %lld x %lld, %s", static_cast<long long>(s.sim.width()),
              static_cast<long long>(s.sim.height()),
              s.sim.topology() == Topology::Torus ? "torus" : "plane");
  static constexpr std::array<int, 9> kSides = {256,  512,   1024,  2048, 4096,
                                                8192, 16384, 32768, 65536};
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  if (ImGui::BeginCombo("##preset", "size preset")) {
    for (int side : kSides) {
      const std::string label = std::to_string(side) + " x " + std::to_string(side);
      if (ImGui::Selectable(label.c_str())) e.width = e.height = side;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  const char* topologies[] = {"plane", "torus"};
  ImGui::SetNextItemWidth(-1);
  ImGui::Combo("##topology", &e.topology, topologies, 2);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  ImGui::InputInt("##w", &e.width, 0, 0);
  ImGui::SameLine();
  ImGui::TextUnformatted("x");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::InputInt("##h", &e.height, 0, 0);
  if (ImGui::Button("Re-create grid (keeps the pattern)")) {
    try {
      history_end_run(s);
      s.sim.recreate({e.width, e.height}, e.topology ? Topology::Torus : Topology::Plane);
      history_reset(s);  // the cells moved: old patches no longer line up
      cancel_paste(s);
      fit_grid(s, true);
      s.report("grid re-created: " + std::to_string(e.width) + " x " + std::to_string(e.height));
    } catch (const std::exception& ex) {
      s.report(ex.what(), true);
    }
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  const bool enter =
      ImGui::InputText("##rule", e.rule, sizeof e.rule, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ImGui::Button("Apply rule") || enter) {
    try {
      const RuleSpec spec = parse_rule(e.rule);
      s.sim.set_rule(spec.rule);
      std::snprintf(e.rule, sizeof e.rule, "%s", spec.rule.to_string().c_str());
      s.report("rule " + spec.rule.to_string());
    } catch (const std::exception& ex) {
      s.report(ex.what(), true);
    }
  }
  if (ImGui::BeginCombo("##known", "known rules")) {
    for (const NamedRuleEntry& known : well_known_rules()) {
      const std::string name(known.rule);
      std::string label = name;
      if (!known.name.empty()) label += "  " + std::string(known.name);
      if (ImGui::Selectable(label.c_str())) {
        std::snprintf(e.rule, sizeof e.rule, "%s", name.c_str());
        try {
          s.sim.set_rule(parse_rule(name).rule);
          s.report("rule " + name);
        } catch (const std::exception& ex) {
          s.report(ex.what(), true);
        }
      }
    }
    ImGui::EndCombo();
  }
}

}  // namespace gpulife::app
