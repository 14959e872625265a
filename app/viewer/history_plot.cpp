// The ms/generation history plot: the steady state filling the height, the limit marked.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/viewer/panels.hpp"
#include "imgui.h"

namespace gpulife::app {

void draw_ms_history(const std::vector<float>& history, double limit_ms, float height,
                     unsigned int colour) {
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::Dummy(ImVec2(width, height));
  if (history.empty() || width < 8) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 p1(p0.x + width, p0.y + height);
  draw->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg), 2.0f);
  // The 90th percentile sets the scale, so one slow step does not flatten the rest; the limit
  // stays in view.
  std::vector<float> sorted = history;
  std::sort(sorted.begin(), sorted.end());
  const double typical = sorted[sorted.size() * 9 / 10];
  const double top = std::max({typical * 1.3, limit_ms * 1.15, 1e-9});
  auto y_of = [&](double v) {
    return p1.y - 2.0f - float(std::min(v / top, 1.0)) * (height - 4.0f);
  };
  const float dx = history.size() > 1 ? (width - 4.0f) / float(history.size() - 1) : 0.0f;
  std::vector<ImVec2> points;
  points.reserve(history.size());
  for (size_t i = 0; i < history.size(); ++i)
    points.emplace_back(p0.x + 2.0f + dx * float(i), y_of(history[i]));
  if (points.size() == 1) points.emplace_back(p1.x - 2.0f, points[0].y);
  draw->AddPolyline(points.data(), int(points.size()),
                    colour ? ImU32(colour) : ImGui::GetColorU32(ImGuiCol_PlotLines), 0, 1.5f);
  // Labels only where there is room for them beside the line.
  const bool labels = height >= 2.5f * ImGui::GetFontSize();
  char text[48];
  if (limit_ms > 0) {
    const float y = y_of(limit_ms);
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), IM_COL32(255, 255, 255, 170), 1.0f);
    std::snprintf(text, sizeof text, "limit %.3g", limit_ms);
    if (labels)
      draw->AddText(ImVec2(p1.x - ImGui::CalcTextSize(text).x - 4, y - ImGui::GetFontSize()),
                    IM_COL32(255, 255, 255, 200), text);
  }
  std::snprintf(text, sizeof text, "%.4g ms/gen", double(history.back()));
  if (labels) draw->AddText(ImVec2(p0.x + 4, p0.y + 2), IM_COL32(230, 230, 235, 220), text);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("ms/generation of the last " + std::to_string(history.size()) +
                    " steps (the first steps of an engine left out); the white line is the "
                    "bandwidth limit's ms/generation");
}

}  // namespace gpulife::app
