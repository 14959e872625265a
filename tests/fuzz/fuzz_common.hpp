// Shared helpers for the libFuzzer targets: input as text, a loud abort on a broken invariant,
// and the write -> parse round trip every pattern reader's target makes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/pattern.hpp"

namespace gpulife::fuzz {

// Small enough that the fuzzer never trips its memory limit, large enough to reach the limit
// check with short inputs ("200000o").
inline constexpr uint64_t kMaxCells = 100000;

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n%s\n", what, detail.c_str());
  std::abort();
}

inline void check(bool ok, const char* what, const std::string& detail = {}) {
  if (!ok) fail(what, detail);
}

// Everything a writer promises to preserve; `same_position` is false for .cells, which has
// no position.
inline void check_same(const Pattern& a, const Pattern& b, const std::string& written,
                       bool same_position = true, bool same_generation = true) {
  if (same_position) {
    check(a.cells() == b.cells(), "cells differ after write -> parse", written);
  } else {
    Pattern x = a, y = b;
    x.move_to_origin();
    y.move_to_origin();
    check(x.cells() == y.cells(), "cells differ after write -> parse", written);
  }
  check(a.rule == b.rule, "rule differs after write -> parse", written);
  check(a.name == b.name, "name differs after write -> parse", written);
  check(a.author == b.author, "author differs after write -> parse", written);
  check(a.comments == b.comments, "comments differ after write -> parse", written);
  if (same_generation) check(a.generation == b.generation, "generation differs", written);
}

// One pattern format's reader and writer, and how messages name the format ("RLE", ".cells")
// and the texts it reads (by their extension: "rle", "cells").
struct Format {
  Pattern (*parse)(std::string_view text, std::string_view source, uint64_t max_cells);
  std::string (*write)(const Pattern& pattern);
  const char* name;
  const char* extension;
};

// The fuzzer's input as `format` reads it, or nothing when the reader refuses it with an Error
// (rejecting malformed input is fine; anything else is a bug).
inline std::optional<Pattern> parse_input(const Format& format, const uint8_t* data, size_t size) {
  try {
    return format.parse(as_text(data, size), std::string("fuzz.") + format.extension, kMaxCells);
  } catch (const Error&) {
    return std::nullopt;
  }
}

// Reads back what the writer wrote: a pattern the reader accepted must be writable and readable.
inline Pattern parse_written(const Format& format, const std::string& written) {
  try {
    return format.parse(written, std::string("written.") + format.extension, kMaxCells);
  } catch (const Error& e) {
    fail((std::string("written ") + format.name + " does not parse").c_str(),
         std::string(e.what()) + "\n" + written);
  }
}

// The whole target for a reader whose writer is stable: parse the input, write it, read it back
// the same (see check_same) and write that back to the same text.
inline int round_trip(const Format& format, const uint8_t* data, size_t size,
                      bool same_position = true, bool same_generation = true) {
  const std::optional<Pattern> p = parse_input(format, data, size);
  if (!p) return 0;
  std::string written;
  try {
    written = format.write(*p);
  } catch (const Error&) {
    return 0;  // a refusal to write, e.g. a dblife row 10^14 cells wide as .cells text
  }
  const Pattern back = parse_written(format, written);
  check_same(*p, back, written, same_position, same_generation);
  check(format.write(back) == written, "writing is not stable", written);
  return 0;
}

}  // namespace gpulife::fuzz
