// Plaintext (.cells) patterns: '!' comment lines, '.' dead and 'O' (or '*') alive.
#pragma once

#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// "!Name: x" sets the name, "!Author: x" the author, other "!" lines become comments.
Pattern parse_cells(std::string_view text, std::string_view source = {});
std::string write_cells(const Pattern& pattern);

}  // namespace gpulife
