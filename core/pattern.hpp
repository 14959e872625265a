// A sparse pattern: live cells with 64-bit coordinates, its rule and its descriptive metadata.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/cell_tree.hpp"
#include "core/geometry.hpp"
#include "core/rule.hpp"

namespace gpulife {

// Largest number of live cells a pattern holds as a list (readers refuse more, and a
// quadtree pattern refuses to be listed beyond it), so a hostile file cannot exhaust memory.
inline constexpr uint64_t kMaxPatternCells = uint64_t{1} << 28;

// What one listed cell costs while a file is read (the list, its growth and the sorted copy).
inline constexpr double kBytesPerListedCell = 32;

// The most cells a pattern is listed with here: kMaxPatternCells, lowered to what the host
// memory free now holds, so that a few bytes of "268435455o!" are refused at once on a machine
// that could not hold the list rather than swapping or being killed.
uint64_t listable_cells();

// The refusal of a pattern with more than `max_cells` live cells, as readers word it (the
// limit is the caller's: listable_cells() or a smaller one).
std::string too_many_cells(uint64_t max_cells);

// A cell in one of a multi-state "History" rule's extra states (LifeHistory: 2 history,
// 3 marked on, 4 marked off, 5 start on); kept so a history display can show them.
struct StateCell {
  Cell cell;
  uint8_t state = 0;
  auto operator<=>(const StateCell&) const = default;
};

// Live cells with 64-bit coordinates (y grows downwards), held as a sorted list or, for
// patterns read from Macrocell, as a shared quadtree that is listed only when asked to.
class Pattern {
 public:
  Pattern() = default;
  explicit Pattern(std::vector<Cell> cells) : cells_(std::move(cells)) { normalize(); }
  // A quadtree pattern whose root's top-left cell is at `origin`.
  Pattern(std::shared_ptr<const CellTree> tree, Cell origin);

  // Cells sorted by (y, x) row-major order, no duplicates. A quadtree pattern lists its cells
  // on first use (not thread-safe then) and throws Error when it holds more than
  // kMaxPatternCells.
  const std::vector<Cell>& cells() const;
  uint64_t population() const;
  bool empty() const;
  bool contains(Cell c) const;

  // The quadtree, when the pattern is held as one (nullptr otherwise), and where its root's
  // top-left cell is. Sizing and placing use it without listing the cells.
  const CellTree* tree() const { return tree_.get(); }
  Cell tree_origin() const { return tree_origin_; }

  // Adds a cell (duplicates are merged on normalize()).
  void add(Cell c);
  void add(int64_t x, int64_t y) { add(Cell{x, y}); }
  // Sorts and removes duplicates; call after a run of add().
  void normalize();

  Box bounding_box() const;

  // Geometry, all about the origin; call normalize() is not needed afterwards. History states
  // move with the cells.
  void translate(int64_t dx, int64_t dy);
  void rotate_clockwise();         // (x, y) -> (-y, x) with y pointing down
  void rotate_counterclockwise();  // (x, y) -> (y, -x)
  void flip_horizontal();          // mirror left-right: x -> -x
  void flip_vertical();            // mirror top-bottom: y -> -y
  // Moves the pattern so its bounding box starts at (0, 0).
  void move_to_origin();

  // A History rule's extra states, sorted like cells(); their live ones (3, 5) are also in
  // cells(), so engines, which run the two-state projection, need only cells().
  const std::vector<StateCell>& history() const { return history_; }
  void set_history(std::vector<StateCell> history);

  RuleSpec rule;
  // The file named a History rule (LifeHistory): the pattern is its two-state projection, and
  // writers name the History rule again so the states survive a round trip.
  bool history_rule = false;
  std::string name;
  std::string author;
  std::vector<std::string> comments;  // free text, one entry per line, without "#C "
  uint64_t generation = 0;            // generation the cells belong to (RLE "#CXRLE Gen=")
  // What reading the file found that the user should hear of although the file loads (what a
  // file cut short leaves: an RLE body without its closing '!', Macrocell nodes outside the
  // last node's tree): told with the grid's notes (choose_grid()) and by the viewer's Open.
  std::vector<std::string> notes;
  // An RLE file that gave no position ("#CXRLE Pos="): the size its header gave (0 where it gave
  // none). On a grid its rule bounds, Golly places such a file by this size (golly_rle_offset());
  // choose_grid() moves the pattern there, so that what is written back is in Golly's
  // coordinates, and clears it.
  struct RleHeader {
    int64_t width = 0, height = 0;
    bool operator==(const RleHeader&) const = default;
  };
  std::optional<RleHeader> unplaced_rle;

  // Equal cells (metadata is not compared).
  bool same_cells(const Pattern& other) const;

 private:
  // Turns a quadtree pattern into a list one, before a change the tree cannot take.
  void to_list();
  template <class F>
  void transform(F&& f);

  mutable std::vector<Cell> cells_;
  mutable bool listed_ = true;  // cells_ holds the cells (always so without a tree)
  std::shared_ptr<const CellTree> tree_;
  Cell tree_origin_;
  std::vector<StateCell> history_;
};

}  // namespace gpulife
