// What `gpulife view` was asked to do (from its command line).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer/interop_path.hpp"
#include "app/viewer/step_pacer.hpp"
#include "app/viewer/watch_options.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

// Generations per second a pattern opened to look at runs at until asked otherwise ("0" toggles
// the fastest): what Golly and LifeViewer show by default, one generation a refresh.
inline constexpr double kWatchableRate = 60.0;

// What tests and screenshots ask a run to do that a user would do by hand (--paste, --menu,
// --library, --inject-fault, --frame-delay, ...): in one place, apart from the options a user
// sets.
struct ViewerScript {
  int frame_delay_ms = 0;  // > 0: sleep this long each frame (to try input at low frame rates)
  // Paste a pattern (file or bundled name) with its top-left at paste_at (default: centred in
  // the view), or leave it as the cursor preview.
  std::string paste;
  std::optional<std::pair<int64_t, int64_t>> paste_at;
  bool paste_preview = false;
  std::string paste_mode;  // copy, or, xor
  // Windows to show open from the first frame.
  bool show_library = false;
  bool show_help = false;
  bool show_open = false;
  std::string open_menu;  // a menu of the menu bar
  // Compare mode: flip a cell of this engine's copy at this generation (the divergence check).
  std::string fault_engine;
  uint64_t fault_generation = 0;
};

struct ViewerOptions {
  std::string pattern;  // file or bundled pattern name; empty for the built-in demo
  std::string engine;   // empty: the fastest engine that can run here
  // Headless runs only: more engines to switch to live, the frames split evenly between them.
  std::vector<std::string> more_engines;
  double random_density = 0;  // > 0: fill the grid with random cells first (benchmarks)
  bool verify = false;        // at exit, compare the state with a CPU engine's (headless)
  std::string params;         // "name=value,..." for the engine
  std::optional<GridSize> size;
  std::optional<Topology> topology;
  std::optional<std::string> rule;
  int frames = 0;  // > 0: render this many frames, then exit
  std::string screenshot;
  std::string report;  // --report: the figures, layout and compare lanes as JSON at exit
  bool headless = false;
  // --gens-per-frame / --rate; unset: Auto (fastest) for soups and the demo, a watchable
  // kWatchableRate for a pattern opened to look at.
  std::optional<PaceSettings> pace;
  InteropRequest interop = InteropRequest::Auto;
  bool run = false;  // start running (the demo always does)
  bool hide_panel = false;
  double zoom = 0;  // > 0: start at this many pixels per cell (around --center or the fit's)
  std::optional<std::pair<double, double>> center;  // cell at the middle of the free area
  bool vsync = true;
  int width = 1280, height = 800;  // window (or headless framebuffer) size
  // Compare mode: these engines (empty: Comparison::default_engines()) step copies of the state.
  bool compare = false;
  std::vector<std::string> compare_engines;
  int tiles = 0;  // 1, 2 or 4; 0: as many as engines, up to 4
  uint64_t check_every = 64;
  std::string compare_chart;  // at exit, the comparison as a bar chart PNG
  WatchOptions watch;         // colours, graph, Identify, Track/Autofit, stops, exponent
  ViewerScript script;
};

// The pacing a view starts with: what the options say; otherwise a watchable rate for a pattern
// opened to look at, and Auto (the fastest) for soups, the demo and compare mode.
inline PaceSettings starting_pace(const ViewerOptions& o) {
  if (o.pace) return *o.pace;
  if (!o.pattern.empty() && o.random_density <= 0 && !o.compare)
    return PaceSettings{PaceMode::Rate, 1, kWatchableRate};
  return PaceSettings{};
}

}  // namespace gpulife::app
