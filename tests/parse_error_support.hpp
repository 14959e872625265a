// What the pattern readers' suites share: the ParseError a read throws, and a table of malformed
// inputs checked against the line, column and words of each error.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace gpulife::test {

// The ParseError that read(text) throws; a test failure, and an empty error, when it throws none.
template <class Read>
ParseError parse_error_of(Read&& read, std::string_view text) {
  try {
    read(text);
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no ParseError for:\n" << text;
  return ParseError("", 0, 0, "");
}

// A malformed input, and where and why its error must point.
struct ErrorCase {
  const char* text;
  int64_t line, column;
  const char* says;  // words the reason must contain
};

// Checks every case: error_of(text) returns the ParseError reading `text` throws.
template <class ErrorOf>
void expect_located_errors(ErrorOf&& error_of, std::initializer_list<ErrorCase> cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    const ParseError e = error_of(c.text);
    EXPECT_EQ(e.line(), c.line);
    EXPECT_EQ(e.column(), c.column);
    EXPECT_NE(e.reason().find(c.says), std::string::npos) << e.what();
  }
}

}  // namespace gpulife::test
