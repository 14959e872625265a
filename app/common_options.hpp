// The command-line options that several commands share, each added by one function, so that an
// option's name, short name, value and the facts its help states are written once.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/cli.hpp"
#include "core/grid.hpp"
#include "core/topology.hpp"

namespace gpulife::app {

// --size/-s N|WxH; `default_note` says what the command does without it (it differs: the rule's
// grid, a grid fitting the pattern, a size chosen for the device).
void add_size_option(ArgParser& p, std::string_view default_note);
// The --size given, if any.
std::optional<GridSize> size_option(const ArgParser& p);

// --topology/-t NAME, with every name parse_topology() accepts in its help. `default_note` (may
// be empty) says where the topology comes from without it; `default_value` is a name, if any.
void add_topology_option(ArgParser& p, std::string_view default_note,
                         std::string default_value = {});
// The --topology given (or its default), if any; throws Error for a name that is none.
std::optional<Topology> topology_option(const ArgParser& p);

// --rule/-r RULE; `use` says what it is for, where it is more than overriding the pattern's.
void add_rule_option(ArgParser& p, std::string_view use = "override the pattern's rule",
                     std::string default_value = {});

// --report FILE.json; `help` says what the command writes there.
void add_report_option(ArgParser& p, std::string help);
// The --report file (empty when none), checked writable now so that a command fails before its
// work, not after it.
std::string report_option(const ArgParser& p);

// --param/-p NAME=VALUE[,...]: the engine's launch parameters.
void add_param_option(ArgParser& p);

}  // namespace gpulife::app
