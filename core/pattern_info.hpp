// What a pattern file says about itself (name, author, rule, its #C/#N/#O/#D comments), gathered
// for the viewer's info panel and the window title.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/pattern.hpp"

namespace gpulife {

struct PatternInfo {
  std::string title;   // the pattern's name, else the file's name without folder or extension
  std::string name;    // #N (or the format's own name line)
  std::string author;  // #O
  std::string rule;    // canonical text, with its well-known name when it has one
  std::vector<std::string> comments;  // #C / #D lines, in file order, blank lines kept
  // Lines of the comments that are links (http:// or https://), for the panel to offer.
  std::vector<std::string> links;
  std::string source;  // file path or bundled name it came from
  int64_t width = 0, height = 0;
  uint64_t population = 0;
  uint64_t generation = 0;  // the file's own generation count (RLE "#CXRLE Gen=")
};

// `source` is what the user opened (a path or a bundled name).
PatternInfo pattern_info(const Pattern& pattern, std::string_view source);

// The info as labelled lines for display ("name", "author", "rule", "size", ...), leaving out
// what the file did not say.
std::vector<std::pair<std::string, std::string>> info_fields(const PatternInfo& info);

}  // namespace gpulife
