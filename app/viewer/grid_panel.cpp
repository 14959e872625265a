// Grid panel: re-create the grid at another size or topology (the pattern is kept, centred) and
// change the rule.
#include <array>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "app/viewer/panels.hpp"
#include "core/rule.hpp"
#include "imgui.h"

namespace gpulife::app {

// The grid panel's unapplied inputs, kept between frames by the viewer that shows it.
struct GridPanelEdits {
  int width = 0, height = 0;
  Topology topology;
  char rule[256] = "";  // MAP rules take 89 characters
  bool initialised = false;
  std::string shown_rule;  // what the inputs were last filled from
  int64_t shown_width = 0, shown_height = 0;
};

namespace {

// Short enough for the combo: the command line's names, the whole description for the rest.
std::string topology_label(const Topology& t) {
  if (t == Topology::Plane || t == Topology::Torus) return to_string(t);
  if (t.shift == 0 && !t.open_x && !t.open_y) {
    if (t.kind == TopologyKind::KleinBottle)
      return t.edges == EdgePair::Horizontal ? "klein" : "klein-vertical";
    if (t.kind == TopologyKind::CrossSurface) return "cross-surface";
    if (t.kind == TopologyKind::Sphere) return "sphere";
  }
  return to_string(t);
}

}  // namespace

std::vector<Topology> topology_choices(const Topology& current) {
  std::vector<Topology> choices = {Topology::Plane,
                                   Topology::Torus,
                                   {TopologyKind::KleinBottle, EdgePair::Horizontal},
                                   {TopologyKind::KleinBottle, EdgePair::Vertical},
                                   {TopologyKind::CrossSurface},
                                   {TopologyKind::Sphere}};
  // A shifted torus or Klein bottle, or a tube, from a file or a rule suffix stays on offer.
  bool listed = false;
  for (const Topology& t : choices) listed = listed || t == current;
  if (!listed) choices.insert(choices.begin(), current);
  return choices;
}

void grid_panel(std::shared_ptr<GridPanelEdits>& edits, const Simulation& sim,
                const GridPanelActions& actions) {
  if (!edits) edits = std::make_shared<GridPanelEdits>();
  GridPanelEdits& e = *edits;
  // The inputs follow the grid until edited; after an apply (or a load, an undo) they show what
  // is in force again. The rule is shown as Save writes it, a torus's suffix included.
  const std::string rule_now = current_rule_spec(sim).to_string();
  const bool changed =
      e.shown_rule != rule_now || e.shown_width != sim.width() || e.shown_height != sim.height();
  if (!e.initialised || (!ImGui::IsAnyItemActive() && (e.width == 0 || changed))) {
    e.width = int(sim.width());
    e.height = int(sim.height());
    e.topology = sim.topology();
    std::snprintf(e.rule, sizeof e.rule, "%s", rule_now.c_str());
    e.shown_rule = rule_now;
    e.shown_width = sim.width();
    e.shown_height = sim.height();
    e.initialised = true;
  }
  ImGui::TextWrapped("grid %lld x %lld, %s", static_cast<long long>(sim.width()),
                     static_cast<long long>(sim.height()), to_string(sim.topology()).c_str());
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
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##topology", topology_label(e.topology).c_str())) {
    for (const Topology& t : topology_choices(sim.topology()))
      if (ImGui::Selectable(topology_label(t).c_str(), t == e.topology)) e.topology = t;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) wrapped_tooltip(to_string(e.topology));
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  ImGui::InputInt("##w", &e.width, 0, 0);
  ImGui::SameLine();
  ImGui::TextUnformatted("x");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::InputInt("##h", &e.height, 0, 0);
  if (ImGui::Button("Re-create grid (keeps the pattern)")) {
    if (actions.recreate_grid({e.width, e.height}, e.topology))
      actions.report(
          "grid re-created: " + std::to_string(e.width) + " x " + std::to_string(e.height), false);
    e.width = 0;  // show what the grid is now
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  const bool enter =
      ImGui::InputText("##rule", e.rule, sizeof e.rule, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered())
    wrapped_tooltip(
        "B3/S23, b3s23, 23/3, Hensel letters (B2-a/S12), MAP..., B2/S34H, B13/S012V or a name "
        "(Life, HighLife, Seeds); a bounded-grid suffix (:Pw,h plane, :Tw,h torus, :Kw*,h Klein "
        "bottle, :Cw,h cross-surface, :Sn sphere) re-creates the grid as it says");
  ImGui::SameLine();
  if (ImGui::Button("Apply rule") || enter) {
    actions.apply_rule(e.rule);
    e.width = 0;
  }
  if (ImGui::BeginCombo("##known", "known rules")) {
    for (const NamedRuleEntry& known : well_known_rules()) {
      const std::string name(known.rule);
      std::string label = name;
      if (!known.name.empty()) label += "  " + std::string(known.name);
      if (ImGui::Selectable(label.c_str())) {
        actions.apply_rule(name);
        e.width = 0;
      }
    }
    ImGui::EndCombo();
  }
}

}  // namespace gpulife::app
