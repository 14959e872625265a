// PNG encoding: per-row filter choice, LZ77 with hash chains, one fixed-Huffman deflate block.
#include "app/png_writer.hpp"

#include <array>
#include <cstdlib>
#include <fstream>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc = 0) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (size_t i = 0; i < n; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

uint32_t adler32(const std::vector<uint8_t>& data) {
  uint32_t a = 1, b = 0;
  for (uint8_t v : data) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

// Deflate's bit order: values LSB first; Huffman codes MSB first (so they are reversed here).
class BitWriter {
 public:
  explicit BitWriter(std::vector<uint8_t>& out) : out_(out) {}
  void bits(uint32_t value, int count) {
    acc_ |= uint64_t(value) << fill_;
    fill_ += count;
    while (fill_ >= 8) {
      out_.push_back(uint8_t(acc_));
      acc_ >>= 8;
      fill_ -= 8;
    }
  }
  void code(uint32_t code, int length) {
    uint32_t r = 0;
    for (int i = 0; i < length; ++i) r |= ((code >> i) & 1u) << (length - 1 - i);
    bits(r, length);
  }
  void flush() {
    if (fill_ > 0) out_.push_back(uint8_t(acc_));
    acc_ = 0;
    fill_ = 0;
  }

 private:
  std::vector<uint8_t>& out_;
  uint64_t acc_ = 0;
  int fill_ = 0;
};

void put_literal(BitWriter& w, int v) {  // fixed Huffman literal/length alphabet
  if (v < 144) {
    w.code(0x30 + v, 8);
  } else if (v < 256) {
    w.code(0x190 + (v - 144), 9);
  } else if (v < 280) {
    w.code(v - 256, 7);
  } else {
    w.code(0xC0 + (v - 280), 8);
  }
}

constexpr std::array<int, 29> kLenBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                          15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                          67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<int, 29> kLenExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<int, 30> kDistBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<int, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                            6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void put_match(BitWriter& w, int length, int distance) {
  int li = 28;
  while (kLenBase[li] > length) --li;
  put_literal(w, 257 + li);
  if (kLenExtra[li]) w.bits(length - kLenBase[li], kLenExtra[li]);
  int di = 29;
  while (kDistBase[di] > distance) --di;
  w.code(di, 5);
  if (kDistExtra[di]) w.bits(distance - kDistBase[di], kDistExtra[di]);
}

std::vector<uint8_t> deflate_fixed(const std::vector<uint8_t>& in) {
  std::vector<uint8_t> out;
  BitWriter w(out);
  w.bits(1, 1);  // final block
  w.bits(1, 2);  // fixed Huffman codes
  constexpr int kWindow = 32768, kHashBits = 15, kMaxChain = 24, kMaxLen = 258;
  std::vector<int> head(1 << kHashBits, -1), prev(in.size(), -1);
  auto hash_at = [&](size_t i) {
    const uint32_t v = in[i] | (in[i + 1] << 8) | (in[i + 2] << 16);
    return (v * 2654435761u) >> (32 - kHashBits);
  };
  auto insert = [&](size_t i) {
    if (i + 2 >= in.size()) return;
    const uint32_t h = hash_at(i);
    prev[i] = head[h];
    head[h] = int(i);
  };
  size_t i = 0;
  while (i < in.size()) {
    int best_len = 0, best_dist = 0;
    if (i + 2 < in.size()) {
      const size_t limit = std::min<size_t>(kMaxLen, in.size() - i);
      int cand = head[hash_at(i)];
      for (int chain = 0; cand >= 0 && chain < kMaxChain; ++chain, cand = prev[cand]) {
        const size_t dist = i - size_t(cand);
        if (dist > kWindow) break;
        size_t len = 0;
        while (len < limit && in[cand + len] == in[i + len]) ++len;
        if (int(len) > best_len) {
          best_len = int(len);
          best_dist = int(dist);
          if (len == limit) break;
        }
      }
    }
    if (best_len >= 3) {
      put_match(w, best_len, best_dist);
      for (int k = 0; k < best_len; ++k) insert(i + k);
      i += best_len;
    } else {
      put_literal(w, in[i]);
      insert(i);
      ++i;
    }
  }
  put_literal(w, 256);
  w.flush();
  return out;
}

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void put_chunk(std::vector<uint8_t>& png, const char type[4], const std::vector<uint8_t>& data) {
  put_u32(png, uint32_t(data.size()));
  const size_t start = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), data.begin(), data.end());
  put_u32(png, crc32(png.data() + start, png.size() - start));
}

}  // namespace

std::vector<uint8_t> encode_png(const uint8_t* pixels, int width, int height, int channels) {
  if (width <= 0 || height <= 0 || (channels != 3 && channels != 4))
    throw Error("cannot encode a PNG of " + std::to_string(width) + "x" + std::to_string(height) +
                " with " + std::to_string(channels) + " channels");
  const size_t stride = size_t(width) * channels;
  // Filtered scanlines: for each row pick None, Sub or Up by the smallest sum of |byte| (the
  // usual heuristic); flat screenshot areas become runs of zeros that LZ77 swallows.
  std::vector<uint8_t> raw;
  raw.reserve((stride + 1) * height);
  std::vector<uint8_t> cand[3];
  for (int y = 0; y < height; ++y) {
    const uint8_t* row = pixels + size_t(y) * stride;
    const uint8_t* up = y > 0 ? row - stride : nullptr;
    for (auto& c : cand) c.assign(stride, 0);
    uint64_t cost[3] = {0, 0, 0};
    for (size_t x = 0; x < stride; ++x) {
      const uint8_t left = x >= size_t(channels) ? row[x - channels] : 0;
      const uint8_t above = up ? up[x] : 0;
      cand[0][x] = row[x];
      cand[1][x] = uint8_t(row[x] - left);
      cand[2][x] = uint8_t(row[x] - above);
      for (int f = 0; f < 3; ++f) cost[f] += std::abs(int(int8_t(cand[f][x])));
    }
    int best = 0;
    for (int f = 1; f < 3; ++f)
      if (cost[f] < cost[best]) best = f;
    raw.push_back(uint8_t(best));
    raw.insert(raw.end(), cand[best].begin(), cand[best].end());
  }
  std::vector<uint8_t> z = {0x78, 0x01};
  const std::vector<uint8_t> body = deflate_fixed(raw);
  z.insert(z.end(), body.begin(), body.end());
  put_u32(z, adler32(raw));

  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  put_u32(ihdr, uint32_t(width));
  put_u32(ihdr, uint32_t(height));
  ihdr.push_back(8);                      // bit depth
  ihdr.push_back(channels == 4 ? 6 : 2);  // RGBA or RGB
  ihdr.insert(ihdr.end(), {0, 0, 0});     // deflate, adaptive filters, no interlace
  put_chunk(png, "IHDR", ihdr);
  put_chunk(png, "IDAT", z);
  put_chunk(png, "IEND", {});
  return png;
}

void write_png(const std::filesystem::path& path, const uint8_t* pixels, int width, int height,
               int channels) {
  const std::vector<uint8_t> png = encode_png(pixels, width, height, channels);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  if (!f) throw Error("cannot write screenshot " + path.string());
}

}  // namespace gpulife::app
