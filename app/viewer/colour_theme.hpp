// Colour themes for cell history and longevity, after LifeViewer's THEME: five colours (just
// born, long alive, just died, long dead, never alive) with ramps between them, or LifeHistory's
// plain "ever alive" map. Plain C++: the renderer passes the colours to the shader.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/enum_names.hpp"

namespace gpulife::app {

enum class ColourTheme { Plain, History, Age, Died, Fire };
inline constexpr std::array<ColourTheme, 5> kColourThemes = {ColourTheme::Plain,
                                                             ColourTheme::History, ColourTheme::Age,
                                                             ColourTheme::Died, ColourTheme::Fire};

struct ThemeColours {
  // RGB in [0, 1].
  std::array<float, 3> born, alive, died, dead, never;
  // Which planes the theme reads: the engine's plane of cells ever alive (exact in every
  // generation) and the renderer's age bytes (how long alive or dead, counted per drawn state).
  bool history_plane = false;
  bool age_plane = false;
};

// Generations over which a cell fades from born to alive and from died to dead.
inline constexpr int kAgeRamp = 63;

inline std::string_view to_string(ColourTheme t) {
  static constexpr std::string_view kNames[] = {"plain", "history", "age", "died", "fire"};
  return enum_name(t, kNames, "plain");
}

// What the panel says about each.
inline std::string_view describe(ColourTheme t) {
  static constexpr std::string_view kDescriptions[] = {
      "live cells only",
      "cells ever alive (LifeHistory), kept in every generation",
      "new cells bright, old ones blue; the dead fade out (LifeViewer)",
      "cells that just died in red, fading over 63 generations",
      "young cells white-hot cooling to orange, embers where cells died",
  };
  return enum_name(t, kDescriptions, "");
}

// RGB in [0, 1] from percentages: rgb(100, 84, 36) is {1.0f, 0.84f, 0.36f}, the same floats as
// those literals (a division of exact floats rounds as the compiler rounds a decimal literal).
constexpr std::array<float, 3> rgb(float r, float g, float b) {
  return {r / 100, g / 100, b / 100};
}

inline ThemeColours theme_colours(ColourTheme t) {
  constexpr std::array<float, 3> kDead = rgb(1.5, 2, 3.5), kAlive = rgb(100, 84, 36);
  constexpr std::array<float, 3> kBlack = rgb(0, 0, 0);
  // In ColourTheme's order: born, alive, died, dead, never, history plane, age plane.
  static constexpr ThemeColours kThemes[] = {
      {kAlive, kAlive, kDead, kDead, kDead, false, false},
      {kAlive, kAlive, rgb(16, 36, 52), rgb(16, 36, 52), kDead, true, false},
      {rgb(100, 100, 90), rgb(25, 55, 100), rgb(55, 30, 85), rgb(10, 6, 22), kDead, false, true},
      {kAlive, kAlive, rgb(100, 18, 12), rgb(16, 4, 5), kDead, false, true},
      {rgb(100, 100, 80), rgb(100, 45, 0), rgb(75, 10, 0), rgb(14, 2, 0), kBlack, false, true},
  };
  return enum_name(t, kThemes, kThemes[0]);
}

// Parses "plain", "history", "age", "died" or "fire"; false when it is none of them.
inline bool parse_colour_theme(std::string_view text, ColourTheme& out) {
  for (ColourTheme t : kColourThemes)
    if (to_string(t) == text) {
      out = t;
      return true;
    }
  return false;
}

}  // namespace gpulife::app
