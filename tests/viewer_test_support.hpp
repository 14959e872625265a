// Set-up the viewer's suites share: recent files kept out of the user's config folder, and a
// ViewerState showing a grid as a 1000 x 800 window would.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/viewer/viewer_state.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

// Points XDG_CONFIG_HOME at `folder` under the system's temporary one, so the recent files a
// suite opens never land in the user's config folder.
inline void keep_config_in_temp(const std::string& folder) {
  setenv("XDG_CONFIG_HOME", (std::filesystem::temp_directory_path() / folder).c_str(), 1);
}

// A 1000 x 800 view of `grid` centred on `center` at 10 pixels a cell, the reference engine
// running Life on it.
inline void start_in_view(ViewerState& state, const Grid& grid, Vec2d center) {
  state.camera.set_viewport(1000, 800);
  state.camera.set_view(center, 10.0);
  state.sim.start("reference", grid, Rule::life());
}

}  // namespace gpulife::app
