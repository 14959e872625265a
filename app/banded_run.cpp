// `gpulife run` on the multi-GPU engine, band by band: ranks meet, each builds its bands from
// the recipe on its GPUs, all step the same chunks (rank 0 chooses them), and the population,
// hash and written pattern come from the devices without a host copy of the grid.
#include "app/banded_run.hpp"
#include "app/report.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/engines.hpp"
#include "app/progress_bar.hpp"
#include "app/tcp_exchange.hpp"
#include "core/error.hpp"
#include "core/grid_recipe.hpp"
#include "core/host_memory.hpp"
#include "core/pattern_io.hpp"
#include "core/rle_stream.hpp"

#if GPULIFE_HAVE_NCCL
#include "gpu/multi_gpu.hpp"
#endif

namespace gpulife::app {

void add_banded_run_options(ArgParser& p) {
  p.option("random", "", "DENSITY",
           "fill the grid with a random soup (0..1), the pattern placed over it", "0");
  p.option("seed", "", "N", "seed of the --random soup (the same soup for every engine and split)",
           std::to_string(kDefaultSoupSeed));
  add_rank_options(p);
}

std::optional<int> run_banded_if_asked(const ArgParser& p, const std::string& shown,
                                       const Pattern& pattern, const GridSetup& setup,
                                       const std::function<GridRecipe()>& make_recipe) {
  BandedRun run;
  run.ranks = rank_options(p, process_environment());
  const bool asked =
      p.has("gpus") || run.ranks.several || (p.has("engine") && is_banded_engine(p.get("engine")));
  if (!asked) return std::nullopt;
  if (p.has("engine") && !is_banded_engine(p.get("engine")))
    throw UsageError("--gpus and --ranks step on the multi-GPU engine, not " + p.get("engine") +
                     "; leave out --engine");
  if (p.has("gpus")) {
    const int gpus = int(p.get_int("gpus", 1, 64));
    run.params = {{"gpus", gpus}};
    // One process alone gets N bands even where fewer GPUs are present, to split the grid.
    if (!run.ranks.several) run.params["bands"] = gpus;
  }
  if (p.has("param"))
    for (const auto& [name, value] : parse_params(p.get("param"))) run.params[name] = value;
  run.shown_name = pattern.name.empty() ? shown : pattern.name;
  run.meta.rule = pattern.rule;
  run.meta.name = pattern.name;
  run.meta.author = pattern.author;
  run.meta.comments = pattern.comments;
  run.meta.generation = pattern.generation;
  const Box box = pattern.bounding_box();
  // Back to the input's coordinates, so positions in the written file stay meaningful.
  run.shift =
      box.empty() ? Cell{0, 0} : Cell{box.min_x - setup.origin.x, box.min_y - setup.origin.y};
  const GridRecipe recipe = make_recipe();
  run.recipe = &recipe;
  run.generations = uint64_t(p.get_int("generations", 0, int64_t{1} << 50));
  run.output = p.get("output");
  return run_banded(run);
}

#if GPULIFE_HAVE_NCCL
namespace {

using Clock = std::chrono::steady_clock;
// Rows of the live box read per chunk while writing, at most this many bytes of them.
constexpr double kChunkBytes = 64.0 * 1048576.0;
// A chunk of generations grows until it takes about this long, so progress moves smoothly and
// per-call costs stay negligible.
constexpr double kChunkSeconds = 0.05;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

int first_device_for(const RankSetup& setup, int gpus_per_rank) {
  const int visible = gpu::cuda_device_count();
  const int first = setup.local_rank * gpus_per_rank;
  if (first + gpus_per_rank <= visible) return first;
  if (gpus_per_rank <= visible) {
    std::cerr << "note: rank " << setup.rank << " (local rank " << setup.local_rank << ") sees "
              << visible << " GPU(s) and takes device 0" << (gpus_per_rank > 1 ? " on" : "")
              << "\n";
    return 0;
  }
  throw Error("rank " + std::to_string(setup.rank) + " is to drive " +
              std::to_string(gpus_per_rank) + " GPU(s) but sees " + std::to_string(visible));
}

namespace {

// Every rank writes the same way; rank 0 alone has a file. RLE goes out row by row; the other
// formats are built as a Pattern on rank 0 (whose size is checked first).
void write_output(const BandedRun& run, gpu::MultiGpuEngine& engine, bool root,
                  uint64_t generation) {
  const Box live = engine.live_bounds();
  Pattern meta = run.meta;
  meta.generation = generation;
  const Box file_box = live.empty() ? live
                                    : Box{live.min_x + run.shift.x, live.min_y + run.shift.y,
                                          live.max_x + run.shift.x, live.max_y + run.shift.y};
  const int lead = live.empty() ? 0 : int(live.min_x & 63);
  const int64_t words = live.empty() ? 1 : (lead + live.width() + 63) / 64;
  const int64_t chunk = std::max<int64_t>(1, int64_t(kChunkBytes / (8.0 * double(words))));
  auto fill = [&](int64_t y0, int64_t count, uint64_t* out) {
    engine.read_rows(live.min_y + y0, count, live.min_x >> 6, words, out);
  };
  // Plain .rle is written row by row; other formats (and compressed ones) as a whole pattern.
  std::string ext = std::filesystem::path(run.output).extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  const bool rle = ext == ".rle" || ext.empty();
  if (!root) {
    if (rle || engine.population() > 0)
      for (int64_t y = 0; y < live.height(); y += chunk)
        fill(y, std::min(chunk, live.height() - y), nullptr);
    return;
  }
  if (rle) {
    save_rle_streamed(run.output, meta, file_box, lead, chunk, fill);
    return;
  }
  const uint64_t population = engine.population();
  require_host_memory(double(population) * sizeof(Cell) * 2,
                      "writing " + std::to_string(population) + " live cells as " + run.output,
                      "write .rle instead, which is written row by row");
  std::vector<uint64_t> rows;
  for (int64_t y = 0; y < live.height() && population > 0; y += chunk) {
    const int64_t n = std::min(chunk, live.height() - y);
    rows.resize(size_t(n * words));
    fill(y, n, rows.data());
    for (int64_t r = 0; r < n; ++r)
      for (int64_t x = 0; x < live.width(); ++x) {
        const int64_t bit = lead + x;
        if ((rows[size_t(r * words + (bit >> 6))] >> (bit & 63)) & 1)
          meta.add(file_box.min_x + x, file_box.min_y + y + r);
      }
  }
  meta.normalize();
  save_pattern(meta, run.output);
}

}  // namespace

bool is_banded_engine(const std::string& engine) {
  return gpu::multi_gpu_built() && engine == gpu::make_multi_gpu_engine()->info().name;
}

int run_banded(const BandedRun& run) {
  const EnvLookup env = process_environment();
  const RankSetup setup = resolve_ranks(run.ranks.request, env);
  const bool root = setup.rank == 0;
  std::shared_ptr<RankExchange> exchange = connect_ranks(setup, rendezvous_timeout(env));
  std::unique_ptr<gpu::MultiGpuEngine> engine = gpu::make_multi_gpu_engine();
  engine->set_params(run.params);
  const int gpus = engine->params().at("gpus");
  const int per_rank = setup.ranks > 1 ? std::max(1, gpus) : gpus;
  engine->join(
      {exchange, setup.ranks > 1 ? first_device_for(setup, per_rank) : 0, run.ranks.host_halos});
  engine->set_rule(run.meta.rule.rule);
  engine->load_recipe(*run.recipe);
  const gpu::BandPlan& plan = engine->plan();
  const int64_t w = run.recipe->width, h = run.recipe->height;
  if (root) {
    std::cout << "pattern:    " << run.shown_name << " (" << run.recipe->cells.size()
              << " cells, rule " << run.meta.rule.to_string() << ")";
    if (run.recipe->density > 0)
      std::cout << " over a " << run.recipe->density << " soup (seed " << run.recipe->seed << ")";
    std::cout << "\n"
              << "grid:       " << w << "x" << h << " " << to_string(run.recipe->topology) << "\n"
              << "engine:     " << engine->info().name << ", " << plan.bands.size()
              << " band(s) on " << plan.devices << " GPU(s)"
              << (setup.ranks > 1 ? " of " + std::to_string(setup.ranks) + " processes" : "")
              << ", depth " << plan.depth << "\n";
  }

  // Every rank must step the same chunks (each pass ends with a collective exchange): rank 0
  // times them and tells the others.
  ProgressBar bar(root ? run.generations : 0);
  const auto start = Clock::now();
  double device_ms = 0;
  uint64_t done = 0, chunk = 1;
  while (done < run.generations) {
    uint64_t n = std::min(chunk, run.generations - done);
    if (setup.ranks > 1) n = std::stoull(broadcast(*exchange, std::to_string(n)));
    const auto t0 = Clock::now();
    engine->step(n);
    device_ms += engine->last_step_ms();
    done += n;
    if (seconds_since(t0) < kChunkSeconds) chunk *= 2;
    if (root) bar.update(done, seconds_since(start));
  }
  const double wall_s = seconds_since(start);
  if (setup.ranks > 1) {
    // The slowest rank's device time is the run's.
    for (const std::string& t : all_gather(*exchange, std::to_string(device_ms)))
      device_ms = std::max(device_ms, std::stod(t));
  }
  const uint64_t population = engine->population();
  const uint64_t hash = engine->hash();
  const uint64_t generation = run.meta.generation + run.generations;
  if (root) {
    print_run_result(std::cout, generation, population, hash, run.generations, wall_s,
                     device_ms / double(run.generations),
                     double(w) * double(h) * double(run.generations) / (device_ms * 1e6));
  }
  // Rank 0's -o decides for every rank: the others only send their rows (and need its format).
  BandedRun out = run;
  if (setup.ranks > 1) out.output = broadcast(*exchange, run.output);
  if (!out.output.empty()) {
    write_output(out, *engine, root, generation);
    if (root) std::cout << "wrote:      " << out.output << "\n";
  }
  return 0;
}

#else

bool is_banded_engine(const std::string&) {
  return false;
}

int run_banded(const BandedRun&) {
  throw Error("this build has no multi-GPU engine (it needs CUDA and NCCL)");
}

int first_device_for(const RankSetup&, int) {
  return 0;
}

#endif

}  // namespace gpulife::app
