// The command-line options of the viewer's watch (colours, graph, Identify, Track/Autofit, stop
// conditions, step exponent), parsed apart from the rest of `gpulife view`'s.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/cli.hpp"
#include "app/json.hpp"
#include "app/viewer/colour_theme.hpp"
#include "app/viewer/follow.hpp"
#include "core/stop_conditions.hpp"

namespace gpulife::app {

struct ViewerState;

struct WatchOptions {
  ColourTheme theme = ColourTheme::Plain;
  bool graph = false;
  bool info = false;
  bool identify = false;  // identify the pattern once the first frame is drawn
  int identify_max_period = 1024;
  bool track_identified = false;    // --track ship: identify, then track what it found
  std::optional<TrackSpeed> track;  // --track DX,DY,GENS
  bool autofit = false;
  StopSettings stop;
  int step_base = 2;
  bool hyperspeed = false;
};

// Declares the options on `p`.
void add_watch_options(ArgParser& p);
// Reads them back; throws UsageError naming the option for bad values.
WatchOptions parse_watch_options(const ArgParser& p);
// Applies them to a viewer whose simulation has just started.
void apply_watch_options(ViewerState& state, const WatchOptions& options);
// After the first frame (the camera is placed): Identify and Track.
void start_watch_actions(ViewerState& state, const WatchOptions& options);
// At the end of a run with --frames: what the watch saw, as "watch: ..." lines on stdout and as
// the data they are printed from, for --report (waits for a running Identify first).
Json print_watch_report(ViewerState& state);

}  // namespace gpulife::app
