// The demo tour's on-screen style and figure formatting, shared by its logic (demo_tour.cpp) and
// its drawing (demo_tour_draw.cpp); not part of the tour's interface.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"

namespace gpulife::app::demo_style {

// The first steps of an engine carry one-off costs (conversion, caches, launch-shape choice).
inline constexpr size_t kWarmupSamples = 2;

// The stage's samples without its warm-up, unless that would leave too few.
inline std::vector<double> settled(const std::vector<double>& v) {
  if (v.size() <= kWarmupSamples + 2) return v;
  return {v.begin() + kWarmupSamples, v.end()};
}

inline std::string format(const char* fmt, double value) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, value);
  return text;
}

inline std::string format_ms(double ms) {
  return format(ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f", ms);
}

inline std::string format_gcells(double g) {
  return format(g >= 100 ? "%.0f" : g >= 10 ? "%.1f" : "%.2f", g);
}

// Slower stages (a tour in another order) keep two significant digits instead of "0.00".
inline std::string plain_speedup(double x) {
  return format(x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : x >= 1 ? "%.2f" : "%.2g", x);
}

inline std::string format_speedup(double x) {
  return plain_speedup(x) + "\xc3\x97";  // ×
}

inline const ImVec4 kAccent(1.0f, 0.78f, 0.24f, 1.0f);
inline const ImVec4 kText(0.90f, 0.92f, 0.95f, 1.0f);
inline const ImVec4 kDim(0.62f, 0.66f, 0.72f, 1.0f);
inline const ImVec4 kWarn(1.0f, 0.62f, 0.35f, 1.0f);

// Pushes `font` when it was loaded (the panel's font otherwise) and pops it on scope exit.
struct FontScope {
  explicit FontScope(ImFont* font) : pushed(font != nullptr) {
    if (pushed) ImGui::PushFont(font);
  }
  ~FontScope() {
    if (pushed) ImGui::PopFont();
  }
  FontScope(const FontScope&) = delete;
  FontScope& operator=(const FontScope&) = delete;
  bool pushed;
};

// Rounded, padded, translucent overlay windows with no title bar.
struct OverlayStyle {
  explicit OverlayStyle(float s) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 12.0f * s);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(24.0f * s, 16.0f * s));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f * s, 6.0f * s));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.05f, 0.06f, 0.09f, 0.86f));
  }
  ~OverlayStyle() {
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(4);
  }
  OverlayStyle(const OverlayStyle&) = delete;
  OverlayStyle& operator=(const OverlayStyle&) = delete;
};

inline constexpr ImGuiWindowFlags kOverlayFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs |
    ImGuiWindowFlags_AlwaysAutoResize;

}  // namespace gpulife::app::demo_style
