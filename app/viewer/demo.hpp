// The built-in demo `gpulife` opens with: a glider gun, methuselahs and a random soup.
#pragma once

#include <optional>
#include <string>

#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

struct DemoSetup {
  Grid grid;
  Rule rule;
  std::string name;
};

// Bundled patterns that cannot be found are left out (the soup is always there).
DemoSetup make_demo(std::optional<GridSize> size, std::optional<Topology> topology);

}  // namespace gpulife::app
