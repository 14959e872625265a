// Registers `gpulife view` (the interactive viewer, also what `gpulife` alone opens).
#pragma once

#include "app/commands.hpp"

namespace gpulife::app {

void add_viewer_commands(CommandTable& commands);

// `gpulife demo`: the scripted tour of the kernel family (demo_command.cpp).
int demo_command(const std::vector<std::string>& args);

}  // namespace gpulife::app
