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
#include <map>
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

struct Runner {
  std::string gpulife;
  bool gpu = false;
  std::string engine;

  std::string view(const std::string& args, int& status) const {
    const std::string common = " --engine " + engine + " --hide-panel ";
    if (gpu) return run_command("'" + gpulife + "' view --headless" + common + args, status);
    return run_command(
        "xvfb-run -a -s '-screen 0 1280x800x24' '" + gpulife + "' view" + common + args, status);
  }
};

// "key: value" lines starting with `prefix`.
std::map<std::string, std::string> report(const std::string& out, const std::string& prefix) {
  std::map<std::string, std::string> m;
  const std::regex line("^" + prefix + R"(: ([^:\n]+): ([^\n]*)$)",
                        std::regex::ECMAScript | std::regex::multiline);
  for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator();
       ++it)
    m[(*it)[1]] = (*it)[2];
  return m;
}

// The generation the run ended at, from the watch's report.
uint64_t final_generation(const std::string& out) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex(R"(watch: generation (\d+))"))) return ~uint64_t{0};
  return std::stoull(m[1]);
}

Grid start_grid(const std::string& name, int64_t side) {
  Grid g(side, side);
  g.place(load_pattern_file(fs::path(GPULIFE_ASSETS) / "patterns" / (name + ".rle")));
  return g;
}

int check_graph(const Runner& r) {
  int status = 0;
  const std::string out =
      r.view("r_pentomino --size 256 --graph --gens-per-frame 3 --run --frames 40", status);
  if (status != 0) return fail("graph run exited with " + std::to_string(status));
  std::smatch m;
  const std::regex graph(
      R"(watch: graph \d+ samples from generation \d+ to (\d+), last population (\d+), births (\d+), deaths (\d+))");
  if (!std::regex_search(out, m, graph)) return fail("no graph report");
  const uint64_t g = std::stoull(m[1]);
  auto ref = make_reference_engine();
  ref->load(start_grid("r_pentomino", 256));
  ref->step(g - 1);
  Grid before, after;
  ref->store(before);
  ref->step(1);
  ref->store(after);
  const CellStats want = cell_stats(after, &before, false);
  std::cout << "graph at " << g << ": " << m[2] << "/" << m[3] << "/" << m[4] << " vs reference "
            << want.population << "/" << want.births << "/" << want.deaths << "\n";
  if (std::stoull(m[2]) != want.population || std::stoull(m[3]) != want.births ||
      std::stoull(m[4]) != want.deaths)
    return fail(r.engine + ": the graph's counts differ from the reference engine's");
  return 0;
}

// The history theme: every cell the glider ever covered in the history colour, the live ones in
// the live colour, the rest dark.
int check_history_pixels(const Runner& r, const fs::path& dir) {
  const fs::path png = dir / ("history-" + r.engine + ".png");
  int status = 0;
  // Stopped at generation 30 and drawn a few more times, so the screenshot shows exactly that.
  const std::string out = r.view(
      "glider --size 64 --theme history --gens-per-frame 1 --run "
      "--until 30 --zoom 8 --center 32,32 --frames 60 --screenshot '" +
          png.string() + "'",
      status);
  if (status != 0) return fail("history run exited with " + std::to_string(status));
  std::smatch m;
  const std::regex layout(
      R"(zoom ([0-9.eE+-]+) px/cell, cell \(0,0\) at \(([0-9.eE+-]+), ([0-9.eE+-]+)\))");
  if (!std::regex_search(out, m, layout)) return fail("no layout line");
  const double zoom = std::stod(m[1]), ox = std::stod(m[2]), oy = std::stod(m[3]);
  if (final_generation(out) != 30) return fail("the history run did not stop at generation 30");
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
      const int px = int(ox + (double(x) + 0.5) * zoom), py = int(oy + (double(y) + 0.5) * zoom);
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
    int status = 0;
    const std::string out =
        r.view(std::string("block --size 32 --theme age --zoom 16 --center 16,16 ") +
                   (ran ? "--gens-per-frame 10 --run --frames 12" : "--frames 2") +
                   " --screenshot '" + png.string() + "'",
               status);
    if (status != 0) return fail("age run exited with " + std::to_string(status));
    std::smatch m;
    const std::regex layout(
        R"(zoom ([0-9.eE+-]+) px/cell, cell \(0,0\) at \(([0-9.eE+-]+), ([0-9.eE+-]+)\))");
    const std::regex live(R"(view: live cells in \((\d+), (\d+)\))");
    if (!std::regex_search(out, m, layout)) return fail("no layout line");
    const double zoom = std::stod(m[1]), ox = std::stod(m[2]), oy = std::stod(m[3]);
    if (!std::regex_search(out, m, live)) return fail("no live-cells line");
    const int px = int(ox + (std::stod(m[1]) + 0.5) * zoom),
              py = int(oy + (std::stod(m[2]) + 0.5) * zoom);
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
  int status = 0;
  std::string out =
      r.view("diehard --size 128 --stop-when dies --gens-per-frame 8 --run --frames 200", status);
  if (status != 0) return fail("stop run exited with " + std::to_string(status));
  std::smatch died;
  // Seen at the first sample after generation 130: 136 in steps of 8 (the CPU worker may join
  // two frames' steps into one).
  if (!std::regex_search(out, died, std::regex(R"(watch: stopped: died at generation (\d+))")) ||
      std::stoull(died[1]) < 130 || std::stoull(died[1]) > 152 || final_generation(out) < 130)
    return fail(r.engine + ": diehard did not stop when it died (generation 130)");
  out =
      r.view("pulsar --size 64 --stop-when periodic --gens-per-frame 1 --run --frames 60", status);
  auto id = report(out, "identify");
  if (out.find("watch: stopped: became periodic at generation") == std::string::npos ||
      id["period"] != "3" || id["type"] != "oscillator")
    return fail(r.engine + ": the pulsar was not stopped as periodic with period 3");
  out = r.view("r_pentomino --size 256 --until 100 --gens-per-frame 16 --run --frames 40", status);
  if (out.find("watch: stopped: reached generation 100") == std::string::npos ||
      final_generation(out) != 100)
    return fail(r.engine + ": --until 100 did not stop exactly at 100");
  out =
      r.view("lwss --size 512 --track ship --zoom 8 --gens-per-frame 4 --run --frames 80", status);
  id = report(out, "identify");
  if (id["type"] != "spaceship" || id["period"] != "4" || id["displacement"] != "(-2, 0)" ||
      id["speed"] != "c/2 orthogonal")
    return fail(r.engine + ": Identify did not report the LWSS");
  if (out.find("theme plain, follow track (-2, 0) every 4 generations") == std::string::npos)
    return fail(r.engine + ": --track ship did not follow the LWSS");
  // The ship stays near the middle of the view: its box's centre against the view's.
  std::smatch m;
  const std::regex layout(
      R"(framebuffer (\d+)x(\d+), zoom ([0-9.eE+-]+) px/cell, cell \(0,0\) at \(([0-9.eE+-]+), ([0-9.eE+-]+)\))");
  const std::regex live(R"(view: live cells in \((\d+), (\d+)\)-\((\d+), (\d+)\))");
  if (!std::regex_search(out, m, layout)) return fail("no layout line");
  const double fw = std::stod(m[1]), fh = std::stod(m[2]), zoom = std::stod(m[3]);
  const double ox = std::stod(m[4]), oy = std::stod(m[5]);
  if (!std::regex_search(out, m, live)) return fail("no live line");
  const double cx = ox + (std::stod(m[1]) + std::stod(m[3]) + 1) * 0.5 * zoom;
  const double cy = oy + (std::stod(m[2]) + std::stod(m[4]) + 1) * 0.5 * zoom;
  std::cout << "tracked ship at pixel (" << cx << ", " << cy << ") of " << fw << "x" << fh << "\n";
  if (std::abs(cx - fw / 2) > fw / 4 || std::abs(cy - fh / 2) > fh / 4)
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
  const fs::path dir = argv[2];
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
