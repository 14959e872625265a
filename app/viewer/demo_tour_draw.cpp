// What the demo tour draws over the grid: the status line, each stage's caption with its live
// figures, the notes, the progress bar and the closing summary.
#include "app/viewer/demo_tour.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "app/engines.hpp"
#include "app/viewer/demo_tour_style.hpp"
#include "core/median.hpp"
#include "imgui.h"

namespace gpulife::app {

using namespace demo_style;

namespace {

// Places a wide overlay window (a caption, the summary) centred across the part of the view the
// panel leaves free, its (0.5, pivot_y) point at height `y`: as wide as that part less a margin,
// up to 1080 points.
void place_wide_overlay(const ViewerState& state, float s, float y, float pivot_y) {
  const Vec2d vp = state.camera.viewport();
  const double left = state.show_panel ? state.panel_max.x : 0.0;
  const float width = std::min(float(vp.x - left) - 48.0f * s, 1080.0f * s);
  ImGui::SetNextWindowPos(ImVec2(float((left + vp.x) * 0.5), y), ImGuiCond_Always,
                          ImVec2(0.5f, pivot_y));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, float(vp.y)));
}

}  // namespace

void DemoTour::draw_ui(ViewerState& state) {
  if (phase_ == Phase::Starting || phase_ == Phase::Done) return;
  draw_status_line(state);
  if (phase_ == Phase::Summary) {
    draw_summary(state);
  } else {
    draw_stage_caption(state);
  }
}

void DemoTour::draw_status_line(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  const Vec2d vp = state.camera.viewport();
  const double left = state.show_panel ? state.panel_max.x : 0.0;
  ImGui::SetNextWindowPos(ImVec2(float((left + vp.x) * 0.5), 14.0f * s), ImGuiCond_Always,
                          ImVec2(0.5f, 0.0f));
  OverlayStyle style(s);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(16.0f * s, 8.0f * s));
  if (ImGui::Begin("##demo-status", nullptr, kOverlayFlags)) {
    FontScope font(text_font_);
    const LiveFigures& f = state.sim.figures();
    char text[256];
    std::snprintf(text, sizeof text,
                  "generation %llu  \xc2\xb7  %llu gens/frame  \xc2\xb7  %.0f gens/s",
                  static_cast<unsigned long long>(state.sim.generation()),
                  static_cast<unsigned long long>(f.gens_per_frame), f.generations_per_second);
    // Shorter forms when the free area is narrow (a small window, or the panel shown).
    const float room = float(vp.x - left) - 60.0f * s;
    const std::string grid = size_text(state.sim.width(), state.sim.height(), " \xc3\x97 ");
    const std::string forms[3] = {grid + " cells, random soup on a torus  \xc2\xb7  " + text,
                                  grid + "  \xc2\xb7  " + text, text};
    const float title = ImGui::CalcTextSize("gpulife demo").x + ImGui::GetStyle().ItemSpacing.x;
    const std::string* line = &forms[2];
    for (const std::string& form : forms) {
      if (title + ImGui::CalcTextSize(form.c_str()).x <= room) {
        line = &form;
        break;
      }
    }
    ImGui::TextColored(kAccent, "gpulife demo");
    ImGui::SameLine();
    ImGui::TextColored(kText, "%s", line->c_str());
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

void DemoTour::draw_stage_caption(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  place_wide_overlay(state, s, float(state.camera.viewport().y) - 24.0f * s, 1.0f);
  OverlayStyle style(s);
  if (!ImGui::Begin("##demo-caption", nullptr, kOverlayFlags)) {
    ImGui::End();
    return;
  }
  const std::string& engine = options_.engines[size_t(stage_)];
  {
    FontScope font(title_font_);
    ImGui::TextColored(kDim, "Stage %d of %zu", stage_ + 1, options_.engines.size());
    ImGui::SameLine(0, 18.0f * s);
    ImGui::TextColored(kAccent, "%s", engine.c_str());
  }
  {
    FontScope font(text_font_);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kText, "%s", stage_caption(engine_registry(), engine).c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Dummy(ImVec2(0, 4.0f * s));

  // Figures: medians of this stage so far, steadier to read than the last step alone.
  const bool have = !ms_.empty();
  const double ms = median(settled(ms_)), percent = median(settled(percent_)),
               gcells = median(settled(gcells_));
  double base = 0;
  int base_index = -1;
  // The baseline is the first stage that measured something, as in the printed lines.
  for (size_t i = 0; i < results_.size() && base_index < 0; ++i) {
    if (int(i) == stage_) {
      base_index = stage_;
      base = ms;
    } else if (results_[i].shown && results_[i].ms_per_generation > 0) {
      base_index = int(i);
      base = results_[i].ms_per_generation;
    }
  }
  const std::string dash = "\xe2\x80\x93";  // shown while the first steps run
  const std::string values[4] = {
      have ? format_ms(ms) : dash, have ? format("%.1f %%", percent) : dash,
      have ? format_gcells(gcells) : dash, have && base > 0 ? format_speedup(base / ms) : dash};
  const std::string labels[4] = {
      "ms per generation",
      limit_gbytes_ > 0 ? "of the " + format("%.0f", limit_gbytes_) + " GB/s limit"
                        : "of the bandwidth limit",
      "Gcell/s",
      base_index == stage_ ? "speed-up: the baseline"
                           : "speed-up over stage " + std::to_string(base_index + 1)};
  if (ImGui::BeginTable("##figures", 4, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    for (int c = 0; c < 4; ++c) {
      ImGui::TableSetColumnIndex(c);
      {
        FontScope font(figure_font_);
        ImGui::TextColored(c == 3 ? kAccent : kText, "%s", values[c].c_str());
      }
      FontScope font(label_font_);
      ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      ImGui::TextWrapped("%s", labels[c].c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  if (!options_.note.empty() || !notes_.empty()) {
    ImGui::Dummy(ImVec2(0, 2.0f * s));
    FontScope font(text_font_);
    draw_notes();
  }
  draw_progress_and_end(s);
}

// The notes (skipped stages, no GPU) under a caption, in its current font.
void DemoTour::draw_notes() const {
  ImGui::PushTextWrapPos(0.0f);
  if (!options_.note.empty()) ImGui::TextColored(kWarn, "%s", options_.note.c_str());
  for (const std::string& n : notes_) ImGui::TextColored(kWarn, "%s", n.c_str());
  ImGui::PopTextWrapPos();
}

// How much of the stage (or the summary's hold) has passed, then the caption window ends.
void DemoTour::draw_progress_and_end(float s) const {
  ImGui::Dummy(ImVec2(0, 2.0f * s));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kAccent);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(1, 1, 1, 0.08f));
  ImGui::ProgressBar(float(std::clamp(elapsed_ / options_.stage_seconds, 0.0, 1.0)),
                     ImVec2(-1.0f, 3.0f * s), "");
  ImGui::PopStyleColor(2);
  ImGui::End();
}

void DemoTour::draw_summary(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  place_wide_overlay(state, s, float(state.camera.viewport().y * 0.5), 0.5f);
  OverlayStyle style(s);
  if (!ImGui::Begin("##demo-summary", nullptr, kOverlayFlags)) {
    ImGui::End();
    return;
  }
  {
    FontScope font(title_font_);
    ImGui::TextColored(kAccent, "Summary");
    ImGui::SameLine(0, 18.0f * s);
    ImGui::TextColored(kText, "one soup through every stage");
  }
  {
    FontScope font(text_font_);
    ImGui::TextColored(kDim, "%s cells, the state carried over at each switch; medians per stage",
                       size_text(state.sim.width(), state.sim.height(), " \xc3\x97 ").c_str());
  }
  ImGui::Dummy(ImVec2(0, 6.0f * s));
  double base = 0, best_gcells = 0;
  for (const StageResult& r : results_) {
    if (r.shown && r.ms_per_generation > 0 && base == 0) base = r.ms_per_generation;
    best_gcells = std::max(best_gcells, r.gcells_per_second);
  }
  ImGui::PushFont(text_font_ ? text_font_ : ImGui::GetFont());
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_PadOuterX | ImGuiTableFlags_BordersInnerH;
  ImGui::PushStyleColor(ImGuiCol_TableRowBg, ImVec4(1, 1, 1, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_TableRowBgAlt, ImVec4(1, 1, 1, 0.04f));
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(8.0f * s, 6.0f * s));
  if (ImGui::BeginTable("##summary", 7, flags)) {
    const char* heads[7] = {"#", "engine", "ms/gen", "% of limit", "Gcell/s", "speed-up", ""};
    const float weights[7] = {0.4f, 2.0f, 1.2f, 1.2f, 1.2f, 1.2f, 2.6f};
    for (int c = 0; c < 7; ++c)
      ImGui::TableSetupColumn(heads[c], ImGuiTableColumnFlags_WidthStretch, weights[c]);
    ImGui::TableNextRow();
    for (int c = 0; c < 7; ++c) {
      ImGui::TableSetColumnIndex(c);
      ImGui::TextColored(kDim, "%s", heads[c]);
    }
    for (size_t i = 0; i < results_.size(); ++i) {
      const StageResult& r = results_[i];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextColored(kDim, "%zu", i + 1);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextColored(r.shown ? kAccent : kDim, "%s", r.engine.c_str());
      if (!r.shown || r.ms_per_generation <= 0) {
        ImGui::TableSetColumnIndex(2);
        ImGui::TextColored(kWarn, "%s", r.shown ? "no step finished" : "skipped");
        continue;
      }
      ImGui::TableSetColumnIndex(2);
      ImGui::TextColored(kText, "%s", format_ms(r.ms_per_generation).c_str());
      ImGui::TableSetColumnIndex(3);
      ImGui::TextColored(kText, "%.1f %%", r.percent_of_limit);
      ImGui::TableSetColumnIndex(4);
      ImGui::TextColored(kText, "%s", format_gcells(r.gcells_per_second).c_str());
      ImGui::TableSetColumnIndex(5);
      ImGui::TextColored(kAccent, "%s", format_speedup(base / r.ms_per_generation).c_str());
      ImGui::TableSetColumnIndex(6);
      // Cell rate against the fastest stage, to scale: the early stages barely show.
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kAccent);
      ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(1, 1, 1, 0.06f));
      ImGui::ProgressBar(
          best_gcells > 0 ? std::max(0.004f, float(r.gcells_per_second / best_gcells)) : 0.0f,
          ImVec2(-1.0f, ImGui::GetTextLineHeight() * 0.7f), "");
      ImGui::PopStyleColor(2);
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  if (!options_.note.empty() || !notes_.empty()) {
    ImGui::Dummy(ImVec2(0, 4.0f * s));
    draw_notes();
  }
  ImGui::PopFont();
  draw_progress_and_end(s);
}

}  // namespace gpulife::app
