// Grid choice, bundled-pattern lookup and parameter parsing shared by the commands.
#include "app/grid_setup.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <utility>

#include "core/error.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

namespace {
int64_t round_up(int64_t v, int64_t m) {
  return (v + m - 1) / m * m;
}
}  // namespace

fs::path assets_dir() {
  if (const char* env = std::getenv("GPULIFE_ASSETS"); env && *env) return env;
  std::vector<fs::path> candidates;
  if (const fs::path exe = executable_dir(); !exe.empty()) {
    candidates.push_back(exe / "assets");
    candidates.push_back(exe.parent_path() / "assets");
    candidates.push_back(exe.parent_path() / "share" / "gpulife" / "assets");
  }
  candidates.push_back(fs::path(GPULIFE_SOURCE_DIR) / "assets");
  for (const fs::path& c : candidates)
    if (fs::is_directory(c / "patterns")) return c;
  throw Error("cannot find the bundled assets folder; set GPULIFE_ASSETS to gpulife's assets/");
}

namespace {

// Bundled names compare without case, extension, or the difference between '-', ' ' and '_'.
std::string name_key(std::string_view name) {
  std::string key;
  for (char c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    key += (c == '-' || c == ' ' || c == '_') ? '_' : char(std::tolower(u));
  }
  return key;
}

// Edit distance, for "did you mean"; stops counting past `limit`.
size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
  std::vector<size_t> row(b.size() + 1), next(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    next[0] = i;
    size_t best = next[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      next[j] = std::min({row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] != b[j - 1])});
      best = std::min(best, next[j]);
    }
    if (best > limit) return limit + 1;
    std::swap(row, next);
  }
  return row[b.size()];
}

// Whether every '_'-separated word of `want` is a word of `key`, in the same order.
bool words_in_order(const std::string& want, const std::string& key) {
  auto words = [](const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && text[i] != '_') continue;
      if (i > start) out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
    return out;
  };
  const std::vector<std::string> w = words(want), k = words(key);
  size_t at = 0;
  for (const std::string& word : w) {
    while (at < k.size() && k[at] != word) ++at;
    if (at == k.size()) return false;
    ++at;
  }
  return w.size() > 1;
}

std::vector<fs::path> bundled_files() {
  std::vector<fs::path> files;
  std::error_code ec;
  fs::path dir;
  try {
    dir = assets_dir() / "patterns";
  } catch (const Error&) {
    return files;
  }
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && it->path().extension() != ".md") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::optional<fs::path> find_bundled_pattern(std::string_view name) {
  if (name.empty() || name.find('/') != std::string_view::npos) return std::nullopt;
  const std::string want = name_key(
      fs::path(name).extension() == ".rle" ? fs::path(name).stem().string() : std::string(name));
  for (const fs::path& f : bundled_files())
    if (name_key(f.stem().string()) == want || name_key(f.filename().string()) == want) return f;
  return std::nullopt;
}

std::vector<std::string> suggest_bundled_patterns(std::string_view name, size_t most) {
  const std::string want = name_key(name);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const fs::path& f : bundled_files()) {
    const std::string stem = f.stem().string(), key = name_key(stem);
    // A part of the name (gosper -> gosper_glider_gun), its words in order with some left
    // out (gosper-gun), or a few typos away.
    const size_t limit = std::max<size_t>(2, want.size() / 4);
    size_t d = edit_distance(want, key, limit);
    if (want.size() >= 3 && key.find(want) != std::string::npos) d = std::min<size_t>(d, 1);
    if (d > limit && want.size() >= 3 && words_in_order(want, key)) d = 2;
    if (d <= limit) scored.emplace_back(d, stem);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && i < most; ++i) out.push_back(scored[i].second);
  return out;
}

std::optional<fs::path> resolve_pattern_path(std::string_view name_or_path) {
  const fs::path path(name_or_path);
  std::error_code ec;
  if (fs::exists(path, ec)) return path;
  return find_bundled_pattern(name_or_path);
}

Pattern load_named_pattern(std::string_view name_or_path) {
  if (const std::optional<fs::path> path = resolve_pattern_path(name_or_path))
    return load_pattern_file(*path);
  std::string message = "cannot read \"" + std::string(name_or_path) +
                        "\": no such file, and no bundled pattern of that name";
  if (name_or_path.find('/') == std::string_view::npos) {
    const std::vector<std::string> near = suggest_bundled_patterns(name_or_path, 3);
    for (size_t i = 0; i < near.size(); ++i)
      message += (i == 0 ? "; did you mean " : i + 1 == near.size() ? " or " : ", ") + near[i];
    if (!near.empty()) message += "?";
  }
  throw Error(message);
}

GridSetup choose_grid(const Pattern& pattern, const GridRequest& request, uint64_t generations) {
  GridSetup setup;
  const Box box = pattern.bounding_box();
  const auto& bounds = pattern.rule.bounds;
  setup.topology = request.topology.value_or(bounds ? bounds->topology : Topology::Plane);
  if (request.size) {
    setup.size = *request.size;
  } else if (bounds && bounds->width > 0 && bounds->height > 0) {
    setup.size = {bounds->width, bounds->height};
  } else {
    // A pattern grows by at most one cell per generation in each direction, so this margin
    // makes a bounded plane behave exactly like the unbounded one for the whole run.
    const int64_t margin = int64_t(std::min<uint64_t>(generations, kAutoGridMaxSide)) + 2;
    auto pick = [&](int64_t extent) {
      const int64_t want = round_up(std::max<int64_t>(extent + 2 * margin, 64), 64);
      return std::min(want, std::max(kAutoGridMaxSide, round_up(extent, 64)));
    };
    setup.size = {pick(box.width()), pick(box.height())};
    if (setup.size.width < box.width() + 2 * margin ||
        setup.size.height < box.height() + 2 * margin) {
      setup.notes.push_back("grid capped at " + std::to_string(setup.size.width) + "x" +
                            std::to_string(setup.size.height) +
                            "; the pattern may reach the edge (use --size for a larger grid)");
    }
  }
  if (box.width() > setup.size.width || box.height() > setup.size.height) {
    throw Error("pattern is " + std::to_string(box.width()) + "x" + std::to_string(box.height()) +
                " cells but the grid is " + std::to_string(setup.size.width) + "x" +
                std::to_string(setup.size.height) + "; use a larger --size");
  }
  setup.origin = Cell{(setup.size.width - box.width()) / 2, (setup.size.height - box.height()) / 2};
  return setup;
}

Params parse_params(std::string_view text) {
  Params params;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const size_t eq = item.find('=');
    int value = 0;
    const std::string_view v =
        eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (eq == std::string_view::npos || eq == 0 || v.empty() || ec != std::errc() ||
        end != v.data() + v.size())
      throw Error("bad engine parameter \"" + std::string(item) +
                  "\": expected NAME=VALUE with a whole number, e.g. block_x=128");
    params[std::string(item.substr(0, eq))] = value;
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return params;
}

}  // namespace gpulife::app
