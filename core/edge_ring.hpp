// The ring of cells along a grid's edges, stepped through the topology's edge mapping: what an
// engine adds to its plane step on a topology without a fast path (Klein bottle, sphere, ...).
#pragma once

#include <cstdint>

#include "core/rule.hpp"
#include "core/topology.hpp"

namespace gpulife {

// Computes one generation of every cell with x or y on the grid's border: `alive(x, y)` reads
// the previous state (in-grid coordinates only), `set(x, y, alive)` writes the next one. The
// interior needs nothing more than a plane step, since its neighbours are all on the grid.
template <class Alive, class Set>
void step_edge_ring(const Topology& t, int64_t width, int64_t height, const Rule& rule,
                    Alive&& alive, Set&& set) {
  // The whole 3x3 neighbourhood's index, so every rule (Hensel, MAP) steps the ring.
  auto one = [&](int64_t x, int64_t y) {
    int index = 0;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        int64_t nx = x + dx, ny = y + dy;
        if (resolve_outside(t, width, height, nx, ny) && alive(nx, ny))
          index |= 1 << neighbourhood_bit(dy + 1, dx + 1);
      }
    }
    set(x, y, rule.next(index));
  };
  for (int64_t x = 0; x < width; ++x) {
    one(x, 0);
    if (height > 1) one(x, height - 1);
  }
  for (int64_t y = 1; y + 1 < height; ++y) {
    one(0, y);
    if (width > 1) one(width - 1, y);
  }
}

}  // namespace gpulife
