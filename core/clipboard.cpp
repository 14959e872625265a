// Clipboard text conversion through the RLE writer and the sniffing pattern reader.
#include "core/clipboard.hpp"

#include "core/error.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {

namespace {
constexpr std::string_view kSource = "clipboard";

bool blank(std::string_view text) {
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') return false;
  return true;
}
}  // namespace

std::string pattern_to_clipboard(const Pattern& pattern) {
  Pattern p = pattern;
  p.move_to_origin();
  p.generation = 0;
  return write_rle(p);
}

ClipboardPattern pattern_from_clipboard(std::string_view text) {
  ClipboardPattern result;
  if (blank(text)) {
    result.reason = "the clipboard holds no pattern text; copy RLE, .cells or Life 1.06 text first";
    result.error = std::string(kSource) + ": " + result.reason;
    return result;
  }
  try {
    result.pattern = parse_pattern(text, kSource);
  } catch (const ParseError& e) {
    result.error = e.what();
    result.reason = e.reason();
    result.line = e.line();
    result.column = e.column();
  } catch (const Error& e) {
    result.error = e.what();
    result.reason = e.what();
  }
  return result;
}

}  // namespace gpulife
