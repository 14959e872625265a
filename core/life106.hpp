// Life 1.06 patterns: "#Life 1.06" then one "x y" live-cell coordinate pair per line.
#pragma once

#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

Pattern parse_life106(std::string_view text, std::string_view source = {});
std::string write_life106(const Pattern& pattern);

}  // namespace gpulife
