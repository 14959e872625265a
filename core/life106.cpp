// Life 1.06 reader and writer: a "#Life 1.06" line, then one "x y" live cell per line.
#include "core/life106.hpp"

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

std::optional<std::string_view> field(std::string_view comment, std::string_view key) {
  if (!text::starts_with_ci(comment, key)) return std::nullopt;
  std::string_view v = comment.substr(key.size());
  if (v.empty() || v.front() != ':') return std::nullopt;
  v.remove_prefix(1);
  if (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return v;
}

std::string_view after_tag(std::string_view t) {
  t.remove_prefix(std::min<size_t>(2, t.size()));
  if (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  return t;
}

}  // namespace

Pattern parse_life106(std::string_view text, std::string_view source, uint64_t max_cells) {
  text::LineSplitter lines(text);
  std::vector<Cell> cells;
  Pattern meta;
  std::string_view line;
  auto fail = [&](std::string_view part, const std::string& what) -> void {
    throw ParseError(std::string(source), lines.number(), int64_t(part.data() - line.data()) + 1,
                     what);
  };
  while (lines.next(line)) {
    if (text::trim(line).empty()) continue;
    if (const std::string_view h = text::trim_left(line); h.front() == '#') {
      // Trailing spaces of comments are kept so that they survive a round trip exactly.
      const std::string_view t = h;
      if (text::starts_with_ci(t, "#Life")) {
        const std::string_view version = text::trim(t.substr(5));
        if (version.empty()) fail(t, "missing version after #Life (expected #Life 1.06)");
        if (version != "1.06")
          fail(version, "Life " + std::string(version) +
                            " is not supported (only Life 1.06 coordinate lists)");
      } else if (t.starts_with("#N")) {
        meta.rule = RuleSpec{};  // "normal" Life rules
      } else if (t.starts_with("#R")) {
        const std::string_view r = text::trim(after_tag(t));
        try {
          meta.rule = parse_rule(r);
        } catch (const Error& e) {
          fail(r, e.what());
        }
      } else if (t.starts_with("#P")) {
        fail(t, "#P blocks belong to Life 1.05, which is not supported (only Life 1.06)");
      } else {
        // #D (and #C) descriptions; other '#' lines are kept as descriptions too. Both go
        // through the same Name:/Author: check, so what is written back as "#D" reads the same.
        const bool tagged = t.starts_with("#D") || t.starts_with("#C");
        const std::string_view d = tagged ? after_tag(t) : t.substr(1);
        if (auto name = field(d, "Name")) {
          meta.name = std::string(*name);
        } else if (auto author = field(d, "Author")) {
          meta.author = std::string(*author);
        } else {
          meta.comments.emplace_back(d);
        }
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
    const auto x = text::parse_int64(xs);
    if (!x) fail(xs, "expected an integer x coordinate, found \"" + std::string(xs) + "\"");
    if (ys.empty()) fail(t, "expected two integers \"x y\" on the line");
    const auto y = text::parse_int64(ys.substr(0, y_end));
    if (!y)
      fail(ys,
           "expected an integer y coordinate, found \"" + std::string(ys.substr(0, y_end)) + "\"");
    if (y_end < ys.size())
      fail(text::trim(ys.substr(y_end)), "unexpected text after the \"x y\" pair");
    if (cells.size() >= max_cells)
      fail(t, "pattern has more than " + std::to_string(max_cells) +
                  " live cells, the most gpulife reads");
    cells.push_back(Cell{*x, *y});
  }
  Pattern p(std::move(cells));
  p.rule = meta.rule;
  p.name = std::move(meta.name);
  p.author = std::move(meta.author);
  p.comments = std::move(meta.comments);
  return p;
}

std::string write_life106(const Pattern& pattern) {
  std::string out = "#Life 1.06\n";
  auto put_lines = [&](std::string_view prefix, std::string_view value) {
    size_t start = 0;
    while (true) {
      const size_t end = value.find_first_of("\r\n", start);
      out += "#D ";
      out += prefix;
      out +=
          value.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
      out += '\n';
      if (end == std::string_view::npos) break;
      start =
          end + (value[end] == '\r' && end + 1 < value.size() && value[end + 1] == '\n' ? 2 : 1);
    }
  };
  if (!pattern.name.empty()) put_lines("Name: ", text::one_line(pattern.name));
  if (!pattern.author.empty()) put_lines("Author: ", text::one_line(pattern.author));
  for (const std::string& c : pattern.comments) put_lines("", c);
  if (pattern.rule != RuleSpec{}) out += "#R " + pattern.rule.to_string() + "\n";
  for (const Cell& c : pattern.cells())
    out += std::to_string(c.x) + " " + std::to_string(c.y) + "\n";
  return out;
}

}  // namespace gpulife
