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

inline ThemeColours theme_colours(ColourTheme t) {
  constexpr std::array<float, 3> kDead{0.015f, 0.02f, 0.035f};
  constexpr std::array<float, 3> kAlive{1.0f, 0.84f, 0.36f};
  switch (t) {
    case ColourTheme::Plain:
      return {kAlive, kAlive, kDead, kDead, kDead, false, false};
    case ColourTheme::History:
      return {kAlive, kAlive, {0.16f, 0.36f, 0.52f}, {0.16f, 0.36f, 0.52f}, kDead, true, false};
    case ColourTheme::Age:
      return {{1.0f, 1.0f, 0.9f},
              {0.25f, 0.55f, 1.0f},
              {0.55f, 0.30f, 0.85f},
              {0.10f, 0.06f, 0.22f},
              kDead,
              false,
              true};
    case ColourTheme::Died:
      return {kAlive, kAlive, {1.0f, 0.18f, 0.12f}, {0.16f, 0.04f, 0.05f}, kDead, false, true};
    case ColourTheme::Fire:
      return {{1.0f, 1.0f, 0.8f},
              {1.0f, 0.45f, 0.0f},
              {0.75f, 0.1f, 0.0f},
              {0.14f, 0.02f, 0.0f},
              {0.0f, 0.0f, 0.0f},
              false,
              true};
  }
  return theme_colours(ColourTheme::Plain);
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
