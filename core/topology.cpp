// Topology names, checks, and Golly's bounded-grid suffix: parsing it and writing it back.
#include "core/topology.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

// The letter that starts a suffix of each TopologyKind, in the enum's order.
constexpr char kSuffixLetters[] = {'P', 'T', 'K', 'C', 'S'};

std::string squash(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string signed_text(int64_t v) {
  std::string s = std::to_string(v);
  if (v >= 0) s.insert(s.begin(), '+');
  return s;
}

// One side of a suffix: "40", "40*", "40*+1", "30-2", "0".
struct Side {
  int64_t size = 0;
  bool twisted = false;
  std::optional<int64_t> shift;
};

Side parse_side(std::string_view text, const char* which) {
  Side side;
  size_t i = 0;
  auto digits = [&](const char* what) {
    int64_t v = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      v = v * 10 + (text[i] - '0');
      if (v > kMaxBoundedSide)
        throw Error(std::string(what) + " is larger than " + std::to_string(kMaxBoundedSide) +
                    ", the largest bounded grid Golly allows");
      ++i;
    }
    // Golly reads no digits as 0: ":T,20" is a tube, ":T30,20+" has no shift.
    return v;
  };
  const std::string size_name = std::string("the grid ") + which;
  side.size = digits(size_name.c_str());
  if (i < text.size() && text[i] == '*') {
    side.twisted = true;
    ++i;
  }
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    const bool negative = text[i] == '-';
    ++i;
    const int64_t v = digits("a shift");
    side.shift = negative ? -v : v;
  }
  if (i != text.size())
    throw Error("unexpected '" + std::string(text.substr(i)) + "' after the grid " + which +
                " (expected a size such as 30, 30+5 or 30*)");
  return side;
}

}  // namespace

std::string to_string(const Topology& t) {
  const char* pair = t.edges == EdgePair::Horizontal ? "horizontal" : "vertical";
  switch (t.kind) {
    case TopologyKind::Plane:
      return "plane";
    case TopologyKind::Torus:
      if (t.open_x) return "tube (unbounded width)";
      if (t.open_y) return "tube (unbounded height)";
      if (t.shift != 0)
        return std::string("torus (") + pair + " edges shifted by " + signed_text(t.shift) + ")";
      return "torus";
    case TopologyKind::KleinBottle:
      return std::string("Klein bottle (") + pair + " edges twisted" +
             (t.shift ? " and shifted by 1" : "") + ")";
    case TopologyKind::CrossSurface:
      return "cross-surface";
    case TopologyKind::Sphere:
      return "sphere";
  }
  return "plane";
}

Topology parse_topology(std::string_view text) {
  const std::string s = squash(text);
  if (s == "plane" || s == "p") return Topology::Plane;
  if (s == "torus" || s == "t") return Topology::Torus;
  if (s == "klein" || s == "k" || s == "kleinbottle" || s == "kleinhorizontal")
    return Topology{TopologyKind::KleinBottle, EdgePair::Horizontal};
  if (s == "kleinvertical" || s == "kleinbottlevertical")
    return Topology{TopologyKind::KleinBottle, EdgePair::Vertical};
  if (s == "cross" || s == "crosssurface" || s == "c" || s == "projectiveplane")
    return Topology{TopologyKind::CrossSurface};
  if (s == "sphere" || s == "s") return Topology{TopologyKind::Sphere};
  throw Error("unknown topology \"" + text::excerpt(text) + "\" (expected " +
              std::string(kTopologyNames) +
              "; shifted tori and tubes come from a rule suffix such as B3/S23:T30+5,20)");
}

void check_topology(const Topology& t, int64_t width, int64_t height) {
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (t.kind == TopologyKind::Sphere && width != height)
    throw Error("a sphere must be square, not " + size);
  if (t.kind == TopologyKind::KleinBottle && t.shift != 0) {
    const int64_t along = t.edges == EdgePair::Horizontal ? width : height;
    if (along % 2 != 0)
      throw Error(
          "a Klein bottle's twisted edges can only be shifted when they are an even "
          "number of cells long, not " +
          std::to_string(along) + " (grid " + size + ")");
  }
}

std::string GridBounds::to_string() const {
  const Topology& t = topology;
  const std::string w = std::to_string(width), h = std::to_string(height);
  auto mark = [&](EdgePair pair) -> std::string {
    if (t.edges != pair) return "";
    if (t.kind == TopologyKind::KleinBottle) return t.shift ? "*+1" : "*";
    if (t.kind == TopologyKind::Torus && t.shift != 0) return signed_text(t.shift);
    return "";
  };
  const std::string start = {':', enum_name(t.kind, kSuffixLetters, 'P')};
  switch (t.kind) {
    case TopologyKind::Torus:
    case TopologyKind::KleinBottle:
      return start + w + mark(EdgePair::Horizontal) + "," + h + mark(EdgePair::Vertical);
    case TopologyKind::Sphere:
      return start + w;
    default:
      return start + w + "," + h;
  }
}

GridBounds parse_bounds(std::string_view suffix) {
  if (suffix.empty()) throw Error("nothing after ':'");
  const char letter = char(std::toupper(static_cast<unsigned char>(suffix.front())));
  const char* found = std::find(std::begin(kSuffixLetters), std::end(kSuffixLetters), letter);
  if (found == std::end(kSuffixLetters))
    throw Error(
        "bounded grids are :Pw,h (plane), :Tw,h (torus), :Kw*,h (Klein bottle), :Cw,h "
        "(cross-surface) or :Sw (sphere)");
  const TopologyKind kind = TopologyKind(found - std::begin(kSuffixLetters));
  suffix.remove_prefix(1);
  if (suffix.empty()) throw Error("bounded grid has no size");
  size_t comma = suffix.find(',');
  // A comma with nothing after it gives one side, as no comma does (Golly: ":T30," is 30x30).
  if (comma + 1 == suffix.size()) {
    suffix.remove_suffix(1);
    comma = std::string_view::npos;
  }
  const Side x = parse_side(suffix.substr(0, comma), "width");
  Side y = comma == std::string_view::npos ? x : parse_side(suffix.substr(comma + 1), "height");
  const bool square_given = comma == std::string_view::npos;
  if (square_given) y.twisted = false;

  GridBounds b;
  b.width = x.size;
  b.height = y.size;
  Topology& t = b.topology;
  t.kind = kind;
  if (b.width == 0 && b.height == 0) throw Error("bounded grid has no size");
  const bool infinite = b.width == 0 || b.height == 0;
  const bool any_shift = x.shift || (!square_given && y.shift);
  if (kind != TopologyKind::KleinBottle && (x.twisted || y.twisted))
    throw Error("only a Klein bottle (:K) has twisted edges ('*')");
  switch (kind) {
    case TopologyKind::Plane:
      if (any_shift) throw Error("a plane's edges cannot be shifted");
      break;
    case TopologyKind::Torus: {
      if (x.shift && y.shift && !square_given)
        throw Error("a torus can have a shift on the horizontal or the vertical edges, not both");
      if (any_shift && infinite) throw Error("a tube (a side of 0) cannot be shifted");
      t.open_x = b.width == 0;
      t.open_y = b.height == 0;
      // Golly keeps the sign and reduces the amount modulo the edge's length.
      if (x.shift) {
        t.edges = EdgePair::Horizontal;
        t.shift = *x.shift % b.width;
      } else if (!square_given && y.shift) {
        t.edges = EdgePair::Vertical;
        t.shift = *y.shift % b.height;
      }
      // A shift that reduces to 0 is a plain torus, whichever edges it was on.
      if (t.shift == 0) t.edges = EdgePair::Horizontal;
      break;
    }
    case TopologyKind::KleinBottle: {
      if (infinite) throw Error("a Klein bottle cannot have a side of 0");
      if (x.twisted && y.twisted)
        throw Error(
            "a Klein bottle has exactly one twisted pair of edges: mark the width or the "
            "height with '*', e.g. :K40*,20 or :K40,20*");
      // Unmarked, the height's edges are the twisted ones, as Golly takes ":K40,20".
      if (!x.twisted) y.twisted = true;
      if ((x.shift && !x.twisted) || (y.shift && !y.twisted))
        throw Error("a Klein bottle's shift must be on its twisted edges");
      t.edges = x.twisted ? EdgePair::Horizontal : EdgePair::Vertical;
      const std::optional<int64_t> shift = x.twisted ? x.shift : y.shift;
      const int64_t along = x.twisted ? b.width : b.height;
      // Every shift is the same as a shift of 1, and only an even side can have one (Golly).
      t.shift = shift && *shift != 0 && along % 2 == 0 ? 1 : 0;
      break;
    }
    case TopologyKind::CrossSurface:
      if (infinite) throw Error("a cross-surface cannot have a side of 0");
      if (any_shift) throw Error("a cross-surface cannot have a shift");
      break;
    case TopologyKind::Sphere:
      if (infinite) throw Error("a sphere cannot have a side of 0");
      if (any_shift) throw Error("a sphere cannot have a shift");
      if (b.width != b.height) throw Error("a sphere must be square (:S30)");
      break;
  }
  return b;
}

std::optional<GridBounds> parse_suffix(std::string_view suffix) {
  // Golly's ways of saying "no bounded grid": a ':' alone, a letter alone, no size on either side.
  if (suffix.empty()) return std::nullopt;
  const char letter = char(std::toupper(static_cast<unsigned char>(suffix.front())));
  if (suffix.size() == 1 && std::find(std::begin(kSuffixLetters), std::end(kSuffixLetters),
                                      letter) != std::end(kSuffixLetters))
    return std::nullopt;
  if (letter == 'P' || letter == 'T') {
    const std::string_view sides = suffix.substr(1);
    if (sides.find_first_not_of("0,") == std::string_view::npos &&
        std::count(sides.begin(), sides.end(), ',') <= 1)
      return std::nullopt;
  }
  return parse_bounds(suffix);
}

GridBounds bounds_for(const Topology& t, int64_t width, int64_t height) {
  return GridBounds{t, t.open_x ? 0 : width, t.open_y ? 0 : height};
}

}  // namespace gpulife
