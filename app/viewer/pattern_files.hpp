// Finding pattern files without GL: the file browser's listing and preview, and the pattern
// library's catalogue and search.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpulife::app {

// A pattern file's name (is_pattern_file_name: .rle, .cells, .lif, .life, .txt, .mc, .mcl and
// .l, gzipped too) or a zip archive's, in any case.
bool is_pattern_file(const std::filesystem::path& path);

struct DirEntry {
  std::filesystem::path path;
  std::string name;
  bool is_dir = false;
  uintmax_t size = 0;
};

// The folder's sub-folders (sorted, hidden ones left out) then its files (sorted); with
// `patterns_only` only pattern files. Unreadable entries are skipped; throws Error naming the
// folder when it cannot be listed at all.
std::vector<DirEntry> list_directory(const std::filesystem::path& dir, bool patterns_only);

// What the browser shows about a file before loading it.
struct PatternPreview {
  bool ok = false;
  std::string name;  // the pattern's own name, else the file's
  std::string rule;
  int64_t width = 0, height = 0;
  uint64_t population = 0;
  uintmax_t file_bytes = 0;
  std::string error;  // with file, line and column when the text is malformed
};
PatternPreview preview_pattern(const std::filesystem::path& path);

struct LibraryEntry {
  std::filesystem::path path;
  std::string name;
  std::string rule;
  int64_t width = 0, height = 0;
  std::string comment;  // first comment line (discoverer, year)
};
// Every pattern file in `dir` (not recursive), sorted by name; files that fail to parse are
// left out.
std::vector<LibraryEntry> scan_library(const std::filesystem::path& dir);
// Indices of the entries whose name, file name, rule or comment contains every word of
// `query` (case-insensitive); all of them for an empty query.
std::vector<size_t> search_library(const std::vector<LibraryEntry>& entries,
                                   std::string_view query);

}  // namespace gpulife::app
