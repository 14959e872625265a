// A dense, bit-packed host grid: the interchange format between engines, files and the viewer.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/pattern.hpp"
#include "core/rule.hpp"

namespace gpulife {

// Width/height, parsed from "N" (square) or "WxH"; throws Error naming the text when malformed.
struct GridSize {
  int64_t width = 0;
  int64_t height = 0;
  bool operator==(const GridSize&) const = default;
};
GridSize parse_grid_size(std::string_view text);

// "1024x768", the way messages and reports name a size; `between` replaces the "x" (the demo's
// captions use " \u00d7 ").
std::string size_text(int64_t width, int64_t height, std::string_view between = "x");
std::string size_text(const GridSize& size, std::string_view between = "x");

// Largest side accepted anywhere; 2^31 keeps x*64-bit-word indexing and GL sizes sane.
inline constexpr int64_t kMaxGridSide = int64_t{1} << 31;

// Row-major rows of words_per_row() 64-bit words; bit i of word j in row y is cell (64j + i, y).
// Bits past the width in the last word of each row are always zero. Origin (0,0) is top-left.
class Grid {
 public:
  Grid() = default;
  // Throws Error for non-positive or oversized dimensions, or when memory cannot be had.
  Grid(int64_t width, int64_t height, Topology topology = Topology::Plane);

  int64_t width() const { return width_; }
  int64_t height() const { return height_; }
  Topology topology() const { return topology_; }
  void set_topology(Topology t) { topology_ = t; }
  int64_t words_per_row() const { return words_per_row_; }
  uint64_t cell_count() const { return uint64_t(width_) * uint64_t(height_); }

  std::span<uint64_t> words() { return words_; }
  std::span<const uint64_t> words() const { return words_; }
  uint64_t* row(int64_t y) { return words_.data() + y * words_per_row_; }
  const uint64_t* row(int64_t y) const { return words_.data() + y * words_per_row_; }
  // Mask of the valid bits in the last word of a row.
  uint64_t last_word_mask() const;

  bool get(int64_t x, int64_t y) const { return (row(y)[x >> 6] >> (x & 63)) & 1u; }
  void set(int64_t x, int64_t y, bool alive) {
    uint64_t& w = row(y)[x >> 6];
    const uint64_t bit = uint64_t{1} << (x & 63);
    w = alive ? (w | bit) : (w & ~bit);
  }
  bool in_bounds(int64_t x, int64_t y) const {
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }

  void clear();
  // Fills with independent cells alive with probability `density`, reproducibly from `seed`.
  void randomize(double density, uint64_t seed);

  // Places the pattern's live cells with its bounding box's top-left at `top_left`, or centred
  // when not given. Throws Error, saying the sizes, if any cell would fall outside the grid
  // (nothing is clipped silently). With `clear_first` the grid is cleared before placing.
  void place(const Pattern& pattern, std::optional<Cell> top_left = std::nullopt,
             bool clear_first = true);
  // ORs the live cells of `src` into this grid with src's (0, 0) at `at`; cells that fall
  // outside are skipped. How a grid grows: the old state copied into the middle of a larger one.
  void blit(const Grid& src, Cell at);
  // Where place() would put the pattern's bounding box when centring it.
  Cell centred_origin(const Pattern& pattern) const;
  // The live cells as a pattern in grid coordinates.
  Pattern extract() const;

  uint64_t population() const;
  // gpulife::hash over the words; equal grids (size and cells) have equal hashes.
  uint64_t hash() const;

  bool operator==(const Grid& other) const;

 private:
  int64_t width_ = 0;
  int64_t height_ = 0;
  int64_t words_per_row_ = 0;
  Topology topology_ = Topology::Plane;
  std::vector<uint64_t> words_;
};

// The first cell, in row-major order, where two grids differ; (0, 0) when their sizes differ.
std::optional<Cell> first_difference(const Grid& a, const Grid& b);

}  // namespace gpulife
