// Recent-files list: most recent first, deduplicated, bounded, stored one path per line.
#include "core/recent_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

#include "core/error.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHeader = "# gpulife recent files, most recent first";

// One spelling per file, so "a/../b.rle" and "b.rle" are the same entry; symbolic links in the
// folders are resolved where they exist.
fs::path normalise(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  if (ec || p.empty()) {
    p = fs::absolute(path, ec);
    if (ec) p = path;
  }
  return p.lexically_normal();
}

bool storable(const fs::path& path) {
  const std::string s = path.string();
  return !s.empty() && s.find_first_of("\r\n") == std::string::npos;
}

}  // namespace

void RecentFiles::add(const fs::path& path) {
  if (path.empty()) return;
  const fs::path p = normalise(path);
  std::erase(paths_, p);
  paths_.insert(paths_.begin(), p);
  if (paths_.size() > capacity_) paths_.resize(capacity_);
}

bool RecentFiles::remove(const fs::path& path) {
  return std::erase(paths_, normalise(path)) != 0;
}

void RecentFiles::set_capacity(size_t capacity) {
  capacity_ = capacity;
  if (paths_.size() > capacity_) paths_.resize(capacity_);
}

RecentFiles RecentFiles::load(const fs::path& file, size_t capacity) {
  RecentFiles list(capacity);
  std::ifstream in(file);
  if (!in) return list;
  std::string line;
  while (list.paths_.size() < capacity && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.front() == '#') continue;
    const fs::path p = normalise(line);
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) continue;
    if (std::find(list.paths_.begin(), list.paths_.end(), p) != list.paths_.end()) continue;
    list.paths_.push_back(p);
  }
  return list;
}

void RecentFiles::save(const fs::path& file) const {
  const auto fail = [&](const std::string& why) {
    throw Error("cannot save the recent-files list to " + file.string() + ": " + why);
  };
  std::error_code ec;
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), ec);
    if (ec) fail(ec.message());
  }
  fs::path tmp = file;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) fail(std::strerror(errno));
    out << kHeader << '\n';
    for (const fs::path& p : paths_)
      if (storable(p)) out << p.string() << '\n';
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      fail("write failed");
    }
  }
  fs::rename(tmp, file, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    fail(ec.message());
  }
}

fs::path config_directory() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    const fs::path p(xdg);
    if (p.is_absolute()) return p / "gpulife";
  }
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".config" / "gpulife";
  return {};
}

fs::path recent_files_path() {
  const fs::path dir = config_directory();
  return dir.empty() ? dir : dir / "recent-files.txt";
}

}  // namespace gpulife
