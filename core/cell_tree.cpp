// The cell quadtree: building (node by node, or from a cell list), bounding box, and drawing
// a region of it into a dense grid.
#include "core/cell_tree.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/hash.hpp"

namespace gpulife {
namespace {

uint64_t add_saturating(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

constexpr size_t kBuckets = size_t{1} << 16;

size_t bucket_of(int level, const CellTree::NodeId* child, uint64_t bits) {
  uint64_t h = hash::mix64(uint64_t(level) ^ (bits * 0x9E3779B97F4A7C15ull));
  for (int i = 0; i < 4; ++i) h = hash::mix64(h ^ child[i]);
  return size_t(h) & (kBuckets - 1);
}

}  // namespace

CellTree::CellTree() {
  nodes_.push_back(Node{});  // kEmpty
}

CellTree::NodeId CellTree::push(Node n) {
  if (nodes_.size() >= size_t(UINT32_MAX))
    throw Error("pattern tree has more than 2^32 nodes, the most gpulife holds");
  nodes_.push_back(n);
  return NodeId(nodes_.size() - 1);
}

CellTree::NodeId CellTree::add_leaf(uint64_t bits) {
  if (bits == 0) return kEmpty;
  Node n;
  n.level = kLeafLevel;
  n.bits = bits;
  n.population = uint64_t(std::popcount(bits));
  n.min_x = n.min_y = 7;
  n.max_x = n.max_y = 0;
  for (int y = 0; y < 8; ++y) {
    const uint64_t row = (bits >> (8 * y)) & 0xff;
    if (!row) continue;
    n.min_y = std::min<int64_t>(n.min_y, y);
    n.max_y = std::max<int64_t>(n.max_y, y);
    n.min_x = std::min<int64_t>(n.min_x, std::countr_zero(row));
    n.max_x = std::max<int64_t>(n.max_x, 7 - std::countl_zero(uint8_t(row)));
  }
  return push(n);
}

CellTree::NodeId CellTree::add_node(int level, NodeId nw, NodeId ne, NodeId sw, NodeId se) {
  if (nw == kEmpty && ne == kEmpty && sw == kEmpty && se == kEmpty) return kEmpty;
  Node n;
  n.level = int8_t(level);
  n.child[0] = nw;
  n.child[1] = ne;
  n.child[2] = sw;
  n.child[3] = se;
  const int64_t half = int64_t{1} << (level - 1);
  bool any = false;
  for (int i = 0; i < 4; ++i) {
    const Node& c = nodes_[n.child[i]];
    if (n.child[i] == kEmpty) continue;
    const int64_t dx = (i & 1) ? half : 0, dy = (i & 2) ? half : 0;
    n.population = add_saturating(n.population, c.population);
    n.min_x = any ? std::min(n.min_x, c.min_x + dx) : c.min_x + dx;
    n.min_y = any ? std::min(n.min_y, c.min_y + dy) : c.min_y + dy;
    n.max_x = any ? std::max(n.max_x, c.max_x + dx) : c.max_x + dx;
    n.max_y = any ? std::max(n.max_y, c.max_y + dy) : c.max_y + dy;
    any = true;
  }
  return push(n);
}

CellTree::NodeId CellTree::find_or_add_leaf(uint64_t bits) {
  if (bits == 0) return kEmpty;
  if (buckets_.empty()) buckets_.resize(kBuckets);
  const NodeId none[4] = {0, 0, 0, 0};
  auto& bucket = buckets_[bucket_of(kLeafLevel, none, bits)];
  for (NodeId id : bucket)
    if (nodes_[id].level == kLeafLevel && nodes_[id].bits == bits) return id;
  const NodeId id = add_leaf(bits);
  bucket.push_back(id);
  return id;
}

CellTree::NodeId CellTree::find_or_add_node(int level, NodeId nw, NodeId ne, NodeId sw, NodeId se) {
  const NodeId child[4] = {nw, ne, sw, se};
  if (nw == kEmpty && ne == kEmpty && sw == kEmpty && se == kEmpty) return kEmpty;
  if (buckets_.empty()) buckets_.resize(kBuckets);
  auto& bucket = buckets_[bucket_of(level, child, 0)];
  for (NodeId id : bucket) {
    const Node& n = nodes_[id];
    if (n.level == level && std::equal(child, child + 4, n.child)) return id;
  }
  const NodeId id = add_node(level, nw, ne, sw, se);
  bucket.push_back(id);
  return id;
}

void CellTree::set_root(NodeId root, int level) {
  root_ = root;
  root_level_ = level;
}

Box CellTree::bounding_box(Cell origin) const {
  if (root_ == kEmpty) return Box{};
  const Node& n = nodes_[root_];
  return Box{origin.x + n.min_x, origin.y + n.min_y, origin.x + n.max_x, origin.y + n.max_y};
}

void CellTree::render(Cell origin, const Box& region, Grid& grid, Cell at) const {
  // Iterative walk with an explicit stack: a level-62 tree is only 60 frames deep, but a region
  // may cross many nodes.
  struct Frame {
    NodeId id;
    int64_t x, y;
  };
  std::vector<Frame> stack;
  if (root_ != kEmpty) stack.push_back({root_, origin.x, origin.y});
  while (!stack.empty()) {
    const Frame f = stack.back();
    stack.pop_back();
    const Node& n = nodes_[f.id];
    if (f.x + n.max_x < region.min_x || f.x + n.min_x > region.max_x ||
        f.y + n.max_y < region.min_y || f.y + n.min_y > region.max_y)
      continue;
    if (n.level == kLeafLevel) {
      for (uint64_t b = n.bits; b; b &= b - 1) {
        const int i = std::countr_zero(b);
        const Cell c{f.x + (i & 7), f.y + (i >> 3)};
        if (region.contains(c))
          grid.set(c.x - region.min_x + at.x, c.y - region.min_y + at.y, true);
      }
      continue;
    }
    const int64_t half = int64_t{1} << (n.level - 1);
    for (int i = 0; i < 4; ++i)
      if (n.child[i] != kEmpty)
        stack.push_back({n.child[i], f.x + ((i & 1) ? half : 0), f.y + ((i & 2) ? half : 0)});
  }
}

Cell CellTree::golly_origin(int level) {
  const int64_t half = int64_t{1} << (level - 1);
  return Cell{-half, 1 - half};
}

bool CellTree::golly_root_holds(const Box& box, int level) {
  const Cell o = golly_origin(level);
  const int64_t size = int64_t{1} << level;
  return box.min_x >= o.x && box.min_y >= o.y && box.max_x - o.x < size && box.max_y - o.y < size;
}

CellTree CellTree::from_cells(const std::vector<Cell>& cells) {
  CellTree tree;
  if (cells.empty()) return tree;
  int64_t min_x = cells[0].x, max_x = min_x, min_y = cells[0].y, max_y = min_y;
  for (const Cell& c : cells) {
    min_x = std::min(min_x, c.x);
    max_x = std::max(max_x, c.x);
    min_y = std::min(min_y, c.y);
    max_y = std::max(max_y, c.y);
  }
  // The smallest root (at least level 4, as Golly writes) whose Golly frame holds every cell.
  int level = kLeafLevel + 1;
  auto holds = [&](int l) { return golly_root_holds(Box{min_x, min_y, max_x, max_y}, l); };
  while (level < kMaxLevel && !holds(level)) ++level;
  if (!holds(level))
    throw Error("pattern spans more than 2^" + std::to_string(kMaxLevel - 1) +
                " cells from the origin, too far for a Macrocell tree");
  const Cell origin = golly_origin(level);

  // Leaves keyed by their position in leaf units from the origin, then each level up: a
  // node's position is its children's halved.
  struct Item {
    uint64_t x, y;  // position in units of the current level's node size
    NodeId id;
  };
  std::vector<Item> items;
  {
    std::vector<std::pair<std::pair<uint64_t, uint64_t>, uint64_t>> bits;
    bits.reserve(cells.size());
    for (const Cell& c : cells) {
      const uint64_t ux = uint64_t(c.x - origin.x), uy = uint64_t(c.y - origin.y);
      bits.push_back({{ux >> 3, uy >> 3}, uint64_t{1} << ((uy & 7) * 8 + (ux & 7))});
    }
    std::sort(bits.begin(), bits.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < bits.size();) {
      uint64_t b = 0;
      size_t j = i;
      while (j < bits.size() && bits[j].first == bits[i].first) b |= bits[j++].second;
      items.push_back({bits[i].first.first, bits[i].first.second, tree.find_or_add_leaf(b)});
      i = j;
    }
  }
  for (int l = kLeafLevel + 1; l <= level; ++l) {
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
      return std::pair(a.x >> 1, a.y >> 1) < std::pair(b.x >> 1, b.y >> 1);
    });
    std::vector<Item> up;
    for (size_t i = 0; i < items.size();) {
      NodeId child[4] = {kEmpty, kEmpty, kEmpty, kEmpty};
      const uint64_t px = items[i].x >> 1, py = items[i].y >> 1;
      size_t j = i;
      while (j < items.size() && (items[j].x >> 1) == px && (items[j].y >> 1) == py) {
        child[(items[j].x & 1) | ((items[j].y & 1) << 1)] = items[j].id;
        ++j;
      }
      up.push_back({px, py, tree.find_or_add_node(l, child[0], child[1], child[2], child[3])});
      i = j;
    }
    items = std::move(up);
  }
  tree.set_root(items.empty() ? kEmpty : items.front().id, level);
  tree.buckets_.clear();
  tree.buckets_.shrink_to_fit();
  return tree;
}

}  // namespace gpulife
