// Runs compare mode under xvfb-run with the CPU engines: the engines must agree at every check,
// and show identical tiles on the same state; with a fault injected into one engine's copy the
// agreement check must name it and the cell, show the indicator in red, and the tiles must
// differ; and a slow engine must not hold the frames (the window keeps drawing while it falls
// behind). Exit 77 = skipped.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "xvfb_check_support.hpp"

namespace fs = std::filesystem;

namespace {
using namespace gpulife::xvfb_check;

constexpr int kW = 1280, kH = 800;

struct Shot {
  std::string output;
  int status = 0;
  std::vector<unsigned char> rgb;
  int w = 0, h = 0;
  int tiles = 0;
  double tx = 0, ty = 0, tw = 0, th = 0;
  nlohmann::json report;  // the view's --report: layout, tiles, compare mode's lanes
};

std::string run(const std::string& gpulife, const fs::path& png, const std::string& extra,
                Shot& shot, const std::string& setup = "--size 192 --run --frames 130") {
  fs::remove(png);
  fs::path report = png;
  report.replace_extension(".json");
  fs::remove(report);
  const std::string command =
      "xvfb-run -a -s '-screen 0 " + std::to_string(kW) + "x" + std::to_string(kH) + "x24' '" +
      gpulife + "' view --compare --engine reference,cpu-simd --random 0.35 " + setup +
      " --check-every 25 --window " + std::to_string(kW) + "x" + std::to_string(kH) + " " + extra +
      " --screenshot '" + png.string() + "' --report '" + report.string() + "'";
  shot.output = run_command(command, shot.status);
  if (shot.status != 0) return "gpulife view exited with status " + std::to_string(shot.status);
  std::ifstream in(report);
  shot.report = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  const nlohmann::json& tiles = shot.report["layout"]["tiles"];
  if (!tiles.is_object()) return "no tile layout in the report " + report.string();
  shot.tiles = tiles["count"].get<int>();
  shot.tx = tiles["origin"][0].get<double>();
  shot.ty = tiles["origin"][1].get<double>();
  shot.tw = tiles["size"][0].get<double>();
  shot.th = tiles["size"][1].get<double>();
  shot.rgb = read_rgb(png, shot.w, shot.h);
  if (shot.rgb.empty()) return "cannot read the screenshot " + png.string();
  return {};
}

// Compare mode's lane `i` at exit, from the report.
const nlohmann::json& lane(const Shot& s, size_t i) {
  return s.report["layout"]["compare"]["lanes"][i];
}

// Pixels that differ between the two tiles, below their labels.
long tile_difference(const Shot& s) {
  long differ = 0;
  for (int y = int(s.ty) + 48; y < int(s.ty + s.th) - 2; ++y) {
    for (int x = 2; x < int(s.tw) - 2; ++x) {
      const size_t a = (size_t(y) * s.w + size_t(s.tx) + x) * 3;
      const size_t b = a + size_t(s.tw) * 3;
      for (int c = 0; c < 3; ++c) differ += s.rgb[a + c] != s.rgb[b + c] ? 1 : 0;
    }
  }
  return differ;
}

// Pixels of the agreement line's colour (green: agree, red: diverged) in the comparison window,
// which sits below the tiles.
long coloured_text(const Shot& s, bool red) {
  long count = 0;
  for (int y = int(s.ty + s.th); y < s.h; ++y) {
    for (int x = int(s.tx); x < s.w; ++x) {
      const unsigned char* p = &s.rgb[(size_t(y) * s.w + x) * 3];
      const bool green_px = p[1] > 190 && p[0] < 150 && p[2] < 160;
      const bool red_px = p[0] > 230 && p[1] > 85 && p[1] < 140 && p[2] > 75 && p[2] < 130;
      count += (red ? red_px : green_px) ? 1 : 0;
    }
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (int code = check_setup(argc, argv, "viewer_compare_check")) return code;
  const fs::path dir = argv[2];

  Shot agree;
  const fs::path chart = dir / "chart.png";
  fs::remove(chart);
  if (std::string e = run(argv[1], dir / "agree.png", "--chart '" + chart.string() + "'", agree);
      !e.empty())
    return fail(e);
  for (int g : {25, 50, 75, 100, 125}) {
    const std::string line = "compare: all 2 engines agree at generation " + std::to_string(g);
    if (agree.output.find(line) == std::string::npos) return fail("missing \"" + line + "\"");
  }
  if (agree.output.find("diverged") != std::string::npos)
    return fail("the engines were reported to diverge without a fault");
  if (agree.tiles != 2) return fail("expected 2 tiles for 2 engines");
  const double bar = agree.report["layout"].value("menu_bar_height", 0.0);
  if (bar <= 0) return fail("no menu bar height in the report");
  if (agree.ty < bar) return fail("the tiles start under the menu bar, which hides their labels");
  if (coloured_text(agree, false) < 20) return fail("no green agreement text on screen");
  if (coloured_text(agree, true) > 0) return fail("red divergence text shown although they agree");
  // The exported chart (drawn with FreeType; a build without it says so instead).
  if (agree.output.find("cannot export the chart: ") == std::string::npos) {
    int cw = 0, ch = 0;
    if (agree.output.find("chart: " + chart.string()) == std::string::npos)
      return fail("no \"chart:\" line for --chart");
    if (read_rgb(chart, cw, ch).empty() || cw != 1600 || ch < 200)
      return fail("the exported chart is not a 1600-pixel-wide PNG");
  } else if (agree.output.find("install") == std::string::npos) {
    return fail("the chart could not be exported and the message does not say what to install");
  }

  Shot fault;
  if (std::string e = run(argv[1], dir / "fault.png", "--inject-fault cpu-simd@60", fault);
      !e.empty())
    return fail(e);
  // 192x192: the flipped cell is the middle one, and the check at the fault names exactly it.
  const std::string named =
      "compare: cpu-simd diverged at generation 60: first differing cell (96, 96)";
  if (fault.output.find(named) == std::string::npos) return fail("missing \"" + named + "\"");
  if (fault.output.find("all 2 engines agree at generation 75") != std::string::npos)
    return fail("agreement reported after the divergence");
  if (lane(fault, 0)["engine"] != "reference" || lane(fault, 1)["engine"] != "cpu-simd" ||
      lane(fault, 1)["generation"] != 60 || lane(fault, 1)["diverged"] != true ||
      lane(fault, 0)["diverged"] != false || !(lane(fault, 0)["generation"].get<long>() > 75))
    return fail("the diverged engine was not stopped at 60 while the other kept running: " +
                fault.report["layout"]["compare"].dump());
  if (tile_difference(fault) == 0) return fail("the tiles are identical after the divergence");
  if (coloured_text(fault, true) < 20) return fail("no red divergence text on screen");

  // Paused on one state, both tiles show the same cells.
  Shot still;
  if (std::string e = run(argv[1], dir / "still.png", "", still, "--size 192 --frames 4");
      !e.empty())
    return fail(e);
  if (long d = tile_difference(still); d != 0)
    return fail("the two tiles differ in " + std::to_string(d) + " pixel values on one state");

  // reference at 2048^2 needs a few hundred ms a generation here: in lockstep the 60 frames
  // would wait for 60 of its generations; stepping on their own, the frames go on while it
  // falls behind and cpu-simd runs ahead.
  Shot slow;
  if (std::string e =
          run(argv[1], dir / "slow.png", "", slow, "--size 2048 --zoom 4 --run --frames 60");
      !e.empty())
    return fail(e);
  if (!slow.report["layout"]["compare"]["lanes"].is_array())
    return fail("no compare lanes in the report");
  const long reference = lane(slow, 0)["generation"].get<long>();
  const long simd = lane(slow, 1)["generation"].get<long>();
  std::cout << "slow engine: 60 frames drawn while reference ran " << reference
            << " generations and cpu-simd " << simd << "\n";
  // In lockstep both lanes would stand at one generation per frame; how far reference gets in
  // the 60 frames depends on how fast this machine draws them, cpu-simd's lead does not.
  if (reference >= 60 || simd < 10 * std::max(reference, 1L))
    return fail("the frames waited for the slow engine");
  if (simd <= 3 * reference) return fail("cpu-simd did not run ahead of the slow engine");

  Shot bad;
  if (run(argv[1], dir / "bad.png", "--inject-fault cpu-simd", bad).empty() || bad.status == 0)
    return fail("a malformed --inject-fault was accepted");
  if (bad.output.find("--inject-fault wants ENGINE@GENERATION") == std::string::npos)
    return fail("no clear message for a malformed --inject-fault");
  std::cout << "compare mode: agreement, tiles and fault detection checked\n";
  return 0;
}
