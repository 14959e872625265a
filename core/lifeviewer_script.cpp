// LifeViewer script commands read from pattern comments.
#include "core/lifeviewer_script.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <string_view>

#include "core/text_lines.hpp"

namespace gpulife {
namespace {

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool numeric(const std::string& token) {
  return !token.empty() &&
         (std::isdigit(static_cast<unsigned char>(token[0])) ||
          ((token[0] == '-' || token[0] == '+' || token[0] == '.') && token.size() > 1));
}

// LifeViewer's commands that change only what gpulife draws differently or not at all.
bool not_done_here(const std::string& word) {
  static constexpr std::string_view kWords[] = {
      "ANGLE",         "LOOP",           "THEME",        "GRID",        "GRIDMAJOR",
      "HEXDISPLAY",    "SQUAREDISPLAY",  "LAYERS",       "DEPTH",       "STARS",
      "SHOWTIMING",    "EXTENDEDTIMING", "HARDRESET",    "HISTORYFIT",  "TILT",
      "COLOR",         "COLOUR",         "LABEL",        "POPUPWIDTH",  "POPUPHEIGHT",
      "WIDTH",         "HEIGHT",         "KILLGLIDERS",  "NOGUI",       "GRAPH",
      "NOGRAPH",       "NOHISTORY",      "NOREPORT",     "T",           "PAUSE",
      "LINEAR",        "BEZIER",         "POLYLINE",     "ARROW",       "POLY",
      "STARTFROM",     "AUTOIDENTIFY",   "SHOWGENSTATS", "SHOWINFOBAR", "MAXGRIDSIZE",
      "THUMBNAIL",     "THUMBZOOM",      "THUMBSIZE",    "VIEWONLY",    "NOCOPY",
      "XOFFSET",       "YOFFSET",        "RANDOMIZE",    "RANDSEED",    "BOUNDEDGRIDTYPE",
      "ALTERNATEZOOM", "SCRIPTSTART",    "SCRIPTEND",    "INITIAL",     "TRACKBOXFIT"};
  for (std::string_view w : kWords)
    if (word == w) return true;
  return false;
}

class Reader {
 public:
  Reader(std::vector<std::string> tokens, LifeViewerScript& out)
      : t_(std::move(tokens)), out_(out) {}

  void run() {
    while (i_ < t_.size()) command(upper(t_[i_++]));
  }

 private:
  bool more() const { return i_ < t_.size(); }
  const std::string& peek() const { return t_[i_]; }

  // The number after `word`, within [lo, hi]; an error naming the word otherwise.
  std::optional<double> number(const std::string& word, double lo, double hi) {
    if (!more() || !numeric(peek())) {
      error(word, "expects a number from " + show(lo) + " to " + show(hi));
      return std::nullopt;
    }
    const std::optional<Fraction> f = parse_fraction(peek());
    const std::string text = t_[i_++];
    if (!f || f->value() < lo || f->value() > hi) {
      error(word, "expects a number from " + show(lo) + " to " + show(hi) + ", not " + text);
      return std::nullopt;
    }
    return f->value();
  }

  bool off() {
    if (more() && upper(peek()) == "OFF") {
      ++i_;
      return true;
    }
    return false;
  }

  void command(const std::string& word) {
    const size_t start = i_ - 1;
    const size_t errors = out_.errors.size();
    if (word == "AUTOSTART") {
      out_.autostart = !off();
    } else if (word == "GPS") {
      if (auto v = number(word, 1, 60)) out_.gps = *v;
    } else if (word == "STEP") {
      if (auto v = number(word, 1, 1 << 30)) out_.step = uint64_t(*v);
    } else if (word == "STOP") {
      if (off()) {
        out_.stop.reset();
      } else if (auto v = number(word, 1, 1e15)) {
        out_.stop = uint64_t(*v);
      }
    } else if (word == "ZOOM" || word == "Z") {
      if (auto v = number(word, -16, 32)) {
        const double z = *v < 0 ? -1.0 / *v : *v;
        if (z < 1.0 / 16)
          error(word, "expects a number from -16 to 32 (a zoom of at least 1/16)");
        else
          out_.zoom = z;
      }
    } else if (word == "X" || word == "Y") {
      if (auto v = number(word, -1e15, 1e15)) (word == "X" ? out_.x : out_.y) = *v;
    } else if (word == "AUTOFIT") {
      out_.autofit = !off();
    } else if (word == "TRACK") {
      if (off()) {
        out_.track_x.reset(), out_.track_y.reset();
      } else {
        track(word, 2);
      }
    } else if (word == "TRACKBOX") {
      track(word, 4);
    } else if (word == "TRACKLOOP") {
      // The loop is not done here; the tracking is.
      if (auto p = number(word, 1, 1e15)) {
        track(word, 2);
        out_.not_done.push_back("LOOP " + show(*p));
      }
    } else {
      while (more() && (numeric(peek()) || upper(peek()) == "OFF")) ++i_;
      (not_done_here(word) ? out_.not_done : out_.unknown).push_back(joined(start));
      return;
    }
    if (out_.errors.size() == errors) out_.applied.push_back(joined(start));
  }

  // TRACK X Y, or TRACKBOX E S W N: the centre of a box whose edges move so goes at their mean.
  // All n speeds are read (numbers, as far as they go) before any is judged.
  void track(const std::string& word, int n) {
    std::vector<std::string> text;
    while (int(text.size()) < n && more() && numeric(peek())) text.push_back(t_[i_++]);
    Fraction v[4];
    bool ok = int(text.size()) == n;
    for (size_t k = 0; ok && k < text.size(); ++k) {
      const std::optional<Fraction> f = parse_fraction(text[k]);
      ok = f.has_value();
      if (ok) v[k] = *f;
    }
    if (!ok) {
      std::string got;
      for (const std::string& t : text) got += " " + t;
      error(word, "expects " + std::to_string(n) +
                      " speeds in cells a generation, such as 1/4 or -0.5" +
                      (got.empty() ? std::string() : ", not" + got));
      return;
    }
    if (n == 2) {
      out_.track_x = v[0], out_.track_y = v[1];
      return;
    }
    auto mean = [](Fraction a, Fraction b) {
      Fraction m{a.num * b.den + b.num * a.den, 2 * a.den * b.den};
      const int64_t g = std::gcd(m.num, m.den);
      return g > 1 ? Fraction{m.num / g, m.den / g} : m;
    };
    out_.track_x = mean(v[0], v[2]);
    out_.track_y = mean(v[1], v[3]);
  }

  void error(const std::string& word, const std::string& what) {
    out_.errors.push_back(word + " " + what);
  }

  std::string joined(size_t from) const {
    std::string s = upper(t_[from]);
    for (size_t k = from + 1; k < i_; ++k) s += " " + t_[k];
    return s;
  }

  static std::string show(double v) {
    std::ostringstream o;
    o << std::setprecision(15) << v;
    return o.str();
  }

  std::vector<std::string> t_;
  size_t i_ = 0;
  LifeViewerScript& out_;
};

}  // namespace

std::optional<Fraction> parse_fraction(const std::string& text) {
  constexpr int64_t kMax = int64_t{1} << 31;
  const size_t slash = text.find('/');
  // Ten digits at most, so a whole part times the decimals' denominator cannot overflow.
  auto integer = [](std::string_view s) -> std::optional<int64_t> {
    const std::optional<int64_t> v = text::parse_int64(s);
    if (!v || *v < -9999999999 || *v > 9999999999) return std::nullopt;
    return v;
  };
  Fraction f;
  if (slash != std::string::npos) {
    const auto n = integer(std::string_view(text).substr(0, slash));
    const auto d = integer(std::string_view(text).substr(slash + 1));
    if (!n || !d || *d <= 0) return std::nullopt;
    f = {*n, *d};
  } else if (const size_t dot = text.find('.'); dot != std::string::npos) {
    const std::string_view whole = std::string_view(text).substr(0, dot);
    const std::string_view decimals = std::string_view(text).substr(dot + 1);
    if (decimals.empty() || decimals.size() > 6) return std::nullopt;
    const bool negative = !whole.empty() && whole[0] == '-';
    const auto w =
        whole.empty() || whole == "-" || whole == "+" ? std::optional<int64_t>(0) : integer(whole);
    const auto d = integer(decimals);
    if (!w || !d || decimals[0] == '-' || decimals[0] == '+') return std::nullopt;
    int64_t den = 1;
    for (size_t k = 0; k < decimals.size(); ++k) den *= 10;
    const int64_t magnitude = std::llabs(*w) * den + *d;
    f = {negative ? -magnitude : magnitude, den};
  } else {
    const auto n = integer(text);
    if (!n) return std::nullopt;
    f = {*n, 1};
  }
  const int64_t g = std::gcd(f.num, f.den);
  if (g > 1) f = {f.num / g, f.den / g};
  if (std::llabs(f.num) > kMax || f.den > kMax) return std::nullopt;
  return f;
}

LifeViewerScript parse_lifeviewer_script(const std::vector<std::string>& comments) {
  LifeViewerScript script;
  std::vector<std::string> tokens;
  bool inside = false;
  for (const std::string& line : comments) {
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w == "[[") {
        inside = true;
        script.present = true;
      } else if (w == "]]") {
        inside = false;
      } else if (inside) {
        tokens.push_back(w);
      }
    }
  }
  Reader(std::move(tokens), script).run();
  return script;
}

}  // namespace gpulife
