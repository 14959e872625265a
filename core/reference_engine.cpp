// The reference engine: counts each cell's eight neighbours one by one. Slow and obviously right.
#include "core/reference_engine.hpp"

#include <chrono>
#include <vector>

namespace gpulife {
namespace {

class ReferenceEngine final : public Engine {
 public:
  const EngineInfo& info() const override {
    static const EngineInfo i = reference_engine_info();
    return i;
  }

  void set_rule(const Rule& rule) override { rule_ = rule; }
  Rule rule() const override { return rule_; }

  void load(const Grid& grid) override {
    grid_ = grid;
    generation_ = 0;
  }
  void store(Grid& grid) const override { grid = grid_; }

  void step(uint64_t generations) override {
    const auto start = std::chrono::steady_clock::now();
    const int64_t w = grid_.width(), h = grid_.height();
    const Topology topology = grid_.topology();
    // Cells as bytes, so each neighbour is a plain lookup; cells beyond the edge are what the
    // topology makes of them (dead beyond a plane's edge).
    std::vector<uint8_t> cur(size_t(w * h)), next(size_t(w * h));
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) cur[size_t(y * w + x)] = grid_.get(x, y);
    auto alive = [&](int64_t x, int64_t y) -> int {
      if (!resolve_outside(topology, w, h, x, y)) return 0;
      return cur[size_t(y * w + x)];
    };
    for (uint64_t g = 0; g < generations; ++g) {
      for (int64_t y = 0; y < h; ++y) {
        for (int64_t x = 0; x < w; ++x) {
          int n = 0;
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
              if (dx != 0 || dy != 0) n += alive(x + dx, y + dy);
          const bool was = cur[size_t(y * w + x)];
          next[size_t(y * w + x)] = was ? rule_.survives(n) : rule_.births(n);
        }
      }
      cur.swap(next);
    }
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x) grid_.set(x, y, cur[size_t(y * w + x)]);
    generation_ += generations;
    last_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }

  uint64_t generation() const override { return generation_; }
  void set_generation(uint64_t generation) override { generation_ = generation; }
  uint64_t population() const override { return grid_.population(); }
  uint64_t hash() const override { return grid_.hash(); }
  double bytes_per_generation() const override { return 2.0 * double(grid_.cell_count()); }
  double last_step_ms() const override { return last_ms_; }
  int64_t width() const override { return grid_.width(); }
  int64_t height() const override { return grid_.height(); }
  Topology topology() const override { return grid_.topology(); }

 private:
  Rule rule_;
  Grid grid_;
  uint64_t generation_ = 0;
  double last_ms_ = 0;
};

}  // namespace

EngineInfo reference_engine_info() {
  return EngineInfo{
      .name = "reference",
      .family = "cpu",
      .description = "CPU reference: one cell at a time, any rule (the test oracle)",
      .layout = CellLayout::BytePerCell,
      .gpu = false,
      .rank = 90,
      .caption = "The reference engine: one byte per cell, one cell at a time on one core. "
                 "Simple and slow; every other engine is checked against it.",
  };
}

std::unique_ptr<Engine> make_reference_engine() {
  return std::make_unique<ReferenceEngine>();
}

}  // namespace gpulife
