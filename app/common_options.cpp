// The options several commands share (see common_options.hpp).
#include "app/common_options.hpp"

#include "app/report.hpp"

namespace gpulife::app {
void add_size_option(ArgParser& p, std::string_view default_note) {
  p.option("size", "s", "N|WxH", "grid size (default: " + std::string(default_note) + ")");
}

std::optional<GridSize> size_option(const ArgParser& p) {
  if (!p.has("size")) return std::nullopt;
  return parse_grid_size(p.get("size"));
}

void add_topology_option(ArgParser& p, std::string_view default_note, std::string default_value) {
  std::string help = "what lies beyond the edge: " + std::string(kTopologyNames);
  if (!default_note.empty()) help += " (default: " + std::string(default_note) + ")";
  p.option("topology", "t", "NAME", std::move(help), std::move(default_value));
}

std::optional<Topology> topology_option(const ArgParser& p) {
  const std::string name = p.get("topology");
  // Given (even empty, which parse_topology refuses by name) or defaulted: parsed.
  if (!p.has("topology") && name.empty()) return std::nullopt;
  return parse_topology(name);
}

void add_rule_option(ArgParser& p, std::string_view use, std::string default_value) {
  p.option("rule", "r", "RULE", std::string(use) + ", e.g. B36/S23 or HighLife",
           std::move(default_value));
}

void add_report_option(ArgParser& p, std::string help) {
  p.option("report", "", "FILE.json", std::move(help));
}

std::string report_option(const ArgParser& p) {
  if (!p.has("report")) return {};
  const std::string path = p.get("report");
  check_writable(path);
  return path;
}

void add_param_option(ArgParser& p) {
  p.option("param", "p", "NAME=VALUE[,...]", "engine launch parameters, e.g. block_x=128");
}

}  // namespace gpulife::app
