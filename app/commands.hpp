// Subcommand table and dispatch: errors are caught here once and turned into messages and codes.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gpulife::app {

// A subcommand receives its own arguments (without the program and command names) and returns
// the process exit code. It throws UsageError for bad arguments (exit 2) and gpulife::Error for
// failures the user can act on (exit 1).
struct Command {
  std::string name;
  std::string summary;
  std::function<int(const std::vector<std::string>&)> run;
};

using CommandTable = std::vector<Command>;

// run, bench and the other commands that need no window.
CommandTable headless_commands();

// Runs the command named by argv[1]; with no arguments, runs `default_command` (the viewer when
// built) or prints help.
int dispatch(const CommandTable& commands, int argc, char** argv,
             const std::string& default_command);

// Subcommands, each in its own file.
int run_command(const std::vector<std::string>& args);
int bench_command(const std::vector<std::string>& args);
int rule_command(const std::vector<std::string>& args);
int identify_command(const std::vector<std::string>& args);

}  // namespace gpulife::app
