// Pattern <-> text for the system clipboard: RLE out; RLE, .cells or Life 1.06 in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// RLE text of the pattern with its name, author, comments and rule, moved so its bounding box
// starts at (0, 0) and without a generation (a clipboard carries a shape, not a position or a
// time), so Golly and LifeWiki take it as it is.
std::string pattern_to_clipboard(const Pattern& pattern);

// The outcome of reading clipboard text: a pattern, or an error the UI can show as it is.
struct ClipboardPattern {
  std::optional<Pattern> pattern;
  std::string error;   // whole message, e.g. "clipboard:3:7: unexpected character 'z'"
  std::string reason;  // the message without its location
  int64_t line = 0;    // 1-based; 0 when the error has no location
  int64_t column = 0;

  bool ok() const { return pattern.has_value(); }
};

// Parses clipboard text in whichever format it is (sniffed as files are); never throws for bad
// text. Empty or blank text is an error saying the clipboard holds no pattern.
ClipboardPattern pattern_from_clipboard(std::string_view text);

}  // namespace gpulife
