// `gpulife run`: load a pattern, step it headless on any engine, report and save the result.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/pattern_io.hpp"
#include "core/rule_phases.hpp"

namespace gpulife::app {
namespace {

// Draws "[#####.....] 50% gen 500/1000" on stderr, only when it is a terminal.
class ProgressBar {
 public:
  explicit ProgressBar(uint64_t total) : total_(total), enabled_(isatty(STDERR_FILENO) != 0) {}
  void update(uint64_t done, double elapsed_s) {
    if (!enabled_ || elapsed_s < 1.0) return;
    constexpr int kWidth = 40;
    const double frac = total_ ? double(done) / double(total_) : 1.0;
    const int filled = int(frac * kWidth);
    std::string bar(size_t(filled), '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r[%s] %3d%% gen %llu/%llu", bar.c_str(), int(frac * 100),
                 (unsigned long long)done, (unsigned long long)total_);
    std::fflush(stderr);
    drawn_ = true;
  }
  ~ProgressBar() {
    if (drawn_) std::fprintf(stderr, "\r%*s\r", 72, "");
  }

 private:
  uint64_t total_;
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace

int run_command(const std::vector<std::string>& args) {
  ArgParser p("run",
              "Steps PATTERN for GENS generations without a window and prints the "
              "generation, population and timing; -o writes the result (.rle or .cells).");
  p.positional("PATTERN",
               "pattern file (.rle, .cells, Life 1.06) or a bundled name such as "
               "glider or gosper_glider_gun",
               true);
  p.option("generations", "g", "GENS", "generations to step", "0");
  p.option("size", "s", "N|WxH",
           "grid size (default: the rule's bounded grid, else large enough that the edge is "
           "never reached)");
  p.option("topology", "t", "plane|torus",
           "what lies beyond the edge (default: the rule's, else plane)");
  p.option("engine", "e", "NAME", "engine to step with (see --list-engines)");
  p.option("rule", "r", "RULE", "override the pattern's rule, e.g. B36/S23 or HighLife");
  p.option("output", "o", "FILE", "write the final pattern (.rle or .cells by extension)");
  p.option("param", "p", "NAME=VALUE[,...]", "engine launch parameters, e.g. block_x=128");
  p.option("gpus", "", "N",
           "step on N GPUs with bit-multistep-multi (N bands when fewer GPUs are present)");
  p.flag("list-engines", "", "list the engines and whether they can run here");
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }
  if (p.has("list-engines")) {
    for (const EngineInfo& e : engine_registry().engines()) {
      const std::string why = engine_registry().unavailable_reason(e.name);
      std::cout << e.name << "  [" << to_string(e.layout) << "]  " << e.description
                << (why.empty() ? "" : "  (unavailable: " + why + ")") << "\n";
    }
    return 0;
  }

  GridRequest request;
  if (p.has("size")) request.size = parse_grid_size(p.get("size"));
  if (p.has("topology")) request.topology = parse_topology(p.get("topology"));
  Pattern pattern = load_named_pattern(*p.positional_value(0));
  if (p.has("rule")) pattern.rule = parse_rule(p.get("rule"));
  const uint64_t generations = uint64_t(p.get_int("generations", 0, int64_t{1} << 50));
  const GridSetup setup = choose_grid(pattern, request, generations);
  for (const std::string& note : setup.notes) std::cerr << "note: " << note << "\n";

  Grid grid(setup.size.width, setup.size.height, setup.topology);
  grid.place(pattern, setup.origin);
  // Files hold B0 rules' cells as Golly does (the complement of the true ones at times).
  convert_golly_cells(grid, pattern.rule.rule, pattern.generation);

  const std::string engine_name = p.has("gpus")     ? "bit-multistep-multi"
                                  : p.has("engine") ? p.get("engine")
                                                    : default_engine_name();
  std::unique_ptr<Engine> engine = engine_registry().create(engine_name);
  if (p.has("gpus")) {
    const int gpus = int(p.get_int("gpus", 1, 64));
    engine->set_params({{"gpus", gpus}, {"bands", gpus}});
  }
  if (p.has("param")) engine->set_params(parse_params(p.get("param")));
  engine->set_rule(pattern.rule.rule);
  engine->load(grid);

  std::cout << "pattern:    " << (pattern.name.empty() ? *p.positional_value(0) : pattern.name)
            << " (" << pattern.population() << " cells, rule " << pattern.rule.to_string() << ")\n"
            << "grid:       " << grid.width() << "x" << grid.height() << " "
            << to_string(grid.topology()) << "\n"
            << "engine:     " << engine_name << "\n";

  // Step in chunks that grow until each takes ~50 ms, so the progress bar moves smoothly and
  // the per-call overhead stays negligible.
  ProgressBar bar(generations);
  const auto start = std::chrono::steady_clock::now();
  double device_ms = 0;
  uint64_t done = 0, chunk = 1;
  while (done < generations) {
    const uint64_t n = std::min(chunk, generations - done);
    const auto t0 = std::chrono::steady_clock::now();
    engine->step(n);
    device_ms += engine->last_step_ms();
    done += n;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - t0).count() < 0.05) chunk *= 2;
    bar.update(done, std::chrono::duration<double>(now - start).count());
  }
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Grid result;
  engine->store(result);
  const double cells = double(result.cell_count()) * double(generations);
  std::cout << "generation: " << pattern.generation + generations << "\n"
            << "population: " << result.population() << "\n";
  if (generations > 0) {
    std::printf("time:       %.3f s wall, %.4f ms/generation, %.2f Gcell/s\n", wall_s,
                device_ms / double(generations), cells / (device_ms * 1e6));
  }
  if (p.has("output")) {
    Grid written = result;
    convert_golly_cells(written, pattern.rule.rule, pattern.generation + generations);
    Pattern out = written.extract();
    // Back to the input's coordinates, so positions in the written file stay meaningful.
    const Box box = pattern.bounding_box();
    out.translate(box.empty() ? 0 : box.min_x - setup.origin.x,
                  box.empty() ? 0 : box.min_y - setup.origin.y);
    out.rule = pattern.rule;
    out.name = pattern.name;
    out.author = pattern.author;
    out.comments = pattern.comments;
    out.generation = pattern.generation + generations;
    save_pattern(out, p.get("output"));
    std::cout << "wrote:      " << p.get("output") << "\n";
  }
  return 0;
}

}  // namespace gpulife::app
