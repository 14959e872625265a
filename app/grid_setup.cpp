// Grid choice, bundled-pattern lookup and parameter parsing shared by the commands.
#include "app/grid_setup.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

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

Pattern load_named_pattern(std::string_view name_or_path) {
  const fs::path path(name_or_path);
  if (fs::exists(path)) return load_pattern_file(path);
  // A bare name: look it up in the bundled library.
  if (!name_or_path.empty() && name_or_path.find('/') == std::string_view::npos) {
    std::string base(name_or_path);
    if (path.extension().empty()) base += ".rle";
    fs::path bundled;
    try {
      bundled = assets_dir() / "patterns" / base;
    } catch (const Error&) {
    }
    if (!bundled.empty() && fs::exists(bundled)) return load_pattern_file(bundled);
  }
  throw Error("cannot read \"" + std::string(name_or_path) +
              "\": no such file, and no bundled pattern of that name");
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
