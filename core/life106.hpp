// Life 1.06 patterns: "#Life 1.06" then one "x y" live-cell coordinate pair per line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {

// `max_cells` caps the live cells read (ParseError beyond it); tests and fuzzers lower it.
Pattern parse_life106(std::string_view text, std::string_view source = {},
                      uint64_t max_cells = kMaxPatternCells);
std::string write_life106(const Pattern& pattern);

}  // namespace gpulife
