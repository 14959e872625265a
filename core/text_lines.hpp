// Line splitting and small lexing helpers shared by the pattern readers (RLE, .cells, Life 1.0x,
// Macrocell).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace gpulife::text {

// Hands out the lines of a text one at a time, accepting LF, CRLF and lone CR endings, with
// 1-based line numbers for error messages. A UTF-8 byte-order mark at the start is skipped.
class LineSplitter {
 public:
  explicit LineSplitter(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);
  }

  // The next line without its terminator; false when the text is exhausted.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    size_t end = pos_;
    while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
    line = text_.substr(pos_, end - pos_);
    if (end < text_.size() && text_[end] == '\r' && end + 1 < text_.size() &&
        text_[end + 1] == '\n') {
      pos_ = end + 2;
    } else {
      pos_ = end + 1;
    }
    ++number_;
    return true;
  }

  // Number of the line last returned by next().
  int64_t number() const { return number_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int64_t number_ = 0;
};

// A LineSplitter that keeps the current line, so that an error can point at a part of it.
class LineReader {
 public:
  LineReader(std::string_view text, std::string_view source) : lines_(text), source_(source) {}

  bool next() { return lines_.next(line_); }
  std::string_view line() const { return line_; }
  int64_t number() const { return lines_.number(); }
  // Throws ParseError at `part` (a view into line()) of the current line.
  [[noreturn]] void fail(std::string_view part, const std::string& what) const {
    throw ParseError(std::string(source_), lines_.number(), int64_t(part.data() - line_.data()) + 1,
                     what);
  }

 private:
  LineSplitter lines_;
  std::string_view source_;
  std::string_view line_;
};

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
}

inline std::string_view trim_left(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  return s;
}

inline std::string_view trim(std::string_view s) {
  s = trim_left(s);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

inline bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    char a = s[i], b = prefix[i];
    if (a >= 'A' && a <= 'Z') a = char(a - 'A' + 'a');
    if (b >= 'A' && b <= 'Z') b = char(b - 'A' + 'a');
    if (a != b) return false;
  }
  return true;
}

// A whole string_view as a signed 64-bit integer (optional leading '+' or '-'), or nothing when
// it is not exactly a number or does not fit.
inline std::optional<int64_t> parse_int64(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

inline std::optional<uint64_t> parse_uint64(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty() || s.front() == '-') return std::nullopt;
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// The value of a "Key: value" metadata text ("Name: Glider" -> "Glider") when it has that key
// (case-insensitive), as .cells "!" lines and Life 1.0x "#D" lines write them.
inline std::optional<std::string_view> field_value(std::string_view text, std::string_view key) {
  if (!starts_with_ci(text, key)) return std::nullopt;
  std::string_view v = text.substr(key.size());
  if (v.empty() || v.front() != ':') return std::nullopt;
  v.remove_prefix(1);
  if (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return v;
}

// Printable form of a byte for error messages ('x', or \xNN for control and non-ASCII bytes).
inline std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// Removes line breaks from metadata so that one value stays on one written line.
inline std::string one_line(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

// The version a "#Life" header line names: its first word ("#Life 1.05 (generated)" -> "1.05").
inline std::string_view life_version(std::string_view header_line) {
  std::string_view v = trim(header_line.substr(std::min<size_t>(5, header_line.size())));
  size_t end = 0;
  while (end < v.size() && !is_space(v[end])) ++end;
  return v.substr(0, end);
}

// Text quoted in an error message, shortened when long to its start and end around "...", so
// that a message stays readable whatever the input (its column says where the fault is).
inline std::string excerpt(std::string_view s, size_t max = 80) {
  if (s.size() <= max) return std::string(s);
  const size_t tail = max / 4, head = max - tail - 3;
  return std::string(s.substr(0, head)) + "..." + std::string(s.substr(s.size() - tail)) + " (" +
         std::to_string(s.size()) + " characters)";
}

}  // namespace gpulife::text
