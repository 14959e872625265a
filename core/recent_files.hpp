// The recently opened pattern files, most recent first, kept in a small file between sessions.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

namespace gpulife {

class RecentFiles {
 public:
  static constexpr size_t kDefaultCapacity = 10;

  explicit RecentFiles(size_t capacity = kDefaultCapacity) : capacity_(capacity) {}

  // Puts the file first as an absolute, normalised path, removing an older entry for the same
  // file and the oldest entries beyond the capacity.
  void add(const std::filesystem::path& path);
  // Removes the file (e.g. it failed to open); false when it was not listed.
  bool remove(const std::filesystem::path& path);
  void clear() { paths_.clear(); }

  const std::vector<std::filesystem::path>& paths() const { return paths_; }
  size_t capacity() const { return capacity_; }
  void set_capacity(size_t capacity);

  // Reads a list written by save(): one path per line, most recent first. Files that no longer
  // exist, duplicates and entries beyond the capacity are dropped. A missing or unreadable list
  // gives an empty one (a first run has none).
  static RecentFiles load(const std::filesystem::path& file, size_t capacity = kDefaultCapacity);
  // Writes the list, creating its folder, through a temporary file renamed into place so a
  // failed save keeps the old list. Paths containing line breaks are left out. Throws Error
  // naming the file when it cannot be written.
  void save(const std::filesystem::path& file) const;

 private:
  size_t capacity_;
  std::vector<std::filesystem::path> paths_;
};

// Where gpulife keeps its settings: $XDG_CONFIG_HOME/gpulife when that is an absolute path,
// else $HOME/.config/gpulife; empty when neither is set.
std::filesystem::path config_directory();
// config_directory() / "recent-files.txt"; empty when there is no config directory.
std::filesystem::path recent_files_path();

}  // namespace gpulife
