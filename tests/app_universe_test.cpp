// Tests for app/universe: placing patterns (tiles for quadtrees on GPU engines, cells dropped
// beyond a bounded grid as Golly drops them) and growing the grid with the pattern.
#include "app/universe.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/error.hpp"
#include "core/pattern_formats.hpp"
#include "core/reference_engine.hpp"
#include "core/simd_engine.hpp"

#if GPULIFE_HAVE_CUDA
#include "gpu/gpu_engine.hpp"
#endif

namespace gpulife::app {
namespace {

GridSetup setup_for(Pattern& p, uint64_t generations, const EngineInfo& info,
                    MemoryBudget budget = {}) {
  GridRequest request;
  request.engine = &info;
  request.budget = budget;
  request.grows = true;
  return choose_grid(p, request, generations);
}

// Three blocks 9000 cells apart in a Macrocell tree.
Pattern far_blocks() {
  Pattern p(std::vector<Cell>{{0, 0},
                              {1, 0},
                              {0, 1},
                              {1, 1},
                              {9000, 0},
                              {9001, 0},
                              {9000, 1},
                              {9001, 1},
                              {0, 9000},
                              {1, 9000},
                              {0, 9001},
                              {1, 9001}});
  return parse_macrocell(write_macrocell(p));
}

#if GPULIFE_HAVE_CUDA
// A GPU engine stand-in over cpu-simd that records how it was filled.
class RecordingGpuEngine final : public gpu::GpuEngine {
 public:
  const EngineInfo& info() const override { return inner_->info(); }
  void set_rule(const Rule& rule) override { inner_->set_rule(rule); }
  Rule rule() const override { return inner_->rule(); }
  void load(const Grid& grid) override {
    ++loads;
    inner_->load(grid);
  }
  void store(Grid& grid) const override { inner_->store(grid); }
  void step(uint64_t n) override { inner_->step(n); }
  uint64_t generation() const override { return inner_->generation(); }
  void set_generation(uint64_t g) override { inner_->set_generation(g); }
  Grid read_region(const Box& box) const override { return inner_->read_region(box); }
  void write_region(const Grid& patch, Cell at) override {
    ++tiles;
    largest_tile = std::max(largest_tile, patch.cell_count());
    inner_->write_region(patch, at);
  }
  uint64_t population() const override { return inner_->population(); }
  uint64_t hash() const override { return inner_->hash(); }
  double bytes_per_generation() const override { return 0; }
  double last_step_ms() const override { return 0; }
  int64_t width() const override { return inner_->width(); }
  int64_t height() const override { return inner_->height(); }
  Topology topology() const override { return inner_->topology(); }
  gpu::DeviceLayout device_layout(int64_t, int64_t) const override { return {}; }
  void resize(int64_t w, int64_t h, Topology t) override {
    ++resizes;
    inner_->load(Grid(w, h, t));
  }
  void attach(const gpu::ExternalBuffers&) override {}
  void forget_attached() noexcept override {}
  int current_buffer() const override { return 0; }
  void set_current_buffer(int) override {}
  void store_device(uint64_t*) const override {}
  void load_device(const uint64_t*) override {}
  void set_stream(void*) override {}
  void set_history_plane(const gpu::HistoryPlane&) override {}
  gpu::HistoryPlane history_plane() const override { return {}; }

  int loads = 0, resizes = 0, tiles = 0;
  uint64_t largest_tile = 0;

 private:
  std::unique_ptr<Engine> inner_ = make_simd_engine();
};

TEST(Universe, QuadtreesGoToGpuEnginesInTilesWithoutAHostGrid) {
  Pattern p = far_blocks();
  ASSERT_NE(p.tree(), nullptr);
  RecordingGpuEngine engine;
  const GridSetup setup = setup_for(p, 0, engine.info());
  Universe u(engine, p, setup, {});
  EXPECT_EQ(engine.resizes, 1);
  EXPECT_EQ(engine.loads, 0);
  EXPECT_EQ(engine.tiles, 3);  // only the tiles with cells
  EXPECT_LE(engine.largest_tile, uint64_t(Universe::kTileSide * Universe::kTileSide));
  Pattern back = u.cells();
  EXPECT_TRUE(back.same_cells(Pattern(p.cells())));
}
#endif

TEST(Universe, QuadtreesOnCpuEnginesAndOpenSidesGrow) {
  Pattern p = far_blocks();
  auto engine = make_simd_engine();
  const GridSetup setup = setup_for(p, 0, engine->info());
  EXPECT_TRUE(setup.grow_x && setup.grow_y);
  Universe u(*engine, p, setup, {});
  EXPECT_TRUE(u.cells().same_cells(Pattern(p.cells())));
  EXPECT_EQ(u.dropped(), 0u);
}

TEST(Universe, GrowsAsTheGliderFlies) {
  Pattern glider = parse_rle("x = 3, y = 3\nbo$2bo$3o!");
  auto engine = make_reference_engine();
  engine->set_rule(Rule::life());
  const GridSetup setup = setup_for(glider, 600, engine->info());
  const GridSize start = setup.size;
  Universe u(*engine, glider, setup, {});
  u.step(600);
  EXPECT_GT(u.size().width, start.width);
  EXPECT_FALSE(u.reached_edge());
  Pattern moved = glider;
  moved.translate(150, 150);
  EXPECT_TRUE(u.cells().same_cells(moved));
  ASSERT_FALSE(u.notes().empty());
  EXPECT_NE(u.notes().back().find("grid grew"), std::string::npos);
}

// Where the grid grows depends on the generation alone: stepped in one call or in many small
// ones, by either engine, a gun ends on the same grid with the same hash.
TEST(Universe, GrowthDoesNotDependOnHowStepsAreSplitOrTheEngine) {
  const std::string gun =
      "x = 36, y = 9\n24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4bobo$"
      "10bo5bo7bo$11bo3bo$12b2o!";
  struct Result {
    GridSize size;
    uint64_t hash;
  };
  auto run = [&](auto make, bool split) {
    Pattern p = parse_rle(gun);
    auto engine = make();
    engine->set_rule(p.rule.rule);
    Universe u(*engine, p, setup_for(p, 300, engine->info()), {});
    if (split) {
      for (uint64_t n = 1, done = 0; done < 300;
           done += n, n = std::min<uint64_t>(n + 1, 300 - done))
        u.step(n);
    } else {
      u.step(300);
    }
    EXPECT_EQ(engine->generation(), 300u);
    EXPECT_GT(u.size().width, 64);
    return Result{u.size(), engine->hash()};
  };
  const Result whole = run(make_reference_engine, false);
  for (const Result& r : {run(make_reference_engine, true), run(make_simd_engine, false),
                          run(make_simd_engine, true)}) {
    EXPECT_EQ(r.size.width, whole.size.width);
    EXPECT_EQ(r.size.height, whole.size.height);
    EXPECT_EQ(r.hash, whole.hash);
  }
}

TEST(Universe, AtTheMemoryLimitItStopsOrSaysSo) {
  Pattern glider = parse_rle("x = 3, y = 3\nbo$2bo$3o!");
  auto engine = make_reference_engine();
  engine->set_rule(Rule::life());
  // A budget that holds the first grid and nothing much larger.
  const double budget = memory_need(engine->info(), 192, 192).host_bytes / 0.85;
  const MemoryBudget tight{budget, std::nullopt};
  Universe stop(*engine, glider, setup_for(glider, 1000, engine->info(), tight), tight);
  stop.step(1000);
  // It stops short of the edge, exact up to there, and says why; it steps no further.
  EXPECT_NE(stop.stop_reason().find("reaches the edge"), std::string::npos) << stop.stop_reason();
  const uint64_t reached = engine->generation();
  EXPECT_GT(reached, 0u);
  EXPECT_LT(reached, 1000u);
  EXPECT_FALSE(stop.reached_edge());
  Pattern moved = glider;
  moved.translate(int64_t(reached / 4), int64_t(reached / 4));
  // Whole at every phase (five cells in a 3x3 box), and exactly in place at phase 0.
  const Pattern at_stop = stop.cells();
  EXPECT_EQ(at_stop.population(), 5u);
  EXPECT_EQ(at_stop.bounding_box().width(), 3);
  EXPECT_EQ(at_stop.bounding_box().height(), 3);
  if (reached % 4 == 0) EXPECT_TRUE(at_stop.same_cells(moved));
  stop.step(10);
  EXPECT_EQ(engine->generation(), reached);
  auto again = make_reference_engine();
  again->set_rule(Rule::life());
  Universe keep(*again, glider, setup_for(glider, 1000, again->info(), tight), tight,
                AtTheLimit::KeepGoing);
  keep.step(1000);
  EXPECT_TRUE(keep.reached_edge());
  EXPECT_NE(keep.notes().back().find("may differ from an unbounded universe"), std::string::npos);
}

TEST(Universe, CellsBeyondABoundedGridAreDroppedAsGollyDoes) {
  // bgolly keeps nothing of a cell 15 rows down on a 10x10 torus.
  Pattern p = parse_rle("x = 1, y = 1, rule = B3/S23:T10,10\n15$o!");
  auto engine = make_reference_engine();
  const GridSetup setup = setup_for(p, 10, engine->info());
  Universe u(*engine, p, setup, {});
  EXPECT_EQ(u.dropped(), 1u);
  EXPECT_TRUE(u.cells().empty());
  ASSERT_FALSE(u.notes().empty());
  EXPECT_NE(u.notes().front().find("dropped"), std::string::npos);
}

// `text`'s cells after `generations` on its rule's grid, in the coordinates a written file has.
Pattern run_rle(const std::string& text, uint64_t generations) {
  Pattern p = parse_rle(text);
  auto engine = make_reference_engine();
  engine->set_rule(p.rule.rule);
  Universe u(*engine, p, setup_for(p, generations, engine->info()), {});
  u.step(generations);
  Pattern cells = u.cells();
  cells.rule = p.rule;
  return cells;
}

TEST(Universe, AnRleWithoutAPositionIsWrittenWhereGollyHasIt) {
  // bgolly centres the 3x3 header on a 6x6 torus: the glider starts at (-1, -1) and, four
  // generations on, has moved to (0, 0).
  const Pattern g4 = run_rle("x = 3, y = 3, rule = B3/S23:T6,6\nbo$2bo$3o!", 4);
  EXPECT_EQ(g4.cells(), (std::vector<Cell>{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}));
  // Written and read back, it runs on as if never stopped (on a Klein bottle, where the place
  // on the grid matters): 17 + 38 generations are 55.
  const std::string klein = "x = 3, y = 3, rule = B3/S23:K10*,12\nbo$2bo$3o!";
  const Pattern at17 = run_rle(klein, 17);
  const Pattern again = run_rle(write_rle(at17), 38);
  const Pattern at55 = run_rle(klein, 55);
  EXPECT_FALSE(at55.empty());
  EXPECT_TRUE(again.same_cells(at55));
  // A header wider than the grid puts the pattern at the grid's top-left corner, (-3, -3) on
  // 7x7: bgolly keeps the cell at x = 3 and drops the one at x = 9.
  EXPECT_EQ(run_rle("x = 13, y = 1, rule = B3/S23:P7,7\n3bo5bo!", 0).cells(),
            (std::vector<Cell>{{0, -3}}));
  // A position given is kept as it is.
  EXPECT_EQ(run_rle("#CXRLE Pos=2,1\nx = 1, y = 1, rule = B3/S23:T6,6\no!", 0).cells(),
            (std::vector<Cell>{{2, 1}}));
}

TEST(Universe, GollysPlaceForAnRleWithoutAPosition) {
  using Header = Pattern::RleHeader;
  const GridBounds t7{Topology::Torus, 7, 7}, tube{Topology::Torus, 0, 8};
  EXPECT_EQ(golly_rle_offset(Header{3, 5}, t7), (Cell{-1, -2}));
  EXPECT_EQ(golly_rle_offset(Header{7, 7}, t7), (Cell{-3, -3}));
  // Too wide, too tall, or no size: the grid's top-left corner.
  EXPECT_EQ(golly_rle_offset(Header{8, 1}, t7), (Cell{-3, -3}));
  EXPECT_EQ(golly_rle_offset(Header{1, 8}, t7), (Cell{-3, -3}));
  EXPECT_EQ(golly_rle_offset(Header{0, 0}, t7), (Cell{-3, -3}));
  // An unbounded side takes any width.
  EXPECT_EQ(golly_rle_offset(Header{100, 4}, tube), (Cell{-50, -2}));
  EXPECT_EQ(golly_rle_offset(Header{100, 9}, tube), (Cell{0, -4}));
}

// A B0 rule without Smax written at an odd generation holds Golly's cells, the complement of
// the true state, whose background is alive: on an unbounded grid it starts from them, and runs
// on as if never stopped (bgolly resumes gpulife's file the same way).
TEST(Universe, AB0PatternAtAnOddGenerationRunsOnFromGollysCells) {
  const std::string soup = "x = 6, y = 5, rule = B03/S23\nob2obo$2bo2bo$obob2o$3o$bo2bo!";
  for (auto make : {make_reference_engine, make_simd_engine}) {
    const Pattern at7 = run_rle(soup, 7);
    Pattern file = parse_rle(write_rle(at7));
    ASSERT_EQ(file.generation, 0u);  // run_rle's cells carry no generation: give it one
    file.generation = 7;
    auto engine = make();
    engine->set_rule(file.rule.rule);
    Universe u(*engine, file, setup_for(file, 3, engine->info()), {});
    // Before the first step it shows the file's cells.
    EXPECT_TRUE(u.cells().same_cells(file)) << engine->info().name;
    EXPECT_EQ(u.population(), file.population());
    u.step(3);
    EXPECT_TRUE(u.cells().same_cells(run_rle(soup, 10))) << engine->info().name;
  }
}

TEST(Universe, PopulationIsWhatGollyShowsForB0RulesWithSmax) {
  // Golly shows this rule as its complement, Life: a glider flies and stays five cells, while
  // the engine holds the true cells, everything else alive.
  Pattern glider = parse_rle("x = 3, y = 3, rule = B0123478/S01234678:T32,32\nbo$2bo$3o!");
  for (auto make : {make_reference_engine, make_simd_engine}) {
    auto engine = make();
    engine->set_rule(glider.rule.rule);
    Universe u(*engine, glider, setup_for(glider, 8, engine->info()), {});
    EXPECT_EQ(u.population(), 5u) << engine->info().name;
    EXPECT_EQ(engine->population(), 32u * 32u - 5u) << engine->info().name;
    u.step(8);
    EXPECT_EQ(u.population(), 5u) << engine->info().name;
    EXPECT_EQ(u.cells().population(), 5u) << engine->info().name;
    Pattern moved = glider;
    moved.translate(2, 2);
    EXPECT_TRUE(u.cells().same_cells(moved)) << engine->info().name;
  }
}

TEST(Universe, ChooseGridRefusesFastWithWhatItNeeds) {
  Pattern far(std::vector<Cell>{{0, 0}, {1000000, 1000000}});
  auto engine = make_simd_engine();
  try {
    setup_for(far, 0, engine->info(), MemoryBudget{double(1 << 30), std::nullopt});
    FAIL() << "accepted";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("1000001x1000001"), std::string::npos) << m;
    EXPECT_NE(m.find("GiB of host memory"), std::string::npos) << m;
  }
  // The same pattern with the memory for it gets its grid.
  const GridSetup ok = setup_for(far, 0, engine->info(), MemoryBudget{1e12, std::nullopt});
  EXPECT_GE(ok.size.width, 1000001);
}

}  // namespace
}  // namespace gpulife::app
