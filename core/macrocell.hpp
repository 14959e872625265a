// Macrocell (.mc) patterns, Golly's quadtree format: "[M2]", '#' lines (#R rule, #G generation),
// then nodes bottom-up, 8x8 leaves as ".*$" rows and "level nw ne sw se" lines over earlier
// nodes. Patterns stay quadtrees, so files far beyond a cell list's size read in their own size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// Parses Macrocell text into a quadtree pattern placed as Golly places it (a root of level L
// has its top-left cell at (-2^(L-1), 1 - 2^(L-1))). Two-state files, and multi-state ones of
// a History rule (LifeHistory: "1 a b c d" lines of states), whose live states become the
// cells and the others the pattern's history. Throws ParseError with line and column for
// malformed lines, references to nodes not yet defined, children of the wrong level,
// impossible levels (above 62) and states the rule does not have. `max_history` caps the
// History states listed (the tree itself is bounded by the text's size).
Pattern parse_macrocell(std::string_view text, std::string_view source = {},
                        uint64_t max_history = kMaxPatternCells);

// Writes Macrocell: "[M2] (gpulife)", #R, #G when the generation is non-zero, #N/#O/#C
// metadata, then the tree. A quadtree pattern in Golly's place is written as it is; any
// other pattern is built into a tree from its cells (History states as a multi-state tree).
std::string write_macrocell(const Pattern& pattern);

}  // namespace gpulife
