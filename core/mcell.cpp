// MCell (.mcl) reader: the files of Mirek Wojtowicz's MCell, read as Golly reads them.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/history_rule.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"
#include "core/topology.hpp"

namespace gpulife {
namespace {

// Runs and positions stay within gpulife's coordinates (kMaxCoordinate) as they are read.
constexpr int64_t kMaxRun = kMaxCoordinate;

// MCell's Weighted Life tables that Golly turns into rules it knows: Conway's Life, and
// HistoricalLife (LifeHistory's states); the extended HistoricalLife tables, whose table goes on
// past this prefix, number three states differently.
constexpr std::string_view kWeightedLife = "1,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,1";
constexpr std::string_view kHistoricalLife =
    "1,0,1,0,0,0,1,0,0,0,0,0,0,2,2,1,1,2,2,2,2,2,0,2,2,2,1,2,2,2,2,2";

class McellReader {
 public:
  McellReader(std::string_view text, std::string_view source, uint64_t max_cells)
      : lines_(text, source), source_(source), max_cells_(max_cells) {}

  Pattern read() {
    while (lines_.next()) {
      const std::string_view line = lines_.line();
      if (line.empty() || line.front() != '#') continue;  // MCell ignores other lines
      if (line.starts_with("#MCell")) header_ = true;
      if (line.starts_with("#L ")) {
        rows_ = true;
        cells_line(line.substr(3));
      } else if (line.starts_with("#GAME")) {
        game_line(text::trim(line.substr(5)));
      } else if (line.starts_with("#BOARD")) {
        board_line(text::trim(line.substr(6)));
      } else if (line.starts_with("#WRAP")) {
        wrap_line(text::trim(line.substr(5)));
      } else if (line.starts_with("#RULE") || line.starts_with("#GOLLY")) {
        // The first rule counts (a long table goes on over several #RULE lines), and none
        // after the cells have begun.
        if (!rule_line_) rule_line(text::trim(line.substr(line[1] == 'G' ? 6 : 5)));
      } else if (line.starts_with("#D")) {
        std::string_view c = line.substr(2);
        if (!c.empty() && c.front() == ' ') c.remove_prefix(1);
        comments_.emplace_back(c);
      }
      // Other lines (#MCell, #SPEED, #PALETTE, #CCOLORS, ...) only concern MCell's display.
    }
    // Text with neither is no MCell pattern, whatever its name: not an empty one.
    if (!header_ && !rows_)
      throw ParseError(std::string(source_), 1, 1,
                       "not an MCell file: it has neither a #MCell header nor #L rows");
    settle();
    Pattern p(std::move(cells_));
    if (bounded()) centre(p);
    const Box box = p.bounding_box();
    if (!p.empty() && (!coordinate_in_range(box.min_x) || !coordinate_in_range(box.max_x) ||
                       !coordinate_in_range(box.min_y) || !coordinate_in_range(box.max_y)))
      throw ParseError(std::string(source_), board_line_, board_column_,
                       "the board's middle puts the pattern beyond +-2^61 cells");
    p.set_history(std::move(history_));
    p.history_rule = history_rule_;
    p.rule = rule_;
    if (bounded()) {
      try {
        std::string suffix(1, wrap_ ? 'T' : 'P');
        suffix += std::to_string(board_w_);
        suffix += ',';
        suffix += std::to_string(board_h_);
        p.rule.bounds = parse_bounds(suffix);
      } catch (const Error& e) {
        throw ParseError(std::string(source_), board_line_, board_column_, e.what());
      }
    }
    p.comments = std::move(comments_);
    return p;
  }

 private:
  bool bounded() const { return board_w_ > 0 || board_h_ > 0; }

  void game_line(std::string_view game) {
    game_ = std::string(game);
    if (text::starts_with_ci(game, "Larger than Life"))
      lines_.fail(game,
                  "Larger than Life rules are not supported: gpulife runs two-state rules on the "
                  "3x3 neighbourhood");
  }

  void rule_line(std::string_view rest) {
    size_t end = 0;
    while (end < rest.size() && !text::is_space(rest[end])) ++end;
    const std::string_view rule = rest.substr(0, end);
    if (rule.empty()) return;
    rule_line_ = lines_.number();
    if (rule.starts_with(kHistoricalLife)) {
      rule_ = RuleSpec{};
      history_rule_ = true;
      // Brice Due's extended tables go on past it and number marked cells differently.
      extended_history_ =
          rule.size() > kHistoricalLife.size() && rule[kHistoricalLife.size()] == ',';
      return;
    }
    if (rule.starts_with(kWeightedLife)) {
      rule_ = RuleSpec{};
      return;
    }
    try {
      const FileRule f = parse_file_rule(rule, source_, lines_.number(), column_of(rule));
      rule_ = f.spec;
      history_rule_ = f.history;
    } catch (const ParseError& e) {
      throw ParseError(e.source(), e.line(), e.column(), e.reason() + game_note());
    }
  }

  // What a refused rule's message adds about the game that named it.
  std::string game_note() const {
    if (game_.empty() || text::starts_with_ci(game_, "Life") ||
        text::starts_with_ci(game_, "Generations"))
      return "";
    return " (MCell's game \"" + game_ +
           "\"; gpulife reads MCell's Life and two-state Generations files)";
  }

  // "#BOARD WxH": a bounded grid, the pattern written from its top-left corner.
  void board_line(std::string_view size) {
    const size_t x = size.find_first_of("xX");
    std::optional<int64_t> w, h;
    if (x != std::string_view::npos) {
      w = text::parse_int64(text::trim(size.substr(0, x)));
      h = text::parse_int64(text::trim(size.substr(x + 1)));
    }
    if (!w || !h || *w < 0 || *h < 0 || *w > kMaxRun || *h > kMaxRun)
      lines_.fail(size, "malformed board size \"" + std::string(size) +
                            "\" (expected WIDTHxHEIGHT, e.g. 400x300)");
    board_w_ = *w;
    board_h_ = *h;
    board_line_ = lines_.number();
    board_column_ = column_of(size);
    x_ = left_ = -(board_w_ / 2);
    y_ = -(board_h_ / 2);
  }

  void wrap_line(std::string_view value) {
    if (value != "0" && value != "1")
      lines_.fail(value, "malformed #WRAP \"" + text::excerpt(value) +
                             "\" (expected 1 for a torus or 0 for a bounded plane)");
    wrap_ = value == "1";
  }

  // "#L" cells, continuing the previous line's: '.' dead, '$' a new row, A..X (after a..j for
  // 24 states more) a cell's state, each after an optional count; blanks are skipped.
  void cells_line(std::string_view body) {
    if (!rule_line_) rule_line_ = lines_.number();  // later #RULE lines no longer count
    int64_t count = 0;
    std::string_view count_at;
    for (size_t i = 0; i < body.size(); ++i) {
      const char c = body[i];
      if (c >= '0' && c <= '9') {
        if (count_at.empty()) count_at = body.substr(i, 1);
        if (count > (kMaxRun - (c - '0')) / 10) lines_.fail(count_at, "run count overflows");
        count = count * 10 + (c - '0');
        continue;
      }
      if (static_cast<unsigned char>(c) <= ' ') continue;
      const int64_t n = count > 0 ? count : 1;
      const std::string_view run = count_at.empty() ? body.substr(i, 1) : count_at;
      count = 0;
      count_at = {};
      if (c == '.') {
        advance(x_, n, run);
      } else if (c == '$') {
        advance(y_, n, run);
        x_ = left_;
      } else {
        int state = 0;
        size_t letter = i;
        if (c >= 'a' && c <= 'j' && i + 1 < body.size()) {
          state = 24 * (c - 'a' + 1);
          letter = ++i;
        }
        const char s = body[letter];
        if (s < 'A' || s > 'X')
          lines_.fail(body.substr(letter, 1),
                      "unexpected " + text::describe_char(s) +
                          " in an #L line (expected digits, '.', '$' or a state letter A..X)");
        add_run(n, state + (s - 'A' + 1), run);
      }
    }
  }

  void advance(int64_t& v, int64_t n, std::string_view run) {
    if (n > kMaxCoordinate - v) lines_.fail(run, "pattern reaches beyond +-2^61 cells");
    v += n;
  }

  // A run of a state: every state is alive under a two-state rule (Golly makes the states a
  // rule lacks state 1); under LifeHistory the odd ones are, and the others are annotations.
  void add_run(int64_t n, int state, std::string_view run) {
    if (history_rule_) {
      if (extended_history_) state = state == 8 ? 4 : state == 3 ? 5 : state == 5 ? 3 : state;
      if (state >= kHistoryStates) state = 1;
      if (state == kHistoryBoundary) lines_.fail(run, history_boundary_refusal());
    } else {
      state = 1;
    }
    if (uint64_t(n) > max_cells_ - std::min<uint64_t>(written_.size(), max_cells_))
      lines_.fail(run, too_many_cells(max_cells_));
    const int64_t start = x_;
    advance(x_, n, run);
    for (int64_t x = start; x < x_; ++x) written_.push_back(StateCell{Cell{x, y_}, uint8_t(state)});
  }

  // A #BOARD line moves the pen back, so a cell may be written twice: as in Golly, the last
  // state written stays. Live states become the cells, the others annotations.
  void settle() {
    std::stable_sort(written_.begin(), written_.end(),
                     [](const StateCell& a, const StateCell& b) { return a.cell < b.cell; });
    for (size_t i = 0; i < written_.size(); ++i) {
      if (i + 1 < written_.size() && written_[i + 1].cell == written_[i].cell) continue;
      const StateCell& w = written_[i];
      if (history_state_alive(w.state)) cells_.push_back(w.cell);
      if (w.state != 1) history_.push_back(w);
    }
    written_.clear();
  }

  // Golly moves a bounded pattern from the board's top-left corner towards its middle: by half
  // of what the board (plus one) leaves beside the cells' box, when either half is positive.
  void centre(Pattern& p) {
    Box box = p.bounding_box();
    for (const StateCell& h : history_) {
      box.min_x = std::min(box.min_x, h.cell.x), box.max_x = std::max(box.max_x, h.cell.x);
      box.min_y = std::min(box.min_y, h.cell.y), box.max_y = std::max(box.max_y, h.cell.y);
    }
    if (p.empty() && history_.empty()) return;
    const int64_t dx = (board_w_ + 1 - (box.max_x - box.min_x + 1)) / 2;
    const int64_t dy = (board_h_ + 1 - (box.max_y - box.min_y + 1)) / 2;
    if (dx <= 0 && dy <= 0) return;
    p.translate(dx, dy);
    for (StateCell& h : history_) h.cell = Cell{h.cell.x + dx, h.cell.y + dy};
  }

  int64_t column_of(std::string_view part) const {
    return int64_t(part.data() - lines_.line().data()) + 1;
  }

  text::LineReader lines_;
  std::string_view source_;
  uint64_t max_cells_;

  std::vector<StateCell> written_;  // every cell as written, in order
  std::vector<Cell> cells_;
  std::vector<StateCell> history_;
  int64_t x_ = 0, y_ = 0, left_ = 0;
  int64_t board_w_ = 0, board_h_ = 0;
  int64_t board_line_ = 0, board_column_ = 0;
  bool wrap_ = false;
  std::string game_;
  RuleSpec rule_;
  int64_t rule_line_ = 0;  // the line of the rule that counts, or of the first cells
  bool history_rule_ = false, extended_history_ = false;
  bool header_ = false, rows_ = false;  // a "#MCell" line, "#L" rows
  std::vector<std::string> comments_;
};

}  // namespace

Pattern parse_mcell(std::string_view text, std::string_view source, uint64_t max_cells) {
  return McellReader(text, source, max_cells).read();
}

}  // namespace gpulife
