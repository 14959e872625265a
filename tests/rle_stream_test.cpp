// Tests for core/rle_stream: RLE written row by row is byte for byte what write_rle writes for
// the same cells and metadata, and reads back to the same pattern.
#include "core/rle_stream.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {
namespace {

// Streams the grid's live cells (bounding box from the grid) with `meta`'s metadata, with the
// file's coordinates shifted by `offset` from the grid's.
std::string stream_grid(const Grid& g, const Pattern& meta, Cell offset) {
  Pattern cells = g.extract();
  const Box live = cells.bounding_box();
  const Box box = live.empty() ? live
                               : Box{live.min_x + offset.x, live.min_y + offset.y,
                                     live.max_x + offset.x, live.max_y + offset.y};
  std::ostringstream out;
  RleStreamWriter w(out, meta, box);
  if (!live.empty()) {
    const int lead = int(box.min_x & 63);
    const int64_t words = (lead + box.width() + 63) / 64;
    std::vector<uint64_t> row(size_t(words) + 1);
    for (int64_t y = live.min_y; y <= live.max_y; ++y) {
      std::fill(row.begin(), row.end(), 0);
      for (int64_t x = live.min_x; x <= live.max_x; ++x)
        if (g.get(x, y)) {
          const int64_t bit = lead + (x - live.min_x);
          row[size_t(bit >> 6)] |= uint64_t{1} << (bit & 63);
        }
      w.row(row.data(), lead);
    }
  }
  w.finish();
  return out.str();
}

std::string written(const Grid& g, const Pattern& meta, Cell offset) {
  Pattern p = g.extract();
  p.translate(offset.x, offset.y);
  p.name = meta.name;
  p.author = meta.author;
  p.comments = meta.comments;
  p.rule = meta.rule;
  p.generation = meta.generation;
  return write_rle(p);
}

TEST(RleStreamTest, SameTextAsWriteRle) {
  std::mt19937_64 rng(5);
  Pattern meta;
  meta.name = "soup";
  meta.author = "gpulife";
  meta.comments = {"first line", "two\nlines"};
  meta.rule = parse_rule("B36/S23");
  for (double density : {0.0, 0.02, 0.3, 0.5, 0.97, 1.0})
    for (int64_t w : {1, 5, 63, 64, 65, 130, 300})
      for (Cell offset : {Cell{0, 0}, Cell{-17, 40}, Cell{3, -2}}) {
        Grid g(w, 23);
        g.randomize(density, rng());
        // Blank rows in the middle and at the ends exercise the '$' runs.
        for (int64_t x = 0; x < w; ++x) {
          g.set(x, 7, false);
          g.set(x, 8, false);
          g.set(x, 0, false);
        }
        meta.generation = density > 0.5 ? 77 : 0;
        ASSERT_EQ(stream_grid(g, meta, offset), written(g, meta, offset))
            << density << " " << w << " " << offset.x;
      }
}

TEST(RleStreamTest, LongRunsAndEmptyPatterns) {
  Pattern meta;
  meta.rule = parse_rule("B3/S23");
  Grid g(1000, 5);
  for (int64_t x = 10; x < 990; ++x) g.set(x, 1, true);  // one run across many words
  g.set(0, 4, true);
  g.set(999, 4, true);
  EXPECT_EQ(stream_grid(g, meta, {0, 0}), written(g, meta, {0, 0}));
  Grid empty(50, 50);
  EXPECT_EQ(stream_grid(empty, meta, {0, 0}), written(empty, meta, {0, 0}));
}

TEST(RleStreamTest, RefusesTooManyOrTooFewRows) {
  std::ostringstream out;
  Pattern meta;
  RleStreamWriter w(out, meta, Box{0, 0, 9, 1});
  const uint64_t row[1] = {1};
  w.row(row, 0);
  EXPECT_THROW(w.finish(), Error);
  w.row(row, 0);
  EXPECT_THROW(w.row(row, 0), Error);
  EXPECT_NO_THROW(w.finish());
}

TEST(RleStreamTest, SaveStreamedWritesAFileThatReadsBack) {
  const auto dir = std::filesystem::temp_directory_path() / "gpulife_rle_stream_test";
  std::filesystem::create_directories(dir);
  const auto path = dir / "out.rle";
  Grid g(150, 40);
  g.randomize(0.3, 11);
  const Pattern want = g.extract();
  Pattern meta;
  meta.name = "chunks";
  meta.rule = parse_rule("B3/S23");
  const Box box = want.bounding_box();
  // Rows come in chunks of 7 from a "device": here the grid itself.
  save_rle_streamed(path, meta, box, int(box.min_x & 63), 7,
                    [&](int64_t y0, int64_t count, uint64_t* words) {
                      const int lead = int(box.min_x & 63);
                      const int64_t n = (lead + box.width() + 63) / 64;
                      for (int64_t r = 0; r < count; ++r)
                        for (int64_t k = 0; k < n; ++k)
                          words[r * n + k] = g.row(box.min_y + y0 + r)[(box.min_x >> 6) + k];
                    });
  const Pattern back = load_pattern_file(path);
  EXPECT_TRUE(back.same_cells(want));
  EXPECT_EQ(back.name, "chunks");
  // Written at other coordinates than the rows' own (a run's input system): the bits keep the
  // grid's alignment (lead), the file's box moves.
  const Box moved_box{box.min_x + 5, box.min_y - 3, box.max_x + 5, box.max_y - 3};
  save_rle_streamed(path, meta, moved_box, int(box.min_x & 63), 64,
                    [&](int64_t y0, int64_t count, uint64_t* words) {
                      const int64_t n = (int(box.min_x & 63) + box.width() + 63) / 64;
                      for (int64_t r = 0; r < count; ++r)
                        for (int64_t k = 0; k < n; ++k)
                          words[r * n + k] = g.row(box.min_y + y0 + r)[(box.min_x >> 6) + k];
                    });
  Pattern shifted = want;
  shifted.translate(5, -3);
  EXPECT_TRUE(load_pattern_file(path).same_cells(shifted));
  EXPECT_THROW(save_rle_streamed(dir, meta, box, 0, 7, [](int64_t, int64_t, uint64_t*) {}), Error);
  EXPECT_THROW(save_rle_streamed(dir / "no" / "such" / "x.rle", meta, box, 0, 7,
                                 [](int64_t, int64_t, uint64_t*) {}),
               Error);
  // A failing source leaves no file behind.
  EXPECT_THROW(save_rle_streamed(dir / "fail.rle", meta, box, 0, 7,
                                 [](int64_t, int64_t, uint64_t*) { throw Error("device lost"); }),
               Error);
  EXPECT_FALSE(std::filesystem::exists(dir / "fail.rle"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gpulife
