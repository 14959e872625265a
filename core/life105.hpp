// Life 1.05 patterns: "#Life 1.05", '#' metadata (#D, #N, #R), then blocks of cell rows
// ('.' dead, '*' alive), each starting at the position its "#P x y" line gives.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// `max_cells` caps the live cells read (ParseError beyond it); tests and fuzzers lower it.
Pattern parse_life105(std::string_view text, std::string_view source = {},
                      uint64_t max_cells = kMaxPatternCells);
// Writes "#Life 1.05", the metadata (#N for Life, else "#R survival/birth" as Life 1.05 spells
// rules, with any bounded-grid suffix) and one #P block per run of nearby rows, at most 80
// columns wide.
std::string write_life105(const Pattern& pattern);

}  // namespace gpulife
