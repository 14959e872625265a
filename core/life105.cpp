// Life 1.05 reader and writer: #P blocks of '.'/'*' rows.
#include "core/pattern_formats.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "core/error.hpp"
#include "core/life_meta.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

// Widest block the writer makes; Life 1.05 lines were meant to stay within 80 characters.
constexpr int64_t kBlockWidth = 80;
// A gap of more dead rows than this starts a new block rather than writing empty rows.
constexpr int64_t kMaxGapRows = 4;

// Survival/birth, the spelling Life 1.05 uses ("23/3"); other rules (Hensel, MAP) as Golly
// writes them, which is what Golly reads after #R as well.
std::string survival_birth(const RuleSpec& spec) {
  if (!spec.rule.is_outer_totalistic() || spec.rule.neighbourhood() != Neighbourhood::Moore)
    return spec.to_string();
  std::string s;
  for (int n = 0; n <= 8; ++n)
    if (spec.rule.survives(n)) s += char('0' + n);
  s += '/';
  for (int n = 0; n <= 8; ++n)
    if (spec.rule.births(n)) s += char('0' + n);
  if (spec.bounds) s += spec.bounds->to_string();
  return s;
}

}  // namespace

Pattern parse_life105(std::string_view text, std::string_view source, uint64_t max_cells) {
  text::LineReader lines(text, source);
  std::vector<Cell> cells;
  Pattern meta;
  auto fail = [&](std::string_view part, const std::string& what) { lines.fail(part, what); };
  // Rows without a #P line before them start at (0, 0), as XLife reads them.
  int64_t block_x = 0, row_y = 0;
  while (lines.next()) {
    const std::string_view line = lines.line();
    const std::string_view t = text::trim(line);
    if (t.empty()) continue;
    if (t.front() == '#') {
      if (life_meta::read_line(t, meta, fail)) continue;
      if (text::starts_with_ci(t, "#Life")) {
        if (text::life_version(t) != "1.05")
          fail(t, "expected #Life 1.05, found \"" + text::excerpt(t) + "\"");
        continue;
      }
      // "#P x y": the next rows start at (x, y). A bare "#P" keeps the column and the row
      // reached, as Golly reads it.
      const std::string_view rest = text::trim(t.substr(2));
      if (rest.empty()) continue;
      size_t split = 0;
      while (split < rest.size() && !text::is_space(rest[split])) ++split;
      const std::string_view xs = rest.substr(0, split), ys = text::trim(rest.substr(split));
      const auto x = text::parse_int64(xs), y = text::parse_int64(ys);
      if (!x || !y)
        fail(rest.empty() ? t : rest,
             "malformed block position \"" + std::string(rest) + "\" (expected #P x y)");
      if (!coordinate_in_range(*x) || !coordinate_in_range(*y))
        fail(rest, "block position " + std::string(rest) +
                       " lies outside the range of gpulife's coordinates (+-2^61)");
      block_x = *x;
      row_y = *y;
      continue;
    }
    for (size_t i = 0; i < t.size(); ++i) {
      const char c = t[i];
      if (c == '.' || c == ' ' || c == '\t') continue;  // blanks in a row are dead, as in Golly
      if (c != '*' && c != 'o' && c != 'O')
        fail(t.substr(i),
             "unexpected " + text::describe_char(c) + " in a Life 1.05 row (expected '.' or '*')");
      if (cells.size() >= max_cells) fail(t.substr(i), too_many_cells(max_cells));
      // A row is no longer than the file: the sum cannot overflow.
      if (!coordinate_in_range(row_y) || !coordinate_in_range(block_x + int64_t(i)))
        fail(t.substr(i), "this cell lies outside the range of gpulife's coordinates (+-2^61)");
      cells.push_back(Cell{block_x + int64_t(i), row_y});
    }
    ++row_y;
  }
  Pattern p(std::move(cells));
  life_meta::copy_meta(p, std::move(meta));
  return p;
}

std::string write_life105(const Pattern& pattern) {
  std::string out = "#Life 1.05\n";
  out += life_meta::write_lines(pattern, survival_birth(pattern.rule), "#N");
  // Cells by column band of kBlockWidth, then by row: each band's rows become blocks, a new
  // block after a long gap.
  std::map<int64_t, std::vector<Cell>> bands;
  for (const Cell& c : pattern.cells()) {
    const int64_t band = c.x >= 0 ? c.x / kBlockWidth : -((-c.x - 1) / kBlockWidth) - 1;
    bands[band].push_back(c);
  }
  for (auto& [band, cells] : bands) {
    // Already row-major (cells() is), so rows come in order.
    size_t i = 0;
    while (i < cells.size()) {
      // One block: rows from cells[i].y while gaps stay small.
      size_t end = i + 1;
      while (end < cells.size() && cells[end].y - cells[end - 1].y <= kMaxGapRows + 1) ++end;
      int64_t min_x = cells[i].x;
      for (size_t k = i; k < end; ++k) min_x = std::min(min_x, cells[k].x);
      const int64_t top = cells[i].y;
      out += "#P " + std::to_string(min_x) + " " + std::to_string(top) + "\n";
      int64_t y = top;
      size_t k = i;
      while (k < end) {
        std::string row;
        for (; k < end && cells[k].y == y; ++k) {
          row.resize(size_t(cells[k].x - min_x), '.');
          row += '*';
        }
        out += row.empty() ? "." : row;
        out += '\n';
        ++y;
      }
      i = end;
    }
  }
  return out;
}

}  // namespace gpulife
