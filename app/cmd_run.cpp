// `gpulife run`: load a pattern, step it headless on any engine, report and save the result.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/banded_run.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/common_options.hpp"
#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/progress_bar.hpp"
#include "app/report.hpp"
#include "app/universe.hpp"
#include "core/cell_tree.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/grid_recipe.hpp"
#include "core/history_rule.hpp"
#include "core/history_states.hpp"
#include "core/host_memory.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace {

// Points `stream` at `to`'s buffer while it lives (nothing when `to` is null).
class StreamRedirect {
 public:
  StreamRedirect(std::ostream& stream, std::ostream* to)
      : stream_(stream), saved_(to ? stream.rdbuf(to->rdbuf()) : nullptr) {}
  ~StreamRedirect() {
    if (saved_) stream_.rdbuf(saved_);
  }
  StreamRedirect(const StreamRedirect&) = delete;
  StreamRedirect& operator=(const StreamRedirect&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* saved_;
};

}  // namespace

int run_command(const std::vector<std::string>& args) {
  ArgParser p("run",
              "Steps PATTERN for GENS generations without a window and prints the "
              "generation, population and timing; -o writes the result.");
  p.positional("PATTERN",
               "pattern file (RLE, .cells, Life 1.05/1.06, Macrocell .mc, any of them gzipped) "
               "or a bundled name such as glider or gosper_glider_gun (none with --random: a "
               "soup alone)",
               false);
  add_report_option(
      p, "also write what is printed (generation, population, hash, timing, grid) as JSON");
  p.option("generations", "g", "GENS", "generations to step", "0");
  add_size_option(p,
                  "the rule's bounded grid, else one that grows with the pattern as far as "
                  "memory allows");
  add_topology_option(p, "the rule's suffix, e.g. :T30+5,20, else plane");
  p.option("engine", "e", "NAME", "engine to step with (see --list-engines)");
  add_rule_option(p);
  p.option("output", "o", "FILE",
           "write the final pattern (.rle, .cells, .lif, .mc by extension; add .gz to compress; - "
           "for standard output)");
  p.option("output-format", "", "FORMAT",
           "format of -o whatever its extension: rle, cells, life105, life106 or mc");
  add_param_option(p);
  p.option("gpus", "", "N",
           "step on N GPUs with bit-multistep-multi (N bands when fewer GPUs are present)");
  p.option("max-memory", "", "BYTES",
           "most memory the grid may use (e.g. 4G): larger patterns are refused at once, and a "
           "growing grid stops there (default: what is free)");
  p.flag("allow-edge", "",
         "when a growing grid can grow no further, run on with a plane's edge there instead of "
         "stopping (the result may then differ from an unbounded universe, and says so)");
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
  request.size = size_option(p);
  request.topology = topology_option(p);
  const std::optional<PatternFormat> output_format =
      p.has("output-format") ? std::optional(parse_pattern_format(p.get("output-format")))
                             : std::nullopt;
  const uint64_t generations = uint64_t(p.get_int("generations", 0, int64_t{1} << 50));
  if (p.has("gpus") && p.has("engine") && !is_banded_engine(p.get("engine")))
    throw UsageError("--gpus and --ranks step on the multi-GPU engine, not " + p.get("engine") +
                     "; leave out --engine");
  const std::string engine_name = p.has("gpus")     ? "bit-multistep-multi"
                                  : p.has("engine") ? p.get("engine")
                                                    : default_engine_name();
  const EngineInfo& info = engine_registry().info(engine_name);  // unknown names fail early
  if (std::string why = engine_registry().unavailable_reason(engine_name); !why.empty())
    throw Error("engine \"" + engine_name + "\" cannot run here: " + why);

  const std::string report_path = report_option(p);
  // -o is checked now too, so that a long run never ends in a write that cannot be made.
  const std::string output = p.has("output") ? p.get("output") : "";
  if (!output.empty()) {
    check_writable(output, "the pattern");
    std::error_code ec;
    if (!report_path.empty() &&
        (output == "-" ? report_path == "-"
                       : std::filesystem::weakly_canonical(output, ec) ==
                             std::filesystem::weakly_canonical(report_path, ec)))
      throw UsageError("-o and --report name the same file, " + output +
                       ": the report would replace the pattern");
  } else if (output_format) {
    throw UsageError("--output-format says how -o writes the pattern; give -o FILE too");
  }
  // With "-o -" or "--report -" standard output is the file's, and the run's own lines go to
  // standard error.
  const StreamRedirect lines_to_stderr(std::cout,
                                       output == "-" || report_path == "-" ? &std::cerr : nullptr);
  const std::string shown = p.positional_value(0).value_or("random soup");
  const double density = p.get_double("random", 0, 1);
  if (!p.positional_value(0) && density <= 0)
    throw UsageError(p.has("random") ? "--random 0 is an empty soup: give a density above 0, or a "
                                       "PATTERN"
                                     : "missing PATTERN: give a pattern, or --random DENSITY for "
                                       "a random soup");
  if (density > 0 && !request.size)
    throw UsageError("--random needs --size: a soup fills the grid it is given");
  Pattern pattern = p.positional_value(0) ? load_named_pattern(shown) : Pattern();
  if (p.has("rule")) pattern.rule = parse_rule(p.get("rule"));
  if (generations > UINT64_MAX - pattern.generation)
    throw Error("the pattern is at generation " + std::to_string(pattern.generation) + "; " +
                std::to_string(generations) + " more would pass 2^64, the last generation " +
                "gpulife counts");

  // Memory is checked here, from the pattern's size alone, before anything large is made.
  MemoryBudget budget = free_memory();
  if (p.has("max-memory")) {
    const double most = parse_memory_size(p.get("max-memory"));
    budget.host_bytes = std::min(budget.host_bytes.value_or(most), most);
    if (info.gpu) budget.device_bytes = std::min(budget.device_bytes.value_or(most), most);
  }
  // The banded engine builds, checks and writes its grid band by band on the GPUs, and says
  // itself what does not fit there; the host never holds the grid.
  const bool banded = is_banded_engine(engine_name) || p.has("ranks");
  request.engine = banded ? nullptr : &info;
  request.budget = budget;
  request.grows = true;
  const GridSetup setup = choose_grid(pattern, request, generations);
  const uint64_t seed = uint64_t(p.get_int("seed", 0, INT64_MAX));
  auto recipe = [&] {
    return make_recipe(setup.size, setup.topology, pattern, setup.origin, density, seed);
  };
  if (const std::optional<int> rc = run_banded_if_asked(p, shown, pattern, setup, recipe))
    return *rc;

  // A Macrocell root reaches 2^61 cells from the origin at most, and Golly's frame is one row
  // lower than RLE's: a pattern beyond it is refused now, not after the run.
  if (!output.empty() && pattern.population() > 0 &&
      (output_format ? *output_format : format_for_saving(output)) == PatternFormat::Macrocell &&
      !CellTree::golly_root_holds(pattern.bounding_box()))
    throw Error(shown + " lies beyond the " + std::to_string(CellTree::kMaxLevel) +
                "-level Macrocell tree's frame, so -o " + output +
                " cannot hold it; write RLE (.rle) instead, which holds any position it read");
  std::unique_ptr<Engine> engine = engine_registry().create(engine_name);
  if (p.has("gpus")) {
    const int gpus = int(p.get_int("gpus", 1, 64));
    engine->set_params({{"gpus", gpus}, {"bands", gpus}});
  }
  if (p.has("param")) engine->set_params(parse_params(p.get("param")));
  engine->set_rule(pattern.rule.rule);
  // A grid that could grow stops at its limit unless told otherwise; a size the user fixed is a
  // bounded plane they chose, and the run only says when the pattern reaches its edge.
  const AtTheLimit at_limit = p.has("allow-edge") || !(setup.grow_x || setup.grow_y)
                                  ? AtTheLimit::KeepGoing
                                  : AtTheLimit::Stop;
  Universe universe(*engine, pattern, setup, budget, at_limit);
  if (density > 0) {
    // The soup and the pattern, as the recipe makes them (the pattern where the universe put it).
    const GridRecipe soup = recipe();
    require_host_memory(
        2.0 * soup.bytes(),
        "a " + std::to_string(soup.width) + "x" + std::to_string(soup.height) + " soup",
        "use --gpus N: the multi-GPU engine builds, checks and saves it band by band on the GPUs");
    engine->load(make_grid(soup));
  }

  const Topology topology = setup.topology;
  RunReport report;
  report.pattern = pattern.name.empty() ? shown : pattern.name;
  // With a soup, the cells it starts with (the pattern's among them).
  report.pattern_cells = density > 0 ? universe.population() : pattern.population();
  report.rule = pattern.history_rule ? pattern.rule.to_string() + ", the two-state projection of " +
                                           history_rule_text(pattern.rule)
                                     : pattern.rule.to_string();
  report.engine = engine_name;
  report.width = setup.size.width;
  report.height = setup.size.height;
  report.topology = to_string(topology);
  report.grows = setup.grow_x || setup.grow_y;
  std::cout << "pattern:    " << report.pattern << " (" << report.pattern_cells << " cells, rule "
            << report.rule << ")\n"
            << "grid:       " << size_text(report.width, report.height) << " " << report.topology
            << (report.grows ? ", growing as the pattern does" : "") << "\n"
            << "engine:     " << engine_name << "\n";
  report.notes = setup.notes;
  if (needs_edge_fixup(topology) && info.pass_depth > 1)
    report.notes.push_back(engine_name + " computes one generation per pass on a " +
                           std::string(to_string(topology)) +
                           " (its edges are recomputed after each)");
  for (const std::string& note : report.notes) std::cerr << "note: " << note << "\n";

  // Step in chunks that grow until each takes ~50 ms, so the progress bar moves smoothly and
  // the per-call overhead stays negligible.
  ProgressBar bar(generations);
  const auto start = std::chrono::steady_clock::now();
  double device_ms = 0;
  uint64_t done = 0, chunk = 1;
  // A History pattern's states follow from the live cells of every generation: it steps one at
  // a time when it is written.
  std::optional<HistoryStates> history;
  if (pattern.history_rule && p.has("output")) history.emplace(pattern, universe.cells().cells());
  while (done < generations) {
    const uint64_t n = history ? 1 : std::min(chunk, generations - done);
    const auto t0 = std::chrono::steady_clock::now();
    universe.step(n);
    device_ms += engine->last_step_ms();
    if (history) history->observe(universe.cells().cells());
    if (!universe.stop_reason().empty()) {
      done = engine->generation();  // where it stopped, exact up to there
      break;
    }
    done += n;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - t0).count() < 0.05) chunk *= 2;
    bar.update(done, std::chrono::duration<double>(now - start).count());
  }
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& note : universe.notes()) {
    std::cerr << "note: " << note << "\n";
    report.notes.push_back(note);
  }

  // What was stepped: all of it, or up to where a growing grid stopped.
  const uint64_t stepped = done;
  const double cells = double(engine->width()) * double(engine->height()) * double(stepped);
  report.generation = pattern.generation + stepped;
  report.generations_stepped = stepped;
  report.population = universe.population();
  report.hash = engine->hash();
  report.final_width = universe.size().width;
  report.final_height = universe.size().height;
  report.exact = !universe.reached_edge();
  report.wall_seconds = wall_s;
  if (stepped > 0) {
    report.ms_per_generation = device_ms / double(stepped);
    report.gcells_per_second = cells / (device_ms * 1e6);
  }
  print_run_result(std::cout, report.generation, report.population, report.hash, stepped, wall_s,
                   report.ms_per_generation, report.gcells_per_second);
  if (report.final_width != report.width || report.final_height != report.height)
    std::cout << "final grid: " << size_text(report.final_width, report.final_height) << "\n";
  if (!report.exact)
    std::cout << "exact:      no (the pattern reached the edge of the grid standing for "
                 "unbounded space; see the note)\n";
  if (p.has("output")) {
    // In the input's coordinates (Golly's on a bounded grid), so positions stay meaningful.
    Pattern out = universe.cells();
    if (history) {
      out.set_history(history->states(out.cells()));
      out.history_rule = true;
    }
    out.rule = pattern.rule;
    // The grid's topology is kept (a torus stays a torus on reload); an open plane has none.
    if (pattern.rule.bounds && !request.size && !request.topology)
      out.rule.bounds = pattern.rule.bounds;
    else if (topology != Topology::Plane || pattern.rule.bounds)
      out.rule.bounds = bounds_for(topology, setup.open_x ? 0 : universe.size().width,
                                   setup.open_y ? 0 : universe.size().height);
    else
      out.rule.bounds.reset();
    // On a bounded grid Golly's (0, 0) is the grid's centre, whichever way the grid was given
    // (the file's suffix, or -t and -s): the cells go in its coordinates along bounded sides.
    if (out.rule.bounds) {
      const Cell at = universe.offset();
      const GridSize size = universe.size();
      out.translate(out.rule.bounds->width > 0 ? at.x - size.width / 2 : 0,
                    out.rule.bounds->height > 0 ? at.y - size.height / 2 : 0);
    }
    out.name = pattern.name;
    out.author = pattern.author;
    out.comments = pattern.comments;
    out.generation = report.generation;
    save_pattern(out, p.get("output"), output_format);
    std::cout << "wrote:      " << p.get("output") << "\n";
    report.output = p.get("output");
  }
  const std::string& stop = universe.stop_reason();
  if (!stop.empty()) report.notes.push_back(stop);
  if (!report_path.empty()) write_report(report_path, to_json(report));
  if (!stop.empty()) {
    // What was made is kept: the state where it stopped, exact, in -o and the report.
    std::cerr << "gpulife run: error: " << stop << "; stopped at generation " << report.generation
              << (p.has("output") ? ", which is written to " + p.get("output") : std::string())
              << "\n";
    return 1;
  }
  return 0;
}

}  // namespace gpulife::app
