// Directory listing, pattern previews and the library catalogue for the viewer's dialogs.
#include "app/viewer/pattern_files.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool is_pattern_file(const fs::path& path) {
  return is_pattern_file_name(path) || lower(path.extension().string()) == ".zip";
}

std::vector<DirEntry> list_directory(const fs::path& dir, bool patterns_only) {
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw Error("cannot list the folder " + dir.string() + ": " + ec.message());
  std::vector<DirEntry> dirs, files;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const fs::directory_entry& e = *it;
    DirEntry d;
    d.path = e.path();
    d.name = e.path().filename().string();
    if (d.name.empty() || d.name[0] == '.') continue;
    std::error_code sec;
    d.is_dir = e.is_directory(sec);
    if (sec) continue;
    if (d.is_dir) {
      dirs.push_back(std::move(d));
      continue;
    }
    if (patterns_only && !is_pattern_file(d.path)) continue;
    d.size = e.file_size(sec);
    if (sec) d.size = 0;
    files.push_back(std::move(d));
  }
  auto by_name = [](const DirEntry& a, const DirEntry& b) { return lower(a.name) < lower(b.name); };
  std::sort(dirs.begin(), dirs.end(), by_name);
  std::sort(files.begin(), files.end(), by_name);
  dirs.insert(dirs.end(), files.begin(), files.end());
  return dirs;
}

PatternPreview preview_pattern(const fs::path& path) {
  PatternPreview p;
  std::error_code ec;
  p.file_bytes = fs::file_size(path, ec);
  if (ec) p.file_bytes = 0;
  try {
    const Pattern pattern = load_pattern_file(path);
    const Box b = pattern.bounding_box();
    p.ok = true;
    p.name = pattern.name.empty() ? path.filename().string() : pattern.name;
    p.rule = pattern.rule.to_string();
    p.width = b.width();
    p.height = b.height();
    p.population = pattern.population();
  } catch (const std::exception& ex) {
    p.error = ex.what();
  }
  return p;
}

std::vector<LibraryEntry> scan_library(const fs::path& dir) {
  std::vector<LibraryEntry> out;
  std::vector<DirEntry> files;
  try {
    files = list_directory(dir, true);
  } catch (const Error&) {
    return out;
  }
  for (const DirEntry& f : files) {
    if (f.is_dir) continue;
    try {
      const Pattern pattern = load_pattern_file(f.path);
      const Box b = pattern.bounding_box();
      LibraryEntry e;
      e.path = f.path;
      e.name = pattern.name.empty() ? f.path.stem().string() : pattern.name;
      e.rule = pattern.rule.to_string();
      e.width = b.width();
      e.height = b.height();
      if (!pattern.author.empty()) e.comment = pattern.author;
      if (!pattern.comments.empty())
        e.comment += (e.comment.empty() ? "" : "; ") + pattern.comments.front();
      out.push_back(std::move(e));
    } catch (const std::exception&) {
      // A broken file is left out of the library rather than hiding the rest.
    }
  }
  std::sort(out.begin(), out.end(), [](const LibraryEntry& a, const LibraryEntry& b) {
    return lower(a.name) < lower(b.name);
  });
  return out;
}

std::vector<size_t> search_library(const std::vector<LibraryEntry>& entries,
                                   std::string_view query) {
  std::vector<std::string> words;
  std::istringstream in{lower(query)};
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<size_t> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    const LibraryEntry& e = entries[i];
    const std::string hay =
        lower(e.name + " " + e.path.filename().string() + " " + e.rule + " " + e.comment);
    if (std::all_of(words.begin(), words.end(),
                    [&](const std::string& w) { return hay.find(w) != std::string::npos; }))
      out.push_back(i);
  }
  return out;
}

}  // namespace gpulife::app
