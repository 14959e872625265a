// `gpulife bench --gpus N`: times bit-multistep-multi against bit-multistep on one GPU.
#pragma once

#include <cstdint>

#include "app/rank_options.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

struct GpusBenchSettings {
  GridSize size;        // the whole grid, split over the GPUs
  GridSize check_size;  // checked against the reference first
  Rule rule;
  Topology topology = Topology::Torus;
  uint64_t check_generations = 64;
  int repeat = 5;
  int gpus = 1;
  int bands = 0;      // 0: one per GPU
  RankOptions ranks;  // several processes (each with `gpus` GPUs), or one
};

// Checks the engine against the reference and bit-multistep, then prints per-GPU and total
// Gcell/s, parallel efficiency against bit-multistep on one GPU at the per-GPU size, and the
// halo exchange's own time. Returns the exit code (1 on a mismatch).
int bench_across_gpus(const GpusBenchSettings& settings);

}  // namespace gpulife::app
