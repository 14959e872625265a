// gzip through zlib, with the inflated size bounded.
#include "core/gzip.hpp"

#include <zlib.h>

#include <algorithm>

#include "core/error.hpp"

namespace gpulife {
namespace {

std::string size_text(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 30) && bytes % (uint64_t{1} << 30) == 0)
    return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (uint64_t{1} << 20) && bytes % (uint64_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// zlib takes at most 4 GiB of input per call.
constexpr size_t kMaxChunk = size_t{1} << 30;

// Hands zlib the next piece of `data` once it has used up the last one.
void feed(z_stream& zs, std::string_view data, size_t& consumed) {
  if (zs.avail_in != 0 || consumed >= data.size()) return;
  const size_t n = std::min(kMaxChunk, data.size() - consumed);
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + consumed));
  zs.avail_in = uInt(n);
  consumed += n;
}

}  // namespace

bool is_gzip(std::string_view data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

std::string gunzip(std::string_view data, std::string_view source, uint64_t max_bytes) {
  const std::string name = source.empty() ? std::string("<data>") : std::string(source);
  z_stream zs{};
  // 16 + MAX_WBITS: gzip framing only.
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
    throw Error(name + ": cannot decompress: zlib could not start");
  std::string out;
  size_t consumed = 0;
  char buffer[1 << 16];
  int status = Z_OK;
  try {
    while (true) {
      feed(zs, data, consumed);
      zs.next_out = reinterpret_cast<Bytef*>(buffer);
      zs.avail_out = sizeof buffer;
      status = inflate(&zs, Z_NO_FLUSH);
      const size_t produced = sizeof buffer - zs.avail_out;
      if (out.size() + produced > max_bytes)
        throw Error(name + ": cannot decompress: it inflates to more than " + size_text(max_bytes) +
                    ", the most gpulife decompresses (no pattern it can hold needs more)");
      out.append(buffer, produced);
      if (status == Z_STREAM_END) {
        // Another gzip member may follow (concatenated files). Anything else after a complete,
        // checked stream is ignored, as gzip and Golly (through zlib's gzread) ignore it.
        const std::string_view rest = data.substr(consumed - zs.avail_in);
        if (!is_gzip(rest)) break;
        inflateReset(&zs);
        continue;
      }
      if (status == Z_BUF_ERROR && zs.avail_in == 0 && consumed >= data.size())
        throw Error(name +
                    ": cannot decompress: the gzip data ends early (is the file truncated?)");
      if (status != Z_OK && status != Z_BUF_ERROR)
        throw Error(name + ": cannot decompress: corrupt gzip data (" +
                    (zs.msg ? std::string(zs.msg) : "zlib error " + std::to_string(status)) + ")");
    }
  } catch (...) {
    inflateEnd(&zs);
    throw;
  }
  inflateEnd(&zs);
  return out;
}

std::string gzip(std::string_view text) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) !=
      Z_OK)
    throw Error("cannot compress: zlib could not start");
  std::string out;
  char buffer[1 << 16];
  size_t consumed = 0;
  int status = Z_OK;
  do {
    feed(zs, text, consumed);
    zs.next_out = reinterpret_cast<Bytef*>(buffer);
    zs.avail_out = sizeof buffer;
    status = deflate(&zs, consumed >= text.size() && zs.avail_in == 0 ? Z_FINISH : Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - zs.avail_out);
  } while (status != Z_STREAM_END && status != Z_STREAM_ERROR);
  deflateEnd(&zs);
  if (status != Z_STREAM_END) throw Error("cannot compress: zlib failed");
  return out;
}

}  // namespace gpulife
