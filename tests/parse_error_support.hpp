// What the pattern readers' suites share: the ParseError a read throws, a table of malformed
// inputs checked against the line, column and words of each error, and random soups to write
// and read back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/geometry.hpp"

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

// Whether `e` points at `line` and `column` and its reason contains `says`:
// EXPECT_TRUE(located_at(e, 2, 5, "'B'")).
inline ::testing::AssertionResult located_at(const ParseError& e, int64_t line, int64_t column,
                                             std::string_view says) {
  if (e.line() == line && e.column() == column && e.reason().find(says) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected an error at " << line << ":" << column
                                       << " saying \"" << says << "\", got: " << e.what();
}

// Checks every case: error_of(text) returns the ParseError reading `text` throws.
template <class ErrorOf>
void expect_located_errors(ErrorOf&& error_of, std::initializer_list<ErrorCase> cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(located_at(error_of(c.text), c.line, c.column, c.says));
  }
}

// A soup for round trips: a rectangle of 1 to max_width by 1 to max_height cells, each alive
// with one density drawn from 0.01 to max_density.
inline std::vector<Cell> random_soup(std::mt19937_64& rng, uint64_t max_width, uint64_t max_height,
                                     double max_density) {
  const int64_t w = 1 + int64_t(rng() % max_width), h = 1 + int64_t(rng() % max_height);
  const double density = std::uniform_real_distribution<double>(0.01, max_density)(rng);
  std::vector<Cell> cells;
  for (int64_t y = 0; y < h; ++y)
    for (int64_t x = 0; x < w; ++x)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < density) cells.push_back({x, y});
  return cells;
}

}  // namespace gpulife::test
