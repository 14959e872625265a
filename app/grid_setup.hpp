// Shared by run, bench and view: finding bundled patterns, choosing a grid for a pattern (size,
// topology, where the pattern goes, which sides stand for unbounded space, the memory it needs),
// and parsing engine parameters from the command line.
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

// Memory a grid may use: the host's and, for GPU engines, the device's. Unset: no limit known.
struct MemoryBudget {
  std::optional<double> host_bytes;
  std::optional<double> device_bytes;
};

// What is free now: MemAvailable (within the cgroup's limit, if any) and the CUDA device's.
MemoryBudget free_memory();
// Free host memory in bytes, if the system says.
std::optional<double> host_free_bytes();

// What a width x height grid costs on an engine: on the engine's device (EngineInfo's
// memory_bytes) and on the host, where `run` keeps a bit-packed grid to load and one to store
// (the engine's own state is on the host too for CPU engines).
struct MemoryNeed {
  double host_bytes = 0;
  double device_bytes = 0;
};
MemoryNeed memory_need(const EngineInfo& engine, int64_t width, int64_t height);
// Whether the need fits the budget (EngineInfo's headroom rule), and if not, why, in words
// ("needs 9.1 GiB of host memory on cpu-simd, but 3.9 GiB is free").
std::string memory_refusal(const EngineInfo& engine, int64_t width, int64_t height,
                           const MemoryBudget& budget);
// Parses a memory size such as 4G, 512M, 2.5GiB or 1000000 (bytes); throws Error otherwise.
double parse_memory_size(std::string_view text);

// What the user asked for on the command line.
struct GridRequest {
  std::optional<GridSize> size;
  std::optional<Topology> topology;
  // The engine the grid is for: memory is checked against `budget` when set.
  const EngineInfo* engine = nullptr;
  MemoryBudget budget;
  // The caller grows the grid as the pattern nears an open side (`run` does): the grid then
  // starts with a small margin instead of the whole light-speed margin.
  bool grows = false;
};

// What will be used, and why (notes worth telling the user).
struct GridSetup {
  GridSize size;
  Topology topology = Topology::Plane;
  Cell origin;  // where the pattern's bounding box goes
  // Sides that stand for unbounded space (neither bounded by the rule nor wrapping): `run`
  // watches them, and says when the pattern reaches one. A plane without a suffix has both; a
  // tube ":T0,68" has x.
  bool open_x = false;
  bool open_y = false;
  // Open sides the grid may grow across (no --size): `run` grows it as the pattern nears them.
  bool grow_x = false;
  bool grow_y = false;
  std::vector<std::string> notes;
};

// Largest side a growing grid starts with around a small pattern, before it grows.
inline constexpr int64_t kAutoGridMaxSide = 16384;

// Picks the grid for `pattern`: the requested size, else the rule's bounded grid (":T64,64"),
// else room for the pattern and `generations` of growth at the speed of light, as far as memory
// allows (`run` grows it further when needed). On the rule's bounded grid the pattern goes where
// Golly puts it (a bounded grid is centred on Golly's (0, 0)); cells that fall outside are
// dropped as Golly drops them, with a note. An RLE file that gave no position is first moved
// to Golly's coordinates for it (golly_rle_offset()), so that the cells written back are where
// Golly has them. Throws Error, fast and before any allocation, when the pattern cannot fit the
// requested size, a grid side, or the memory budget, saying what it would need.
GridSetup choose_grid(Pattern& pattern, const GridRequest& request, uint64_t generations);

// Draws the pattern's cells that fall inside `grid`, pattern cell c at c + offset; those beyond
// it are left out (what choose_grid() notes as dropped on a bounded grid). Patterns read as a
// tree are drawn from it, over the part on the grid only.
void draw_pattern(const Pattern& pattern, Grid& grid, Cell offset);

// Where Golly puts the (0, 0) of an RLE file that gave no position, on the grid `bounds`
// (centred on Golly's (0, 0); a side of 0 is unbounded): the header's size centred on (0, 0)
// where it fits the grid, else the grid's top-left corner.
Cell golly_rle_offset(const Pattern::RleHeader& header, const GridBounds& bounds);

// "block_x=128,block_y=2" -> {{"block_x",128},{"block_y",2}}; throws Error when malformed.
Params parse_params(std::string_view text);

}  // namespace gpulife::app
