// Plaintext (.cells) reader and writer, as LifeWiki publishes patterns.
#include "core/pattern_formats.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

constexpr uint64_t kMaxCellsText = uint64_t{1} << 30;

}  // namespace

Pattern parse_cells(std::string_view text, std::string_view source, uint64_t max_cells) {
  text::LineSplitter lines(text);
  std::vector<Cell> cells;
  Pattern meta;
  std::string_view line;
  int64_t y = 0, text_width = 0;
  bool started = false;  // past the file's leading blank lines
  // As Golly reads them: a file whose first line is a '!' comment is dblife's, whose rows may
  // be indented or spaced (blanks are passed over); other text is a plain picture, where a
  // blank or ',' is a dead cell and 'o' a live one too.
  bool comment_first = false;
  while (lines.next(line)) {
    if (!started && !text::trim(line).empty()) comment_first = line.front() == '!';
    if (!line.empty() && line.front() == '!') {
      started = true;
      const std::string_view c = line.substr(1);
      if (auto name = text::field_value(c, "Name")) {
        meta.name = std::string(*name);
      } else if (auto author = text::field_value(c, "Author")) {
        meta.author = std::string(*author);
      } else if (auto rule = text::field_value(c, "Rule")) {
        // Not part of the format, but written by gpulife for non-Life rules.
        try {
          meta.rule = parse_rule(*rule);
        } catch (const Error&) {
          meta.comments.emplace_back(c);
        }
      } else {
        meta.comments.emplace_back(c);
      }
      continue;
    }
    // Blank lines at the start of the file carry no meaning; after its first line (a comment or
    // a row) they are empty rows, as Golly reads them.
    std::string_view row = line;
    while (!row.empty() && text::is_space(row.back())) row.remove_suffix(1);
    if (row.empty() && !started) continue;
    started = true;
    // David Bell's dblife rows, which Golly reads from '!' files too, put counts before cells:
    // "23.O15.3O".
    int64_t x = 0, count = 0;
    size_t count_at = 0;
    const auto fail = [&](size_t at, const std::string& what) {
      throw ParseError(std::string(source), lines.number(),
                       int64_t(row.data() - line.data()) + int64_t(at) + 1, what);
    };
    for (size_t i = 0; i < row.size(); ++i) {
      const char ch = row[i];
      if (ch >= '0' && ch <= '9') {
        if (count == 0) count_at = i;
        if (count > (kMaxCoordinate - (ch - '0')) / 10) fail(count_at, "run count overflows");
        count = count * 10 + (ch - '0');
        continue;
      }
      const int64_t n = count > 0 ? count : 1;
      const size_t run = count > 0 ? count_at : i;
      count = 0;
      // Non-ASCII bytes (a no-break space from a web page) are blanks to Golly.
      const bool blank = ch == ' ' || ch == '\t' || static_cast<unsigned char>(ch) >= 0x80;
      if (blank && comment_first) continue;
      const bool picture = !comment_first && (blank || ch == ',' || ch == 'o');
      if (!picture && ch != '.' && ch != 'O' && ch != '*')
        fail(i, "unexpected " + text::describe_char(ch) +
                    " in .cells row (expected '.' for dead, 'O' or '*' for alive, each after an "
                    "optional count, or a '!' comment line)");
      if (n > kMaxCoordinate - x) fail(run, "row is wider than 2^61 cells");
      const bool alive = ch == 'O' || ch == '*' || ch == 'o';
      if (alive) {
        if (uint64_t(n) > max_cells - std::min<uint64_t>(cells.size(), max_cells))
          fail(run, too_many_cells(max_cells));
        for (int64_t k = 0; k < n; ++k) cells.push_back(Cell{x + k, y});
      }
      x += n;
    }
    if (count > 0) fail(count_at, "a count must be followed by '.', 'O' or '*'");
    text_width = std::max(text_width, x);
    ++y;
  }
  Pattern p(std::move(cells));
  p.rule = meta.rule;
  // Rows carry no position: on a bounded grid the rows go where Golly puts an RLE body that
  // gives none (centred where they fit), not at the grid's centre.
  if (p.rule.bounds) p.unplaced_rle = Pattern::RleHeader{text_width, y};
  p.name = std::move(meta.name);
  p.author = std::move(meta.author);
  p.comments = std::move(meta.comments);
  return p;
}

std::string write_cells(const Pattern& pattern) {
  std::string out;
  if (!pattern.name.empty()) out += "!Name: " + text::one_line(pattern.name) + "\n";
  if (!pattern.author.empty()) out += "!Author: " + text::one_line(pattern.author) + "\n";
  if (pattern.rule != RuleSpec{}) out += "!Rule: " + pattern.rule.to_string() + "\n";
  for (const std::string& c : pattern.comments) {
    size_t start = 0;
    while (true) {
      const size_t end = c.find_first_of("\r\n", start);
      out += '!';
      out.append(c, start, end == std::string::npos ? std::string::npos : end - start);
      out += '\n';
      if (end == std::string::npos) break;
      start = end + (c[end] == '\r' && end + 1 < c.size() && c[end + 1] == '\n' ? 2 : 1);
    }
  }
  const Box box = pattern.bounding_box();
  const auto& cells = pattern.cells();
  // Plaintext spells out every dead cell, so a sparse pattern spread over a huge area would need
  // an absurd amount of text: refuse rather than exhaust memory.
  uint64_t bytes = uint64_t(box.height());
  for (size_t k = 0; k < cells.size(); ++k)
    if (k + 1 == cells.size() || cells[k + 1].y != cells[k].y)
      bytes += uint64_t(cells[k].x - box.min_x) + 1;
  if (bytes > kMaxCellsText)
    throw Error("pattern is too spread out for the .cells format (" + std::to_string(bytes) +
                " bytes of text); save it as RLE instead");
  size_t i = 0;
  for (int64_t y = box.min_y; !box.empty() && y <= box.max_y; ++y) {
    int64_t x = box.min_x;
    while (i < cells.size() && cells[i].y == y) {
      out.append(size_t(cells[i].x - x), '.');
      out += 'O';
      x = cells[i].x + 1;
      ++i;
    }
    out += '\n';
  }
  return out;
}

}  // namespace gpulife
