// `gpulife run` on the multi-GPU engine: the grid is built, stepped, checked and saved band by
// band on the GPUs, never whole on the host, by one process or by several (one per GPU or per
// host), each holding its own bands.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/cli.hpp"
#include "app/grid_setup.hpp"
#include "app/rank_options.hpp"
#include "core/engine.hpp"
#include "core/grid_recipe.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

struct BandedRun {
  std::string shown_name;  // the pattern as the report names it
  Pattern meta;            // the input's rule and metadata (its cells are in the recipe)
  const GridRecipe* recipe = nullptr;  // the grid to build (not owned)
  Cell shift;  // written coordinates = grid coordinates + shift (the input's system)
  uint64_t generations = 0;
  Params params;  // engine parameters (--gpus, --param)
  RankOptions ranks;
  std::string output;  // file to write, empty for none
};

// run's options for soups and several processes: --random, --seed and the rank options.
void add_banded_run_options(ArgParser& p);

// When the command line asks for the multi-GPU engine (--gpus, --engine, --ranks or a
// launcher's environment), runs the recipe `make_recipe` gives on it and returns the exit code;
// otherwise nothing (and no recipe is made: a quadtree pattern stays one).
std::optional<int> run_banded_if_asked(const ArgParser& p, const std::string& shown,
                                       const Pattern& pattern, const GridSetup& setup,
                                       const std::function<GridRecipe()>& make_recipe);

// Whether `engine` is the banded engine (the multi-GPU one); false in builds without it.
bool is_banded_engine(const std::string& engine);

// The CUDA device a rank's first GPU is: local rank * GPUs per rank, or device 0 when the
// launcher gave each process its own GPUs (CUDA_VISIBLE_DEVICES), so that fewer are seen (a
// note says so). Throws Error when the rank sees fewer GPUs than it is to drive.
int first_device_for(const RankSetup& setup, int gpus_per_rank);

// Runs it and prints the report (rank 0 only); returns the exit code.
int run_banded(const BandedRun& run);

}  // namespace gpulife::app
