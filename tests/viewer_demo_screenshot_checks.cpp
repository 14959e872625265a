// Runs `gpulife demo` under xvfb-run with the CPU engines and short stages, then checks what it
// left: one screenshot per stage plus the summary at the window's size, a printed line per stage
// in its --report naming its engine with a positive ms/generation, captions that change from
// stage to stage; that a bad engine name or screenshot folder stops it with a clear message;
// that --headless (through EGL) measures each stage's own engine; and that `view --headless
// --report` holds each engine's summary figures. Exit 77 = skipped.
#include <sys/wait.h>

#include <cstdio>
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

constexpr int kWidth = 1024, kHeight = 640;

std::string run(const std::string& command, int& exit_code) {
  int status = 0;
  std::string output = run_command(command, status);
  exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

nlohmann::json read_json(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return nlohmann::json::object();
  return nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
}

// `gpulife view --headless --report`: one phase per engine, with the figures the summary line
// prints, at the generation the run reached.
int check_view_report(const std::string& gpulife, const fs::path& dir) {
  const fs::path report = dir / "view.json";
  int code = 0;
  run("'" + gpulife + "' view --headless --random 0.5 --size 256 --frames 12 --run " +
          "-e reference,cpu-simd --report '" + report.string() + "'",
      code);
  if (code != 0)
    return fail("gpulife view --headless --report exited with " + std::to_string(code));
  const nlohmann::json doc = read_json(report);
  const nlohmann::json& phases = doc["phases"];
  if (!phases.is_array() || phases.size() != 2 || phases[0]["engine"] != "reference" ||
      phases[1]["engine"] != "cpu-simd")
    return fail("the view report should hold a reference and a cpu-simd phase: " + doc.dump());
  for (const nlohmann::json& phase : phases)
    if (!(phase["ms_per_generation"].get<double>() > 0) || phase["width"] != 256 ||
        phase["frames"].get<int>() < 1)
      return fail("a view phase without figures: " + phase.dump());
  if (!(phases[1]["generation"].get<uint64_t>() > phases[0]["generation"].get<uint64_t>()))
    return fail("the second phase should end later than the first: " + doc.dump());
  return 0;
}

// Pixels of the caption's light text (light grey, not the amber of live cells) below the middle
// of the image, where the caption sits.
std::vector<bool> caption_text_mask(const std::vector<unsigned char>& rgb) {
  std::vector<bool> mask(size_t(kWidth) * kHeight / 2);
  for (int y = kHeight / 2; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const unsigned char* p = &rgb[(size_t(y) * kWidth + size_t(x)) * 3];
      mask[size_t(y - kHeight / 2) * kWidth + size_t(x)] = p[0] > 170 && p[1] > 170 && p[2] > 170;
    }
  }
  return mask;
}

size_t count(const std::vector<bool>& mask) {
  size_t n = 0;
  for (bool b : mask) n += b;
  return n;
}

int check_errors(const std::string& gpulife, const fs::path& dir) {
  int code = 0;
  std::string out =
      run("'" + gpulife + "' demo --engines reference,warp-drive --seconds 0.1", code);
  if (code != 2 && code != 1) return fail("an unknown engine should fail with exit code 1 or 2");
  if (out.find("warp-drive") == std::string::npos)
    return fail("the error should name the unknown engine");

  // A regular file where the screenshot folder's parent should be.
  const fs::path blocker = dir / "not-a-folder";
  std::ofstream(blocker) << "x";
  const fs::path shots = blocker / "shots";
  out = run("'" + gpulife + "' demo --seconds 0.1 --screenshot-dir '" + shots.string() + "'", code);
  if (code != 1 && code != 2) return fail("an unusable --screenshot-dir should fail");
  if (out.find(shots.string()) == std::string::npos)
    return fail("the error should name the screenshot folder");
  if (out.find("stage 1/") != std::string::npos)
    return fail("the demo should stop before its first stage");
  return 0;
}

// --headless draws through EGL (llvmpipe without a GPU); where no EGL device exists this part
// is skipped. Each stage must have measured its own engine: a loop that switched engines behind
// the tour's back leaves a stage without figures.
int check_headless(const std::string& gpulife, const fs::path& dir) {
  const fs::path shots = dir / "headless";
  int code = 0;
  const fs::path report = dir / "headless.json";
  const std::string out = run("'" + gpulife +
                                  "' demo --headless --seconds 0.3 --size 128 --window 640x400 "
                                  "--engines cpu-simd,reference --screenshot-dir '" +
                                  shots.string() + "' --report '" + report.string() + "'",
                              code);
  if (code != 0 && out.find("EGL") != std::string::npos) {
    std::cout << "headless part skipped: no EGL device here\n";
    return 0;
  }
  if (code != 0) return fail("gpulife demo --headless exited with " + std::to_string(code));
  std::vector<std::string> engines;
  const nlohmann::json doc = read_json(report);
  for (const nlohmann::json& stage : doc["stages"]) {
    if (!stage["shown"].get<bool>() || !(stage["ms_per_generation"].get<double>() > 0))
      return fail("headless stage without figures: " + stage.dump());
    engines.push_back(stage["engine"].get<std::string>());
  }
  if (engines != std::vector<std::string>{"cpu-simd", "reference"})
    return fail("headless run should show cpu-simd, then reference");
  if (int failed = check_view_report(gpulife, dir)) return failed;
  for (const char* name : {"01-cpu-simd.png", "02-reference.png", "summary.png"}) {
    int w = 0, h = 0;
    if (read_rgb(shots / name, w, h).empty() || w != 640 || h != 400)
      return fail("headless screenshot " + std::string(name) + " missing or not 640x400");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: viewer_demo_screenshot_checks GPULIFE WORKDIR\n";
    return 2;
  }
  const std::string gpulife = argv[1];
  const fs::path dir = argv[2];
  fs::remove_all(dir);
  fs::create_directories(dir);
  if (int failed = check_errors(gpulife, dir)) return failed;
  if (int failed = check_headless(gpulife, dir)) return failed;

  if (!on_path("xvfb-run")) {
    std::cout << "skipped: xvfb-run not found (install xvfb to run the viewer test)\n";
    return 77;
  }
  const fs::path shots = dir / "shots";
  int code = 0;
  const std::string out =
      run("xvfb-run -a -s '-screen 0 1600x1000x24' '" + gpulife + "' demo --seconds 0.5 " +
              "--size 256 --window " + std::to_string(kWidth) + "x" + std::to_string(kHeight) +
              " --screenshot-dir '" + shots.string() + "' --report '" +
              (shots / "report.json").string() + "'",
          code);
  if (code != 0) return fail("gpulife demo exited with " + std::to_string(code));

  // The stages as the demo's --report gives them, in order, each with its figures.
  std::vector<std::string> engines;
  const nlohmann::json doc = read_json(shots / "report.json");
  for (const nlohmann::json& stage : doc["stages"]) {
    if (!stage["shown"].get<bool>() || !(stage["ms_per_generation"].get<double>() > 0))
      return fail("stage " + std::to_string(engines.size() + 1) +
                  " has no ms/gen: " + stage.dump());
    engines.push_back(stage["engine"].get<std::string>());
  }
  if (engines.size() < 2)
    return fail("expected figures for every stage, got " + std::to_string(engines.size()));
  if (out.find("summary:") == std::string::npos) return fail("no summary table printed");

  std::vector<std::vector<bool>> masks;
  std::vector<fs::path> pngs;
  for (size_t i = 0; i < engines.size(); ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "%02zu-%s.png", i + 1, engines[i].c_str());
    pngs.push_back(shots / name);
  }
  pngs.push_back(shots / "summary.png");
  for (const fs::path& png : pngs) {
    int w = 0, h = 0;
    const std::vector<unsigned char> rgb = read_rgb(png, w, h);
    if (rgb.empty()) return fail("missing or unreadable screenshot " + png.string());
    if (w != kWidth || h != kHeight)
      return fail(png.string() + " is " + std::to_string(w) + "x" + std::to_string(h) +
                  ", not the window's size");
    masks.push_back(caption_text_mask(rgb));
    std::cout << png.filename().string() << ": " << count(masks.back()) << " caption text pixels\n";
  }
  for (size_t i = 0; i + 1 < engines.size(); ++i) {
    if (count(masks[i]) < 400) return fail(pngs[i].string() + " shows no caption");
    size_t differ = 0;
    for (size_t k = 0; k < masks[i].size(); ++k) differ += masks[i][k] != masks[i + 1][k];
    std::cout << pngs[i].filename().string() << " vs " << pngs[i + 1].filename().string() << ": "
              << differ << " caption pixels differ\n";
    if (differ < 400) return fail("the caption did not change between stages");
  }
  std::cout << "OK: " << engines.size() << " stages and the summary\n";
  return 0;
}
