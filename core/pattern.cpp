// Pattern geometry: normalisation, bounding box and the rigid transforms used by editors, over a
// cell list or a shared quadtree.
#include "core/pattern.hpp"

#include <algorithm>
#include <optional>

#include "core/error.hpp"
#include "core/host_memory.hpp"

namespace gpulife {
namespace {
// Row-major order: by y, then x.
bool row_major_less(const Cell& a, const Cell& b) {
  return a.y != b.y ? a.y < b.y : a.x < b.x;
}

bool state_less(const StateCell& a, const StateCell& b) {
  return row_major_less(a.cell, b.cell) || (a.cell == b.cell && a.state < b.state);
}
}  // namespace

uint64_t listable_cells() {
  const std::optional<double> free = host_available_bytes();
  if (!free) return kMaxPatternCells;
  const double fits = *free / kBytesPerListedCell;
  return fits >= double(kMaxPatternCells) ? kMaxPatternCells : uint64_t(fits);
}

std::string too_many_cells(uint64_t max_cells) {
  return "pattern has more than " + std::to_string(max_cells) +
         " live cells, the most gpulife reads here";
}

Pattern::Pattern(std::shared_ptr<const CellTree> tree, Cell origin)
    : listed_(false), tree_(std::move(tree)), tree_origin_(origin) {
  if (!tree_ || tree_->empty()) {
    tree_.reset();
    listed_ = true;
  }
}

const std::vector<Cell>& Pattern::cells() const {
  if (!listed_) {
    const uint64_t n = tree_->population();
    const uint64_t most = listable_cells();
    if (n > most)
      throw Error("pattern has " + std::to_string(n) + " live cells, more than the " +
                  std::to_string(most) +
                  " gpulife can list one by one here (it can still be sized, placed and run)");
    std::vector<Cell> list;
    list.reserve(size_t(n));
    tree_->for_each_cell(tree_origin_, [&](int64_t x, int64_t y) { list.push_back({x, y}); });
    std::sort(list.begin(), list.end(), row_major_less);
    cells_ = std::move(list);
    listed_ = true;
  }
  return cells_;
}

uint64_t Pattern::population() const {
  return tree_ ? tree_->population() : cells_.size();
}

bool Pattern::empty() const {
  return tree_ ? tree_->empty() : cells_.empty();
}

bool Pattern::contains(Cell c) const {
  const std::vector<Cell>& list = cells();
  return std::binary_search(list.begin(), list.end(), c, row_major_less);
}

void Pattern::to_list() {
  if (!tree_) return;
  cells();
  tree_.reset();
}

void Pattern::add(Cell c) {
  to_list();
  cells_.push_back(c);
}

void Pattern::normalize() {
  if (tree_) return;  // a tree has each cell once by construction
  // Readers of row-ordered formats (RLE, .cells) list cells in order already: a long run of
  // cells costs no sort then.
  if (!std::is_sorted(cells_.begin(), cells_.end(), row_major_less))
    std::sort(cells_.begin(), cells_.end(), row_major_less);
  cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
}

void Pattern::set_history(std::vector<StateCell> history) {
  std::sort(history.begin(), history.end(), state_less);
  history.erase(std::unique(history.begin(), history.end()), history.end());
  history_ = std::move(history);
}

Box Pattern::bounding_box() const {
  if (tree_) return tree_->bounding_box(tree_origin_);
  Box box;
  if (cells_.empty()) return box;
  box.min_y = cells_.front().y;
  box.max_y = cells_.back().y;
  box.min_x = cells_.front().x;
  box.max_x = cells_.front().x;
  for (const Cell& c : cells_) {
    box.min_x = std::min(box.min_x, c.x);
    box.max_x = std::max(box.max_x, c.x);
  }
  return box;
}

template <class F>
void Pattern::transform(F&& f) {
  to_list();
  for (Cell& c : cells_) c = f(c);
  for (StateCell& s : history_) s.cell = f(s.cell);
  normalize();
  std::sort(history_.begin(), history_.end(), state_less);
}

void Pattern::translate(int64_t dx, int64_t dy) {
  if (tree_) {
    // A shared tree moves by its origin alone; a listed copy moves with it.
    tree_origin_ = Cell{tree_origin_.x + dx, tree_origin_.y + dy};
    if (listed_)
      for (Cell& c : cells_) c = Cell{c.x + dx, c.y + dy};
  } else {
    for (Cell& c : cells_) c = Cell{c.x + dx, c.y + dy};
  }
  for (StateCell& s : history_) s.cell = Cell{s.cell.x + dx, s.cell.y + dy};
}

void Pattern::rotate_clockwise() {
  transform([](Cell c) { return Cell{-c.y, c.x}; });
}

void Pattern::rotate_counterclockwise() {
  transform([](Cell c) { return Cell{c.y, -c.x}; });
}

void Pattern::flip_horizontal() {
  transform([](Cell c) { return Cell{-c.x, c.y}; });
}

void Pattern::flip_vertical() {
  transform([](Cell c) { return Cell{c.x, -c.y}; });
}

void Pattern::move_to_origin() {
  if (empty()) return;
  const Box box = bounding_box();
  translate(-box.min_x, -box.min_y);
}

bool Pattern::same_cells(const Pattern& other) const {
  if (tree_ && tree_ == other.tree_ && tree_origin_ == other.tree_origin_) return true;
  if (population() != other.population()) return false;
  return cells() == other.cells();
}

}  // namespace gpulife
