// How cells beyond a grid's edge behave: every bounded grid of Golly's (plane, torus with or
// without a shift, tube, Klein bottle, cross-surface, sphere) and its rule-suffix text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/host_device.hpp"  // the edge mapping is shared by CPU engines and CUDA kernels

namespace gpulife {

enum class TopologyKind : uint8_t { Plane, Torus, KleinBottle, CrossSurface, Sphere };

// A pair of opposite edges: the top and bottom ones (horizontal) or the left and right ones.
enum class EdgePair : uint8_t { Horizontal, Vertical };

// How a grid's edges are joined, as in Golly's Help > Bounded Grids. The grid's own width and
// height complete the description (see GridBounds for the suffix text with sizes).
struct Topology {
  TopologyKind kind = TopologyKind::Plane;
  // Torus: the edges whose crossing moves a cell `shift` cells along them (":Tw+s,h" shifts the
  // horizontal edges, ":Tw,h+s" the vertical ones). Klein bottle: the twisted (reversed) pair
  // (":Kw*,h" twists the horizontal edges), and `shift` is 0 or 1 (Golly treats every shift of
  // a twisted edge as 1).
  EdgePair edges = EdgePair::Horizontal;
  int64_t shift = 0;
  // A torus with one side 0 in Golly (":T0,h" or ":Tw,0", a tube) is unbounded along that axis:
  // those two edges are not joined, they behave as a plane's, and `run` grows the grid there.
  bool open_x = false;
  bool open_y = false;

  // The two topologies every engine has a fast path for; the names other code spells.
  static const Topology Plane;
  static const Topology Torus;

  bool operator==(const Topology&) const = default;
};

inline constexpr Topology Topology::Plane{};
inline constexpr Topology Topology::Torus{TopologyKind::Torus};

// "plane", "torus", "Klein bottle (horizontal edges twisted)", ...: words for people.
std::string to_string(const Topology& t);
// Parses a topology named on a command line: plane, torus, klein (horizontal edges twisted),
// klein-vertical, cross-surface, sphere (case-insensitive, '-', '_' and spaces ignored). Shifts
// and tubes come from a rule suffix (parse_bounds). Throws Error naming the text otherwise.
Topology parse_topology(std::string_view text);
// The names parse_topology() accepts, for help texts and messages.
inline constexpr std::string_view kTopologyNames =
    "plane, torus, klein, klein-vertical, cross-surface or sphere";

// Whether the engines' plane step alone is not enough, and the ring of cells along the edges
// must be recomputed each generation through resolve_outside() (everything but the plain
// plane and torus).
inline bool needs_edge_fixup(const Topology& t) {
  return !(t == Topology::Plane || t == Topology::Torus);
}

// Throws Error when the topology cannot exist on a width x height grid: a sphere must be
// square; a shifted Klein bottle needs an even side along its twisted edges.
void check_topology(const Topology& t, int64_t width, int64_t height);

// A rule's bounded-grid suffix (":T64,64", ":K40*,20", ":S30"): the topology and the size, where
// 0 means unbounded along that axis (a plane ":P30,0" or a tube ":T0,68").
struct GridBounds {
  Topology topology = Topology::Torus;
  int64_t width = 0;
  int64_t height = 0;

  // Golly's canonical suffix text, with the leading ':' (":T30+7,20", ":K40*+1,20", ":S30").
  std::string to_string() const;
  bool operator==(const GridBounds&) const = default;
};

// Largest bounded-grid side Golly accepts, and so the largest a suffix may give.
inline constexpr int64_t kMaxBoundedSide = 2000000000;

// Parses the text after a rule's ':' ("T30+7,20", "k40*,20", "S30", "P30,0") into canonical
// bounds (shifts reduced as Golly reduces them). Throws Error saying what is wrong; the caller
// adds the whole rule text.
GridBounds parse_bounds(std::string_view suffix);

// A rule's suffix as Golly reads it: parse_bounds(), but what Golly takes for no bounded grid
// (nothing after the ':', a letter alone, a plane or torus of size 0 both ways: ":T0,0") is none.
std::optional<GridBounds> parse_suffix(std::string_view suffix);

// The bounds a grid of this topology and size stands for, for saving it (so a torus stays a
// torus on reload): a tube's open axis is written as 0. Whether a plane grid is a bounded plane
// or stands for the unbounded one only the caller knows.
GridBounds bounds_for(const Topology& t, int64_t width, int64_t height);

// The grid cell whose state the cell at (x, y) takes when the engines count neighbours: itself
// inside the grid; for a cell one step outside (-1 <= x <= width, -1 <= y <= height), the edge
// cell Golly copies there before each generation. Returns false when the cell is dead (beyond a
// plane's edge or a tube's open edge). x and y are updated in place.
GPULIFE_HOST_DEVICE inline bool resolve_outside(const Topology& t, int64_t width, int64_t height,
                                                int64_t& x, int64_t& y) {
  const bool inside = x >= 0 && y >= 0 && x < width && y < height;
  if (inside) return true;
  switch (t.kind) {
    case TopologyKind::Plane:
      return false;
    case TopologyKind::Sphere:
      // The top edge is joined to the left one and the right edge to the bottom one; a corner
      // needs two steps (the poles see themselves).
      for (int step = 0; step < 2; ++step) {
        const int64_t ox = x, oy = y;
        if (ox < 0) {
          x = oy;
          y = 0;
        } else if (ox >= width) {
          x = oy;
          y = height - 1;
        } else if (oy < 0) {
          x = 0;
          y = ox;
        } else if (oy >= height) {
          x = width - 1;
          y = ox;
        } else {
          return true;
        }
      }
      return x >= 0 && y >= 0 && x < width && y < height;
    default:
      break;
  }
  const bool klein = t.kind == TopologyKind::KleinBottle;
  const bool cross = t.kind == TopologyKind::CrossSurface;
  const bool torus = t.kind == TopologyKind::Torus;
  // Crossing the left or right edge first (it may move y), then the top or bottom one. A shifted
  // twist moves the reflection one cell back, as bgolly 3.3 does (the help's drawings show it
  // one cell the other way; bgolly is the oracle). `edges` names the pair whose crossing moves
  // the other coordinate.
  const auto cross_edge = [&](int64_t& c, int64_t size, bool open, int64_t& other,
                              int64_t other_size, EdgePair edges) {
    if (c >= 0 && c < size) return true;
    if (torus && open) return false;
    const int64_t dir = c < 0 ? -1 : 1;
    c -= dir * size;
    if (cross || (klein && t.edges == edges)) {
      other = other_size - 1 - other - (klein ? t.shift : 0);
    } else if (torus && t.edges == edges) {
      other += dir * t.shift;
    }
    return true;
  };
  if (!cross_edge(x, width, t.open_x, y, height, EdgePair::Vertical)) return false;
  if (!cross_edge(y, height, t.open_y, x, width, EdgePair::Horizontal)) return false;
  x %= width;
  if (x < 0) x += width;
  y %= height;
  if (y < 0) y += height;
  return true;
}

}  // namespace gpulife
