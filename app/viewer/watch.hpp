// What a Life user watches beside the cells: the population graph, the stop conditions, Identify,
// Track/Autofit, the colour theme and the pattern's own description. Shared by the frame loop,
// the panels and the tests (no GL, no GLFW).
#pragma once

#include <cstdint>
#include <string>

#include "app/population_graph.hpp"
#include "app/viewer/colour_theme.hpp"
#include "app/viewer/follow.hpp"
#include "app/viewer/identify_job.hpp"
#include "core/pattern_info.hpp"
#include "core/stop_conditions.hpp"

namespace gpulife::app {

struct ViewerState;

struct WatchState {
  // The population graph (a window of its own).
  PopulationGraph graph;
  bool show_graph = false;
  bool graph_log = false;
  bool graph_births = true;
  bool graph_deaths = true;
  int graph_window = 0;  // generations shown, 0: all

  StopConditions stop;
  std::string stop_message;  // why running last stopped by itself

  Follow follow;
  TrackSpeed track_input{1, 1, 4};  // what the Track fields hold

  IdentifyJob identify;
  bool show_identify = false;
  int identify_max_period = 1024;
  // The generation the last Identify looked at (Track from Identify starts from there).
  uint64_t identify_generation = 0;
  bool track_when_identified = false;  // follow the ship Identify finds (--track ship)

  ColourTheme theme = ColourTheme::Plain;
  std::string theme_problem;  // why the renderer draws the theme as plain (empty: it does not)

  PatternInfo info;  // of the pattern last opened
  bool show_info = false;

  // Bookkeeping of watch_tick().
  uint64_t seen_samples = 0;
  uint64_t seen_edits = 0;
  uint64_t seen_restarts = 0;
  Box live;  // the live cells' box from the latest sample (empty: unknown)
  // On a plane grid that stands for Golly's unbounded universe: whether the live cells kept a
  // frame's reach from its edge at the last sample. Running pauses once when they come nearer.
  bool edge_clear = false;
};

// Once a frame after the simulation ticks: tells the simulation what to count and where to stop,
// takes the new sample into the graph, checks the stop conditions (pausing and saying why), moves
// the camera for Track/Autofit, and collects a finished Identify.
void watch_tick(ViewerState& state, double dt);

// Identify on the selection if there is one, else the whole pattern (a copy of the state).
void identify_now(ViewerState& state);
// Track at the speed Identify found for a spaceship; false when it found none.
bool track_identified(ViewerState& state);
// Switches the colour theme (turning the history plane on or off); false with a message when
// the plane does not fit.
bool set_theme(ViewerState& state, ColourTheme theme);
// Remembers what the opened pattern's file says (the info panel).
void set_pattern_info(ViewerState& state, const Pattern& pattern, const std::string& source);

}  // namespace gpulife::app
