// Life 1.06 reader and writer: a "#Life 1.06" line, then one "x y" live cell per line.
#include "core/pattern_formats.hpp"

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/life_meta.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"

namespace gpulife {

Pattern parse_life106(std::string_view text, std::string_view source, uint64_t max_cells) {
  text::LineReader lines(text, source);
  std::vector<Cell> cells;
  Pattern meta;
  auto fail = [&](std::string_view part, const std::string& what) { lines.fail(part, what); };
  auto coordinate = [&](std::string_view digits, const char* axis) {
    const auto v = text::parse_int64(digits);
    if (!v) {
      // Tell a number too large apart from text that is no number at all.
      const bool number =
          !digits.empty() && digits.find_first_not_of("+-0123456789") == std::string_view::npos;
      fail(digits, number ? std::string(axis) + " coordinate " + std::string(digits) +
                                " lies outside the range of gpulife's coordinates (+-2^61); "
                                "expected an integer"
                          : "expected an integer " + std::string(axis) + " coordinate, found \"" +
                                std::string(digits) + "\"");
    }
    if (!coordinate_in_range(*v))
      fail(digits, std::string(axis) + " coordinate " + std::string(digits) +
                       " lies outside the range of gpulife's coordinates (+-2^61)");
    return *v;
  };
  while (lines.next()) {
    const std::string_view line = lines.line();
    if (text::trim(line).empty()) continue;
    if (const std::string_view t = text::trim_left(line); t.front() == '#') {
      if (life_meta::read_line(t, meta, fail)) continue;
      if (text::starts_with_ci(t, "#Life")) {
        const std::string_view version = text::life_version(t);
        if (version.empty()) fail(t, "missing version after #Life (expected #Life 1.06)");
        if (version != "1.06")
          fail(version, "Life " + std::string(version) +
                            " is not Life 1.06 (this reader reads Life 1.06 coordinate lists)");
      } else {
        fail(t, "#P blocks belong to Life 1.05, not to a Life 1.06 coordinate list");
      }
      continue;
    }
    const std::string_view t = text::trim(line);
    size_t split = 0;
    while (split < t.size() && !text::is_space(t[split])) ++split;
    const std::string_view xs = t.substr(0, split);
    const std::string_view ys = text::trim(t.substr(split));
    size_t y_end = 0;
    while (y_end < ys.size() && !text::is_space(ys[y_end])) ++y_end;
    const int64_t x = coordinate(xs, "x");
    if (ys.empty()) fail(t, "expected two integers \"x y\" on the line");
    const int64_t y = coordinate(ys.substr(0, y_end), "y");
    if (y_end < ys.size())
      fail(text::trim(ys.substr(y_end)), "unexpected text after the \"x y\" pair");
    if (cells.size() >= max_cells) fail(t, too_many_cells(max_cells));
    cells.push_back(Cell{x, y});
  }
  Pattern p(std::move(cells));
  life_meta::copy_meta(p, std::move(meta));
  return p;
}

std::string write_life106(const Pattern& pattern) {
  std::string out = "#Life 1.06\n";
  out += life_meta::write_lines(pattern, pattern.rule.to_string(), "");
  for (const Cell& c : pattern.cells())
    out += std::to_string(c.x) + " " + std::to_string(c.y) + "\n";
  return out;
}

}  // namespace gpulife
