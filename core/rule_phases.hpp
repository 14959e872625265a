// How engines run B0 rules with dead cells beyond the grid: the rule each step applies to the
// stored cells, and when the stored cells are the complement of the true ones (Golly's
// emulation: without Smax alternate two rules, with Smax run the complementary rule).
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife {

// An engine alternates between two phases, 0 after load() and flipped by every generation
// stepped. In phase p it applies step[p] to its stored cells; the stored cells are the
// complement of the true ones when inverted[p] is set. Rules without B0 have one phase: the
// rule itself, never inverted. Every step rule is free of B0, so the dead cells beyond a
// plane's edge stay the (stored) background.
struct RulePhases {
  Rule step[2];
  bool inverted[2] = {false, false};

  // Whether the two phases differ (B0 without Smax): then an engine must track its phase.
  bool alternates() const { return inverted[0] != inverted[1]; }
  // Whether any phase needs more than the plain rule (any B0 rule).
  bool emulated() const { return inverted[0] || inverted[1]; }
};

RulePhases rule_phases(const Rule& rule);

// The phase an engine is in after stepping `generations` from phase `phase`.
inline int phase_after(int phase, uint64_t generations) {
  return int((uint64_t(phase) + generations) & 1u);
}

// Complements every cell of the grid (the bits past the width stay zero).
void invert_cells(Grid& grid);

// Whether Golly's representation of a state (what it shows and writes to files) is the
// complement of the true cells: for B0 rules with Smax always, for B0 rules without Smax at
// odd generations, never otherwise. Files read and written for such rules hold Golly's
// representation, so readers and writers pass their cells through this.
bool golly_inverts(const Rule& rule, uint64_t generation);
// Turns a grid of Golly's representation at `generation` into true cells, or back (the same
// complement either way); a no-op for rules without B0.
void convert_golly_cells(Grid& grid, const Rule& rule, uint64_t generation);

}  // namespace gpulife
