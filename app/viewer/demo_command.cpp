// `gpulife demo`: the scripted tour of the kernel family.
#include "app/viewer/view_command.hpp"
#include "core/error.hpp"

namespace gpulife::app {

int demo_command(const std::vector<std::string>&) {
  throw Error("gpulife demo is not built yet");
}

}  // namespace gpulife::app
