// How `gpulife bench` times an engine, shared by the per-engine table and the multi-GPU run.
#pragma once

#include <cstdint>

#include "core/engine.hpp"

namespace gpulife::app {

// Median ms/generation over `repeat` timed repetitions after a warm-up at the timed length; the
// engine keeps stepping the grid it holds. When `generations` is 0 it is chosen: starting at
// `first` and doubling (up to `most`) until a repetition takes about 100 ms.
double time_engine(Engine& engine, int repeat, uint64_t& generations, uint64_t first = 8,
                   uint64_t most = 1024);

}  // namespace gpulife::app
