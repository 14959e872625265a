// gzip-compressed pattern files (.rle.gz, .mc.gz, ...): recognised by their magic bytes and
// inflated through zlib, up to a limit so that a small file cannot expand without bound.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpulife {

// The most a compressed file may inflate to; no pattern gpulife can hold needs more text.
inline constexpr uint64_t kMaxInflatedBytes = uint64_t{1} << 30;

// Whether the data starts with gzip's magic bytes (1F 8B).
bool is_gzip(std::string_view data);

// Inflates gzip data (several concatenated members included). Throws Error naming `source`
// when the data is corrupt or truncated, or inflates to more than `max_bytes`.
std::string gunzip(std::string_view data, std::string_view source,
                   uint64_t max_bytes = kMaxInflatedBytes);

// Compresses text as one gzip member, for saving to a name ending in .gz.
std::string gzip(std::string_view text);

}  // namespace gpulife
