// Cells and boxes: the 64-bit integer coordinates every pattern, tree and grid speaks in.
#pragma once

#include <cstdint>

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

// Pattern coordinates stay within +-2^61, so that every extent (max - min + 1) and every sum
// of a coordinate and an extent fits in 64 bits; readers reject cells beyond it.
inline constexpr int64_t kMaxCoordinate = int64_t{1} << 61;

inline bool coordinate_in_range(int64_t v) {
  return v >= -kMaxCoordinate && v <= kMaxCoordinate;
}

}  // namespace gpulife
