// Pattern geometry: normalisation, bounding box and the rigid transforms used by editors.
#include "core/pattern.hpp"

#include <algorithm>

namespace gpulife {
namespace {
// Row-major order: by y, then x.
bool row_major_less(const Cell& a, const Cell& b) {
  return a.y != b.y ? a.y < b.y : a.x < b.x;
}
}  // namespace

void Pattern::normalize() {
  std::sort(cells_.begin(), cells_.end(), row_major_less);
  cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
}

bool Pattern::contains(Cell c) const {
  return std::binary_search(cells_.begin(), cells_.end(), c, row_major_less);
}

Box Pattern::bounding_box() const {
  Box box;
  if (cells_.empty()) return box;
  box.min_y = cells_.front().y;
  box.max_y = cells_.back().y;
  box.min_x = cells_.front().x;
  box.max_x = cells_.front().x;
  for (const Cell& c : cells_) {
    box.min_x = std::min(box.min_x, c.x);
    box.max_x = std::max(box.max_x, c.x);
  }
  return box;
}

void Pattern::translate(int64_t dx, int64_t dy) {
  for (Cell& c : cells_) {
    c.x += dx;
    c.y += dy;
  }
}

void Pattern::rotate_clockwise() {
  for (Cell& c : cells_) c = Cell{-c.y, c.x};
  normalize();
}

void Pattern::rotate_counterclockwise() {
  for (Cell& c : cells_) c = Cell{c.y, -c.x};
  normalize();
}

void Pattern::flip_horizontal() {
  for (Cell& c : cells_) c.x = -c.x;
  normalize();
}

void Pattern::flip_vertical() {
  for (Cell& c : cells_) c.y = -c.y;
  normalize();
}

void Pattern::move_to_origin() {
  if (cells_.empty()) return;
  const Box box = bounding_box();
  translate(-box.min_x, -box.min_y);
}

}  // namespace gpulife
