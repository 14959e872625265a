// `gpulife demo`: the scripted tour of the kernel family; command line, checks before any window
// opens, then the viewer driven by a DemoTour.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "app/cli.hpp"
#include "app/common_options.hpp"
#include "app/engines.hpp"
#include "app/report.hpp"
#include "app/viewer/demo_tour.hpp"
#include "app/viewer/display_options.hpp"
#include "app/viewer/view_command.hpp"
#include "app/viewer/viewer.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

// Screenshots are saved at the end of each stage: a folder that cannot take them should stop
// the demo before it starts, not after the first stage.
void prepare_screenshot_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec))
    throw Error("cannot create the screenshot folder " + dir.string() + ": " +
                (ec ? ec.message() : "a file of that name exists"));
  const fs::path probe = dir / ".gpulife-demo-write-test";
  {
    std::ofstream f(probe);
    if (!f || !(f << "x") || !f.flush())
      throw Error("cannot write into the screenshot folder " + dir.string() +
                  ": check its permissions or pick another with --screenshot-dir");
  }
  fs::remove(probe, ec);
}

}  // namespace

int demo_command(const std::vector<std::string>& args) {
  ArgParser p("demo",
              "A guided tour of the kernel family on one large random soup: each engine runs for "
              "a few seconds with a caption saying what it changed and its live figures "
              "(ms/generation, share of the bandwidth limit, Gcell/s, speed-up), then a summary "
              "compares them. The soup carries over from engine to engine. Without a CUDA device "
              "the tour shows the CPU engines.");
  add_size_option(p,
                  "65536 on a GPU with the memory for it, else the largest power of two that "
                  "fits; 2048 on the CPU");
  p.option("density", "", "D", "share of live cells in the soup (0..1)", "0.5");
  p.option("seconds", "", "S", "how long each stage and the summary are held", "6");
  p.option("engines", "e", "NAME[,NAME...]",
           "the stages, in order (default: byte-naive, byte-grouped, bit32, bit64, "
           "bit-multistep; reference, cpu-simd without a CUDA device)");
  add_gens_per_frame_option(p, "", "auto");
  add_window_option(p);
  p.option("zoom", "z", "PX_PER_CELL",
           "pixels per cell, around the grid's centre; 0 shows the whole grid", "2");
  p.option("seed", "", "N", "seed of the random soup", "20261129");
  add_headless_flag(p);
  p.option("screenshot-dir", "", "DIR",
           "save the last frame of each stage as DIR/01-ENGINE.png ... and DIR/summary.png");
  add_report_option(p, "at the end, write each stage's figures (or why it was skipped) as JSON");
  p.flag("hide-panel", "", "keep the control panel hidden (the default: captions only)");
  p.flag("show-panel", "", "show the control panel beside the captions");
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }

  const EngineRegistry& registry = engine_registry();
  TourOptions tour;
  if (p.has("engines")) {
    tour.engines = split_list(p.get("engines"));
    if (tour.engines.empty()) throw UsageError("--engines needs at least one engine name");
    for (const std::string& name : tour.engines) {
      if (registry.contains(name)) continue;
      std::string known;
      for (const EngineInfo& info : registry.engines())
        known += (known.empty() ? "" : ", ") + info.name;
      throw UsageError("unknown engine \"" + name + "\" in --engines; known engines: " + known);
    }
  } else {
    TourEngines chosen = choose_tour_engines(registry);
    tour.engines = std::move(chosen.engines);
    tour.note = std::move(chosen.note);
  }
  // Engines that cannot run here are skipped with a note; a tour with none left is an error.
  bool any_runs = false, any_gpu = false;
  std::string reasons;
  for (const std::string& name : tour.engines) {
    const std::string why = registry.unavailable_reason(name);
    if (why.empty()) {
      any_runs = true;
      any_gpu = any_gpu || registry.info(name).gpu;
    } else {
      reasons += "\n  " + name + ": " + why;
    }
  }
  if (!any_runs) throw Error("none of the demo's engines can run here:" + reasons);

  const MemoryProbe probe = system_memory_probe();
  if (const std::optional<GridSize> size = size_option(p)) {
    tour.size = *size;
  } else {
    const int64_t n =
        default_tour_size(any_gpu, any_gpu ? probe.device_free_bytes() : std::nullopt);
    tour.size = GridSize{n, n};
  }
  tour.density = p.get_double("density", 0, 1);
  tour.stage_seconds = p.get_double("seconds", 0.05, 3600);
  if (const PaceSettings pace = gens_per_frame_option(p); pace.mode == PaceMode::PerFrame)
    tour.gens_per_frame = pace.step;
  tour.seed = uint64_t(p.get_int("seed", 0, (1ll << 62)));
  tour.zoom = p.get_double("zoom", 0, 512);
  if (p.has("screenshot-dir")) {
    tour.screenshot_dir = p.get("screenshot-dir");
    prepare_screenshot_dir(tour.screenshot_dir);
  }
  tour.report = report_option(p);

  ViewerOptions o;
  const GridSize window = window_option(p);
  o.width = int(window.width);
  o.height = int(window.height);
  o.headless = p.has("headless");
  o.hide_panel = !p.has("show-panel");
  o.run = true;
  if (tour.zoom > 0) {
    o.zoom = tour.zoom;
    o.center = std::make_pair(double(tour.size.width) * 0.5, double(tour.size.height) * 0.5);
  }
  // The viewer starts on its small built-in scene; the tour replaces it with the soup on its
  // first frame, before anything is drawn.
  o.size = GridSize{256, 256};
  return run_viewer(o, std::make_unique<DemoTour>(std::move(tour), probe));
}

}  // namespace gpulife::app
