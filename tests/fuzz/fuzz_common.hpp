// Shared helpers for the libFuzzer targets: input as text, and a loud abort on a broken invariant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

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

}  // namespace gpulife::fuzz
