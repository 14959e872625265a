// Run Length Encoded (.rle) patterns: the format Golly and LifeWiki use.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {

// Parses RLE text. `source` names the file in error messages. Throws ParseError with line and
// column for anything it cannot read (multi-state letters, unsupported rules, malformed header,
// counts that overflow, more live cells than kMaxPatternCells).
// `max_cells` caps the live cells read (ParseError beyond it); tests and fuzzers lower it.
Pattern parse_rle(std::string_view text, std::string_view source = {},
                  uint64_t max_cells = kMaxPatternCells);

// Writes RLE: "#N name", "#O author", "#C comment" lines, "#CXRLE Pos=... Gen=..." when the
// pattern's generation is non-zero, header "x = W, y = H, rule = R", body lines of at most 70
// characters, ending with '!'.
std::string write_rle(const Pattern& pattern);

}  // namespace gpulife
