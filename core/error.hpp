// Error types shared by every layer: a plain message, or a parse error with a location.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace gpulife {

// Any failure a user can act on: the message says what is wrong and what to do.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A failure while reading text (a pattern file, a rule): carries where it happened.
class ParseError : public Error {
 public:
  ParseError(std::string source, int64_t line, int64_t column, const std::string& what)
      : Error(format(source, line, column, what)),
        source_(std::move(source)),
        line_(line),
        column_(column),
        reason_(what) {}

  const std::string& source() const { return source_; }
  int64_t line() const { return line_; }
  int64_t column() const { return column_; }
  const std::string& reason() const { return reason_; }

 private:
  static std::string format(const std::string& source, int64_t line, int64_t column,
                            const std::string& what) {
    std::string s = source.empty() ? std::string("<text>") : source;
    if (line > 0) s.append(":").append(std::to_string(line));
    if (line > 0 && column > 0) s.append(":").append(std::to_string(column));
    s.append(": ").append(what);
    return s;
  }

  std::string source_;
  int64_t line_;
  int64_t column_;
  std::string reason_;
};

}  // namespace gpulife
