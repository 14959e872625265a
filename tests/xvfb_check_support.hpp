// Shared by the Xvfb screenshot checks: their common start, running a command for its output,
// finding programs on PATH, failing with a message, and reading a screenshot back as RGB.
#pragma once

#include <png.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

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

// The start every check shares: its arguments are GPULIFE WORKDIR, and it needs xvfb-run.
// Returns 0 to go on, else the exit code (2: bad arguments, 77: skipped).
inline int check_setup(int argc, const char* name) {
  if (argc != 3) {
    std::cerr << "usage: " << name << " GPULIFE WORKDIR\n";
    return 2;
  }
  if (!on_path("xvfb-run")) {
    std::cout << "skipped: xvfb-run not found (install xvfb to run the viewer test)\n";
    return 77;
  }
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

}  // namespace gpulife::xvfb_check
