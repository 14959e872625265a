// Editing a running engine's cells: drawing, selection operations and paste, as undoable patches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/pattern.hpp"

namespace gpulife {

// Every operation here reads and writes the engine only through read_region()/write_region(),
// one bounded rectangle at a time, so a GPU engine receives small patches instead of a full
// re-upload. Each returns an Edit saying what it changed, for History.

// Largest rectangle (in cells) one patch covers; bigger areas are split into bands or pieces so
// a stroke across a huge grid never allocates a huge patch. 2^20 cells is 128 KiB per grid.
inline constexpr int64_t kMaxPatchCells = int64_t{1} << 20;
// Lines use smaller pieces: a diagonal's bounding box is mostly cells the line does not touch,
// so a 32 x 32 piece keeps a stroke's traffic near the cells it draws.
inline constexpr int64_t kMaxLinePatchCells = int64_t{1} << 10;

// One changed rectangle: its cells before and after the change, with `before` and `after` the
// same size. An `after` without cells (width 0) means "all dead", which keeps clears cheap.
struct Patch {
  Cell top_left;
  Grid before;
  Grid after;

  Box box() const;
  // Host memory the patch holds, for the history budget.
  size_t bytes() const;
};

// The patches of one user action, applied in order (undo replays them in reverse).
struct Edit {
  std::string label;        // e.g. "draw", "paste", shown as "Undo draw"
  uint64_t generation = 0;  // engine generation when the edit was made
  std::vector<Patch> patches;

  bool empty() const { return patches.empty(); }
  size_t bytes() const;
  // The smallest box holding every patch: all that apply() or revert() writes (empty for none).
  Box bounds() const;
  // Appends another edit's patches (e.g. the segments of one mouse drag become one undo step).
  void append(Edit&& other);
  // Writes the `after` (redo) or `before` (undo) state of every patch into the engine.
  void apply(Engine& engine) const;
  void revert(Engine& engine) const;
};

// The engine's whole grid as a box, and `box` clipped to it (empty when they do not meet).
Box grid_box(const Engine& engine);
Box clip_to_grid(const Engine& engine, const Box& box);
// The box with corners `a` and `b` in any order, e.g. from a mouse drag.
Box box_from_corners(Cell a, Cell b);

// --- Drawing. Cells outside the grid are ignored (a drag may leave the grid). ---

// Whether the cell is alive (false outside the grid): lets a stroke that starts on a live cell
// erase, as Golly's pencil does.
bool cell_alive(const Engine& engine, Cell cell);

// Sets one cell alive or dead; an empty Edit when it already was so or is outside the grid.
Edit draw_cell(Engine& engine, Cell cell, bool alive);
// Inverts one cell (pick/toggle tool).
Edit toggle_cell(Engine& engine, Cell cell);
// Draws the 8-connected line from `from` to `to`, both included, with no gaps (Bresenham);
// one patch per piece of at most kMaxLinePatchCells bounding-box cells.
Edit draw_line(Engine& engine, Cell from, Cell to, bool alive);
// A mouse drag: each new position is joined to the last by draw_line(), so fast moves leave no
// gaps, and the whole drag becomes one Edit (one undo step).
class Stroke {
 public:
  // Starts at `start`, drawing it (alive) or erasing it.
  Stroke(Engine& engine, Cell start, bool alive);
  // Continues the stroke to `cell`; repeated positions cost nothing.
  void to(Engine& engine, Cell cell);
  bool alive() const { return alive_; }
  Cell last() const { return last_; }
  // The stroke's changes so far, for History::record(); the stroke is left empty.
  Edit finish();

 private:
  bool alive_;
  Cell last_;
  Edit edit_;
};

// The cells draw_line() sets, in order from `from` to `to` (exposed for tests and previews).
std::vector<Cell> line_cells(Cell from, Cell to);

// --- Selection. `selection` is clipped to the grid first; an empty one changes nothing. ---

// Kills every cell in the selection.
Edit clear_selection(Engine& engine, const Box& selection);
// Kills every cell outside the selection: it touches the whole grid, band by band (no more
// than kMaxPatchCells per read), and records only the bands that held live cells.
Edit clear_outside(Engine& engine, const Box& selection);
// Replaces the selection with cells alive with probability `density` (clamped to [0, 1]).
// Each cell's fate depends only on (seed, x, y), so the same seed gives the same soup.
Edit random_fill(Engine& engine, const Box& selection, double density, uint64_t seed);

enum class Transform { RotateClockwise, RotateAnticlockwise, FlipHorizontal, FlipVertical };
std::string_view to_string(Transform t);

struct TransformResult {
  Box selection;  // the new selection: rotations swap width and height about the same centre
  Edit edit;
};
// Rotates or flips the selection's cells in place, about its centre. A rotated w x h selection
// becomes h x w with its top-left moved by ((w - h) / 2, (h - w) / 2) (integer division toward
// zero, so rotating back restores the box). Throws Error, changing nothing, when a live cell
// would land outside the grid; the returned box is clipped to the grid.
TransformResult transform_selection(Engine& engine, const Box& selection, Transform t);
// The box transform_selection() would return, before clipping (for previews and checks).
Box transformed_box(const Box& selection, Transform t);

// The smallest box holding every live cell of the selection ("shrink selection"); empty when
// there are none. Reads band by band, so a whole-grid selection is fine.
Box live_bounds(const Engine& engine, const Box& selection);

// The selection's live cells relative to its top-left corner, with the engine's rule.
Pattern copy_selection(const Engine& engine, const Box& selection);

struct CutResult {
  Pattern pattern;  // as copy_selection()
  Edit edit;        // as clear_selection()
};
CutResult cut_selection(Engine& engine, const Box& selection);

// --- Paste. The pattern's bounding box is placed with its top-left at `top_left`. ---

enum class PasteMode {
  Copy,  // the rectangle becomes the pattern (dead pattern cells kill grid cells)
  Or,    // pattern cells are added to what is there
  Xor,   // pattern cells invert what is there
};
std::string_view to_string(PasteMode mode);

// Whether the pattern's bounding box lies inside the grid when placed at `top_left`.
bool paste_fits(const Engine& engine, const Pattern& pattern, Cell top_left);
// Writes the pattern into the grid. Throws Error naming the sizes, changing nothing, when it
// does not fit (the caller may offer to grow the grid).
Edit paste(Engine& engine, const Pattern& pattern, Cell top_left, PasteMode mode);
// The smallest grid size that holds the pattern at `top_left` (for "grow the grid").
GridSize size_to_fit(const Engine& engine, const Pattern& pattern, Cell top_left);

// Rotates or flips a pending paste while keeping its bounding box's top-left where it was, so
// the preview under the cursor stays anchored.
Pattern transformed(const Pattern& pattern, Transform t);

}  // namespace gpulife
