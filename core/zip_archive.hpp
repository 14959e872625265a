// Zip archives of patterns, as Golly opens them: the archive's first pattern file is read.
// Through libzip, from memory, with the same inflation limit as gzip.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/gzip.hpp"

namespace gpulife {

// Whether the data starts with a zip archive's magic bytes ("PK\3\4", or "PK\5\6" when empty).
bool is_zip(std::string_view data);

// The names of the archive's files, in the archive's order (folders left out). Throws Error
// naming `source` when the archive is corrupt.
std::vector<std::string> zip_file_names(std::string_view archive, std::string_view source);

// The uncompressed content of the file `name`. Throws Error naming `source` and the file when it
// is missing, corrupt, encrypted, or larger than `max_bytes`.
std::string zip_read(std::string_view archive, std::string_view name, std::string_view source,
                     uint64_t max_bytes = kMaxInflatedBytes);

}  // namespace gpulife
