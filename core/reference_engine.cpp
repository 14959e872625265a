// The reference engine: looks each cell's 3x3 neighbourhood up in the rule's 512-entry table, one
// cell at a time. Slow and obviously right.
#include "core/reference_engine.hpp"

#include <chrono>
#include <vector>

#include "core/rule_phases.hpp"

namespace gpulife {
namespace {

class ReferenceEngine final : public EngineState<> {
 public:
  const EngineInfo& info() const override {
    static const EngineInfo i = reference_engine_info();
    return i;
  }

  // Keeps the true cells: they are stored again in the new rule's first phase.
  void set_rule(const Rule& rule) override {
    Grid cells;
    store(cells);
    rule_ = rule;
    phases_ = rule_phases(rule);
    load_cells(cells);
  }

  void load(const Grid& grid) override {
    load_cells(grid);
    generation_ = 0;
  }
  void store(Grid& grid) const override {
    grid = grid_;
    if (inverted()) invert_cells(grid);
  }

  void step(uint64_t generations) override {
    const auto start = std::chrono::steady_clock::now();
    const int64_t w = grid_.width(), h = grid_.height();
    const Topology topology = grid_.topology();
    // Cells as bytes, so each neighbour is a plain lookup; cells beyond the edge are what the
    // topology makes of them: dead beyond a plane's edge (the stored background: every step
    // rule is free of B0).
    std::vector<uint8_t> cur(size_t(w * h)), next(size_t(w * h));
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) cur[size_t(y * w + x)] = grid_.get(x, y);
    auto alive = [&](int64_t x, int64_t y) -> int {
      if (!resolve_outside(topology, w, h, x, y)) return 0;
      return cur[size_t(y * w + x)];
    };
    for (uint64_t g = 0; g < generations; ++g) {
      const Rule& rule = phases_.step[phase_];
      for (int64_t y = 0; y < h; ++y) {
        for (int64_t x = 0; x < w; ++x) {
          int index = 0;
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
              index |= alive(x + dx, y + dy) << neighbourhood_bit(dy + 1, dx + 1);
          next[size_t(y * w + x)] = rule.next(index);
        }
      }
      cur.swap(next);
      phase_ ^= 1;
    }
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) grid_.set(x, y, cur[size_t(y * w + x)]);
    generation_ += generations;
    last_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }

  uint64_t population() const override {
    const uint64_t stored = grid_.population();
    return inverted() ? grid_.cell_count() - stored : stored;
  }
  uint64_t hash() const override {
    if (!inverted()) return grid_.hash();
    Grid cells;
    store(cells);
    return cells.hash();
  }
  double bytes_per_generation() const override { return 2.0 * double(grid_.cell_count()); }
  double last_step_ms() const override { return last_ms_; }
  int64_t width() const override { return grid_.width(); }
  int64_t height() const override { return grid_.height(); }
  Topology topology() const override { return grid_.topology(); }

 private:
  bool inverted() const { return phases_.inverted[phase_]; }
  void load_cells(const Grid& cells) {
    grid_ = cells;
    phase_ = 0;
    if (inverted()) invert_cells(grid_);
  }

  RulePhases phases_ = rule_phases(Rule::life());
  int phase_ = 0;
  Grid grid_;
  double last_ms_ = 0;
};

}  // namespace

EngineInfo reference_engine_info() {
  return EngineInfo{
      .name = "reference",
      .family = "cpu",
      .description =
          "CPU reference: one cell at a time through the rule's 512-entry table, any rule (the "
          "test oracle)",
      .layout = CellLayout::BytePerCell,
      .gpu = false,
      .rank = 90,
      .caption =
          "The reference engine: one byte per cell, one cell at a time on one core. "
          "Simple and slow; every other engine is checked against it.",
  };
}

std::unique_ptr<Engine> make_reference_engine() {
  return std::make_unique<ReferenceEngine>();
}

}  // namespace gpulife
