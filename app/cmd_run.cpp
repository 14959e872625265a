// `gpulife run`: load a pattern, step it headless on any engine, report and save the result.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/banded_run.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/progress_bar.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/grid_recipe.hpp"
#include "core/host_memory.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {

int run_command(const std::vector<std::string>& args) {
  ArgParser p("run",
              "Steps PATTERN for GENS generations without a window and prints the "
              "generation, population and timing; -o writes the result (.rle or .cells).");
  p.positional("PATTERN",
               "pattern file (.rle, .cells, Life 1.06) or a bundled name such as "
               "glider or gosper_glider_gun (none with --random: a soup alone)",
               false);
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
  add_banded_run_options(p);
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
  const std::string shown = p.positional_value(0).value_or("random soup");
  const double density = p.get_double("random", 0, 1);
  if (!p.positional_value(0) && density <= 0)
    throw UsageError("missing PATTERN: give a pattern, or --random DENSITY for a random soup");
  Pattern pattern = p.positional_value(0) ? load_named_pattern(shown) : Pattern();
  if (p.has("rule")) pattern.rule = parse_rule(p.get("rule"));
  const uint64_t generations = uint64_t(p.get_int("generations", 0, int64_t{1} << 50));
  const GridSetup setup = choose_grid(pattern, request, generations);
  for (const std::string& note : setup.notes) std::cerr << "note: " << note << "\n";

  const GridRecipe recipe = make_recipe(setup.size, setup.topology, pattern, setup.origin, density,
                                        uint64_t(p.get_int("seed", 0, INT64_MAX)));
  if (const std::optional<int> rc = run_banded_if_asked(p, shown, pattern, setup, recipe))
    return *rc;
  require_host_memory(
      2.0 * recipe.bytes(),
      "a " + std::to_string(recipe.width) + "x" + std::to_string(recipe.height) + " grid",
      "use --gpus N: the multi-GPU engine builds, checks and saves it band by band "
      "on the GPUs");
  const Grid grid = make_grid(recipe);

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

  std::cout << "pattern:    " << (pattern.name.empty() ? shown : pattern.name) << " ("
            << pattern.population() << " cells, rule " << pattern.rule.to_string() << ")\n"
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
  std::printf("hash:       %016llx\n", static_cast<unsigned long long>(result.hash()));
  if (generations > 0) {
    std::printf("time:       %.3f s wall, %.4f ms/generation, %.2f Gcell/s\n", wall_s,
                device_ms / double(generations), cells / (device_ms * 1e6));
  }
  if (p.has("output")) {
    Pattern out = result.extract();
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
