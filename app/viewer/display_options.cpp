// The viewer commands' shared options (see display_options.hpp).
#include "app/viewer/display_options.hpp"

#include <exception>

namespace gpulife::app {

void add_window_option(ArgParser& p) {
  p.option("window", "", "WxH", "window (or headless image) size", "1280x800");
}

GridSize window_option(const ArgParser& p) {
  const GridSize window = parse_grid_size(p.get("window"));
  if (window.width < 64 || window.height < 64 || window.width > 16384 || window.height > 16384)
    throw UsageError("--window must be between 64x64 and 16384x16384");
  return window;
}

void add_gens_per_frame_option(ArgParser& p, std::string_view default_note,
                               std::string default_value) {
  std::string help =
      "generations stepped per frame; auto: as many whole passes as fit about 60 frames a second";
  if (!default_note.empty()) help += " (" + std::string(default_note) + ")";
  p.option("gens-per-frame", "g", "auto|G", std::move(help), std::move(default_value));
}

PaceSettings gens_per_frame_option(const ArgParser& p) {
  try {
    return parse_gens_per_frame(p.get("gens-per-frame"));
  } catch (const std::exception& e) {
    throw UsageError(e.what());  // a bad command line, answered with the usage
  }
}

void add_headless_flag(ArgParser& p) {
  p.flag("headless", "", "render offscreen through EGL on the GPU (no display needed)");
}

}  // namespace gpulife::app
