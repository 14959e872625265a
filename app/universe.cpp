// Placing a pattern on an engine (in tiles for quadtrees on a GPU), and growing the grid as
// the pattern nears a side that stands for unbounded space.
#include "app/universe.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"
#include "core/rule_phases.hpp"

#if GPULIFE_HAVE_CUDA
#include "gpu/gpu_engine.hpp"
#endif

namespace gpulife::app {
namespace {

int64_t round_up(int64_t v, int64_t m) {
  return (v + m - 1) / m * m;
}

// Sizes a GPU engine's grid without cells (no host grid); false for other engines.
bool resize_empty(Engine& engine, GridSize size, const Topology& topology) {
#if GPULIFE_HAVE_CUDA
  if (auto* gpu = dynamic_cast<gpu::GpuEngine*>(&engine)) {
    gpu->resize(size.width, size.height, topology);
    return true;
  }
#endif
  (void)engine;
  (void)size;
  (void)topology;
  return false;
}

// Distance from the start of `strip` (its first column, or row with `rows`) to its nearest live
// cell, counting `from_end` from the other end; the strip's depth when it has none.
int64_t depth_to_live(const Grid& strip, bool rows, bool from_end) {
  const int64_t depth = rows ? strip.height() : strip.width();
  int64_t best = depth;
  for (int64_t y = 0; y < strip.height(); ++y) {
    const uint64_t* r = strip.row(y);
    for (int64_t j = 0; j < strip.words_per_row(); ++j) {
      const uint64_t w = j + 1 == strip.words_per_row() ? r[j] & strip.last_word_mask() : r[j];
      if (!w) continue;
      if (rows) {
        best = std::min(best, from_end ? depth - 1 - y : y);
        break;
      }
      const int64_t first = 64 * j + std::countr_zero(w);
      const int64_t last = 64 * j + 63 - std::countl_zero(w);
      best = std::min(best, from_end ? depth - 1 - last : first);
      if (!from_end) break;
    }
  }
  return best;
}

}  // namespace

Universe::Universe(Engine& engine, const Pattern& pattern, const GridSetup& setup,
                   const MemoryBudget& budget, AtTheLimit at_limit)
    : engine_(engine),
      open_x_(setup.open_x),
      open_y_(setup.open_y),
      grow_x_(setup.grow_x),
      grow_y_(setup.grow_y),
      budget_(budget),
      at_limit_(at_limit) {
  const Box box = pattern.bounding_box();
  offset_ =
      box.empty() ? setup.origin : Cell{setup.origin.x - box.min_x, setup.origin.y - box.min_y};
  const uint64_t total = pattern.population();
  uint64_t placed = 0;
  if (pattern.tree() && resize_empty(engine, setup.size, setup.topology)) {
    // Tile by tile over the part of the grid the pattern covers, skipping empty tiles.
    const int64_t x0 = std::max<int64_t>(0, box.min_x + offset_.x);
    const int64_t y0 = std::max<int64_t>(0, box.min_y + offset_.y);
    const int64_t x1 = std::min(setup.size.width, box.max_x + offset_.x + 1);
    const int64_t y1 = std::min(setup.size.height, box.max_y + offset_.y + 1);
    for (int64_t ty = y0; ty < y1; ty += kTileSide) {
      for (int64_t tx = x0; tx < x1; tx += kTileSide) {
        Grid tile(std::min(kTileSide, x1 - tx), std::min(kTileSide, y1 - ty));
        draw_pattern(pattern, tile, Cell{offset_.x - tx, offset_.y - ty});
        const uint64_t n = tile.population();
        if (n == 0) continue;
        placed += n;
        engine.write_region(tile, Cell{tx, ty});
      }
    }
  } else {
    Grid grid(setup.size.width, setup.size.height, setup.topology);
    draw_pattern(pattern, grid, offset_);
    placed = grid.population();
    engine.load(grid);
  }
  base_generation_ = pattern.generation;
  if ((open_x_ || open_y_) && !loads_as_golly_shows()) {
    // Golly's cells of a B0 rule at an odd generation: their complement, the true state, has a
    // live background that an unbounded grid cannot hold. The engine holds Golly's cells as they
    // are until the first step makes them the true cells of the next, even, generation.
    golly_cells_held_ = true;
  } else if (golly_inverts(engine.rule(), pattern.generation)) {
    // The file holds Golly's cells of a B0 rule, the complement of the true ones here.
    Grid g;
    engine.store(g);
    convert_golly_cells(g, engine.rule(), pattern.generation);
    engine.load(g);
  }
  dropped_ = total - std::min(total, placed);
  if (dropped_ > 0)
    notes_.push_back(std::to_string(dropped_) + (dropped_ == 1 ? " cell lies" : " cells lie") +
                     " beyond the " + size_text(setup.size.width, setup.size.height) +
                     " bounded grid and were dropped, as Golly drops them");
}

bool Universe::shows_complement() const {
  return !golly_cells_held_ &&
         golly_inverts(engine_.rule(), base_generation_ + engine_.generation());
}

Grid Universe::shown_region(const Box& box) const {
  Grid g = engine_.read_region(box);
  // For B0 rules, what lies beyond an open side is Golly's background: look at its cells.
  if (shows_complement()) invert_cells(g);
  return g;
}

void Universe::step_from_golly_cells() {
  // Golly steps its cells of an odd generation with the rule that makes the next generation's
  // true cells (the B0 emulation's odd phase, itself without B0).
  const Rule rule = engine_.rule();
  engine_.set_rule(rule_phases(rule).step[1]);
  engine_.step(1);
  engine_.set_rule(rule);
  golly_cells_held_ = false;
}

bool Universe::loads_as_golly_shows() const {
  return rule_phases(engine_.rule()).inverted[0] ==
         golly_inverts(engine_.rule(), base_generation_ + engine_.generation());
}

int64_t Universe::clearance(int64_t limit) const {
  const int64_t w = engine_.width(), h = engine_.height();
  int64_t best = limit;
  if (open_x_) {
    const int64_t d = std::min(limit, w);
    best = std::min(best, depth_to_live(shown_region(Box{0, 0, d - 1, h - 1}), false, false));
    best = std::min(best, depth_to_live(shown_region(Box{w - d, 0, w - 1, h - 1}), false, true));
  }
  if (open_y_) {
    const int64_t d = std::min(limit, h);
    best = std::min(best, depth_to_live(shown_region(Box{0, 0, w - 1, d - 1}), true, false));
    best = std::min(best, depth_to_live(shown_region(Box{0, h - d, w - 1, h - 1}), true, true));
  }
  return best;
}

bool Universe::grow(int64_t room) {
  const int64_t w = engine_.width(), h = engine_.height();
  // Double an open side (at least `room` more on each end), or as much as memory allows.
  auto target = [&](bool grows, int64_t side) {
    if (!grows) return side;
    return std::min(kMaxGridSide, round_up(std::max(2 * side, side + 4 * room), 64));
  };
  int64_t nw = target(grow_x_, w), nh = target(grow_y_, h);
  if (nw == w && nh == h) return false;
  // The old state stays while the new one is made: count it against the budget.
  const MemoryNeed old_need = memory_need(engine_.info(), w, h);
  auto fits = [&](int64_t a, int64_t b) {
    MemoryBudget left = budget_;
    if (left.host_bytes) left.host_bytes = *left.host_bytes - old_need.host_bytes;
    if (left.device_bytes) left.device_bytes = *left.device_bytes - old_need.device_bytes;
    return memory_refusal(engine_.info(), a, b, left).empty();
  };
  if (!fits(nw, nh)) {
    // The largest growth that fits, down to `room` on each end.
    int64_t lo_w = w, lo_h = h;
    const int64_t min_w = grow_x_ ? std::min(kMaxGridSide, w + 2 * room) : w;
    const int64_t min_h = grow_y_ ? std::min(kMaxGridSide, h + 2 * room) : h;
    if ((min_w == w && min_h == h) || !fits(min_w, min_h)) return false;
    lo_w = min_w;
    lo_h = min_h;
    for (int i = 0; i < 40; ++i) {
      const int64_t mw = lo_w + (nw - lo_w) / 2, mh = lo_h + (nh - lo_h) / 2;
      if (mw == lo_w && mh == lo_h) break;
      if (fits(mw, mh)) {
        lo_w = mw;
        lo_h = mh;
      } else {
        nw = mw;
        nh = mh;
      }
    }
    nw = lo_w;
    nh = lo_h;
  }
  Grid old;
  engine_.store(old);
  const uint64_t generation = engine_.generation();
  // The new cells are Golly's background (dead as shown; alive in truth where a B0 rule shows
  // the complement).
  convert_golly_cells(old, engine_.rule(), base_generation_ + generation);
  Grid bigger(nw, nh, old.topology());
  const Cell shift{(nw - w) / 2, (nh - h) / 2};
  bigger.blit(old, shift);
  old = Grid();
  convert_golly_cells(bigger, engine_.rule(), base_generation_ + generation);
  engine_.load(bigger);
  engine_.set_generation(generation);
  offset_ = Cell{offset_.x + shift.x, offset_.y + shift.y};
  return true;
}

void Universe::reach_edge(uint64_t generation, const std::string& why) {
  const std::string what = "at generation " + std::to_string(generation) +
                           " the pattern reaches the edge of the " +
                           size_text(engine_.width(), engine_.height()) +
                           " grid, which stands for unbounded space, " + why +
                           "; from there cells beyond it are lost, so the result may differ "
                           "from an unbounded universe";
  if (at_limit_ == AtTheLimit::Stop) {
    stop_reason_ = what +
                   " (use --allow-edge to run on with the edge, or more memory, or a GPU "
                   "engine)";
    return;
  }
  reached_edge_ = true;
  notes_.push_back(what);
}

void Universe::step(uint64_t generations) {
  uint64_t left = generations;
  if (left > 0 && golly_cells_held_) {
    if (clearance(1) < 1)
      throw Error("a pattern of the B0 rule " + engine_.rule().to_string() +
                  " at an odd generation touches the edge of its grid; give it a larger --size");
    step_from_golly_cells();
    left -= 1;
  }
  while (left > 0 && stop_reason_.empty()) {
    if ((!open_x_ && !open_y_) || reached_edge_) {
      engine_.step(left);
      break;
    }
    if (exact_ahead_ > 0) {
      // Generations the last check found exact: stepped without looking again, so that where
      // the checks fall (and with them the grid's growth and the result's hash) depends on the
      // generation alone, not on how a caller splits its steps.
      const uint64_t n = std::min(left, exact_ahead_);
      engine_.step(n);
      left -= n;
      exact_ahead_ -= n;
      continue;
    }
    // A quarter of an open side per check, so strips stay small next to the work.
    int64_t side = INT64_MAX;
    if (open_x_) side = std::min(side, engine_.width());
    if (open_y_) side = std::min(side, engine_.height());
    const int64_t want = std::max<int64_t>(1, side / 4);
    const int64_t clear = clearance(want);
    if (clear >= want) {
      // No live cell within `want` of an open side: that many generations are exact.
      exact_ahead_ = uint64_t(want);
      continue;
    }
    if ((grow_x_ || grow_y_) && !capped_ && !loads_as_golly_shows() && clear >= 1) {
      // A B0 rule without Smax, at a generation where a reloaded grid would not hold what
      // Golly shows: one exact generation first, then grow.
      engine_.step(1);
      left -= 1;
      continue;
    }
    if ((grow_x_ || grow_y_) && !capped_ && loads_as_golly_shows()) {
      const int64_t w = engine_.width(), h = engine_.height();
      if (grow(std::max<int64_t>(want, 64))) {
        // One note for all the growth: from the first size to the latest.
        if (growths_++ == 0) grown_from_ = size_text(w, h);
        const std::string note = "grid grew from " + grown_from_ + " to " +
                                 size_text(engine_.width(), engine_.height()) + " (" +
                                 std::to_string(growths_) + (growths_ == 1 ? " step" : " steps") +
                                 ", the last at generation " +
                                 std::to_string(engine_.generation()) + ")";
        if (growth_note_ < notes_.size())
          notes_[growth_note_] = note;
        else {
          growth_note_ = notes_.size();
          notes_.push_back(note);
        }
        continue;
      }
      capped_ = true;
    }
    if (clear >= 1) {
      exact_ahead_ = uint64_t(clear);
      continue;
    }
    reach_edge(engine_.generation(),
               (grow_x_ || grow_y_) ? "and the grid cannot grow further in the memory there is (" +
                                          std::string(engine_.info().name) + ")"
                                    : "whose size was fixed");
  }
}

uint64_t Universe::population() const {
  const uint64_t alive = engine_.population();
  if (!shows_complement()) return alive;
  // Golly shows the whole grid's complement (convert_golly_cells): count it, list nothing.
  return uint64_t(engine_.width()) * uint64_t(engine_.height()) - alive;
}

Pattern Universe::cells() const {
  Grid g;
  engine_.store(g);
  // Files of B0 rules hold Golly's cells, the complement of the true ones at times.
  if (shows_complement()) invert_cells(g);
  Pattern p = g.extract();
  p.translate(-offset_.x, -offset_.y);
  return p;
}

}  // namespace gpulife::app
