// Plaintext (.cells) patterns: '!' comment lines, '.' dead and 'O' (or '*') alive.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {

// "!Name: x" sets the name, "!Author: x" the author, other "!" lines become comments.
// `max_cells` caps the live cells read (ParseError beyond it); tests and fuzzers lower it.
Pattern parse_cells(std::string_view text, std::string_view source = {},
                    uint64_t max_cells = kMaxPatternCells);
std::string write_cells(const Pattern& pattern);

}  // namespace gpulife
