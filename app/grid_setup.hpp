// Shared by run, bench and view: finding bundled patterns, choosing a grid for a pattern, and
// parsing engine parameters from the command line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

// The folder holding the running executable (empty if it cannot be found).
std::filesystem::path executable_dir();

// The bundled assets folder: $GPULIFE_ASSETS, else assets/ beside or above the executable, else
// the source tree's. Throws Error when none exists.
std::filesystem::path assets_dir();

// A path to a pattern file, or the name of a bundled pattern ("glider", "gosper_glider_gun";
// case and '-', ' ' or '_' do not matter: "Gosper-Glider-Gun" finds it). Throws Error naming
// the closest bundled names when there is neither.
Pattern load_named_pattern(std::string_view name_or_path);
// The file load_named_pattern() would read; nullopt when there is none.
std::optional<std::filesystem::path> resolve_pattern_path(std::string_view name_or_path);
// The bundled pattern a name means (matched as load_named_pattern() does).
std::optional<std::filesystem::path> find_bundled_pattern(std::string_view name);
// Bundled pattern names close to `name` (containing it, or a few typos away), closest first.
std::vector<std::string> suggest_bundled_patterns(std::string_view name, size_t most);

// What the user asked for on the command line.
struct GridRequest {
  std::optional<GridSize> size;
  std::optional<Topology> topology;
};

// What will be used, and why (notes worth telling the user).
struct GridSetup {
  GridSize size;
  Topology topology = Topology::Plane;
  Cell origin;  // where the pattern's bounding box goes
  std::vector<std::string> notes;
};

// Largest side chosen automatically; larger grids must be asked for with --size.
inline constexpr int64_t kAutoGridMaxSide = 16384;

// Picks the grid for `pattern`: the requested size, else the rule's bounded grid (":T64,64"),
// else one large enough that a pattern growing at the speed of light for `generations` never
// reaches the edge (capped at kAutoGridMaxSide, with a note). The pattern is centred.
// Throws Error when the pattern does not fit the requested size.
GridSetup choose_grid(const Pattern& pattern, const GridRequest& request, uint64_t generations);

// "block_x=128,block_y=2" -> {{"block_x",128},{"block_y",2}}; throws Error when malformed.
Params parse_params(std::string_view text);

}  // namespace gpulife::app
