// Pattern info: the file's own description of the pattern, ready to show.
#include "core/pattern_info.hpp"

#include <filesystem>

namespace gpulife {
namespace {

// The first http(s) link in a line, up to the next space.
std::string_view find_link(std::string_view line) {
  for (std::string_view scheme : {"https://", "http://"}) {
    const size_t at = line.find(scheme);
    if (at == std::string_view::npos) continue;
    const size_t end = line.find_first_of(" \t)>]\"", at);
    return line.substr(at, end == std::string_view::npos ? line.size() - at : end - at);
  }
  return {};
}

}  // namespace

PatternInfo pattern_info(const Pattern& pattern, std::string_view source) {
  PatternInfo info;
  info.source = std::string(source);
  info.name = pattern.name;
  info.author = pattern.author;
  info.comments = pattern.comments;
  info.title = !pattern.name.empty() ? pattern.name
                                     : std::filesystem::path(std::string(source)).stem().string();
  info.rule = pattern.rule.to_string();
  if (auto well_known = rule_name(pattern.rule.rule))
    info.rule += " (" + std::string(*well_known) + ")";
  for (const std::string& c : info.comments)
    if (std::string_view link = find_link(c); !link.empty()) info.links.emplace_back(link);
  const Box box = pattern.bounding_box();
  info.width = box.width();
  info.height = box.height();
  info.population = pattern.population();
  info.generation = pattern.generation;
  return info;
}

std::vector<std::pair<std::string, std::string>> info_fields(const PatternInfo& info) {
  std::vector<std::pair<std::string, std::string>> f;
  if (!info.name.empty()) f.emplace_back("name", info.name);
  if (!info.author.empty()) f.emplace_back("author", info.author);
  f.emplace_back("rule", info.rule);
  f.emplace_back("size", std::to_string(info.width) + "x" + std::to_string(info.height) + ", " +
                             std::to_string(info.population) + " cells");
  if (info.generation > 0) f.emplace_back("generation", std::to_string(info.generation));
  if (!info.source.empty()) f.emplace_back("file", info.source);
  return f;
}

}  // namespace gpulife
