// The bit-packed host grid: sizing, placing and extracting patterns, population and hash.
#include "core/grid.hpp"

#include <bit>
#include <charconv>
#include <new>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/soup.hpp"
#include "core/text_lines.hpp"

namespace gpulife {

std::string size_text(int64_t width, int64_t height, std::string_view between) {
  return std::to_string(width) + std::string(between) + std::to_string(height);
}

std::string size_text(const GridSize& size, std::string_view between) {
  return size_text(size.width, size.height, between);
}

GridSize parse_grid_size(std::string_view text) {
  auto number = [&](std::string_view part) {
    int64_t v = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || v <= 0)
      throw Error("bad grid size \"" + text::excerpt(text) +
                  "\": expected N or WxH with positive whole numbers, e.g. 4096 or 1920x1080");
    if (v > kMaxGridSide)
      throw Error("bad grid size \"" + text::excerpt(text) + "\": a side may be at most " +
                  std::to_string(kMaxGridSide) + " cells");
    return v;
  };
  const size_t x = text.find_first_of("xX");
  if (x == std::string_view::npos) {
    const int64_t n = number(text);
    return {n, n};
  }
  return {number(text.substr(0, x)), number(text.substr(x + 1))};
}

Grid::Grid(int64_t width, int64_t height, Topology topology)
    : width_(width), height_(height), topology_(topology) {
  if (width <= 0 || height <= 0 || width > kMaxGridSide || height > kMaxGridSide)
    throw Error("impossible grid size " + std::to_string(width) + "x" + std::to_string(height) +
                ": each side must be between 1 and " + std::to_string(kMaxGridSide));
  check_topology(topology, width, height);
  words_per_row_ = (width + 63) / 64;
  const uint64_t words = uint64_t(words_per_row_) * uint64_t(height);
  try {
    words_.assign(words, 0);
  } catch (const std::bad_alloc&) {
    throw Error("not enough host memory for a " + std::to_string(width) + "x" +
                std::to_string(height) + " grid (" + std::to_string(words * 8 >> 20) + " MiB)");
  } catch (const std::length_error&) {
    throw Error("grid " + std::to_string(width) + "x" + std::to_string(height) + " is too large");
  }
}

uint64_t Grid::last_word_mask() const {
  const int rem = int(width_ & 63);
  return rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
}

void Grid::clear() {
  std::fill(words_.begin(), words_.end(), 0);
}

void Grid::randomize(double density, uint64_t seed) {
  // Each word's bits come from a counter-based generator, so the result depends only on the
  // seed and position (engines and tests can regenerate the same soup).
  const uint64_t mask = last_word_mask();
  const soup::Density d = soup::density_of(density);
  for (int64_t y = 0; y < height_; ++y) {
    uint64_t* r = row(y);
    for (int64_t j = 0; j < words_per_row_; ++j)
      r[j] = soup::word(seed, d, uint64_t(y) * uint64_t(words_per_row_) + uint64_t(j));
    r[words_per_row_ - 1] &= mask;
  }
}

Cell Grid::centred_origin(const Pattern& pattern) const {
  const Box box = pattern.bounding_box();
  return Cell{(width_ - box.width()) / 2, (height_ - box.height()) / 2};
}

void Grid::place(const Pattern& pattern, std::optional<Cell> top_left, bool clear_first) {
  const Box box = pattern.bounding_box();
  const Cell origin = top_left.value_or(centred_origin(pattern));
  if (!pattern.empty()) {
    if (box.width() > width_ || box.height() > height_ || origin.x < 0 || origin.y < 0 ||
        origin.x + box.width() > width_ || origin.y + box.height() > height_) {
      throw Error("pattern of " + std::to_string(box.width()) + "x" + std::to_string(box.height()) +
                  " cells does not fit in the " + std::to_string(width_) + "x" +
                  std::to_string(height_) + " grid at that position; use a larger grid (--size)");
    }
  }
  if (clear_first) clear();
  if (const CellTree* tree = pattern.tree()) {
    tree->render(pattern.tree_origin(), box, *this, origin);
    return;
  }
  for (const Cell& c : pattern.cells())
    set(c.x - box.min_x + origin.x, c.y - box.min_y + origin.y, true);
}

void Grid::blit(const Grid& src, Cell at) {
  for (int64_t sy = 0; sy < src.height(); ++sy) {
    const int64_t y = sy + at.y;
    if (y < 0 || y >= height_) continue;
    const uint64_t* in = src.row(sy);
    uint64_t* out = row(y);
    for (int64_t j = 0; j < src.words_per_row(); ++j) {
      const uint64_t w = j + 1 == src.words_per_row() ? in[j] & src.last_word_mask() : in[j];
      if (!w) continue;
      const int64_t x = at.x + 64 * j;  // where bit 0 of this word lands
      if (x <= -64 || x >= width_) continue;
      if (x < 0) {
        out[0] |= w >> (-x);
        continue;
      }
      const int64_t word = x >> 6, shift = x & 63;
      out[word] |= w << shift;
      if (shift && word + 1 < words_per_row_) out[word + 1] |= w >> (64 - shift);
    }
    out[words_per_row_ - 1] &= last_word_mask();
  }
}

Pattern Grid::extract() const {
  Pattern p;
  for (int64_t y = 0; y < height_; ++y) {
    const uint64_t* r = row(y);
    for (int64_t j = 0; j < words_per_row_; ++j) {
      for (uint64_t w = r[j]; w; w &= w - 1) p.add(j * 64 + std::countr_zero(w), y);
    }
  }
  p.normalize();
  return p;
}

uint64_t Grid::population() const {
  uint64_t n = 0;
  for (uint64_t w : words_) n += uint64_t(std::popcount(w));
  return n;
}

uint64_t Grid::hash() const {
  uint64_t sum = 0;
  for (int64_t y = 0; y < height_; ++y) {
    const uint64_t* r = row(y);
    for (int64_t j = 0; j < words_per_row_; ++j)
      sum += hash::word_term(uint64_t(y), uint64_t(j), r[j]);
  }
  return hash::finish(sum, uint64_t(width_), uint64_t(height_));
}

bool Grid::operator==(const Grid& other) const {
  return width_ == other.width_ && height_ == other.height_ && words_ == other.words_;
}

std::optional<Cell> first_difference(const Grid& a, const Grid& b) {
  if (a.width() != b.width() || a.height() != b.height()) return Cell{0, 0};
  for (int64_t y = 0; y < a.height(); ++y) {
    const uint64_t* ra = a.row(y);
    const uint64_t* rb = b.row(y);
    for (int64_t j = 0; j < a.words_per_row(); ++j)
      if (const uint64_t diff = ra[j] ^ rb[j]; diff != 0)
        return Cell{64 * j + std::countr_zero(diff), y};
  }
  return std::nullopt;
}

}  // namespace gpulife
