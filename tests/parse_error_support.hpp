// What the pattern readers' suites share: the ParseError a read throws, a table of malformed
// inputs checked against the line, column and words of each error, a pattern's metadata, and
// random soups to write and read back.
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
#include "core/pattern.hpp"

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

// One format's reader as its suite calls it: parse_error(text) is the ParseError reading `text`
// throws, its message naming the file `source`.
struct ReaderErrors {
  Pattern (*read)(std::string_view text, std::string_view source, uint64_t max_cells);
  std::string_view source;

  ParseError operator()(std::string_view text, uint64_t max_cells = kMaxPatternCells) const {
    return parse_error_of([&](std::string_view t) { read(t, source, max_cells); }, text);
  }
};

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

// Whether `p` carries this name, author and comments:
// EXPECT_TRUE(has_metadata(p, "Glider", "Richard K. Guy", {"The smallest spaceship."})).
inline ::testing::AssertionResult has_metadata(const Pattern& p, std::string_view name,
                                               std::string_view author,
                                               const std::vector<std::string>& comments) {
  if (p.name == name && p.author == author && p.comments == comments)
    return ::testing::AssertionSuccess();
  auto listed = [](const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines) out += " \"" + line + "\"";
    return out;
  };
  return ::testing::AssertionFailure()
         << "name \"" << p.name << "\" (want \"" << name << "\"), author \"" << p.author
         << "\" (want \"" << author << "\"), comments" << listed(p.comments) << " (want"
         << listed(comments) << ")";
}

// Writes `p` with `write`, reads the text back with `read`, and checks that the cells, History
// states, rule, generation and metadata came back; returns the text. A format that keeps no
// author (say) round-trips patterns that have none.
inline std::string expect_round_trip(std::string (*write)(const Pattern&),
                                     Pattern (*read)(std::string_view, std::string_view, uint64_t),
                                     const Pattern& p) {
  const std::string text = write(p);
  SCOPED_TRACE(text);
  const Pattern back = read(text, {}, kMaxPatternCells);
  EXPECT_EQ(back.cells(), p.cells());
  EXPECT_EQ(back.history(), p.history());
  EXPECT_EQ(back.history_rule, p.history_rule);
  EXPECT_EQ(back.rule, p.rule);
  EXPECT_EQ(back.generation, p.generation);
  EXPECT_TRUE(has_metadata(back, p.name, p.author, p.comments));
  return text;
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
