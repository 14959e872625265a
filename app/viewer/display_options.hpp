// The command-line options of the commands that open the viewer (view and demo): the window's
// size, the pace of the steps, and rendering without a display.
#pragma once

#include <string>
#include <string_view>

#include "app/cli.hpp"
#include "app/viewer/step_pacer.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

// --window WxH, the window's (or the headless image's) size.
void add_window_option(ArgParser& p);
// The --window size; a UsageError when no window can have it.
GridSize window_option(const ArgParser& p);

// --gens-per-frame/-g auto|G; `default_note` (may be empty) says when auto is the default.
void add_gens_per_frame_option(ArgParser& p, std::string_view default_note,
                               std::string default_value = {});
// The --gens-per-frame pace (or its default's); a UsageError when it is neither auto nor a step.
PaceSettings gens_per_frame_option(const ArgParser& p);

// --headless: render through EGL without a display.
void add_headless_flag(ArgParser& p);

}  // namespace gpulife::app
