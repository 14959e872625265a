// A shared quadtree of live cells: how Macrocell files (and Golly's HashLife) hold patterns far
// larger than a list of cells could, kept as it is so that grids can be sized and filled from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.hpp"

namespace gpulife {

class Grid;

class CellTree {
 public:
  using NodeId = uint32_t;
  // Node 0 is the empty node of every level.
  static constexpr NodeId kEmpty = 0;
  // Leaves are 8 x 8 cells (level 3, 2^3 cells a side), as in Macrocell's two-state lines.
  static constexpr int kLeafLevel = 3;
  // A root of level 62 spans 2^62 cells, the most whose coordinates stay well inside 64 bits.
  static constexpr int kMaxLevel = 62;

  CellTree();

  // Adds an 8 x 8 leaf; bit (8 * y + x) is cell (x, y) of the leaf.
  NodeId add_leaf(uint64_t bits);
  // Adds a node of `level` (kLeafLevel < level <= kMaxLevel) over four children of level - 1
  // (or kEmpty); the caller has checked the levels (the Macrocell reader reports bad ones).
  NodeId add_node(int level, NodeId nw, NodeId ne, NodeId sw, NodeId se);
  // The same, reusing an existing identical node (building from cells shares repeated parts).
  NodeId find_or_add_node(int level, NodeId nw, NodeId ne, NodeId sw, NodeId se);
  NodeId find_or_add_leaf(uint64_t bits);

  void set_root(NodeId root, int level);
  NodeId root() const { return root_; }
  int root_level() const { return root_level_; }
  int level(NodeId id) const { return nodes_[id].level; }
  size_t node_count() const { return nodes_.size(); }

  // Live cells under the root, saturating at UINT64_MAX (a tree of level 62 can hold 2^124).
  uint64_t population() const { return nodes_[root_].population; }
  bool empty() const { return root_ == kEmpty; }
  // The live cells' bounding box with the root's top-left cell at `origin`.
  Box bounding_box(Cell origin) const;

  // Calls f(x, y) for every live cell, the root's top-left cell at `origin`. Visits each live
  // cell once, so call it only when population() is small enough to list.
  template <class F>
  void for_each_cell(Cell origin, F&& f) const;

  // Sets in `grid` every live cell inside `region` (tree coordinates with the root's top-left
  // at `origin`), at grid position (cell - region's top-left + at). Untouched cells keep their
  // state. Only nodes that overlap the region are visited.
  void render(Cell origin, const Box& region, Grid& grid, Cell at) const;

  // The tree of a list of cells (any order, no duplicates needed), its root placed as Golly
  // places a Macrocell root: a root of level L has its top-left cell at (-2^(L-1), 1 - 2^(L-1)).
  // Throws Error when the cells span more than kMaxLevel allows.
  static CellTree from_cells(const std::vector<Cell>& cells);
  // Where Golly puts the top-left cell of a Macrocell root of this level.
  static Cell golly_origin(int level);
  // Whether a root of `level` placed there holds every cell of `box` (a non-empty box).
  static bool golly_root_holds(const Box& box, int level = kMaxLevel);

  struct Node {
    NodeId child[4] = {kEmpty, kEmpty, kEmpty, kEmpty};  // nw, ne, sw, se
    uint64_t bits = 0;                                   // leaves only
    uint64_t population = 0;
    // Bounding box of the live cells relative to the node's top-left (min > max when empty).
    int64_t min_x = 1, min_y = 1, max_x = 0, max_y = 0;
    int8_t level = 0;
  };
  const Node& node(NodeId id) const { return nodes_[id]; }

 private:
  NodeId push(Node n);
  template <class F>
  void visit(NodeId id, int64_t x, int64_t y, F& f) const;

  std::vector<Node> nodes_;
  std::vector<std::vector<NodeId>> buckets_;  // hash buckets for find_or_add_*
  NodeId root_ = kEmpty;
  int root_level_ = kLeafLevel + 1;
};

template <class F>
void CellTree::visit(NodeId id, int64_t x, int64_t y, F& f) const {
  if (id == kEmpty) return;
  const Node& n = nodes_[id];
  if (n.level == kLeafLevel) {
    for (uint64_t b = n.bits; b; b &= b - 1) {
      const int i = __builtin_ctzll(b);
      f(x + (i & 7), y + (i >> 3));
    }
    return;
  }
  const int64_t half = int64_t{1} << (n.level - 1);
  visit(n.child[0], x, y, f);
  visit(n.child[1], x + half, y, f);
  visit(n.child[2], x, y + half, f);
  visit(n.child[3], x + half, y + half, f);
}

template <class F>
void CellTree::for_each_cell(Cell origin, F&& f) const {
  visit(root_, origin.x, origin.y, f);
}

}  // namespace gpulife
