// Edit operations on an Engine through bounded read_region()/write_region() rectangles.
#include "core/edit.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"

namespace gpulife {
namespace {

// Exact products of two coordinates in the line formula (each may reach ~2^32 for lines that
// start far off the grid).
__extension__ typedef __int128 Int128;

Box box_at(Cell top_left, int64_t w, int64_t h) {
  return Box{top_left.x, top_left.y, top_left.x + w - 1, top_left.y + h - 1};
}

Box intersect(const Box& a, const Box& b) {
  Box r{std::max(a.min_x, b.min_x), std::max(a.min_y, b.min_y), std::min(a.max_x, b.max_x),
        std::min(a.max_y, b.max_y)};
  return r.empty() ? Box{} : r;
}

// Calls fn(live_x, live_y) for every live cell of the grid, skipping empty words.
template <typename Fn>
void for_each_live(const Grid& g, Fn&& fn) {
  for (int64_t y = 0; y < g.height(); ++y) {
    const uint64_t* r = g.row(y);
    for (int64_t j = 0; j < g.words_per_row(); ++j)
      for (uint64_t w = r[j]; w; w &= w - 1) fn(j * 64 + std::countr_zero(w), y);
  }
}

// Splits a box into pieces of at most kMaxPatchCells: full-width row bands, or single-row tiles
// when one row alone is larger.
std::vector<Box> split_box(const Box& box) {
  std::vector<Box> pieces;
  if (box.empty()) return pieces;
  const int64_t w = box.width();
  if (w <= kMaxPatchCells) {
    const int64_t rows = std::max<int64_t>(1, kMaxPatchCells / w);
    for (int64_t y = box.min_y; y <= box.max_y; y += rows)
      pieces.push_back(Box{box.min_x, y, box.max_x, std::min(box.max_y, y + rows - 1)});
  } else {
    for (int64_t y = box.min_y; y <= box.max_y; ++y)
      for (int64_t x = box.min_x; x <= box.max_x; x += kMaxPatchCells)
        pieces.push_back(Box{x, y, std::min(box.max_x, x + kMaxPatchCells - 1), y});
  }
  return pieces;
}

// Reads `piece`, lets `mutate` change the copy, and writes it back when anything changed,
// recording the patch. `mutate` gets the piece's grid and its box in grid coordinates.
using Mutator = std::function<void(Grid& cells, const Box& piece)>;

void change_piece(Engine& engine, const Box& piece, Edit& edit, const Mutator& mutate) {
  Patch patch;
  patch.top_left = Cell{piece.min_x, piece.min_y};
  patch.before = engine.read_region(piece);
  Grid after = patch.before;
  mutate(after, piece);
  if (after == patch.before) return;
  engine.write_region(after, patch.top_left);
  // A cleared piece is stored as "all dead" rather than as a grid of zeros.
  if (after.population() != 0) patch.after = std::move(after);
  edit.patches.push_back(std::move(patch));
}

// change_piece() over every band of a box (already clipped to the grid).
void change_box(Engine& engine, const Box& box, Edit& edit, const Mutator& mutate) {
  for (const Box& piece : split_box(box)) change_piece(engine, piece, edit, mutate);
}

Edit make_edit(const Engine& engine, std::string label) {
  Edit e;
  e.label = std::move(label);
  e.generation = engine.generation();
  return e;
}

// Whether cell (x, y) of a random fill is alive: a counter-based hash of the absolute position,
// so the result does not depend on how the box is split into bands.
bool random_alive(uint64_t seed, int64_t x, int64_t y, uint64_t threshold, bool all) {
  if (all) return true;
  const uint64_t r = hash::mix64(
      seed ^ hash::mix64(uint64_t(y) * 0x9e3779b97f4a7c15ull ^ hash::mix64(uint64_t(x))));
  return r < threshold;
}

// Cell (x, y) of a w x h block after the transform, in the transformed block's coordinates.
Cell transform_local(Transform t, int64_t x, int64_t y, int64_t w, int64_t h) {
  switch (t) {
    case Transform::RotateClockwise:
      return {h - 1 - y, x};
    case Transform::RotateAnticlockwise:
      return {y, w - 1 - x};
    case Transform::FlipHorizontal:
      return {w - 1 - x, y};
    case Transform::FlipVertical:
      return {x, h - 1 - y};
  }
  return {x, y};
}

// Streams the line from..to in pieces whose bounding box holds at most kMaxLinePatchCells
// cells, skipping cells outside `clip`; calls piece(cells) for each non-empty piece.
template <typename Fn>
void for_each_line_piece(Cell from, Cell to, const Box& clip, Fn&& piece) {
  const int64_t dx = to.x - from.x, dy = to.y - from.y;
  const int64_t adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
  const bool x_major = adx >= ady;
  const int64_t major = x_major ? adx : ady, minor = x_major ? ady : adx;
  const int64_t s_major = (x_major ? dx : dy) < 0 ? -1 : 1;
  const int64_t s_minor = (x_major ? dy : dx) < 0 ? -1 : 1;
  const int64_t major0 = x_major ? from.x : from.y, minor0 = x_major ? from.y : from.x;
  const int64_t lo = x_major ? clip.min_x : clip.min_y, hi = x_major ? clip.max_x : clip.max_y;
  if (clip.empty()) return;

  // Only steps whose major coordinate lies inside the clip can hold a drawn cell.
  int64_t i_begin, i_end;
  if (s_major > 0) {
    i_begin = std::max<int64_t>(0, lo - major0);
    i_end = std::min<int64_t>(major, hi - major0);
  } else {
    i_begin = std::max<int64_t>(0, major0 - hi);
    i_end = std::min<int64_t>(major, major0 - lo);
  }
  std::vector<Cell> cells;
  Cell first{};
  for (int64_t i = i_begin; i <= i_end; ++i) {
    // Step i's minor offset is i * minor / major rounded half up: consecutive steps differ by
    // at most one, so the line is 8-connected, and step `major` lands exactly on `to`.
    const int64_t off =
        major == 0 ? 0 : int64_t((Int128(2) * i * minor + major) / (Int128(2) * major));
    const int64_t a = major0 + s_major * i, b = minor0 + s_minor * off;
    const Cell c = x_major ? Cell{a, b} : Cell{b, a};
    if (!clip.contains(c)) continue;
    if (!cells.empty()) {
      const int64_t w = (c.x > first.x ? c.x - first.x : first.x - c.x) + 1;
      const int64_t h = (c.y > first.y ? c.y - first.y : first.y - c.y) + 1;
      if (w * h > kMaxLinePatchCells) {
        piece(cells);
        cells.clear();
      }
    }
    if (cells.empty()) first = c;
    cells.push_back(c);
  }
  if (!cells.empty()) piece(cells);
}

Box bounds_of(const std::vector<Cell>& cells) {
  Box b{cells.front().x, cells.front().y, cells.front().x, cells.front().y};
  for (const Cell& c : cells) {
    b.min_x = std::min(b.min_x, c.x);
    b.max_x = std::max(b.max_x, c.x);
    b.min_y = std::min(b.min_y, c.y);
    b.max_y = std::max(b.max_y, c.y);
  }
  return b;
}

}  // namespace

Box Patch::box() const {
  return box_at(top_left, before.width(), before.height());
}

size_t Patch::bytes() const {
  return sizeof(Patch) + before.words().size_bytes() + after.words().size_bytes();
}

size_t Edit::bytes() const {
  size_t n = sizeof(Edit) + label.size();
  for (const Patch& p : patches) n += p.bytes();
  return n;
}

Box Edit::bounds() const {
  Box out;
  for (const Patch& p : patches) {
    const Box b = p.box();
    if (b.empty()) continue;
    out = out.empty() ? b
                      : Box{std::min(out.min_x, b.min_x), std::min(out.min_y, b.min_y),
                            std::max(out.max_x, b.max_x), std::max(out.max_y, b.max_y)};
  }
  return out;
}

void Edit::append(Edit&& other) {
  if (patches.empty()) generation = other.generation;
  if (label.empty()) label = std::move(other.label);
  for (Patch& p : other.patches) patches.push_back(std::move(p));
  other.patches.clear();
}

void Edit::apply(Engine& engine) const {
  for (const Patch& p : patches) {
    if (p.after.width() > 0) {
      engine.write_region(p.after, p.top_left);
    } else {
      engine.write_region(Grid(p.before.width(), p.before.height()), p.top_left);
    }
  }
}

void Edit::revert(Engine& engine) const {
  for (auto it = patches.rbegin(); it != patches.rend(); ++it)
    engine.write_region(it->before, it->top_left);
}

Box grid_box(const Engine& engine) {
  return Box{0, 0, engine.width() - 1, engine.height() - 1};
}

Box clip_to_grid(const Engine& engine, const Box& box) {
  return box.empty() ? Box{} : intersect(box, grid_box(engine));
}

Box box_from_corners(Cell a, Cell b) {
  return Box{std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
}

// --- Drawing ---

bool cell_alive(const Engine& engine, Cell cell) {
  if (clip_to_grid(engine, Box{cell.x, cell.y, cell.x, cell.y}).empty()) return false;
  return engine.read_region(Box{cell.x, cell.y, cell.x, cell.y}).get(0, 0);
}

Edit draw_cell(Engine& engine, Cell cell, bool alive) {
  return draw_line(engine, cell, cell, alive);
}

Edit toggle_cell(Engine& engine, Cell cell) {
  Edit edit = make_edit(engine, "toggle");
  const Box box{cell.x, cell.y, cell.x, cell.y};
  if (clip_to_grid(engine, box).empty()) return edit;
  change_piece(engine, box, edit, [](Grid& g, const Box&) { g.set(0, 0, !g.get(0, 0)); });
  return edit;
}

Edit draw_line(Engine& engine, Cell from, Cell to, bool alive) {
  Edit edit = make_edit(engine, alive ? "draw" : "erase");
  for_each_line_piece(from, to, grid_box(engine), [&](const std::vector<Cell>& cells) {
    const Box box = bounds_of(cells);
    change_piece(engine, box, edit, [&](Grid& g, const Box& b) {
      for (const Cell& c : cells) g.set(c.x - b.min_x, c.y - b.min_y, alive);
    });
  });
  return edit;
}

Stroke::Stroke(Engine& engine, Cell start, bool alive)
    : alive_(alive), last_(start), edit_(draw_cell(engine, start, alive)) {
  edit_.label = alive ? "draw" : "erase";
}

void Stroke::to(Engine& engine, Cell cell) {
  if (cell == last_) return;
  edit_.append(draw_line(engine, last_, cell, alive_));
  last_ = cell;
}

Edit Stroke::finish() {
  Edit done = std::move(edit_);
  edit_ = Edit{};
  edit_.label = done.label;
  return done;
}

std::vector<Cell> line_cells(Cell from, Cell to) {
  std::vector<Cell> out;
  const Box all{std::min(from.x, to.x), std::min(from.y, to.y), std::max(from.x, to.x),
                std::max(from.y, to.y)};
  for_each_line_piece(from, to, all, [&](const std::vector<Cell>& cells) {
    out.insert(out.end(), cells.begin(), cells.end());
  });
  return out;
}

// --- Selection ---

Edit clear_selection(Engine& engine, const Box& selection) {
  Edit edit = make_edit(engine, "clear");
  change_box(engine, clip_to_grid(engine, selection), edit, [](Grid& g, const Box&) { g.clear(); });
  return edit;
}

Edit clear_outside(Engine& engine, const Box& selection) {
  Edit edit = make_edit(engine, "clear outside");
  const Box sel = clip_to_grid(engine, selection);
  if (sel.empty()) return edit;
  const int64_t w = engine.width(), h = engine.height();
  const Box outside[] = {
      Box{0, 0, w - 1, sel.min_y - 1},                 // above
      Box{0, sel.max_y + 1, w - 1, h - 1},             // below
      Box{0, sel.min_y, sel.min_x - 1, sel.max_y},     // left
      Box{sel.max_x + 1, sel.min_y, w - 1, sel.max_y}  // right
  };
  for (const Box& part : outside)
    if (!part.empty()) change_box(engine, part, edit, [](Grid& g, const Box&) { g.clear(); });
  return edit;
}

Edit random_fill(Engine& engine, const Box& selection, double density, uint64_t seed) {
  Edit edit = make_edit(engine, "random fill");
  if (!(density > 0)) density = 0;  // also maps NaN to 0
  density = std::min(density, 1.0);
  const bool all = density >= 1.0;
  // density < 1 here keeps 2^64 * density below 2^64, so the conversion is exact enough and safe.
  const uint64_t threshold = all ? 0 : uint64_t(std::ldexp(density, 64));
  change_box(engine, clip_to_grid(engine, selection), edit, [&](Grid& g, const Box& b) {
    for (int64_t y = 0; y < g.height(); ++y)
      for (int64_t x = 0; x < g.width(); ++x)
        g.set(x, y, random_alive(seed, b.min_x + x, b.min_y + y, threshold, all));
  });
  return edit;
}

std::string_view to_string(Transform t) {
  static constexpr std::string_view kNames[] = {"rotate clockwise", "rotate anticlockwise",
                                                "flip horizontal", "flip vertical"};
  return enum_name(t, kNames, "transform");
}

Box transformed_box(const Box& selection, Transform t) {
  if (selection.empty()) return selection;
  if (t == Transform::FlipHorizontal || t == Transform::FlipVertical) return selection;
  const int64_t w = selection.width(), h = selection.height();
  // Division toward zero makes the shift odd-symmetric, so a rotation and its inverse (or four
  // rotations) return to the original box even when w - h is odd.
  const Cell tl{selection.min_x + (w - h) / 2, selection.min_y + (h - w) / 2};
  return box_at(tl, h, w);
}

TransformResult transform_selection(Engine& engine, const Box& selection, Transform t) {
  TransformResult result;
  result.edit = make_edit(engine, std::string(to_string(t)));
  const Box sel = clip_to_grid(engine, selection);
  result.selection = sel;
  if (sel.empty()) return result;

  const int64_t w = sel.width(), h = sel.height();
  const Box target = transformed_box(sel, t);
  const Box grid = grid_box(engine);

  // Read the selection in bands, placing each live cell where the transform sends it; refuse
  // before writing anything if a live cell would leave the grid.
  Grid moved(target.width(), target.height());
  for (const Box& piece : split_box(sel)) {
    const Grid g = engine.read_region(piece);
    for_each_live(g, [&](int64_t x, int64_t y) {
      const Cell to =
          transform_local(t, x + piece.min_x - sel.min_x, y + piece.min_y - sel.min_y, w, h);
      const Cell abs{target.min_x + to.x, target.min_y + to.y};
      if (!grid.contains(abs))
        throw Error(std::string(to_string(t)) + " would move live cells outside the " +
                    size_text(engine.width(), engine.height()) +
                    " grid; move the selection away from the edge or grow the grid");
      moved.set(to.x, to.y, true);
    });
  }

  // The old box is cleared and then the new one written: undo replays these in reverse, so the
  // overlap of the two boxes comes back correctly.
  const Box target_clipped = intersect(target, grid);
  if (target != sel) change_box(engine, sel, result.edit, [](Grid& g, const Box&) { g.clear(); });
  change_box(engine, target_clipped, result.edit, [&](Grid& g, const Box& b) {
    for (int64_t y = 0; y < g.height(); ++y)
      for (int64_t x = 0; x < g.width(); ++x)
        g.set(x, y, moved.get(b.min_x - target.min_x + x, b.min_y - target.min_y + y));
  });
  result.selection = target_clipped;
  return result;
}

Box live_bounds(const Engine& engine, const Box& selection) {
  Box b{INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN};
  for (const Box& piece : split_box(clip_to_grid(engine, selection))) {
    const Grid g = engine.read_region(piece);
    for (int64_t y = 0; y < g.height(); ++y) {
      const uint64_t* r = g.row(y);
      for (int64_t j = 0; j < g.words_per_row(); ++j) {
        if (!r[j]) continue;
        const int64_t x0 = piece.min_x + j * 64;
        b.min_x = std::min(b.min_x, x0 + std::countr_zero(r[j]));
        b.max_x = std::max(b.max_x, x0 + 63 - std::countl_zero(r[j]));
        b.min_y = std::min(b.min_y, piece.min_y + y);
        b.max_y = std::max(b.max_y, piece.min_y + y);
      }
    }
  }
  return b.empty() ? Box{} : b;
}

Pattern copy_selection(const Engine& engine, const Box& selection) {
  Pattern p;
  p.rule.rule = engine.rule();
  const Box sel = clip_to_grid(engine, selection);
  if (sel.empty()) return p;
  for (const Box& piece : split_box(sel)) {
    const Grid g = engine.read_region(piece);
    for_each_live(g, [&](int64_t x, int64_t y) {
      p.add(piece.min_x - sel.min_x + x, piece.min_y - sel.min_y + y);
    });
  }
  p.normalize();
  return p;
}

CutResult cut_selection(Engine& engine, const Box& selection) {
  CutResult r;
  r.pattern = copy_selection(engine, selection);
  r.edit = clear_selection(engine, selection);
  r.edit.label = "cut";
  return r;
}

// --- Paste ---

std::string_view to_string(PasteMode mode) {
  static constexpr std::string_view kNames[] = {"copy", "or", "xor"};
  return enum_name(mode, kNames, "copy");
}

bool paste_fits(const Engine& engine, const Pattern& pattern, Cell top_left) {
  if (pattern.empty()) return true;
  const Box pb = pattern.bounding_box();
  const Box placed = box_at(top_left, pb.width(), pb.height());
  return clip_to_grid(engine, placed) == placed;
}

GridSize size_to_fit(const Engine& engine, const Pattern& pattern, Cell top_left) {
  const Box pb = pattern.bounding_box();
  return GridSize{std::max(engine.width(), std::max<int64_t>(0, top_left.x) + pb.width()),
                  std::max(engine.height(), std::max<int64_t>(0, top_left.y) + pb.height())};
}

Edit paste(Engine& engine, const Pattern& pattern, Cell top_left, PasteMode mode) {
  Edit edit = make_edit(engine, "paste");
  if (pattern.empty()) return edit;
  const Box pb = pattern.bounding_box();
  const Box placed = box_at(top_left, pb.width(), pb.height());
  if (!paste_fits(engine, pattern, top_left)) {
    const GridSize need = size_to_fit(engine, pattern, top_left);
    throw Error("the " + size_text(pb.width(), pb.height()) + " pattern does not fit in the " +
                size_text(engine.width(), engine.height()) + " grid at (" +
                std::to_string(top_left.x) + ", " + std::to_string(top_left.y) +
                "); move it inside or grow the grid to at least " +
                size_text(need.width, need.height));
  }
  const std::vector<Cell>& cells = pattern.cells();  // sorted by (y, x)
  const int64_t dx = top_left.x - pb.min_x, dy = top_left.y - pb.min_y;
  // The pattern cells inside a piece: those from the first on its top row up to its bottom row,
  // whose column falls inside it.
  auto first_in_rows = [&](const Box& b) {
    return std::lower_bound(
        cells.begin(), cells.end(), Cell{INT64_MIN, b.min_y - dy},
        [](const Cell& a, const Cell& c) { return a.y != c.y ? a.y < c.y : a.x < c.x; });
  };
  for (const Box& piece : split_box(placed)) {
    if (mode != PasteMode::Copy) {
      // Or and Xor change nothing where the pattern has no cells: skip reading those pieces,
      // which keeps a sparse pattern spread over a large area cheap.
      bool any = false;
      for (auto it = first_in_rows(piece); !any && it != cells.end() && it->y + dy <= piece.max_y;
           ++it)
        any = it->x + dx >= piece.min_x && it->x + dx <= piece.max_x;
      if (!any) continue;
    }
    change_piece(engine, piece, edit, [&](Grid& g, const Box& b) {
      if (mode == PasteMode::Copy) g.clear();
      for (auto it = first_in_rows(b); it != cells.end() && it->y + dy <= b.max_y; ++it) {
        const int64_t x = it->x + dx - b.min_x, y = it->y + dy - b.min_y;
        if (x < 0 || x >= g.width()) continue;
        g.set(x, y, mode == PasteMode::Xor ? !g.get(x, y) : true);
      }
    });
  }
  return edit;
}

Pattern transformed(const Pattern& pattern, Transform t) {
  Pattern p = pattern;
  if (p.empty()) return p;
  // Pattern's own transform (about the origin) for each Transform, in the enum's order.
  using Member = void (Pattern::*)();
  static constexpr Member kMembers[] = {&Pattern::rotate_clockwise,
                                        &Pattern::rotate_counterclockwise,
                                        &Pattern::flip_horizontal, &Pattern::flip_vertical};
  const Box before = p.bounding_box();
  if (const Member member = enum_name(t, kMembers, nullptr)) (p.*member)();
  const Box after = p.bounding_box();
  p.translate(before.min_x - after.min_x, before.min_y - after.min_y);
  return p;
}

}  // namespace gpulife
