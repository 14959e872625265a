// Row-by-row RLE: the header from write_rle's own metadata lines, the body as runs per row.
#include "core/rle_stream.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/pattern_formats.hpp"

namespace gpulife {
namespace {

constexpr size_t kMaxBodyLine = 70;  // as write_rle

// The "#N", "#O" and "#C" lines write_rle gives for this metadata (one formatting of comments).
std::string metadata_lines(const Pattern& meta) {
  Pattern empty;
  empty.name = meta.name;
  empty.author = meta.author;
  empty.comments = meta.comments;
  empty.rule = meta.rule;
  const std::string text = write_rle(empty);
  const size_t header = text.rfind("x = 0, y = 0, rule = ");
  return header == std::string::npos ? std::string() : text.substr(0, header);
}

// Bits [from, from + n) of a word array as one word (n <= 64).
uint64_t bits_at(const uint64_t* words, int64_t from, int n) {
  const int64_t w = from >> 6;
  const int shift = int(from & 63);
  uint64_t v = words[w] >> shift;
  if (shift != 0 && shift + n > 64) v |= words[w + 1] << (64 - shift);
  return n == 64 ? v : v & ((uint64_t{1} << n) - 1);
}

// The first column in [from, width) whose cell is alive (or dead), else width.
int64_t next_cell(const uint64_t* words, int lead, int64_t width, int64_t from, bool alive) {
  while (from < width) {
    const int n = int(std::min<int64_t>(64, width - from));
    uint64_t bits = bits_at(words, lead + from, n);
    if (!alive) bits = ~bits & (n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1);
    if (bits != 0) return from + std::countr_zero(bits);
    from += n;
  }
  return width;
}

}  // namespace

RleStreamWriter::RleStreamWriter(std::ostream& out, const Pattern& meta, const Box& box)
    : out_(out), box_(box) {
  // Golly reads "#CXRLE" only on the file's first line.
  const int64_t ox = box.empty() ? 0 : box.min_x, oy = box.empty() ? 0 : box.min_y;
  if (meta.generation != 0 || ox != 0 || oy != 0)
    out_ << "#CXRLE Pos=" << ox << "," << oy << " Gen=" << meta.generation << "\n";
  out_ << metadata_lines(meta);
  out_ << "x = " << box.width() << ", y = " << box.height() << ", rule = " << meta.rule.to_string()
       << "\n";
}

void RleStreamWriter::put(const std::string& token) {
  if (line_length_ + token.size() > kMaxBodyLine) {
    out_ << '\n';
    line_length_ = 0;
  }
  out_ << token;
  line_length_ += token.size();
}

void RleStreamWriter::run(int64_t n, char tag) {
  if (n <= 0) return;
  std::string token = n == 1 ? std::string() : std::to_string(n);
  token += tag;
  put(token);
}

void RleStreamWriter::row(const uint64_t* words, int lead) {
  if (rows_done_ >= box_.height())
    throw Error("RLE stream: more rows than the bounding box's " + std::to_string(box_.height()));
  ++rows_done_;
  const int64_t width = box_.width();
  int64_t x = 0;  // next unwritten column of this row
  for (int64_t start = next_cell(words, lead, width, 0, true); start < width;
       start = next_cell(words, lead, width, x, true)) {
    const int64_t end = next_cell(words, lead, width, start, false);
    run(pending_rows_, '$');
    pending_rows_ = 0;
    run(start - x, 'b');
    run(end - start, 'o');
    x = end;
  }
  ++pending_rows_;
}

void RleStreamWriter::finish() {
  if (rows_done_ != box_.height())
    throw Error("RLE stream: " + std::to_string(rows_done_) + " rows written of " +
                std::to_string(box_.height()));
  put("!");
  out_ << '\n';
}

void save_rle_streamed(
    const std::filesystem::path& path, const Pattern& meta, const Box& box, int lead,
    int64_t chunk_rows,
    const std::function<void(int64_t y0, int64_t count, uint64_t* words)>& fill) {
  if (!box.empty() && (lead < 0 || lead > 63))
    throw Error("RLE stream: a row's first bit must be 0 to 63");
  write_file_atomically(path, [&](std::ostream& out) {
    RleStreamWriter writer(out, meta, box);
    if (!box.empty()) {
      const int64_t words = (lead + box.width() + 63) / 64;
      const int64_t chunk = std::clamp<int64_t>(chunk_rows, 1, box.height());
      std::vector<uint64_t> buffer(size_t(words) * size_t(chunk) + 1);
      for (int64_t y = 0; y < box.height(); y += chunk) {
        const int64_t n = std::min(chunk, box.height() - y);
        fill(y, n, buffer.data());
        for (int64_t r = 0; r < n; ++r) writer.row(buffer.data() + r * words, lead);
      }
    }
    writer.finish();
  });
}

}  // namespace gpulife
