// The Watch panel: colour theme, population graph, Identify, Track/Autofit and the stop
// conditions; and the Identify result window.
#include <algorithm>
#include <cinttypes>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer/panels.hpp"
#include "app/viewer/radio_row.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

// Two columns, names dimmed: Identify's result and the pattern's description.
void key_value_table(const char* id, const std::vector<std::pair<std::string, std::string>>& rows) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return;
  for (const auto& [key, value] : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", key.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
  }
  ImGui::EndTable();
}

void theme_controls(WatchState& w, Simulation& sim,
                    const std::function<void(ColourTheme)>& set_theme) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo("colours", std::string(to_string(w.theme)).c_str())) {
    for (ColourTheme t : kColourThemes) {
      if (ImGui::Selectable(std::string(to_string(t)).c_str(), t == w.theme)) set_theme(t);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(describe(t)).c_str());
    }
    ImGui::EndCombo();
  }
  if (w.theme == ColourTheme::History) {
    ImGui::SameLine();
    if (ImGui::SmallButton("clear history")) sim.clear_history();
  }
  if (!w.theme_problem.empty())
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "drawn plain: %s", w.theme_problem.c_str());
}

void identify_controls(WatchState& w, const Box& selection, const std::function<void()>& identify) {
  if (ImGui::Button(selection.empty() ? "Identify pattern" : "Identify selection")) identify();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
  ImGui::InputInt("max period", &w.identify_max_period, 64, 1024);
  w.identify_max_period = std::clamp(w.identify_max_period, 1, 1 << 24);
  if (w.identify.running()) {
    ImGui::TextDisabled("identifying %s...", w.identify.what().c_str());
  } else if (const auto& r = w.identify.result()) {
    std::string line(to_string(r->kind));
    if (r->kind == PatternKind::Spaceship) line += " " + r->speed;
    if (r->period > 1) line += ", period " + std::to_string(r->period);
    ImGui::TextDisabled("%s", line.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("details")) w.show_identify = true;
  }
}

// `track_identified` follows the ship Identify found.
void follow_controls(WatchState& w, Simulation& sim,
                     const std::function<void()>& track_identified) {
  const FollowMode mode = radio_row(
      w.follow.mode(),
      {{"free", FollowMode::Off}, {"track", FollowMode::Track}, {"autofit", FollowMode::Autofit}});
  if (mode != w.follow.mode()) {
    if (mode == FollowMode::Off) w.follow.stop();
    if (mode == FollowMode::Track) w.follow.track(w.track_input, sim.generation());
    if (mode == FollowMode::Autofit) w.follow.autofit();
  }
  // "Move the view X cells every Z generations" (x right, y down).
  int v[3] = {int(w.track_input.dx), int(w.track_input.dy), int(w.track_input.generations)};
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::InputInt3("dx dy gens", v)) {
    w.track_input =
        TrackSpeed{std::clamp(v[0], -1 << 20, 1 << 20), std::clamp(v[1], -1 << 20, 1 << 20),
                   uint64_t(std::clamp(v[2], 1, 1 << 30))};
    if (w.follow.mode() == FollowMode::Track) w.follow.track(w.track_input, sim.generation());
  }
  if (ImGui::IsItemHovered())
    wrapped_tooltip(
        "Track moves the view dx, dy cells (x right, y down) every `gens` generations; "
        "Identify on a spaceship fills these in");
  const auto& r = w.identify.result();
  if (r && r->kind == PatternKind::Spaceship) {
    ImGui::SameLine();
    if (ImGui::SmallButton("track ship")) track_identified();
  }
}

// Pause conditions; `generation` is the one shown now, where "run until" starts counting.
void stop_controls(WatchState& w, uint64_t generation) {
  StopSettings& st = w.stop.settings;
  ImGui::TextUnformatted("pause when it");
  ImGui::SameLine();
  ImGui::Checkbox("dies", &st.when_dies);
  ImGui::SameLine();
  ImGui::Checkbox("is still", &st.when_still);
  ImGui::SameLine();
  ImGui::Checkbox("repeats", &st.when_periodic);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("pauses when a state repeats (moved or not) and identifies its period");
  bool until = st.at_generation.has_value();
  if (ImGui::Checkbox("run until generation", &until))
    st.at_generation = until ? std::optional<uint64_t>(generation + 1000) : std::nullopt;
  if (st.at_generation) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    uint64_t n = *st.at_generation;
    const uint64_t step = 100;
    if (ImGui::InputScalar("##until", ImGuiDataType_U64, &n, &step)) st.at_generation = n;
  }
  if (!w.stop_message.empty()) ImGui::TextDisabled("last stop: %s", w.stop_message.c_str());
}

}  // namespace

void watch_panel(WatchState& watch, Simulation& sim, const Box& selection,
                 const WatchPanelActions& actions) {
  theme_controls(watch, sim, actions.set_theme);
  ImGui::Checkbox("population graph", &watch.show_graph);
  ImGui::SameLine();
  ImGui::Checkbox("pattern info", &watch.show_info);
  identify_controls(watch, selection, actions.identify);
  follow_controls(watch, sim, actions.track_identified);
  stop_controls(watch, sim.generation());
}

void draw_identify_window(WatchState& w, float top, float ui_scale,
                          const std::function<void()>& track_it) {
  if (!w.show_identify) return;
  ImGui::SetNextWindowSize(ImVec2(330 * ui_scale, 0), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 340 * ui_scale, top), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Identify", &w.show_identify, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  if (w.identify.running()) {
    ImGui::Text("identifying %s (up to %" PRIu64 " generations)...", w.identify.what().c_str(),
                w.identify.max_period());
    if (ImGui::Button("cancel")) w.identify.cancel();
  } else if (!w.identify.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", w.identify.error().c_str());
    ImGui::PopStyleColor();
  } else if (const auto& r = w.identify.result()) {
    ImGui::TextDisabled("%s at generation %" PRIu64, w.identify.what().c_str(),
                        w.identify_generation);
    key_value_table("identify", identify_fields(*r, w.identify.max_period()));
    if (r->kind == PatternKind::Spaceship && ImGui::Button("Track it")) track_it();
  }
  ImGui::End();
}

void draw_info_window(WatchState& w, float top, float ui_scale,
                      const std::function<void(const std::string&)>& set_clipboard) {
  if (!w.show_info) return;
  ImGui::SetNextWindowSize(ImVec2(380 * ui_scale, 0), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, top), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Pattern info", &w.show_info, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  const PatternInfo& info = w.info;
  ImGui::TextUnformatted(info.title.empty() ? "untitled" : info.title.c_str());
  ImGui::Separator();
  key_value_table("info", info_fields(info));
  if (!info.comments.empty()) {
    ImGui::Separator();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 360 * ui_scale);
    for (const std::string& c : info.comments) ImGui::TextUnformatted(c.empty() ? " " : c.c_str());
    ImGui::PopTextWrapPos();
  }
  for (const std::string& link : info.links) {
    if (ImGui::SmallButton(("copy " + link).c_str()) && set_clipboard) set_clipboard(link);
  }
  ImGui::End();
}

}  // namespace gpulife::app
