// The pattern formats' readers and writers, one pair a format, each implemented in its own
// source file (rle.cpp, cells.cpp, life105.cpp, life106.cpp, macrocell.cpp; mcell.cpp, which
// only reads). They are pure
// functions of text; pattern_io.hpp chooses among them by content or file name.
//
// Every reader takes the text, `source` (the file name error messages give) and a cap on what
// it lists (ParseError beyond it; tests and fuzzers lower it), and throws ParseError with the
// line and column of anything it cannot read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// Run Length Encoded (.rle), the format Golly and LifeWiki use. The reader refuses multi-state
// letters, unsupported rules, a malformed header and counts that overflow. The writer gives
// "#N name", "#O author", "#C comment" lines, "#CXRLE Pos=... Gen=..." when the pattern's
// generation is non-zero, the header "x = W, y = H, rule = R", and body lines of at most 70
// characters ending with '!'.
Pattern parse_rle(std::string_view text, std::string_view source = {},
                  uint64_t max_cells = kMaxPatternCells);
std::string write_rle(const Pattern& pattern);

// Plaintext (.cells): '!' comment lines, '.' dead and 'O' (or '*') alive, each after an optional
// count as David Bell's dblife writes rows ("23.O15.3O"). "!Name: x" sets the name,
// "!Author: x" the author, other "!" lines become comments. The writer writes no counts.
Pattern parse_cells(std::string_view text, std::string_view source = {},
                    uint64_t max_cells = kMaxPatternCells);
std::string write_cells(const Pattern& pattern);

// Life 1.05: "#Life 1.05", '#' metadata (#D, #N, #R), then blocks of cell rows ('.' dead, '*'
// alive), each starting at the position its "#P x y" line gives. The writer gives the metadata
// (#N for Life, else "#R survival/birth" as Life 1.05 spells rules, with any bounded-grid
// suffix) and one #P block per run of nearby rows, at most 80 columns wide.
Pattern parse_life105(std::string_view text, std::string_view source = {},
                      uint64_t max_cells = kMaxPatternCells);
std::string write_life105(const Pattern& pattern);

// Life 1.06: "#Life 1.06", then one "x y" live-cell coordinate pair per line.
Pattern parse_life106(std::string_view text, std::string_view source = {},
                      uint64_t max_cells = kMaxPatternCells);
std::string write_life106(const Pattern& pattern);

// Macrocell (.mc), Golly's quadtree format: "[M2]", '#' lines (#R rule, #G generation), then
// nodes bottom-up, 8x8 leaves as ".*$" rows and "level nw ne sw se" lines over earlier nodes.
// Patterns stay quadtrees, so files far beyond a cell list's size read in their own size.
//
// The reader places the tree as Golly does (a root of level L has its top-left cell at
// (-2^(L-1), 1 - 2^(L-1))). It reads two-state files, and multi-state ones of a History rule
// (LifeHistory: "1 a b c d" lines of states), whose live states become the cells and the others
// the pattern's history. It also refuses references to nodes not yet defined, children of the
// wrong level, impossible levels (above 62) and states the rule does not have. `max_history`
// caps the History states listed (the tree itself is bounded by the text's size).
Pattern parse_macrocell(std::string_view text, std::string_view source = {},
                        uint64_t max_history = kMaxPatternCells);
// Writes "[M2] (gpulife)", #R, #G when the generation is non-zero, #N/#O/#C metadata, then the
// tree. A quadtree pattern in Golly's place is written as it is; any other pattern is built
// into a tree from its cells (History states as a multi-state tree).
std::string write_macrocell(const Pattern& pattern);

// MCell (.mcl), Mirek Wojtowicz's format, read as Golly reads it: "#MCell" first, then '#' lines:
// #GAME, #RULE (or #GOLLY) the rule (MCell's "S/B", any rule parse_rule reads, and the Weighted
// Life tables of Life and HistoricalLife), #BOARD WxH and #WRAP 0|1 a bounded grid (plane or
// torus, the pattern moved from the board's top-left corner towards its middle as Golly moves
// it), #D comments, and #L lines of cells: counts, '.' dead, '$' next row, A..X states (after
// a..j, 24 more). Other lines are ignored. Under a two-state rule every state is alive; under
// HistoricalLife the states are LifeHistory's. Cells keep Golly's coordinates. Not written.
Pattern parse_mcell(std::string_view text, std::string_view source = {},
                    uint64_t max_cells = kMaxPatternCells);

}  // namespace gpulife
