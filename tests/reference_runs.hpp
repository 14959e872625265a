// The suites' oracle, the reference engine: random soups to start from, the state after some
// generations, and the history colouring's cells ever alive.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/reference_engine.hpp"

namespace gpulife::test {

// A random soup of `density` (the same for the same seed).
inline Grid soup(int64_t w, int64_t h, Topology topology, uint64_t seed, double density = 0.5) {
  Grid g(w, h, topology);
  g.randomize(density, seed);
  return g;
}

// The state of `start` after `generations` generations of `rule`.
inline Grid reference_after(const Grid& start, const Rule& rule, uint64_t generations) {
  auto ref = make_reference_engine();
  ref->set_rule(rule);
  ref->load(start);
  ref->step(generations);
  Grid out;
  ref->store(out);
  return out;
}

// Every cell alive in any generation from the start to `generations` (B3/S23).
inline Grid reference_history(const Grid& start, uint64_t generations) {
  auto ref = make_reference_engine();
  ref->load(start);
  Grid history = start, now;
  for (uint64_t g = 0; g < generations; ++g) {
    ref->step(1);
    ref->store(now);
    for (size_t i = 0; i < now.words().size(); ++i) history.words()[i] |= now.words()[i];
  }
  return history;
}

}  // namespace gpulife::test
