// The subcommand dispatcher: usage errors exit 2, user-facing errors exit 1, both with a message.
#include "app/commands.hpp"

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#include "app/cli.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

void print_help(const CommandTable& commands) {
  std::cout << "gpulife " << GPULIFE_VERSION
            << " - Conway's Game of Life (and every two-state rule) on the GPU and CPU\n\n"
               "usage: gpulife [COMMAND] [options]\n\ncommands:\n";
  for (const Command& c : commands) {
    std::string name = c.name;
    name.resize(std::max<size_t>(name.size(), 8), ' ');
    std::cout << "  " << name << "  " << c.summary << "\n";
  }
  std::cout << "\nRun `gpulife COMMAND --help` for a command's options.\n";
}

}  // namespace

CommandTable headless_commands() {
  return {
      {"run", "step a pattern for some generations and write the result", run_command},
      {"bench", "measure engines in ms/generation against the memory-bandwidth limit",
       bench_command},
      {"rule", "show a rule's canonical text, its B0 emulation and its compiled circuit",
       rule_command},
      {"identify",
       "say what a pattern is: still life, oscillator or spaceship, its period and speed",
       identify_command},
  };
}

int dispatch(const CommandTable& commands, int argc, char** argv,
             const std::string& default_command) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string name;
  if (args.empty()) {
    if (default_command.empty()) {
      print_help(commands);
      return 0;
    }
    name = default_command;
  } else {
    name = args.front();
    args.erase(args.begin());
  }
  if (name == "-h" || name == "--help" || name == "help") {
    print_help(commands);
    return 0;
  }
  if (name == "--version") {
    std::cout << "gpulife " << GPULIFE_VERSION << "\n";
    return 0;
  }
  const Command* command = nullptr;
  for (const Command& c : commands)
    if (c.name == name) command = &c;
  if (!command) {
    // `gpulife PATTERN` opens the pattern in the default command (the viewer when built).
    const bool looks_like_file =
        name.find('.') != std::string::npos || name.find('/') != std::string::npos;
    for (const Command& c : commands)
      if (c.name == default_command && looks_like_file && name[0] != '-') command = &c;
    if (command) {
      args.insert(args.begin(), name);
    } else {
      std::cerr << "gpulife: unknown command \"" << name << "\"\n\n";
      print_help(commands);
      return 2;
    }
  }
  try {
    return command->run(args);
  } catch (const UsageError& e) {
    std::cerr << "gpulife " << command->name << ": " << e.what() << "\n"
              << "Run `gpulife " << command->name << " --help` for usage.\n";
    return 2;
  } catch (const Error& e) {
    std::cerr << "gpulife " << command->name << ": error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "gpulife " << command->name
              << ": error: out of memory (a memory limit such as ulimit -v may be lower than "
                 "what the system has free; --max-memory sets the most a grid may use)\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "gpulife " << command->name << ": internal error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace gpulife::app
