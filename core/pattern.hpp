// A sparse pattern: live cells with 64-bit coordinates, its rule and its descriptive metadata.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rule.hpp"

namespace gpulife {

struct Cell {
  int64_t x = 0;
  int64_t y = 0;
  auto operator<=>(const Cell&) const = default;
};

// Inclusive bounding box; empty when min > max.
struct Box {
  int64_t min_x = 0, min_y = 0, max_x = -1, max_y = -1;

  bool empty() const { return min_x > max_x || min_y > max_y; }
  int64_t width() const { return empty() ? 0 : max_x - min_x + 1; }
  int64_t height() const { return empty() ? 0 : max_y - min_y + 1; }
  bool contains(Cell c) const {
    return c.x >= min_x && c.x <= max_x && c.y >= min_y && c.y <= max_y;
  }
  bool operator==(const Box&) const = default;
};

class Pattern {
 public:
  Pattern() = default;
  explicit Pattern(std::vector<Cell> cells) : cells_(std::move(cells)) { normalize(); }

  // Cells sorted by (y, x) row-major order, no duplicates.
  const std::vector<Cell>& cells() const { return cells_; }
  size_t population() const { return cells_.size(); }
  bool empty() const { return cells_.empty(); }
  bool contains(Cell c) const;

  // Adds a cell (duplicates are merged on normalize()).
  void add(Cell c) { cells_.push_back(c); }
  void add(int64_t x, int64_t y) { cells_.push_back({x, y}); }
  // Sorts and removes duplicates; call after a run of add().
  void normalize();

  Box bounding_box() const;

  // Geometry, all about the origin; call normalize() is not needed afterwards.
  void translate(int64_t dx, int64_t dy);
  void rotate_clockwise();         // (x, y) -> (-y, x) with y pointing down
  void rotate_counterclockwise();  // (x, y) -> (y, -x)
  void flip_horizontal();          // mirror left-right: x -> -x
  void flip_vertical();            // mirror top-bottom: y -> -y
  // Moves the pattern so its bounding box starts at (0, 0).
  void move_to_origin();

  RuleSpec rule;
  std::string name;
  std::string author;
  std::vector<std::string> comments;  // free text, one entry per line, without "#C "
  uint64_t generation = 0;            // generation the cells belong to (RLE "#CXRLE Gen=")

  // Equal cells (metadata is not compared).
  bool same_cells(const Pattern& other) const { return cells_ == other.cells_; }

 private:
  std::vector<Cell> cells_;
};

}  // namespace gpulife
