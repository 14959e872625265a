// Registers `gpulife view` (the interactive viewer, also what `gpulife` alone opens).
#pragma once

#include "app/commands.hpp"

namespace gpulife::app {

void add_viewer_commands(CommandTable& commands);

}  // namespace gpulife::app
