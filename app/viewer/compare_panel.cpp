// Compare mode's UI: starting and stopping it, the live bars per engine (ms/generation, % of
// the bandwidth limit with the limit as a marker, Gcell/s, speed-up over the slowest), the
// agreement line, history plots, tile labels and the chart export.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "app/bar_chart.hpp"
#include "app/engines.hpp"
#include "app/viewer/panels.hpp"
#include "core/error.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

ImU32 lane_colour(size_t i, float alpha = 1.0f) {
  const ChartColour c = chart_entry_colour(i);
  return ImGui::GetColorU32(ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha));
}

std::string export_path() {
  const std::time_t now = std::time(nullptr);
  char name[64];
  std::strftime(name, sizeof name, "gpulife-compare-%Y%m%d-%H%M%S.png", std::localtime(&now));
  return name;
}

// One engine's row of the table: name, a bar of % of the bandwidth limit with the limit (100 %)
// as a white marker, the figures, and its ms/generation history.
void lane_row(Comparison& compare, Simulation& base, size_t i, double scale_percent,
              double slowest_ms) {
  Simulation& sim = compare.lane(base, i);
  const CompareLane& info = compare.lane_info(i);
  const LiveFigures& f = sim.figures();
  ImGui::PushID(int(i));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFrameHeight();
  ImGui::TableNextRow(0, h);
  ImGui::TableNextColumn();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  draw->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + h * 0.35f, p.y + h - 2), lane_colour(i));
  ImGui::SetCursorScreenPos(ImVec2(p.x + h * 0.5f, p.y + ImGui::GetStyle().FramePadding.y));
  if (info.diverged) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s (diverged)", sim.engine_name().c_str());
  } else {
    ImGui::TextUnformatted(sim.engine_name().c_str());
  }
  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%" PRIu64, compare.lane_generation(base, i));

  ImGui::TableNextColumn();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 b0 = ImGui::GetCursorScreenPos();
  const ImVec2 b1(b0.x + width, b0.y + h);
  draw->AddRectFilled(b0, b1, ImGui::GetColorU32(ImGuiCol_FrameBg), 2.0f);
  if (f.percent_of_limit > 0) {
    const float len = float(std::min(1.0, f.percent_of_limit / scale_percent)) * width;
    draw->AddRectFilled(b0, ImVec2(b0.x + len, b1.y), lane_colour(i, info.diverged ? 0.35f : 0.9f),
                        2.0f);
    char label[32];
    std::snprintf(label, sizeof label, "%.1f%%", f.percent_of_limit);
    const float tw = ImGui::CalcTextSize(label).x;
    const float x = len + tw + 8 < width ? b0.x + len + 4 : b0.x + len - tw - 4;
    draw->AddText(ImVec2(std::max(b0.x + 2, x), b0.y + ImGui::GetStyle().FramePadding.y),
                  IM_COL32(255, 255, 255, 240), label);
  }
  const float marker = b0.x + float(100.0 / scale_percent) * width;
  draw->AddLine(ImVec2(marker, b0.y - 1), ImVec2(marker, b1.y + 1), IM_COL32(255, 255, 255, 255),
                2.0f);
  ImGui::Dummy(ImVec2(width, h));
  if (ImGui::IsItemHovered())
    wrapped_tooltip("% of the bandwidth limit, " +
                    std::to_string(int64_t(std::lround(f.limit_gbytes_per_second))) + " GB/s (" +
                    f.limit_source +
                    "); the white marker is the limit. Past it, an engine moves fewer bytes per "
                    "generation than one pass over memory (several generations per pass).");

  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  if (f.ms_per_generation > 0) {
    ImGui::Text("%.4g", f.ms_per_generation);
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::Text(f.gcells_per_second >= 100 ? "%.0f" : "%.3g", f.gcells_per_second);
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::Text("x%.1f", slowest_ms / f.ms_per_generation);
  } else {
    ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
  }
  ImGui::TableNextColumn();
  draw_ms_history(sim.ms_history(), f.limit_ms_per_generation, h, lane_colour(i));
  ImGui::PopID();
}

}  // namespace

void compare_panel(Comparison& compare, Simulation& sim, CompareTiles& tiles,
                   const Report& report) {
  if (!compare.active()) {
    ImGui::TextWrapped(
        "Step copies of this state on several engines side by side, with an "
        "agreement check of their states.");
    if (ImGui::Button("Compare all engines")) {
      const std::vector<std::string> engines = Comparison::default_engines();
      std::vector<std::string> all{sim.engine_name()};
      all.insert(all.end(), engines.begin(), engines.end());
      try {
        std::vector<std::string> notes = compare.begin(sim, all);
        const int lanes = int(compare.size());
        tiles.count = tiles_for(size_t(lanes));
        tiles.show_window = true;
        report(notes.empty() ? "comparing " + std::to_string(lanes) + " engines" : notes.front(),
               !notes.empty());
      } catch (const Error& e) {
        report(e.what(), true);
      }
    }
    return;
  }
  ImGui::Checkbox("Show the comparison", &tiles.show_window);
  ImGui::SameLine();
  if (ImGui::Button("Stop comparing")) {
    compare.end();
    tiles.count = 1;
    return;
  }
  ImGui::TextUnformatted("Tiles");
  for (int t : {1, 2, 4, 6}) {
    ImGui::SameLine();
    char label[8];
    std::snprintf(label, sizeof label, "%d", t);
    if (ImGui::RadioButton(label, tiles.count == t)) tiles.count = t;
  }
  for (int t = 0; t < tiles.count && tiles.count > 1; ++t) {
    ImGui::PushID(t);
    char label[16];
    std::snprintf(label, sizeof label, "tile %d", t + 1);
    int& lane = tiles.lane[size_t(t)];
    const bool spare = size_t(lane) >= compare.size();
    if (ImGui::BeginCombo(
            label, spare ? "(empty)" : compare.lane(sim, size_t(lane)).engine_name().c_str())) {
      for (size_t i = 0; i < compare.size(); ++i)
        if (ImGui::Selectable(compare.lane(sim, i).engine_name().c_str(), int(i) == lane))
          lane = int(i);
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }
  int every = int(compare.check_every);
  if (ImGui::InputInt("check every", &every, 16, 256))
    compare.check_every = uint64_t(std::clamp(every, 0, 1 << 20));
  if (ImGui::IsItemHovered())
    wrapped_tooltip(
        "generations between agreement checks (hashes of every engine's state); 0: never");
}

void draw_compare_window(Comparison& compare, Simulation& sim, CompareTiles& tiles, float left,
                         float ui_scale, const Report& report) {
  if (!compare.active() || !tiles.show_window) {
    tiles.window_height = 0;
    return;
  }
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 fb_scale = io.DisplayFramebufferScale;
  const float pad = 8.0f * ui_scale;
  // Along the bottom, right of the panel; the tiles fill the space above it.
  left = std::max(left, pad);
  const float width = std::max(360.0f * ui_scale, io.DisplaySize.x - left - pad);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - pad, io.DisplaySize.y - pad), ImGuiCond_Always,
                          ImVec2(1, 1));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, io.DisplaySize.y * 0.5f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse;
  if (ImGui::Begin("Kernel comparison", &tiles.show_window, flags)) {
    ImGui::Text("%zu engines on copies of one state, %" PRId64 "x%" PRId64
                ", each at its own speed",
                compare.size(), sim.width(), sim.height());
    ImGui::SameLine();
    const Agreement& a = compare.agreement();
    const ImVec4 colour = a.state == Agreement::State::Agree      ? ImVec4(0.45f, 0.9f, 0.5f, 1)
                          : a.state == Agreement::State::Diverged ? ImVec4(1.0f, 0.45f, 0.4f, 1)
                                                                  : ImVec4(0.7f, 0.75f, 0.8f, 1);
    ImGui::TextColored(colour, "  %s", a.text.c_str());
    if (const std::string waiting = compare.waiting_text(sim); !waiting.empty())
      ImGui::TextDisabled("%s", waiting.c_str());
    double scale = 100.0, slowest = 0;
    for (size_t i = 0; i < compare.size(); ++i) {
      const LiveFigures& f = compare.lane(sim, i).figures();
      scale = std::max(scale, f.percent_of_limit);
      slowest = std::max(slowest, f.ms_per_generation);
    }
    scale *= 1.08;
    const ImGuiTableFlags table_flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("lanes", 7, table_flags)) {
      const float em = ImGui::GetFontSize();
      ImGui::TableSetupColumn("engine", ImGuiTableColumnFlags_WidthFixed, em * 11.5f);
      ImGui::TableSetupColumn("generation", ImGuiTableColumnFlags_WidthFixed, em * 5.5f);
      ImGui::TableSetupColumn("% of bandwidth limit (marker: the limit)",
                              ImGuiTableColumnFlags_WidthStretch, 3.0f);
      ImGui::TableSetupColumn("ms/gen", ImGuiTableColumnFlags_WidthFixed, em * 4.5f);
      ImGui::TableSetupColumn("Gcell/s", ImGuiTableColumnFlags_WidthFixed, em * 4.0f);
      ImGui::TableSetupColumn("speed-up", ImGuiTableColumnFlags_WidthFixed, em * 4.0f);
      ImGui::TableSetupColumn("ms/gen history", ImGuiTableColumnFlags_WidthStretch, 1.4f);
      ImGui::TableHeadersRow();
      for (size_t i = 0; i < compare.size(); ++i) lane_row(compare, sim, i, scale, slowest);
      ImGui::EndTable();
    }
    if (ImGui::Button("Export chart (PNG)"))
      export_compare_chart(compare, sim, export_path(), report);
    ImGui::SameLine();
    ImGui::TextDisabled(
        "speed-up: over the slowest engine; ms/gen: GPU time per generation (CPU: wall time)");
    tiles.window_height = (ImGui::GetWindowSize().y + 2 * pad) * fb_scale.y;
  }
  ImGui::End();
}

bool export_compare_chart(Comparison& compare, Simulation& sim, const std::string& path,
                          const Report& report) {
  std::vector<ChartEntry> entries;
  for (size_t i = 0; i < compare.size(); ++i) {
    const LiveFigures& f = compare.lane(sim, i).figures();
    if (f.ms_per_generation <= 0) continue;
    entries.push_back({compare.lane(sim, i).engine_name(), f.ms_per_generation, f.percent_of_limit,
                       f.gcells_per_second});
  }
  ChartOptions options;
  options.title = "gpulife compare mode";
  options.subtitle = compute_device_summary() + "; " + std::to_string(sim.width()) + "x" +
                     std::to_string(sim.height()) + " " + std::string(to_string(sim.topology())) +
                     ", " + sim.rule().to_string() + ", live figures at generation " +
                     std::to_string(compare.generation(sim));
  try {
    if (entries.empty()) throw Error("no engine has stepped yet");
    write_comparison_chart(path, entries, options);
  } catch (const Error& e) {
    report(std::string("cannot export the chart: ") + e.what(), true);
    std::printf("compare: cannot export the chart: %s\n", e.what());
    return false;
  }
  report("chart saved as " + path, false);
  std::printf("chart: %s\n", path.c_str());
  return true;
}

void draw_tile_labels(Comparison& compare, Simulation& base, const CompareTiles& tiles) {
  if (!compare.active() || tiles.size.x <= 0) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const float tw = float(tiles.size.x) / scale.x, th = float(tiles.size.y) / scale.y;
  const float ox = float(tiles.origin.x) / scale.x, oy = float(tiles.origin.y) / scale.y;
  const int cols = tile_columns(tiles.count), rows = tile_rows(tiles.count);
  for (int t = 0; t < tiles.count; ++t) {
    if (size_t(tiles.lane[size_t(t)]) >= compare.size()) continue;  // a spare tile
    const size_t lane = size_t(tiles.lane[size_t(t)]);
    const ImVec2 o(ox + (t % cols) * tw, oy + (t / cols) * th);
    Simulation& sim = compare.lane(base, lane);
    const LiveFigures& f = sim.figures();
    char label[128];
    std::snprintf(label, sizeof label, "%s  %.4g ms/gen  gen %llu%s", sim.engine_name().c_str(),
                  f.ms_per_generation,
                  static_cast<unsigned long long>(compare.lane_generation(base, lane)),
                  compare.lane_info(lane).diverged ? "  DIVERGED" : "");
    const ImVec2 size = ImGui::CalcTextSize(label);
    const ImVec2 at(o.x + 14, o.y + 10);
    draw->AddRectFilled(ImVec2(at.x - 8, at.y - 4), ImVec2(at.x + size.x + 8, at.y + size.y + 4),
                        IM_COL32(10, 12, 18, 210), 4.0f);
    draw->AddRectFilled(ImVec2(at.x - 8, at.y - 4), ImVec2(at.x - 3, at.y + size.y + 4),
                        lane_colour(lane));
    draw->AddText(at, IM_COL32(240, 240, 245, 255), label);
  }
  const ImU32 line = IM_COL32(120, 130, 150, 255);
  for (int c = 1; c < cols; ++c)
    draw->AddLine(ImVec2(ox + c * tw, oy), ImVec2(ox + c * tw, oy + rows * th), line, 2);
  for (int r = 1; r < rows; ++r)
    draw->AddLine(ImVec2(ox, oy + r * th), ImVec2(ox + cols * tw, oy + r * th), line, 2);
}

}  // namespace gpulife::app
