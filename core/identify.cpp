// Identify: hashing each generation up to translation, then measuring one period of the cycle.
#include "core/identify.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <unordered_map>

#include "core/cell_stats.hpp"
#include "core/engine.hpp"
#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/simd_engine.hpp"

namespace gpulife {
namespace {

// Dead cells kept around the pattern when the grid is (re)made: room to grow for a while before
// the next re-embedding.
constexpr int64_t kMinMargin = 32;

// An unbounded plane: a plane grid that grows (and follows the pattern) whenever live cells come
// within two cells of its edge, so nothing ever feels the edge.
class Universe {
 public:
  // `cells` holds the live cells with its (0, 0) at pattern coordinate `origin`.
  Universe(const Grid& cells, Cell origin, const Rule& rule, int64_t max_side)
      : engine_(make_simd_engine()), max_side_(max_side) {
    engine_->set_rule(rule);
    grid_ = cells;
    origin_ = origin;
    bounds_ = live_bounds(grid_);
    if (!bounds_.empty()) embed();
  }

  const Grid& grid() const { return grid_; }
  const Box& bounds() const { return bounds_; }
  // The live cells' bounding box in pattern coordinates.
  Box pattern_bounds() const {
    return Box{bounds_.min_x + origin_.x, bounds_.min_y + origin_.y, bounds_.max_x + origin_.x,
               bounds_.max_y + origin_.y};
  }
  Cell origin() const { return origin_; }

  // One generation; returns the number of cells that changed, or -1 when the pattern has grown
  // beyond max_side (nothing is stepped then).
  int64_t step() {
    if (bounds_.empty()) return 0;
    if (bounds_.min_x < 2 || bounds_.min_y < 2 || bounds_.max_x > grid_.width() - 3 ||
        bounds_.max_y > grid_.height() - 3) {
      if (bounds_.width() + 4 > max_side_ || bounds_.height() + 4 > max_side_) return -1;
      embed();
    }
    std::swap(previous_, grid_);
    engine_->step(1);
    engine_->store(grid_);
    bounds_ = live_bounds(grid_);
    int64_t changed = 0;
    const auto a = previous_.words(), b = grid_.words();
    for (size_t i = 0; i < b.size(); ++i) changed += std::popcount(a[i] ^ b[i]);
    return changed;
  }

 private:
  // A fresh grid around the live cells with a margin proportional to their size.
  void embed() {
    const int64_t margin = std::max(kMinMargin, std::max(bounds_.width(), bounds_.height()) / 2);
    Grid next(bounds_.width() + 2 * margin, bounds_.height() + 2 * margin);
    copy_cells(grid_, bounds_, next, Cell{margin, margin});
    origin_ = Cell{origin_.x + bounds_.min_x - margin, origin_.y + bounds_.min_y - margin};
    grid_ = std::move(next);
    bounds_ = Box{margin, margin, margin + bounds_.width() - 1, margin + bounds_.height() - 1};
    engine_->load(grid_);
  }

  std::unique_ptr<Engine> engine_;
  int64_t max_side_;
  Grid grid_, previous_;
  Box bounds_;
  Cell origin_;
};

uint64_t gcd3(uint64_t a, uint64_t b, uint64_t c) {
  return std::gcd(std::gcd(a, b), c);
}

// What one period of a repeating state shows.
struct Cycle {
  bool repeats = false;
  int64_t dx = 0, dy = 0;
  uint64_t pop_min = ~uint64_t{0}, pop_max = 0, pop_sum = 0;
  int64_t max_w = 0, max_h = 0;
  Box phase_union;  // pattern coordinates
  uint64_t changes = 0;
};

// Cells alive in some phase (any) and in every phase (all) of an oscillator, in a frame whose
// (0, 0) is pattern coordinate `origin`.
struct PhaseCells {
  Cell origin;
  Grid any, all;
};

Box merge(const Box& a, const Box& b) {
  if (a.empty()) return b;
  return Box{std::min(a.min_x, b.min_x), std::min(a.min_y, b.min_y), std::max(a.max_x, b.max_x),
             std::max(a.max_y, b.max_y)};
}

// Steps a copy of `from` one period on and checks that it comes back to itself, moved.
Cycle run_cycle(const Universe& from, uint64_t period, const Rule& rule, int64_t max_side,
                PhaseCells* cells) {
  const Box b0 = from.bounds();
  const Grid first = crop(from.grid(), b0);
  const Cell first_at{from.origin().x + b0.min_x, from.origin().y + b0.min_y};
  Universe u(first, first_at, rule, max_side);
  Cycle c;
  for (uint64_t k = 0; k < period; ++k) {
    const Box pb = u.pattern_bounds();
    const uint64_t pop = u.grid().population();
    c.pop_min = std::min(c.pop_min, pop);
    c.pop_max = std::max(c.pop_max, pop);
    c.pop_sum += pop;
    c.max_w = std::max(c.max_w, pb.width());
    c.max_h = std::max(c.max_h, pb.height());
    c.phase_union = merge(c.phase_union, pb);
    if (cells) {
      Grid phase(cells->any.width(), cells->any.height());
      copy_cells(u.grid(), u.bounds(), phase,
                 Cell{pb.min_x - cells->origin.x, pb.min_y - cells->origin.y});
      auto any = cells->any.words(), all = cells->all.words();
      const auto ph = phase.words();
      for (size_t i = 0; i < any.size(); ++i) {
        any[i] |= ph[i];
        all[i] = k == 0 ? ph[i] : (all[i] & ph[i]);
      }
    }
    const int64_t changed = u.step();
    if (changed < 0) return c;  // grew too large: not a cycle after all
    c.changes += uint64_t(changed);
  }
  const Box bp = u.bounds();
  if (bp.width() != b0.width() || bp.height() != b0.height()) return c;
  if (!(crop(u.grid(), bp) == first)) return c;
  const Box pp = u.pattern_bounds();
  c.repeats = true;
  c.dx = pp.min_x - first_at.x;
  c.dy = pp.min_y - first_at.y;
  return c;
}

// Fills `r` from a confirmed cycle starting at `start`.
void describe_cycle(IdentifyResult& r, const Universe& at, const Cycle& c, uint64_t period,
                    const Rule& rule, int64_t max_side) {
  r.period = period;
  r.dx = c.dx;
  r.dy = c.dy;
  r.population_min = c.pop_min;
  r.population_max = c.pop_max;
  r.population_mean = double(c.pop_sum) / double(period);
  r.heat = double(c.changes) / double(period);
  if (c.dx != 0 || c.dy != 0) {
    r.kind = PatternKind::Spaceship;
    r.speed = speed_text(c.dx, c.dy, period);
    r.heading = heading_text(c.dx, c.dy);
    r.box_width = c.max_w;
    r.box_height = c.max_h;
    return;
  }
  r.kind = period == 1 ? PatternKind::StillLife : PatternKind::Oscillator;
  r.box_width = c.phase_union.width();
  r.box_height = c.phase_union.height();
  // A second run over the same period, now that the frame of all phases is known.
  PhaseCells cells{Cell{c.phase_union.min_x, c.phase_union.min_y},
                   Grid(c.phase_union.width(), c.phase_union.height()),
                   Grid(c.phase_union.width(), c.phase_union.height())};
  run_cycle(at, period, rule, max_side, &cells);
  r.stator = cells.all.population();
  r.rotor = cells.any.population() - r.stator;
  r.volatility = double(r.rotor) / double(r.rotor + r.stator);
}

}  // namespace

std::string_view to_string(PatternKind kind) {
  static constexpr std::string_view kNames[] = {"empty",      "dies",      "still life",
                                                "oscillator", "spaceship", "none"};
  return enum_name(kind, kNames, "none");
}

std::string speed_text(int64_t dx, int64_t dy, uint64_t period) {
  const uint64_t ax = uint64_t(std::llabs(dx)), ay = uint64_t(std::llabs(dy));
  if (period == 0 || (ax == 0 && ay == 0)) return "0";
  const uint64_t g = gcd3(ax, ay, period);
  const uint64_t q = period / g;
  auto fraction = [&](uint64_t a) {
    std::string s = a == 1 ? "c" : std::to_string(a) + "c";
    if (q != 1) s += "/" + std::to_string(q);
    return s;
  };
  if (ax == 0 || ay == 0) return fraction((ax + ay) / g) + " orthogonal";
  if (ax == ay) return fraction(ax / g) + " diagonal";
  const uint64_t hi = std::max(ax, ay) / g, lo = std::min(ax, ay) / g;
  return "(" + std::to_string(hi) + "," + std::to_string(lo) + ")" + fraction(1);
}

std::string heading_text(int64_t dx, int64_t dy) {
  const char* ns = dy < 0 ? "north" : "south";
  const char* ew = dx < 0 ? "west" : "east";
  if (dx == 0 && dy == 0) return "none";
  if (dx == 0) return ns;
  if (dy == 0) return ew;
  const std::string diagonal = std::string(ns) + ew;
  const int64_t ax = std::llabs(dx), ay = std::llabs(dy);
  if (ax == ay) return diagonal;
  return std::string(ax > ay ? ew : ns) + "-" + diagonal;
}

IdentifyResult identify(const Pattern& pattern, const Rule& rule, const IdentifyOptions& o) {
  if (o.max_period < 1 || o.max_period > kMaxIdentifyPeriod)
    throw Error("identify: the period limit must be between 1 and " +
                std::to_string(kMaxIdentifyPeriod) + ", not " + std::to_string(o.max_period));
  if (rule.has_b0())
    throw Error("identify: rule " + rule.to_string() +
                " gives birth on 0 neighbours (B0), so the empty plane around a pattern comes "
                "alive; identify needs a rule without B0");
  IdentifyResult r;
  if (pattern.empty()) {
    r.kind = PatternKind::Empty;
    r.reason = "the pattern has no live cells";
    return r;
  }
  const Box box = pattern.bounding_box();
  if (box.width() > o.max_side || box.height() > o.max_side)
    throw Error("identify: the pattern is " + std::to_string(box.width()) + "x" +
                std::to_string(box.height()) + " cells, more than the " +
                std::to_string(o.max_side) + " cells a side identify follows");
  Grid start(box.width(), box.height());
  start.place(pattern, Cell{0, 0});
  Universe u(start, Cell{box.min_x, box.min_y}, rule, o.max_side);

  // Generations seen so far by shape hash; population and size weed out most collisions before
  // a candidate is confirmed by running its cycle.
  struct Seen {
    uint64_t generation, population;
    int64_t width, height;
  };
  std::unordered_multimap<uint64_t, Seen> seen;
  for (uint64_t g = 0;; ++g) {
    r.generations_run = g;
    if (o.cancel && o.cancel->load()) {
      r.reason = "cancelled at generation " + std::to_string(g);
      return r;
    }
    const Box b = u.bounds();
    if (b.empty()) {
      r.kind = PatternKind::Dies;
      r.start_generation = g;
      r.reason = "no live cells from generation " + std::to_string(g);
      return r;
    }
    const uint64_t pop = u.grid().population();
    const uint64_t h = shape_hash(u.grid(), b);
    const auto [first, last] = seen.equal_range(h);
    for (auto it = first; it != last; ++it) {
      const Seen& s = it->second;
      if (s.population != pop || s.width != b.width() || s.height != b.height()) continue;
      const uint64_t period = g - s.generation;
      const Cycle c = run_cycle(u, period, rule, o.max_side, nullptr);
      if (!c.repeats) continue;
      r.start_generation = s.generation;
      describe_cycle(r, u, c, period, rule, o.max_side);
      return r;
    }
    if (g == o.max_period) break;
    seen.emplace(h, Seen{g, pop, b.width(), b.height()});
    if (u.step() < 0) {
      r.reason = "the pattern grew beyond " + std::to_string(o.max_side) +
                 " cells a side by generation " + std::to_string(g);
      return r;
    }
  }
  r.reason = "no state repeated within " + std::to_string(o.max_period) + " generations";
  return r;
}

std::vector<std::pair<std::string, std::string>> identify_fields(const IdentifyResult& r,
                                                                 uint64_t max_period) {
  auto number = [](double v) {
    char text[48];
    std::snprintf(text, sizeof text, "%.2f", v);
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
  };
  std::vector<std::pair<std::string, std::string>> f;
  const bool found = r.kind == PatternKind::StillLife || r.kind == PatternKind::Oscillator ||
                     r.kind == PatternKind::Spaceship;
  std::string type(to_string(r.kind));
  if (r.kind == PatternKind::None)
    type = "none found within " + std::to_string(max_period) + " generations";
  f.emplace_back("type", type);
  f.emplace_back("period", std::to_string(r.period));
  f.emplace_back("displacement", "(" + std::to_string(r.dx) + ", " + std::to_string(r.dy) + ")");
  if (r.kind == PatternKind::Spaceship) {
    f.emplace_back("speed", r.speed);
    f.emplace_back("heading", r.heading);
  }
  if (found) {
    if (r.start_generation > 0)
      f.emplace_back("settles at generation", std::to_string(r.start_generation));
    f.emplace_back("population min", std::to_string(r.population_min));
    f.emplace_back("population max", std::to_string(r.population_max));
    f.emplace_back("population mean", number(r.population_mean));
    f.emplace_back("bounding box",
                   std::to_string(r.box_width) + "x" + std::to_string(r.box_height));
    f.emplace_back("heat", number(r.heat));
    if (r.kind != PatternKind::Spaceship) {
      f.emplace_back("rotor cells", std::to_string(r.rotor));
      f.emplace_back("stator cells", std::to_string(r.stator));
      f.emplace_back("volatility", number(r.volatility));
    }
  } else {
    if (r.kind == PatternKind::Dies)
      f.emplace_back("dies at generation", std::to_string(r.start_generation));
    f.emplace_back("reason", r.reason);
  }
  f.emplace_back("generations run", std::to_string(r.generations_run));
  return f;
}

}  // namespace gpulife
