// The population graph window (LifeViewer's GRAPH): population, births and deaths per sample,
// linear or log, over the whole run or a window of generations; hovering reads a sample off.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <vector>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

constexpr ImU32 kPopulationColour = IM_COL32(255, 214, 92, 255);
constexpr ImU32 kBirthsColour = IM_COL32(110, 220, 120, 220);
constexpr ImU32 kDeathsColour = IM_COL32(240, 100, 90, 220);

// Draws one series from `first` on into the rectangle [p0, p1), scaled to `top`.
void draw_series(const PopulationGraph& g, GraphSeries series, size_t first, ImVec2 p0, ImVec2 p1,
                 double top, bool log_scale, ImU32 colour) {
  const auto& samples = g.samples();
  if (first >= samples.size()) return;
  const double g0 = double(samples[first].generation), g1 = double(samples.back().generation);
  const double span = std::max(g1 - g0, 1.0);
  const float w = p1.x - p0.x, h = p1.y - p0.y;
  std::vector<ImVec2> points;
  points.reserve(samples.size() - first);
  // Several samples per pixel column keep their extremes: the line goes through the min and max.
  float last_x = -1e9f;
  for (size_t i = first; i < samples.size(); ++i) {
    const float x = p0.x + float((double(samples[i].generation) - g0) / span) * w;
    const float y =
        p1.y - float(PopulationGraph::height_of(double(PopulationGraph::value(samples[i], series)),
                                                top, log_scale)) *
                   h;
    if (x - last_x < 0.5f && !points.empty()) {
      points.back().y = series == GraphSeries::Population ? std::min(points.back().y, y) : y;
      continue;
    }
    points.emplace_back(x, y);
    last_x = x;
  }
  if (points.size() == 1) points.emplace_back(p1.x, points[0].y);
  ImGui::GetWindowDrawList()->AddPolyline(points.data(), int(points.size()), colour, 0, 1.5f);
}

}  // namespace

void draw_graph_window(WatchState& w, float ui_scale) {
  if (!w.show_graph) return;
  const float scale = ui_scale;
  ImGui::SetNextWindowSize(ImVec2(460 * scale, 260 * scale), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 470 * scale, display.y - 270 * scale),
                          ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Population graph", &w.show_graph)) {
    ImGui::End();
    return;
  }
  ImGui::Checkbox("log", &w.graph_log);
  ImGui::SameLine();
  ImGui::Checkbox("births", &w.graph_births);
  ImGui::SameLine();
  ImGui::Checkbox("deaths", &w.graph_deaths);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120 * scale);
  ImGui::SliderInt("##window", &w.graph_window, 0, 100000,
                   w.graph_window == 0 ? "all generations" : "last %d gens",
                   ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  if (ImGui::SmallButton("clear")) w.graph.clear();

  const PopulationGraph& g = w.graph;
  const size_t first = g.window_start(uint64_t(std::max(w.graph_window, 0)));
  uint64_t top = g.max_value(GraphSeries::Population, first);
  if (w.graph_births) top = std::max(top, g.max_value(GraphSeries::Births, first));
  if (w.graph_deaths) top = std::max(top, g.max_value(GraphSeries::Deaths, first));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float label_h = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 size(std::max(avail.x, 40.0f), std::max(avail.y - label_h, 40.0f));
  ImGui::InvisibleButton("##plot", size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 p1(p0.x + size.x, p0.y + size.y);
  draw->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg), 2.0f);
  const ImVec2 in0(p0.x + 3, p0.y + 3), in1(p1.x - 3, p1.y - 3);
  if (g.empty() || first >= g.samples().size()) {
    draw->AddText(ImVec2(in0.x + 4, in0.y + 4), IM_COL32(200, 200, 210, 200),
                  "no samples yet: the graph records while it is open and the pattern runs");
    ImGui::End();
    return;
  }
  const double t = double(std::max<uint64_t>(top, 1)) * 1.05;
  if (w.graph_deaths)
    draw_series(g, GraphSeries::Deaths, first, in0, in1, t, w.graph_log, kDeathsColour);
  if (w.graph_births)
    draw_series(g, GraphSeries::Births, first, in0, in1, t, w.graph_log, kBirthsColour);
  draw_series(g, GraphSeries::Population, first, in0, in1, t, w.graph_log, kPopulationColour);
  char text[96];
  std::snprintf(text, sizeof text, "%" PRIu64 "%s", top, w.graph_log ? " (log)" : "");
  draw->AddText(ImVec2(in0.x + 4, in0.y), IM_COL32(230, 230, 235, 220), text);

  const auto& samples = g.samples();
  const GraphSample& last = samples.back();
  if (ImGui::IsItemHovered()) {
    // The sample under the mouse.
    const double g0 = double(samples[first].generation), g1 = double(last.generation);
    const double at = g0 + (ImGui::GetIO().MousePos.x - in0.x) / (in1.x - in0.x) * (g1 - g0);
    auto it =
        std::lower_bound(samples.begin() + std::ptrdiff_t(first), samples.end(), at,
                         [](const GraphSample& a, double v) { return double(a.generation) < v; });
    if (it == samples.end()) --it;
    const float x =
        in0.x + float((double(it->generation) - g0) / std::max(g1 - g0, 1.0)) * (in1.x - in0.x);
    draw->AddLine(ImVec2(x, in0.y), ImVec2(x, in1.y), IM_COL32(255, 255, 255, 90));
    if (it->changes_known) {
      ImGui::SetTooltip("generation %" PRIu64 "\npopulation %" PRIu64 "\nbirths %" PRIu64
                        "\ndeaths %" PRIu64,
                        it->generation, it->population, it->births, it->deaths);
    } else {
      ImGui::SetTooltip("generation %" PRIu64 "\npopulation %" PRIu64, it->generation,
                        it->population);
    }
  }
  ImGui::TextColored(ImColor(kPopulationColour), "pop %" PRIu64, last.population);
  if (last.changes_known) {
    ImGui::SameLine();
    ImGui::TextColored(ImColor(kBirthsColour), "births %" PRIu64, last.births);
    ImGui::SameLine();
    ImGui::TextColored(ImColor(kDeathsColour), "deaths %" PRIu64, last.deaths);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("gens %" PRIu64 "-%" PRIu64, samples[first].generation, last.generation);
  ImGui::End();
}

}  // namespace gpulife::app
