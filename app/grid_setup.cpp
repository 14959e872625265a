// Grid choice, bundled-pattern lookup and parameter parsing shared by the commands.
#include "app/grid_setup.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <utility>

#include "app/engines.hpp"
#include "core/cell_tree.hpp"
#include "core/error.hpp"
#include "core/host_memory.hpp"
#include "core/pattern_io.hpp"
#include "core/text_lines.hpp"

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

std::optional<double> host_free_bytes() {
  // MemAvailable: what the kernel can hand out without swapping (free plus reclaimable cache).
  std::optional<double> free;
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") free = kib * 1024.0;
  // A container's cgroup may allow less than the machine has.
  std::ifstream max_file("/sys/fs/cgroup/memory.max"),
      current_file("/sys/fs/cgroup/memory.current");
  std::string max_text;
  double current = 0;
  if (max_file >> max_text && max_text != "max" && current_file >> current) {
    const double room = std::max(0.0, std::strtod(max_text.c_str(), nullptr) - current);
    free = free ? std::min(*free, room) : room;
  }
  return free;
}

MemoryBudget free_memory() {
  MemoryBudget b;
  b.host_bytes = host_free_bytes();
  if (const std::optional<size_t> gpu = cuda_free_bytes()) b.device_bytes = double(*gpu);
  return b;
}

double parse_memory_size(std::string_view text) {
  std::string t;
  for (char c : text)
    if (c != ' ') t += char(std::tolower(static_cast<unsigned char>(c)));
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  std::string unit(end ? end : "");
  if (!unit.empty() && unit.back() == 'b') unit.pop_back();
  if (unit.size() == 2 && unit[1] == 'i') unit.pop_back();
  double scale = 0;
  if (unit.empty()) scale = 1;
  if (unit == "k") scale = 1024.0;
  if (unit == "m") scale = 1048576.0;
  if (unit == "g") scale = 1073741824.0;
  if (unit == "t") scale = 1099511627776.0;
  if (t.empty() || end == t.c_str() || scale == 0 || !(v > 0) || !std::isfinite(v))
    throw Error("bad memory size \"" + text::excerpt(text) +
                "\": expected a positive number of bytes with an optional K, M, G or T, e.g. 4G");
  return v * scale;
}

MemoryNeed memory_need(const EngineInfo& engine, int64_t width, int64_t height) {
  const double engine_bytes = memory_bytes(engine, width, height);
  // A bit-packed grid to load and one to store, each 1 bit a cell in 64-bit words.
  const double grid_bytes = double((width + 63) / 64) * 8.0 * double(height);
  MemoryNeed need;
  need.host_bytes = 2.0 * grid_bytes + (engine.gpu ? 0.0 : engine_bytes);
  need.device_bytes = engine.gpu ? engine_bytes : 0.0;
  return need;
}

std::string memory_refusal(const EngineInfo& engine, int64_t width, int64_t height,
                           const MemoryBudget& budget) {
  const MemoryNeed need = memory_need(engine, width, height);
  if (budget.host_bytes && !fits_in_memory(need.host_bytes, *budget.host_bytes))
    return "needs " + format_bytes(need.host_bytes) + " of host memory with " + engine.name +
           ", but " + format_bytes(*budget.host_bytes) + " is available";
  if (engine.gpu && budget.device_bytes && !fits_in_memory(need.device_bytes, *budget.device_bytes))
    return "needs " + format_bytes(need.device_bytes) + " of GPU memory with " + engine.name +
           ", but " + format_bytes(*budget.device_bytes) + " is free";
  return {};
}

namespace {

// Does a grid of this size fit the request's memory budget? (Always, with no engine named.)
bool fits(const GridRequest& r, int64_t w, int64_t h) {
  return w <= kMaxGridSide && h <= kMaxGridSide &&
         (!r.engine || memory_refusal(*r.engine, w, h, r.budget).empty());
}

// Where the pattern's box goes along one axis of `size` cells: Golly's place on a side the rule
// bounds (Golly centres a bounded grid on its (0, 0)), else centred.
int64_t place_axis(bool golly, int64_t size, int64_t box_min, int64_t box_extent) {
  if (golly) return box_min + size / 2;
  return (size - box_extent) / 2;
}

}  // namespace

Cell golly_rle_offset(const Pattern::RleHeader& header, const GridBounds& bounds) {
  const auto fits = [](int64_t side, int64_t grid) {
    return side > 0 && (grid == 0 || side <= grid);
  };
  if (fits(header.width, bounds.width) && fits(header.height, bounds.height))
    return Cell{-(header.width / 2), -(header.height / 2)};
  return Cell{-(bounds.width / 2), -(bounds.height / 2)};
}

GridSetup choose_grid(Pattern& pattern, const GridRequest& request, uint64_t generations) {
  GridSetup setup;
  setup.notes = pattern.notes;  // what reading the file found comes first
  const auto& bounds = pattern.rule.bounds;
  if (pattern.unplaced_rle && bounds) {
    const Cell to = golly_rle_offset(*pattern.unplaced_rle, *bounds);
    pattern.translate(to.x, to.y);
  }
  pattern.unplaced_rle.reset();
  const Box box = pattern.bounding_box();
  setup.topology = request.topology.value_or(bounds ? bounds->topology : Topology::Plane);
  const Topology& t = setup.topology;
  const bool plane = t.kind == TopologyKind::Plane;
  // A side wraps unless the grid is a plane or a tube open along it.
  const bool wraps_x = !plane && !(t.kind == TopologyKind::Torus && t.open_x);
  const bool wraps_y = !plane && !(t.kind == TopologyKind::Torus && t.open_y);
  const bool rule_x = bounds && bounds->width > 0 && !request.size;
  const bool rule_y = bounds && bounds->height > 0 && !request.size;
  // Golly's placement wherever the rule bounds a side (also when --size overrides its size).
  const bool golly_x = bounds && bounds->width > 0;
  const bool golly_y = bounds && bounds->height > 0;
  setup.open_x = !golly_x && !wraps_x;
  setup.open_y = !golly_y && !wraps_y;
  setup.grow_x = setup.open_x && !request.size;
  setup.grow_y = setup.open_y && !request.size;

  const int64_t extent_w = box.width(), extent_h = box.height();
  if (extent_w > kMaxGridSide || extent_h > kMaxGridSide) {
    std::string need;
    if (request.engine) {
      const MemoryNeed n = memory_need(*request.engine, std::min(extent_w, kMaxGridSide),
                                       std::min(extent_h, kMaxGridSide));
      need = "; even a grid of that many would need " + format_bytes(n.host_bytes + n.device_bytes);
    }
    throw Error("pattern is " + size_text(extent_w, extent_h) + " cells, more than the " +
                std::to_string(kMaxGridSide) + " cells a grid side can have" + need);
  }

  // The size of each side: fixed by --size or the rule, else the pattern plus a margin.
  const int64_t light = int64_t(std::min<uint64_t>(generations, uint64_t(kMaxGridSide))) + 2;
  auto auto_side = [&](int64_t extent, bool grows) {
    if (grows && request.grows) {
      // Room for some growth; the run grows the grid when the pattern nears a side.
      const int64_t margin = std::min<int64_t>(light, std::max<int64_t>(64, extent / 8));
      return round_up(std::max<int64_t>(extent + 2 * margin, 64), 64);
    }
    const int64_t want = round_up(std::max<int64_t>(extent + 2 * light, 64), 64);
    return std::min(want, std::max(kAutoGridMaxSide, round_up(extent + 2, 64)));
  };
  int64_t w = request.size ? request.size->width
              : rule_x     ? bounds->width
                           : auto_side(extent_w, setup.grow_x);
  int64_t h = request.size ? request.size->height
              : rule_y     ? bounds->height
                           : auto_side(extent_h, setup.grow_y);
  w = std::min(w, kMaxGridSide);
  h = std::min(h, kMaxGridSide);
  // A sphere joins adjacent sides, so a size it picks itself is square.
  if (t.kind == TopologyKind::Sphere && !request.size && !rule_x && !rule_y) w = h = std::max(w, h);
  check_topology(t, w, h);

  // The smallest grid that holds the pattern at all, for the refusal message.
  const int64_t min_w =
      (request.size || rule_x || wraps_x) ? w : std::max<int64_t>(extent_w + 2, 1);
  const int64_t min_h =
      (request.size || rule_y || wraps_y) ? h : std::max<int64_t>(extent_h + 2, 1);
  if (!fits(request, min_w, min_h)) {
    const std::string why =
        request.engine ? memory_refusal(*request.engine, min_w, min_h, request.budget) : "";
    throw Error(
        "pattern is " + size_text(extent_w, extent_h) + " cells; a " + size_text(min_w, min_h) +
        " grid (" + std::to_string(std::max(min_w, min_h)) + " cells a side) " + why +
        (request.engine && !request.engine->gpu
             ? " (a GPU engine, more memory, or --gpus N, which holds the grid in bands on the "
               "GPUs, would help)"
             : " (--gpus N holds the grid in bands on the GPUs)"));
  }
  if (!fits(request, w, h)) {
    // Shrink the open sides' margins to what fits, keeping the pattern whole.
    int64_t lo_w = min_w, lo_h = min_h;
    for (int i = 0; i < 40; ++i) {
      const int64_t mid_w = lo_w + (w - lo_w) / 2, mid_h = lo_h + (h - lo_h) / 2;
      if (mid_w == lo_w && mid_h == lo_h) break;
      if (fits(request, mid_w, mid_h)) {
        lo_w = mid_w;
        lo_h = mid_h;
      } else {
        w = mid_w;
        h = mid_h;
      }
    }
    setup.notes.push_back("grid starts at " + size_text(lo_w, lo_h) + ", the most memory allows (" +
                          (request.engine ? memory_refusal(*request.engine, w, h, request.budget)
                                          : std::string("limit")) +
                          " for " + size_text(w, h) + ")");
    w = lo_w;
    h = lo_h;
  } else if (!request.size && !request.grows &&
             ((!rule_x && w < extent_w + 2 * light) || (!rule_y && h < extent_h + 2 * light))) {
    setup.notes.push_back("grid capped at " + size_text(w, h) +
                          "; the pattern may reach the edge (use --size for a larger grid)");
  }
  setup.size = {w, h};

  // Sides the pattern must fit on; on a side the rule bounds, cells beyond it are dropped.
  setup.origin = Cell{place_axis(golly_x, w, box.min_x, extent_w),
                      place_axis(golly_y, h, box.min_y, extent_h)};
  const bool outside_x = setup.origin.x < 0 || setup.origin.x + extent_w > w;
  const bool outside_y = setup.origin.y < 0 || setup.origin.y + extent_h > h;
  if ((outside_x && !golly_x) || (outside_y && !golly_y) || ((outside_x || outside_y) && !bounds)) {
    throw Error("pattern is " + size_text(extent_w, extent_h) + " cells but the grid is " +
                size_text(w, h) + "; use a larger --size");
  }
  if (!pattern.empty() && (outside_x || outside_y))
    setup.notes.push_back("cells beyond the " + size_text(w, h) +
                          " bounded grid are dropped, as Golly drops them");
  return setup;
}

void draw_pattern(const Pattern& pattern, Grid& grid, Cell offset) {
  const Box box = pattern.bounding_box();
  if (box.empty()) return;
  // The part of the pattern's box on the grid, in pattern coordinates.
  const Box on{std::max(box.min_x, -offset.x), std::max(box.min_y, -offset.y),
               std::min(box.max_x, grid.width() - 1 - offset.x),
               std::min(box.max_y, grid.height() - 1 - offset.y)};
  if (on.empty()) return;
  if (const CellTree* tree = pattern.tree()) {
    tree->render(pattern.tree_origin(), on, grid, Cell{on.min_x + offset.x, on.min_y + offset.y});
    return;
  }
  for (const Cell& c : pattern.cells())
    if (on.contains(c)) grid.set(c.x + offset.x, c.y + offset.y, true);
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
