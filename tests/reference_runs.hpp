// The history colouring's oracle for the suites: every cell alive in any generation from the
// start to `generations`, by the reference engine.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/reference_engine.hpp"

namespace gpulife::test {

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
