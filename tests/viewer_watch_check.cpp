// Runs `gpulife view` with the watch's options and checks what it reports and draws:
//   cpu: under xvfb-run on the CPU engines;
//   gpu: through headless EGL on every GPU engine (skipped without a CUDA device).
// The graph's last sample against the reference engine, the history theme's pixels against the
// OR of the reference's generations, the age theme's ramp, stop conditions, run-until, Identify
// and Track. Exit 77 = skipped.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

#include "core/cell_stats.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "tests/reference_runs.hpp"
#include "xvfb_check_support.hpp"

namespace fs = std::filesystem;
using namespace gpulife;
using namespace gpulife::xvfb_check;

namespace {

// One run of the viewer: what it printed, and its --report read back.
struct ViewRun {
  std::string out;
  int status = 0;
  nlohmann::json report;
  std::string error;  // why the run or its report failed; empty when both are fine
  const nlohmann::json& watch() const { return report["watch"]; }
  // The watch's Identify fields ("type", "period", ...); empty strings when absent.
  std::string identify(const std::string& key) const {
    const nlohmann::json& w = watch();
    if (!w.contains("identify") || !w["identify"].contains("fields")) return {};
    const nlohmann::json& f = w["identify"]["fields"];
    return f.contains(key) ? f[key].get<std::string>() : std::string();
  }
  // The generation the run ended at.
  uint64_t generation() const { return watch().value("generation", ~uint64_t{0}); }
  std::string stopped() const { return watch().value("stopped", std::string()); }
};

struct Runner {
  std::string gpulife;
  fs::path dir;
  bool gpu = false;
  std::string engine;

  ViewRun view(const std::string& args) const {
    const fs::path report_path = dir / ("report-" + engine + ".json");
    fs::remove(report_path);
    const std::string common = " --engine " + engine + " --hide-panel --report '" +
                               report_path.string() + "' ";
    ViewRun r;
    r.out = gpu ? run_command("'" + gpulife + "' view --headless" + common + args, r.status)
                : run_command("xvfb-run -a -s '-screen 0 1280x800x24' '" + gpulife + "' view" +
                                  common + args,
                              r.status);
    if (r.status != 0)
      r.error = engine + ": `view " + args + "` exited with " + std::to_string(r.status);
    else
      r.report = read_report(report_path, r.error);
    if (r.report.is_null()) r.report = nlohmann::json::object();
    return r;
  }
};

Grid start_grid(const std::string& name, int64_t side) {
  Grid g(side, side);
  g.place(load_pattern_file(fs::path(GPULIFE_ASSETS) / "patterns" / (name + ".rle")));
  return g;
}

int check_graph(const Runner& r) {
  const ViewRun v = r.view("r_pentomino --size 256 --graph --gens-per-frame 3 --run --frames 40");
  if (!v.error.empty()) return fail(v.error);
  if (!v.watch().contains("graph") || !v.watch()["graph"].contains("births"))
    return fail(r.engine + ": no graph with births and deaths in the report");
  const nlohmann::json& graph = v.watch()["graph"];
  const uint64_t g = graph["last_generation"].get<uint64_t>();
  auto ref = make_reference_engine();
  ref->load(start_grid("r_pentomino", 256));
  ref->step(g - 1);
  Grid before, after;
  ref->store(before);
  ref->step(1);
  ref->store(after);
  const CellStats want = cell_stats(after, &before, false);
  const uint64_t population = graph["population"].get<uint64_t>(),
                 births = graph["births"].get<uint64_t>(), deaths = graph["deaths"].get<uint64_t>();
  std::cout << "graph at " << g << ": " << population << "/" << births << "/" << deaths
            << " vs reference " << want.population << "/" << want.births << "/" << want.deaths
            << "\n";
  if (population != want.population || births != want.births || deaths != want.deaths)
    return fail(r.engine + ": the graph's counts differ from the reference engine's");
  return 0;
}

// The history theme: every cell the glider ever covered in the history colour, the live ones in
// the live colour, the rest dark.
int check_history_pixels(const Runner& r, const fs::path& dir) {
  const fs::path png = dir / ("history-" + r.engine + ".png");
  // Stopped at generation 30 and drawn a few more times, so the screenshot shows exactly that.
  const ViewRun v = r.view(
      "glider --size 64 --theme history --gens-per-frame 1 --run "
      "--until 30 --zoom 8 --center 32,32 --frames 60 --screenshot '" +
      png.string() + "'");
  if (!v.error.empty()) return fail(v.error);
  ViewLayout layout;
  if (const std::string e = view_layout(v.report, layout); !e.empty()) return fail(e);
  if (v.generation() != 30) return fail("the history run did not stop at generation 30");
  const Grid history = test::reference_history(start_grid("glider", 64), 30);
  auto ref = make_reference_engine();
  ref->load(start_grid("glider", 64));
  ref->step(30);
  Grid now;
  ref->store(now);
  int w = 0, h = 0;
  const std::vector<unsigned char> rgb = read_rgb(png, w, h);
  if (rgb.empty()) return fail("no history screenshot");
  int wrong = 0, ever = 0;
  for (int64_t y = 20; y < 50; ++y)
    for (int64_t x = 20; x < 50; ++x) {
      const int px = int(layout.pixel_x(double(x))), py = int(layout.pixel_y(double(y)));
      if (px < 0 || py < 0 || px >= w || py >= h) continue;
      const unsigned char* c = &rgb[(size_t(py) * size_t(w) + size_t(px)) * 3];
      // Live: warm yellow; ever alive: blue-green (blue well above red); never: dark.
      const bool looks_live = c[0] > 200 && c[1] > 150;
      const bool looks_history = c[2] > 90 && c[0] < 80;
      const bool looks_dark = c[0] < 30 && c[1] < 30 && c[2] < 40;
      const bool is_live = now.get(x, y), was = history.get(x, y);
      ever += was && !is_live;
      if (is_live ? !looks_live : (was ? !looks_history : !looks_dark)) ++wrong;
    }
  std::cout << "history pixels: " << ever << " history cells, " << wrong << " wrong\n";
  if (ever < 10) return fail("too few history cells to judge");
  if (wrong > 0) return fail(r.engine + ": history colours do not match the cells ever alive");
  return 0;
}

// The age theme: a block just placed is "born" (near white), after 100 generations it is "long
// alive" (blue).
int check_age(const Runner& r, const fs::path& dir) {
  for (const bool ran : {false, true}) {
    const fs::path png = dir / (std::string("age-") + (ran ? "old-" : "new-") + r.engine + ".png");
    const ViewRun v = r.view(std::string("block --size 32 --theme age --zoom 16 --center 16,16 ") +
                             (ran ? "--gens-per-frame 10 --run --frames 12" : "--frames 2") +
                             " --screenshot '" + png.string() + "'");
    if (!v.error.empty()) return fail(v.error);
    ViewLayout layout;
    if (const std::string e = view_layout(v.report, layout); !e.empty()) return fail(e);
    if (!layout.has_live) return fail(r.engine + ": no live cells in the age run's report");
    const int px = int(layout.pixel_x(layout.live[0])), py = int(layout.pixel_y(layout.live[1]));
    int w = 0, h = 0;
    const std::vector<unsigned char> rgb = read_rgb(png, w, h);
    if (rgb.empty() || px < 0 || py < 0 || px >= w || py >= h) return fail("no age screenshot");
    const unsigned char* c = &rgb[(size_t(py) * size_t(w) + size_t(px)) * 3];
    std::cout << "age " << (ran ? "after 100+ generations" : "at start") << ": " << int(c[0]) << ","
              << int(c[1]) << "," << int(c[2]) << "\n";
    if (!ran && !(c[0] > 230 && c[1] > 230)) return fail("a new cell is not drawn as just born");
    if (ran && !(c[2] > 230 && c[0] < 100)) return fail("an old cell is not drawn as long alive");
  }
  return 0;
}

int check_stops_identify_and_track(const Runner& r) {
  ViewRun v = r.view("diehard --size 128 --stop-when dies --gens-per-frame 8 --run --frames 200");
  if (!v.error.empty()) return fail(v.error);
  // Seen at the first sample after generation 130: 136 in steps of 8 (the CPU worker may join
  // two frames' steps into one).
  std::smatch died;
  const std::string stopped = v.stopped();
  if (!std::regex_match(stopped, died, std::regex(R"(died at generation (\d+))")) ||
      std::stoull(died[1]) < 130 || std::stoull(died[1]) > 152 || v.generation() < 130)
    return fail(r.engine + ": diehard did not stop when it died (generation 130)");
  v = r.view("pulsar --size 64 --stop-when periodic --gens-per-frame 1 --run --frames 60");
  if (!v.error.empty()) return fail(v.error);
  if (v.stopped().rfind("became periodic at generation", 0) != 0 || v.identify("period") != "3" ||
      v.identify("type") != "oscillator")
    return fail(r.engine + ": the pulsar was not stopped as periodic with period 3");
  v = r.view("r_pentomino --size 256 --until 100 --gens-per-frame 16 --run --frames 40");
  if (!v.error.empty()) return fail(v.error);
  if (v.stopped() != "reached generation 100" || v.generation() != 100)
    return fail(r.engine + ": --until 100 did not stop exactly at 100");
  v = r.view("lwss --size 512 --track ship --zoom 8 --gens-per-frame 4 --run --frames 80");
  if (!v.error.empty()) return fail(v.error);
  if (v.identify("type") != "spaceship" || v.identify("period") != "4" ||
      v.identify("displacement") != "(-2, 0)" || v.identify("speed") != "c/2 orthogonal")
    return fail(r.engine + ": Identify did not report the LWSS");
  if (v.watch().value("follow", std::string()) != "track (-2, 0) every 4 generations")
    return fail(r.engine + ": --track ship did not follow the LWSS");
  // The ship stays near the middle of the view: its box's centre against the view's.
  ViewLayout l;
  if (const std::string e = view_layout(v.report, l); !e.empty()) return fail(e);
  if (!l.has_live) return fail(r.engine + ": the tracked ship is not in the report");
  const double cx = l.ox + (l.live[0] + l.live[2] + 1) * 0.5 * l.zoom;
  const double cy = l.oy + (l.live[1] + l.live[3] + 1) * 0.5 * l.zoom;
  std::cout << "tracked ship at pixel (" << cx << ", " << cy << ") of " << l.fw << "x" << l.fh
            << "\n";
  if (std::abs(cx - l.fw / 2) > l.fw / 4 || std::abs(cy - l.fh / 2) > l.fh / 4)
    return fail(r.engine + ": the tracked ship left the middle of the view");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: viewer_watch_check GPULIFE WORKDIR cpu|gpu\n";
    return 2;
  }
  Runner r;
  r.gpulife = argv[1];
  r.gpu = std::string(argv[3]) == "gpu";
  r.dir = argv[2];
  const fs::path& dir = r.dir;
  fs::create_directories(dir);
  std::vector<std::string> engines;
  if (r.gpu) {
    int status = 0;
    run_command("'" + r.gpulife + "' run glider --engine bit64 -g 1", status);
    if (status != 0) {
      std::cout << "skipped: no CUDA device\n";
      return 77;
    }
    engines = {"bit64", "bit32", "byte-naive", "byte-grouped", "bit-multistep"};
  } else {
    if (!on_path("xvfb-run")) {
      std::cout << "skipped: xvfb-run not found (install xvfb to run the viewer test)\n";
      return 77;
    }
    engines = {"reference", "cpu-simd"};
  }
  for (const std::string& engine : engines) {
    r.engine = engine;
    for (auto check : {check_graph, check_stops_identify_and_track})
      if (const int rc = check(r)) return rc;
    if (const int rc = check_history_pixels(r, dir)) return rc;
    if (const int rc = check_age(r, dir)) return rc;
  }
  std::cout << "watch checks passed on " << engines.size() << " engines\n";
  return 0;
}
