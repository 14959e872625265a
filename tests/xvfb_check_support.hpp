// Shared by the Xvfb screenshot checks: their common start, running a command for its output,
// finding programs on PATH, failing with a message, reading a screenshot back as RGB, and reading
// `gpulife view --report` back (the layout, the watch), so no check parses printed lines.
#pragma once

#include <png.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpulife::xvfb_check {

namespace fs = std::filesystem;

inline bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p = path;
  size_t start = 0;
  while (start <= p.size()) {
    const size_t end = p.find(':', start);
    const std::string dir =
        p.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::error_code ec;
    if (!dir.empty() && fs::exists(fs::path(dir) / program, ec)) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

// Runs a shell command with its stderr joined to stdout, echoes both and returns the output;
// `status` receives pclose()'s status, -1 when the command could not start.
inline std::string run_command(const std::string& command, int& status) {
  std::cout << "running: " << command << "\n";
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    status = -1;
    return {};
  }
  std::string output;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, pipe)) output.append(buf, n);
  status = pclose(pipe);
  std::cout << output;
  return output;
}

// The start every check shares: its arguments are GPULIFE WORKDIR, it needs xvfb-run, and it
// works in WORKDIR (created here). Returns 0 to go on, else the exit code (2: bad arguments,
// 77: skipped).
inline int check_setup(int argc, char** argv, const char* name) {
  if (argc != 3) {
    std::cerr << "usage: " << name << " GPULIFE WORKDIR\n";
    return 2;
  }
  if (!on_path("xvfb-run")) {
    std::cout << "skipped: xvfb-run not found (install xvfb to run the viewer test)\n";
    return 77;
  }
  fs::create_directories(argv[2]);
  return 0;
}

inline int fail(const std::string& why) {
  std::cerr << "FAIL: " << why << "\n";
  return 1;
}

// Reads an RGB PNG; empty on failure (the reason is printed).
inline std::vector<unsigned char> read_rgb(const fs::path& path, int& w, int& h) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, path.string().c_str())) {
    std::cerr << "cannot read " << path << ": " << image.message << "\n";
    return {};
  }
  image.format = PNG_FORMAT_RGB;
  std::vector<unsigned char> rgb(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr)) {
    std::cerr << "cannot decode " << path << ": " << image.message << "\n";
    return {};
  }
  w = int(image.width);
  h = int(image.height);
  return rgb;
}

// A --report file; sets `error` (and returns null) when it is missing or not JSON.
inline nlohmann::json read_report(const fs::path& path, std::string& error) {
  std::ifstream in(path);
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!in || doc.is_discarded() || !doc.is_object()) {
    error = "no readable report " + path.string();
    return nullptr;
  }
  return doc;
}

// Where `gpulife view` drew the grid at exit: the report's "layout".
struct ViewLayout {
  double fw = 0, fh = 0;  // framebuffer
  double zoom = 0;        // pixels per cell
  double ox = 0, oy = 0;  // the screen position of cell (0,0)'s top-left corner
  bool has_live = false;
  double live[4] = {};  // the live cells' box: min x, min y, max x, max y
  bool has_panel = false;
  double panel[4] = {};  // the panel's rectangle: min x, min y, max x, max y
  // The screen position of the centre of cell x (column) or y (row).
  double pixel_x(double x) const { return ox + (x + 0.5) * zoom; }
  double pixel_y(double y) const { return oy + (y + 0.5) * zoom; }
};

// Reads the layout out of a report; an error message when it has none.
inline std::string view_layout(const nlohmann::json& report, ViewLayout& out) {
  if (!report.is_object() || !report.contains("layout")) return "no layout in the report";
  const nlohmann::json& l = report["layout"];
  if (!l.contains("framebuffer") || !l.contains("zoom") || !l.contains("origin"))
    return "the report's layout lacks the framebuffer, zoom or origin";
  out.fw = l["framebuffer"][0].get<double>();
  out.fh = l["framebuffer"][1].get<double>();
  out.zoom = l["zoom"].get<double>();
  out.ox = l["origin"][0].get<double>();
  out.oy = l["origin"][1].get<double>();
  out.has_live = l.contains("live");
  out.has_panel = l.contains("panel");
  for (int i = 0; i < 4; ++i) {
    if (out.has_live) out.live[i] = l["live"][i].get<double>();
    if (out.has_panel) out.panel[i] = l["panel"][i].get<double>();
  }
  return {};
}

// Runs `command` (a `gpulife view` line) with `--report REPORT` added and reads the layout
// back; an error message when the run fails or its report has no layout. `doc` receives the whole
// report when given.
inline std::string run_view(const std::string& command, const fs::path& report,
                            std::string& output, ViewLayout& layout,
                            nlohmann::json* doc = nullptr) {
  fs::remove(report);
  int status = 0;
  output = run_command(command + " --report '" + report.string() + "'", status);
  if (status != 0) return "gpulife view exited with status " + std::to_string(status);
  std::string error;
  nlohmann::json d = read_report(report, error);
  if (!error.empty()) return error;
  error = view_layout(d, layout);
  if (doc) *doc = std::move(d);
  return error;
}

}  // namespace gpulife::xvfb_check
