// RLE written row by row, for grids too large to become a Pattern on the host: the output is the
// same text write_rle gives for the same cells and metadata.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>

#include "core/pattern.hpp"

namespace gpulife {

class RleStreamWriter {
 public:
  // Writes the header now: the metadata of `meta` (name, author, comments, rule, generation;
  // its cells are ignored) and `box`, the live cells' bounding box in the file's coordinates.
  RleStreamWriter(std::ostream& out, const Pattern& meta, const Box& box);

  // The box's next row, from its first row down: bit `lead + i` of the words (bit k of word
  // k / 64) is the cell at column box.min_x + i; `lead` is in [0, 63].
  void row(const uint64_t* words, int lead);
  // Ends the body ('!'); every row of the box must have been given.
  void finish();

 private:
  void run(int64_t n, char tag);
  void put(const std::string& token);

  std::ostream& out_;
  Box box_;
  int64_t rows_done_ = 0;
  int64_t pending_rows_ = 0;  // row ends owed before the next live cell ('$' runs)
  size_t line_length_ = 0;
};

// Calls fill(y0, count, words) for consecutive chunks of the box's rows, from its first row
// (y0 counts from it), each row ceil((lead + box width) / 64) words whose bit `lead` is the box's
// first column, and writes them to `path` as RLE through a temporary file renamed at the end,
// like save_pattern. `chunk_rows` bounds the host memory a chunk takes. Throws Error when the
// file cannot be written (nothing is left behind then).
void save_rle_streamed(const std::filesystem::path& path, const Pattern& meta, const Box& box,
                       int lead, int64_t chunk_rows,
                       const std::function<void(int64_t y0, int64_t count, uint64_t* words)>& fill);

}  // namespace gpulife
