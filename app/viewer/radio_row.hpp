// A line of radio buttons choosing one value of an enum: how the panels switch a mode (edit tool,
// pacing, follow).
#pragma once

#include <initializer_list>
#include <type_traits>
#include <utility>

#include "imgui.h"

namespace gpulife::app {

// Draws one radio button per choice, side by side, `current`'s selected; returns the value
// clicked this frame, else `current`.
template <typename Enum>
Enum radio_row(Enum current,
               std::initializer_list<std::pair<const char*, std::type_identity_t<Enum>>> choices) {
  static_assert(std::is_enum_v<Enum>);
  int chosen = int(current);
  bool first = true;
  for (const auto& [label, value] : choices) {
    if (!first) ImGui::SameLine();
    first = false;
    ImGui::RadioButton(label, &chosen, int(value));
  }
  return Enum(chosen);
}

}  // namespace gpulife::app
