// gpulife's entry point: builds the command table and hands over to the dispatcher.
#include "app/commands.hpp"
#if GPULIFE_HAVE_GUI
#include "app/viewer/view_command.hpp"
#endif

int main(int argc, char** argv) {
  gpulife::app::CommandTable commands = gpulife::app::headless_commands();
  std::string default_command;
#if GPULIFE_HAVE_GUI
  gpulife::app::add_viewer_commands(commands);
  default_command = "view";
#endif
  return gpulife::app::dispatch(commands, argc, argv, default_command);
}
