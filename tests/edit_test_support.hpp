// Test doubles and helpers shared by the edit and history suites.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/reference_engine.hpp"
#include "tests/test_support.hpp"

namespace gpulife::testing {

// An engine that hands every call to another one; test doubles override what they watch.
class ForwardingEngine : public Engine {
 public:
  explicit ForwardingEngine(std::unique_ptr<Engine> inner) : inner_(std::move(inner)) {}

  const EngineInfo& info() const override { return inner_->info(); }
  std::vector<ParamInfo> param_info() const override { return inner_->param_info(); }
  Params params() const override { return inner_->params(); }
  void set_params(const Params& params) override { inner_->set_params(params); }
  void set_rule(const Rule& rule) override { inner_->set_rule(rule); }
  Rule rule() const override { return inner_->rule(); }
  void load(const Grid& grid) override { inner_->load(grid); }
  void store(Grid& grid) const override { inner_->store(grid); }
  Grid read_region(const Box& box) const override { return inner_->read_region(box); }
  void write_region(const Grid& patch, Cell top_left) override {
    inner_->write_region(patch, top_left);
  }
  void step(uint64_t generations) override { inner_->step(generations); }
  uint64_t generation() const override { return inner_->generation(); }
  void set_generation(uint64_t g) override { inner_->set_generation(g); }
  uint64_t population() const override { return inner_->population(); }
  CellStats cell_stats(bool changes, bool shape) const override {
    return inner_->cell_stats(changes, shape);
  }
  uint64_t hash() const override { return inner_->hash(); }
  double bytes_per_generation() const override { return inner_->bytes_per_generation(); }
  double last_step_ms() const override { return inner_->last_step_ms(); }
  int64_t width() const override { return inner_->width(); }
  int64_t height() const override { return inner_->height(); }
  Topology topology() const override { return inner_->topology(); }

 protected:
  Engine& inner() const { return *inner_; }

 private:
  std::unique_ptr<Engine> inner_;
};

// Wraps an engine and counts the cells moved through read_region()/write_region() against
// those moved through whole-grid store()/load(), proving edits take the region path.
class CountingEngine final : public ForwardingEngine {
 public:
  using ForwardingEngine::ForwardingEngine;

  void load(const Grid& grid) override {
    full_cells += grid.cell_count();
    ++full_calls;
    inner().load(grid);
  }
  void store(Grid& grid) const override {
    inner().store(grid);
    full_cells += grid.cell_count();
    ++full_calls;
  }

  Grid read_region(const Box& box) const override {
    const uint64_t cells = uint64_t(box.width()) * uint64_t(box.height());
    region_cells += cells;
    largest_region = std::max(largest_region, cells);
    ++region_calls;
    return inner().read_region(box);
  }
  void write_region(const Grid& patch, Cell top_left) override {
    region_cells += patch.cell_count();
    largest_region = std::max(largest_region, patch.cell_count());
    ++region_calls;
    inner().write_region(patch, top_left);
  }

  void reset_counts() {
    full_cells = region_cells = largest_region = 0;
    full_calls = region_calls = 0;
  }

  mutable uint64_t full_cells = 0;
  mutable uint64_t region_cells = 0;
  mutable uint64_t largest_region = 0;
  mutable uint64_t full_calls = 0;
  mutable uint64_t region_calls = 0;
};

using test::state;

// Whether `engine` holds `grid` at generation `generation`; a failure names the first cell that
// differs (or the sizes) and the generation reached: EXPECT_TRUE(holds(*e, start, 0)).
inline ::testing::AssertionResult holds(const Engine& engine, const Grid& grid,
                                        uint64_t generation) {
  const Grid now = state(engine);
  const bool same_cells = now == grid;
  if (same_cells && engine.generation() == generation) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  if (!same_cells) {
    if (now.width() != grid.width() || now.height() != grid.height())
      failure << "the grid is " << now.width() << "x" << now.height() << " (want " << grid.width()
              << "x" << grid.height() << "); ";
    else if (const std::optional<Cell> c = first_difference(now, grid);
             c && now.in_bounds(c->x, c->y))
      failure << "cell (" << c->x << ", " << c->y << ") is " << (now.get(c->x, c->y) ? 1 : 0)
              << " (want " << (grid.get(c->x, c->y) ? 1 : 0) << "); ";
    else
      failure << "the cells differ; ";
  }
  return failure << "generation " << engine.generation() << " (want " << generation << ")";
}

// An engine of the registry loaded with `grid`.
inline std::unique_ptr<Engine> make_loaded(const std::string& name, const Grid& grid) {
  EngineRegistry registry;
  register_cpu_engines(registry);
  std::unique_ptr<Engine> e = registry.create(name);
  e->load(grid);
  return e;
}

// The CPU engines of every cell layout the registry offers (at least the reference engine), so
// each edit is checked on byte-per-cell and bit-packed storage alike.
inline std::vector<std::string> cpu_engine_names() {
  EngineRegistry registry;
  register_cpu_engines(registry);
  std::vector<std::string> names;
  for (const EngineInfo& info : registry.engines())
    if (registry.unavailable_reason(info.name).empty()) names.push_back(info.name);
  return names;
}

// A suite run once for each of cpu_engine_names(): engine(grid) is this run's engine, loaded
// with `grid`.
class OnEachCpuEngine : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Engine> engine(const Grid& g) { return make_loaded(GetParam(), g); }
};

inline Grid random_grid(int64_t w, int64_t h, double density, uint64_t seed) {
  Grid g(w, h);
  g.randomize(density, seed);
  return g;
}

}  // namespace gpulife::testing
