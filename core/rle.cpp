// RLE reader and writer, tolerant of what Golly, LifeWiki and older tools produce.
#include "core/pattern_formats.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/history_rule.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

using text::LineSplitter;

// Run lengths and body coordinates stay below 2^62; with the #P/#CXRLE offset added, every
// cell must lie within +-2^61 (kMaxCoordinate).
constexpr int64_t kMaxBody = int64_t{1} << 62;
constexpr size_t kMaxBodyLine = 70;

class RleReader {
 public:
  RleReader(std::string_view text, std::string_view source, uint64_t max_cells)
      : lines_(text), source_(source), max_cells_(max_cells) {}

  Pattern read() {
    std::string_view line;
    bool in_body = false;
    while (!done_ && lines_.next(line)) {
      const std::string_view t = text::trim_left(line);
      // '#' lines are metadata wherever they appear before the '!'.
      if (!t.empty() && t.front() == '#') {
        hash_line(line, column_of(line, t));
        continue;
      }
      if (!in_body && t.find('=') != std::string_view::npos) {
        header_line(line);
        continue;
      }
      if (t.empty()) continue;
      in_body = true;
      body_line(line);
    }
    if (!coordinate_in_range(offset_x_) || !coordinate_in_range(offset_y_) ||
        !coordinate_in_range(offset_x_ + max_x_) || !coordinate_in_range(offset_y_ + max_y_))
      throw ParseError(std::string(source_), offset_line_, offset_column_,
                       "pattern position plus its size lies outside the range of gpulife's "
                       "coordinates (+-2^61)");
    Pattern p(std::move(cells_));
    p.translate(offset_x_, offset_y_);
    for (StateCell& h : history_cells_) h.cell = Cell{h.cell.x + offset_x_, h.cell.y + offset_y_};
    p.set_history(std::move(history_cells_));
    p.history_rule = history_;
    // Golly centres a file without a position by its header's size; one without a header line
    // stays where its cells are, from (0, 0).
    if (!positioned_ && saw_header_) p.unplaced_rle = Pattern::RleHeader{header_x_, header_y_};
    p.rule = rule_;
    p.name = std::move(name_);
    p.author = std::move(author_);
    p.comments = std::move(comments_);
    p.generation = generation_;
    // Golly reads such a body to the file's end too; a file cut short looks just like it.
    if ((in_body || saw_header_) && !done_)
      p.notes.push_back("the RLE body has no closing '!' (its last line is line " +
                        std::to_string(lines_.number()) +
                        "), so the file may have been cut short; its cells up to there were read");
    return p;
  }

 private:
  [[noreturn]] void fail(int64_t column, const std::string& what) const {
    throw ParseError(std::string(source_), lines_.number(), column, what);
  }

  struct Where {
    int64_t line, column;
  };
  [[noreturn]] void fail_at(Where where, const std::string& what) const {
    throw ParseError(std::string(source_), where.line, where.column, what);
  }

  static int64_t column_of(std::string_view line, std::string_view part) {
    return int64_t(part.data() - line.data()) + 1;
  }

  void set_rule(std::string_view line, std::string_view rule_text) {
    const std::string_view r = text::trim(rule_text);
    if (r.empty()) return;  // "rule =" with nothing after it: keep the default
    FileRule f;
    try {
      f = parse_file_rule(r, source_, lines_.number(), column_of(line, r));
    } catch (const ParseError&) {
      // Golly reads the rule up to the first blank or non-ASCII byte, less a trailing comma
      // ("rule = B3/S23 (Life)", "rule = B3/S23,"); named rules with blanks are read whole above.
      size_t end = 0;
      while (end < r.size() && static_cast<unsigned char>(r[end]) > ' ' &&
             static_cast<unsigned char>(r[end]) < 0x80)
        ++end;
      std::string_view cut = r.substr(0, end);
      if (!cut.empty() && cut.back() == ',') cut.remove_suffix(1);
      if (cut.empty() || cut.size() == r.size()) throw;
      std::optional<FileRule> golly;
      try {
        golly = parse_file_rule(cut, source_, lines_.number(), column_of(line, cut));
      } catch (const Error&) {
      }
      if (!golly) throw;  // the whole rule's error says more
      f = *golly;
    }
    rule_ = f.spec;
    history_ = f.history;
  }

  // Reads "X,Y" (CXRLE Pos=) as a position.
  void set_offset(std::string_view line, std::string_view value) {
    value = text::trim(value);
    const size_t sep = value.find(',');
    std::optional<int64_t> x, y;
    if (sep != std::string_view::npos) {
      x = text::parse_int64(text::trim(value.substr(0, sep)));
      y = text::parse_int64(text::trim(value.substr(sep + 1)));
    }
    if (!x || !y)
      fail(column_of(line, value),
           "malformed position \"" + text::excerpt(value) + "\" (expected two integers)");
    positioned_ = true;
    offset_line_ = lines_.number();
    offset_column_ = column_of(line, value);
    offset_x_ = *x;
    offset_y_ = *y;
  }

  void hash_line(std::string_view line, int64_t hash_column) {
    const std::string_view t = line.substr(size_t(hash_column - 1));
    auto rest = [&](size_t n) {
      std::string_view r = t.substr(std::min(n, t.size()));
      if (!r.empty() && (r.front() == ' ' || r.front() == '\t')) r.remove_prefix(1);
      return r;
    };
    if (t.starts_with("#CXRLE")) {
      cxrle_line(line, t.substr(6));
    } else if (t.starts_with("#C") || t.starts_with("#c")) {
      comments_.emplace_back(rest(2));
    } else if (t.starts_with("#N")) {
      name_ = std::string(rest(2));
    } else if (t.starts_with("#O")) {
      author_ = std::string(rest(2));
    } else if (t.starts_with("#r")) {
      set_rule(line, t.substr(2));
    } else {
      // Unknown '#' lines (#D, #L, ...) are kept as comments rather than lost. So are XLife's
      // "#P x y" and Life32's "#R x y": Golly ignores them in RLE, and gpulife places the
      // pattern where Golly does.
      comments_.emplace_back(t.substr(1));
    }
  }

  // "#CXRLE Pos=x,y Gen=n" (Golly's extension); fields in any order, unknown ones ignored.
  void cxrle_line(std::string_view line, std::string_view fields) {
    size_t i = 0;
    while (i < fields.size()) {
      while (i < fields.size() && text::is_space(fields[i])) ++i;
      size_t end = i;
      while (end < fields.size() && !text::is_space(fields[end])) ++end;
      // Golly reads a position with a blank after its comma ("Pos=3, 4") too.
      if (text::starts_with_ci(fields.substr(i), "pos=") && end > i && fields[end - 1] == ',') {
        while (end < fields.size() && text::is_space(fields[end])) ++end;
        while (end < fields.size() && !text::is_space(fields[end])) ++end;
      }
      const std::string_view field = fields.substr(i, end - i);
      i = end;
      if (text::starts_with_ci(field, "pos=")) {
        set_offset(line, field.substr(4));
      } else if (text::starts_with_ci(field, "gen=")) {
        const auto gen = text::parse_uint64(field.substr(4));
        if (!gen)
          fail(column_of(line, field), "malformed generation \"" + text::excerpt(field.substr(4)) +
                                           "\" (expected a non-negative integer below 2^64)");
        generation_ = *gen;
      }
    }
  }

  // "x = m, y = n, rule = R" with fields in any order; sizes are ignored (the body decides).
  void header_line(std::string_view line) {
    saw_header_ = true;
    std::string_view rest = line;
    while (!rest.empty()) {
      const size_t eq = rest.find('=');
      if (eq == std::string_view::npos) break;
      std::string key(text::trim(rest.substr(0, eq)));
      for (char& c : key) c = char(std::tolower(static_cast<unsigned char>(c)));
      std::string_view value = rest.substr(eq + 1);
      // A value ends at the next ", name =" so that rules with ":T20,20" keep their comma.
      size_t stop = value.size();
      for (size_t comma = value.find(','); comma != std::string_view::npos;
           comma = value.find(',', comma + 1)) {
        size_t k = comma + 1;
        while (k < value.size() && text::is_space(value[k])) ++k;
        const size_t name_start = k;
        while (k < value.size() &&
               (std::isalnum(static_cast<unsigned char>(value[k])) || value[k] == '_'))
          ++k;
        const size_t name_end = k;
        while (k < value.size() && text::is_space(value[k])) ++k;
        if (name_end > name_start && k < value.size() && value[k] == '=') {
          stop = comma;
          break;
        }
      }
      const std::string_view v = value.substr(0, stop);
      if (key == "rule") set_rule(line, v);
      // The size only decides where Golly puts the pattern; the body decides the cells.
      if (key == "x" || key == "y") {
        const auto size = text::parse_uint64(text::trim(v));
        if (size && *size <= uint64_t(kMaxCoordinate))
          (key == "x" ? header_x_ : header_y_) = int64_t(*size);
      }
      rest = stop < value.size() ? value.substr(stop + 1) : std::string_view{};
    }
  }

  void body_line(std::string_view line) {
    for (size_t i = 0; i < line.size() && !done_; ++i) {
      const char c = line[i];
      const int64_t col = int64_t(i) + 1;
      if (c >= '0' && c <= '9') {
        if (!have_count_) {
          have_count_ = true;
          count_ = 0;
          count_line_ = lines_.number();
          count_column_ = col;
        }
        const auto digit = int64_t(c - '0');
        if (count_ > (kMaxBody - digit) / 10)
          throw ParseError(std::string(source_), count_line_, count_column_,
                           "run count overflows (runs are limited to 2^62 cells)");
        count_ = count_ * 10 + digit;
        continue;
      }
      // Non-ASCII bytes (a no-break or zero-width space copied from a web page) are blanks to
      // Golly, which passes over them.
      if (text::is_space(c) || static_cast<unsigned char>(c) >= 0x80) {
        // As in Golly, a blank ends a count it follows on the line (a line break does not).
        have_count_ = false;
        continue;
      }
      const int64_t n = have_count_ && count_ > 0 ? count_ : 1;
      // Errors about a run point at its start: the count's first digit, or the tag itself.
      const Where run =
          have_count_ ? Where{count_line_, count_column_} : Where{lines_.number(), col};
      have_count_ = false;
      switch (c) {
        case 'b':
        case '.':
          advance_x(n, run);
          break;
        case 'o':
        case 'A':  // state 1 as Golly writes it for multi-state-style output
          add_run(n, run);
          break;
        case '$':
          if (n >= kMaxBody - y_) fail_at(run, "pattern is taller than 2^62 rows");
          y_ += n;
          x_ = 0;
          break;
        case '!':
          done_ = true;
          break;
        default:
          if (history_ && c >= 'B' && c <= 'X') {
            const int state = c - 'A' + 1;
            if (state == kHistoryBoundary) fail(col, history_boundary_refusal());
            if (state >= kHistoryStates)
              fail(col, "state " + std::to_string(state) + " ('" + std::string(1, c) +
                            "') does not exist in a History rule (states 0 to 6)");
            add_state_run(n, run, state);
            break;
          }
          // A letter p to y without its second letter is a live cell to Golly, which reads
          // Mark Niemiec's older RLE files so.
          if (c >= 'p' && c <= 'y' &&
              !(i + 1 < line.size() && line[i + 1] >= 'A' && line[i + 1] <= 'X')) {
            add_run(n, run);
            break;
          }
          // Without a header the text may not be RLE at all, so only then is a capital letter
          // taken for what it would mean in RLE.
          if (saw_header_ && ((c >= 'B' && c <= 'X') || (c >= 'p' && c <= 'y'))) {
            std::string letter(1, c);
            if (c >= 'p' && i + 1 < line.size() && line[i + 1] >= 'A' && line[i + 1] <= 'X')
              letter += line[i + 1];
            fail(col, "multi-state cell '" + letter +
                          "' is not supported (only two-state Life-like patterns can be read)");
          }
          fail(col, "unexpected " + text::describe_char(c) +
                        " in RLE body (expected digits, b, o, $ or !; multi-state letters are not "
                        "supported)");
      }
    }
  }

  void advance_x(int64_t n, Where run) {
    if (n > kMaxBody - x_) fail_at(run, "pattern is wider than 2^62 columns");
    x_ += n;
  }

  void add_run(int64_t n, Where run) { add_state_run(n, run, 1); }

  // A run of one state: live states become cells, the other History states annotations.
  void add_state_run(int64_t n, Where run, int state) {
    const uint64_t held = cells_.size() + history_cells_.size();
    if (uint64_t(n) > max_cells_ - std::min<uint64_t>(held, max_cells_))
      fail_at(run, too_many_cells(max_cells_));
    const int64_t start = x_;
    advance_x(n, run);
    for (int64_t x = start; x < x_; ++x) {
      if (history_state_alive(state)) cells_.push_back(Cell{x, y_});
      if (state != 1) history_cells_.push_back(StateCell{Cell{x, y_}, uint8_t(state)});
    }
    max_x_ = std::max(max_x_, x_ - 1);
    max_y_ = std::max(max_y_, y_);
  }

  LineSplitter lines_;
  std::string_view source_;
  uint64_t max_cells_;
  bool done_ = false;
  bool saw_header_ = false;

  std::vector<Cell> cells_;
  int64_t x_ = 0, y_ = 0;
  bool have_count_ = false;
  int64_t count_ = 0;
  int64_t count_line_ = 0, count_column_ = 0;

  RuleSpec rule_;
  bool history_ = false;
  std::vector<StateCell> history_cells_;
  bool positioned_ = false;
  int64_t header_x_ = 0, header_y_ = 0;
  std::string name_, author_;
  std::vector<std::string> comments_;
  int64_t max_x_ = 0, max_y_ = 0;
  int64_t offset_x_ = 0, offset_y_ = 0;
  int64_t offset_line_ = 0, offset_column_ = 0;
  uint64_t generation_ = 0;
};

// Accumulates body tokens into lines of at most kMaxBodyLine characters.
class BodyWriter {
 public:
  explicit BodyWriter(std::string& out) : out_(out) {}

  void run(int64_t n, char tag) {
    if (n <= 0) return;
    std::string token = n == 1 ? std::string() : std::to_string(n);
    token += tag;
    put(token);
  }
  void put(const std::string& token) {
    if (line_length_ + token.size() > kMaxBodyLine) {
      out_ += '\n';
      line_length_ = 0;
    }
    out_ += token;
    line_length_ += token.size();
  }

 private:
  std::string& out_;
  size_t line_length_ = 0;
};

void write_lines(std::string& out, std::string_view prefix, std::string_view value) {
  // A value with embedded line breaks becomes several lines, each with the prefix.
  size_t start = 0;
  while (true) {
    size_t end = value.find_first_of("\r\n", start);
    const std::string_view part =
        value.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    out += prefix;
    if (!part.empty()) {
      out += ' ';
      out += part;
    }
    out += '\n';
    if (end == std::string_view::npos) break;
    if (value[end] == '\r' && end + 1 < value.size() && value[end + 1] == '\n') ++end;
    start = end + 1;
  }
}

}  // namespace

Pattern parse_rle(std::string_view text, std::string_view source, uint64_t max_cells) {
  return RleReader(text, source, max_cells).read();
}

std::string write_rle(const Pattern& pattern) {
  std::string out;
  // A History pattern writes every cell with its state, live cells being state 1 unless a
  // History state says otherwise (it also has dead states, 2 and 4); others write b and o.
  const bool states = pattern.history_rule || !pattern.history().empty();
  std::vector<StateCell> merged;
  if (states) {
    for (const Cell& c : pattern.cells()) merged.push_back({c, 1});
    for (const StateCell& h : pattern.history()) merged.push_back(h);
    std::stable_sort(merged.begin(), merged.end(), [](const StateCell& a, const StateCell& b) {
      return a.cell.y != b.cell.y ? a.cell.y < b.cell.y : a.cell.x < b.cell.x;
    });
    // The History state of a live cell comes after its plain "on" and replaces it.
    size_t kept = 0;
    for (const StateCell& c : merged) {
      if (kept > 0 && merged[kept - 1].cell == c.cell)
        merged[kept - 1] = c;
      else
        merged[kept++] = c;
    }
    merged.resize(kept);
  }
  static const std::vector<Cell> kNoCells;
  const std::vector<Cell>& list = states ? kNoCells : pattern.cells();
  const size_t count = states ? merged.size() : list.size();
  auto at = [&](size_t i) { return states ? merged[i] : StateCell{list[i], 1}; };

  Box box = states ? Box{} : pattern.bounding_box();
  if (states) {
    for (const StateCell& c : merged) {
      if (box.empty()) box = Box{c.cell.x, c.cell.y, c.cell.x, c.cell.y};
      box.min_x = std::min(box.min_x, c.cell.x);
      box.max_x = std::max(box.max_x, c.cell.x);
      box.max_y = c.cell.y;
    }
  }
  // Spans are computed in unsigned arithmetic: max - min can exceed INT64_MAX.
  if (!box.empty() && (uint64_t(box.max_x) - uint64_t(box.min_x) >= uint64_t(kMaxBody) ||
                       uint64_t(box.max_y) - uint64_t(box.min_y) >= uint64_t(kMaxBody)))
    throw Error("pattern spans more than 2^62 cells in one direction, too far apart for RLE");
  if (!box.empty() && (!coordinate_in_range(box.min_x) || !coordinate_in_range(box.min_y) ||
                       !coordinate_in_range(box.max_x) || !coordinate_in_range(box.max_y)))
    throw Error("pattern has cells beyond +-2^61, outside the range of gpulife's coordinates");
  const int64_t ox = box.empty() ? 0 : box.min_x;
  const int64_t oy = box.empty() ? 0 : box.min_y;
  // Golly reads "#CXRLE" only on the file's first line.
  if (pattern.generation != 0 || ox != 0 || oy != 0) {
    out += "#CXRLE Pos=" + std::to_string(ox) + "," + std::to_string(oy) +
           " Gen=" + std::to_string(pattern.generation) + "\n";
  }
  if (!pattern.name.empty()) out += "#N " + text::one_line(pattern.name) + "\n";
  if (!pattern.author.empty()) out += "#O " + text::one_line(pattern.author) + "\n";
  for (const std::string& c : pattern.comments) write_lines(out, "#C", c);
  out += "x = " + std::to_string(box.width()) + ", y = " + std::to_string(box.height()) +
         ", rule = " + (states ? history_rule_text(pattern.rule) : pattern.rule.to_string()) + "\n";

  BodyWriter body(out);
  const char dead = states ? '.' : 'b';
  auto letter = [&](uint8_t state) { return states ? char('A' + state - 1) : 'o'; };
  int64_t row = oy;  // row the writer is on
  size_t i = 0;
  while (i < count) {
    const int64_t y = at(i).cell.y;
    if (y != row) {
      body.run(y - row, '$');
      row = y;
    }
    int64_t x = ox;  // next unwritten column on this row
    while (i < count && at(i).cell.y == y) {
      const int64_t start = at(i).cell.x;
      const uint8_t state = at(i).state;
      int64_t end = start;
      ++i;
      while (i < count && at(i).cell.y == y && at(i).cell.x == end + 1 && at(i).state == state) {
        ++end;
        ++i;
      }
      body.run(start - x, dead);
      body.run(end - start + 1, letter(state));
      x = end + 1;
    }
  }
  body.put("!");
  out += '\n';
  return out;
}

}  // namespace gpulife
