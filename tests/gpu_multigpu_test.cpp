// Tests for gpu/multi_gpu: the band plan and its halo exchange emulated on the CPU (always), and
// bit-multistep-multi against the reference and bit-multistep on one GPU (several bands) and on
// two or more GPUs (only where that many CUDA devices exist).
#include "gpu/multi_gpu.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "gpu/bit_multistep.hpp"
#include "gpu/gpu_engines.hpp"
#include "tests/reference_runs.hpp"

namespace gpulife::gpu {
namespace {

using test::reference_after;

// Sparser than the default soup.
Grid soup(int64_t w, int64_t h, Topology topo, uint64_t seed, double density = 0.4) {
  return test::soup(w, h, topo, seed, density);
}

std::vector<Rule> test_rules() {
  return {Rule::life(), parse_rule("B36/S23").rule, parse_rule("B2/S").rule};
}

// A glider at (x, y) heading down-right (dy = +1) or up-left (dy = -1): both phases move it
// one cell diagonally every four generations.
void place_glider(Grid& g, int64_t x, int64_t y, bool down) {
  const int down_cells[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  for (const auto& c : down_cells) {
    const int dx = c[0], dy = down ? c[1] : 2 - c[1];
    g.set(x + (down ? dx : 2 - dx), y + dy, true);
  }
}

void copy_rows(Grid& dst, int64_t dst_row, const Grid& src, int64_t src_row, int64_t rows) {
  for (int64_t r = 0; r < rows; ++r)
    std::copy(src.row(src_row + r), src.row(src_row + r) + src.words_per_row(),
              dst.row(dst_row + r));
}

// The plan carried out on the CPU with the reference engine standing in for each bit-multistep
// engine, buffer for buffer: what the GPU engine does, minus the devices.
class PlanEmulation {
 public:
  PlanEmulation(const BandPlan& plan, const Grid& grid, const Rule& rule)
      : plan_(plan), rule_(rule) {
    for (const Band& b : plan.bands) {
      State s{Grid(plan.width, b.buffer_rows(), plan.topology), Grid(), Grid(),
              Grid(plan.width, plan.depth), Grid(plan.width, plan.depth)};
      copy_rows(s.buffer, b.halo_top, grid, b.y0, b.rows);
      states_.push_back(std::move(s));
    }
  }

  void step(uint64_t generations) {
    if (!halos_valid_) exchange(false);
    for (uint64_t left = generations; left > 0;) {
      const int g = multistep::pass_depth(plan_.depth, left);
      for (size_t i = 0; i < states_.size(); ++i) {
        const Band& b = plan_.bands[i];
        State& s = states_[i];
        if (b.top.used) s.scratch_top = sub_grid_after(s.buffer, b.top, g);
        if (b.bottom.used) s.scratch_bottom = sub_grid_after(s.buffer, b.bottom, g);
        s.buffer = reference_after(s.buffer, rule_, uint64_t(g));
      }
      exchange(true);
      left -= uint64_t(g);
    }
  }

  Grid assemble() const {
    Grid out(plan_.width, plan_.height, plan_.topology);
    for (size_t i = 0; i < states_.size(); ++i) {
      const Band& b = plan_.bands[i];
      copy_rows(out, b.y0, states_[i].buffer, b.halo_top, b.rows);
    }
    return out;
  }

 private:
  struct State {
    Grid buffer, scratch_top, scratch_bottom, recv_top, recv_bottom;
  };

  Grid sub_grid_after(const Grid& buffer, const BandEdge& e, int g) const {
    Grid sub(plan_.width, e.rows, plan_.topology);
    copy_rows(sub, 0, buffer, e.first, e.rows);
    return reference_after(sub, rule_, uint64_t(g));
  }

  void exchange(bool from_edges) {
    for (const HaloTransfer& t : plan_.transfers) {
      const Band& from = plan_.bands[size_t(t.from_band)];
      const State& s = states_[size_t(t.from_band)];
      const BandEdge& e = t.from_top ? from.top : from.bottom;
      State& r = states_[size_t(t.to_band)];
      Grid& recv = t.to_top ? r.recv_top : r.recv_bottom;
      if (from_edges)
        copy_rows(recv, 0, t.from_top ? s.scratch_top : s.scratch_bottom, e.send_row - e.first,
                  plan_.depth);
      else
        copy_rows(recv, 0, s.buffer, e.send_row, plan_.depth);
    }
    for (size_t i = 0; i < states_.size(); ++i) {
      const Band& b = plan_.bands[i];
      State& s = states_[i];
      if (b.top.used) copy_rows(s.buffer, 0, s.recv_top, 0, plan_.depth);
      if (b.bottom.used) copy_rows(s.buffer, b.halo_top + b.rows, s.recv_bottom, 0, plan_.depth);
    }
    halos_valid_ = true;
  }

  BandPlan plan_;
  Rule rule_;
  std::vector<State> states_;
  bool halos_valid_ = false;
};

TEST(BandPlanTest, SplitsRowsEvenlyWithHalosWhereNeighboursAre) {
  const BandPlan plan = plan_bands(100, 23, Topology::Plane, 8, 3, 2, false);
  ASSERT_EQ(plan.bands.size(), 3u);
  EXPECT_EQ(plan.depth, 4);  // the smallest band has 7 rows
  EXPECT_EQ(plan.bands[0].rows, 8);
  EXPECT_EQ(plan.bands[1].rows, 8);
  EXPECT_EQ(plan.bands[2].rows, 7);
  EXPECT_EQ(plan.bands[1].y0, 8);
  EXPECT_EQ(plan.bands[2].y0, 16);
  EXPECT_EQ(plan.bands[0].halo_top, 0);
  EXPECT_EQ(plan.bands[0].halo_bottom, 4);
  EXPECT_EQ(plan.bands[2].halo_bottom, 0);
  EXPECT_FALSE(plan.bands[0].top.used);
  EXPECT_FALSE(plan.bands[2].bottom.used);
  EXPECT_EQ(plan.bands[0].device, 0);
  EXPECT_EQ(plan.bands[2].device, 1);
  // Plane: two transfers per inner boundary; only the device crossing goes through NCCL.
  ASSERT_EQ(plan.transfers.size(), 4u);
  int nccl = 0;
  for (const HaloTransfer& t : plan.transfers) nccl += t.nccl;
  EXPECT_EQ(nccl, 2);
}

TEST(BandPlanTest, TorusWrapsBetweenTheFirstAndLastBand) {
  const BandPlan plan = plan_bands(64, 40, Topology::Torus, 16, 2, 1, false);
  EXPECT_EQ(plan.depth, 16);
  ASSERT_EQ(plan.transfers.size(), 4u);
  bool wraps = false;
  for (const HaloTransfer& t : plan.transfers) {
    EXPECT_FALSE(t.nccl);
    if (t.to_band == 0 && t.to_top) {
      EXPECT_EQ(t.from_band, 1);
      EXPECT_FALSE(t.from_top);
      wraps = true;
    }
  }
  EXPECT_TRUE(wraps);
  const BandPlan all = plan_bands(64, 40, Topology::Torus, 16, 2, 1, true);
  for (const HaloTransfer& t : all.transfers) EXPECT_TRUE(t.nccl);
}

TEST(BandPlanTest, RefusesMoreBandsThanRowsAndBadCounts) {
  EXPECT_THROW(plan_bands(10, 4, Topology::Plane, 8, 5, 1, false), Error);
  EXPECT_THROW(plan_bands(10, 40, Topology::Plane, 8, 2, 3, false), Error);
  EXPECT_THROW(plan_bands(10, 40, Topology::Plane, 8, 0, 1, false), Error);
  EXPECT_NO_THROW(plan_bands(10, 5, Topology::Torus, 8, 5, 1, false));
}

// Every row a band sends lies inside the buffer, and each edge sub-grid has `depth` rows of
// context beyond the sent rows unless it reaches the buffer's end.
TEST(BandPlanTest, EdgeSubGridsCoverTheSentRows) {
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (int bands : {1, 2, 3, 5})
      for (int64_t h : {int64_t(5), int64_t(37), int64_t(100)}) {
        if (h < bands) continue;
        const BandPlan plan = plan_bands(33, h, topo, 16, bands, 1, false);
        for (const Band& b : plan.bands) {
          EXPECT_GE(b.rows, plan.depth);
          for (const BandEdge* e : {&b.top, &b.bottom}) {
            if (!e->used) continue;
            EXPECT_GE(e->send_row, b.halo_top);
            EXPECT_LE(e->send_row + plan.depth, b.halo_top + b.rows);
            EXPECT_GE(e->first, 0);
            EXPECT_LE(e->first + e->rows, b.buffer_rows());
            EXPECT_TRUE(e->first == 0 || e->send_row - e->first == plan.depth);
            EXPECT_TRUE(e->first + e->rows == b.buffer_rows() ||
                        e->first + e->rows - e->send_row == 2 * plan.depth);
          }
        }
      }
}

// The whole halo scheme, on the CPU: bands, halos, edge sub-grids and transfers reproduce the
// reference on the full grid for band counts, heights and generation counts that are not
// multiples of the depth, odd widths and several rules.
TEST(BandPlanTest, EmulatedExchangeMatchesTheReference) {
  uint64_t seed = 1;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (int bands : {1, 2, 3, 5})
      for (const auto& [w, h] : std::vector<std::pair<int64_t, int64_t>>{{37, 41}, {70, 29}})
        for (int depth : {1, 4, 8})
          for (const Rule& rule : test_rules()) {
            const Grid start = soup(w, h, topo, ++seed, rule.births(2) ? 0.15 : 0.4);
            const BandPlan plan = plan_bands(w, h, topo, depth, bands, 1, false);
            PlanEmulation emu(plan, start, rule);
            emu.step(13);
            emu.step(6);
            ASSERT_EQ(emu.assemble(), reference_after(start, rule, 19))
                << w << "x" << h << " " << to_string(topo) << " bands " << bands << " depth "
                << depth << " rule " << rule.to_string();
          }
}

// --- On the GPU ---------------------------------------------------------------------------

int devices() {
  static const int n = device_available() ? cuda_device_count() : 0;
  return n;
}

// Why a test that needs `needed` devices cannot run here; empty when it can.
std::string missing(int needed) {
  if (devices() < 1) return "skipped: no CUDA device";
  if (!multi_gpu_built()) return "skipped: built without NCCL";
  if (devices() < needed) return "skipped: fewer than 2 CUDA devices";
  return {};
}

std::unique_ptr<MultiGpuEngine> engine_with(const Params& params) {
  auto e = make_multi_gpu_engine();
  e->set_params(params);
  return e;
}

// Steps the engine and the reference in the same chunks, checking cells, hash and population.
void expect_matches(MultiGpuEngine& e, const Grid& start, const Rule& rule,
                    const std::vector<uint64_t>& chunks, const std::string& what) {
  e.set_rule(rule);
  e.load(start);
  auto ref = make_reference_engine();
  ref->set_rule(rule);
  ref->load(start);
  for (uint64_t n : chunks) {
    e.step(n);
    ref->step(n);
    Grid got, want;
    e.store(got);
    ref->store(want);
    ASSERT_EQ(got, want) << what << " after " << ref->generation() << " generations";
    EXPECT_EQ(e.generation(), ref->generation()) << what;
    EXPECT_EQ(e.hash(), want.hash()) << what;
    EXPECT_EQ(e.population(), want.population()) << what;
  }
}

TEST(MultiGpuEngineTest, BandsOnOneGpuMatchTheReference) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  uint64_t seed = 100;
  const std::vector<std::pair<int64_t, int64_t>> sizes = {{203, 157}, {64, 40}, {1000, 61}};
  for (int bands : {1, 2, 3, 5})
    for (Topology topo : {Topology::Plane, Topology::Torus})
      for (const auto& [w, h] : sizes)
        for (const Rule& rule : test_rules()) {
          auto e = engine_with({{"gpus", 1}, {"bands", bands}, {"tile_rows", 16}});
          const Grid start = soup(w, h, topo, ++seed, rule.births(2) ? 0.15 : 0.4);
          expect_matches(*e, start, rule, {1, 7, 8, 37, 64},
                         std::to_string(w) + "x" + std::to_string(h) + " " +
                             std::string(to_string(topo)) + " bands " + std::to_string(bands) +
                             " " + rule.to_string());
        }
}

TEST(MultiGpuEngineTest, EveryDepthAndShapeMatches) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  const std::vector<Params> shapes = {
      {{"depth", 16}, {"words_per_thread", 1}, {"fma_shifts", 0}},
      {{"depth", 4}, {"words_per_thread", 4}, {"tile_rows", 8}, {"block_warps", 1}},
      {{"depth", 2}, {"words_per_thread", 2}, {"tile_rows", 40}, {"block_warps", 8}},
      {{"depth", 1}},
  };
  uint64_t seed = 300;
  for (Params shape : shapes)
    for (Topology topo : {Topology::Plane, Topology::Torus}) {
      shape["gpus"] = 1;
      shape["bands"] = 3;
      auto e = engine_with(shape);
      expect_matches(
          *e, soup(333, 149, topo, ++seed), Rule::life(), {5, 16, 17, 50},
          "depth " + std::to_string(shape.at("depth")) + " " + std::string(to_string(topo)));
    }
}

// Bands on one GPU exchanging through NCCL (send/receive to self): the path two GPUs take.
TEST(MultiGpuEngineTest, NcclExchangeOnOneGpuMatches) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  uint64_t seed = 500;
  for (int bands : {1, 2, 3, 5})
    for (Topology topo : {Topology::Plane, Topology::Torus}) {
      auto e = engine_with({{"gpus", 1}, {"bands", bands}, {"nccl_everywhere", 1}});
      expect_matches(*e, soup(171, 95, topo, ++seed), Rule::life(), {3, 8, 40},
                     "nccl bands " + std::to_string(bands) + " " + std::string(to_string(topo)));
    }
}

// Gliders crossing every band boundary, downwards and upwards, and (torus) wrapping between
// the last band and the first; the engine must agree with the reference at every step.
TEST(MultiGpuEngineTest, GlidersCrossBandBoundariesBothWays) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (bool down : {true, false}) {
      Grid start(96, 60, topo);  // 3 bands of 20 rows, depth 16
      for (int64_t y : {int64_t(2), int64_t(17), int64_t(38)})
        place_glider(start, 10 + y, down ? y : y + 2, down);
      auto e = engine_with({{"gpus", 1}, {"bands", 3}, {"depth", 16}, {"words_per_thread", 1}});
      // 4 generations per row moved: 60 rows and more take every glider across two boundaries
      // (and on the torus through the wrap).
      std::vector<uint64_t> chunks(70, 4);
      expect_matches(*e, start, Rule::life(), chunks,
                     std::string(to_string(topo)) + (down ? " down" : " up"));
      Grid end;
      e->store(end);
      if (topo == Topology::Torus) {
        EXPECT_EQ(end.population(), 15u);
      }
    }
}

// Plane edges at the top of the first band and the bottom of the last: patterns touching them
// lose cells exactly as on the single-GPU engines.
TEST(MultiGpuEngineTest, PlaneEdgesBehaveAsOnOneGpu) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  Grid start(77, 45, Topology::Plane);
  place_glider(start, 5, 0, false);
  place_glider(start, 40, 42, true);
  for (int64_t x = 0; x < 77; ++x) start.set(x, x % 2 ? 0 : 44, true);
  auto e = engine_with({{"gpus", 1}, {"bands", 5}});
  expect_matches(*e, start, Rule::life(), {1, 2, 5, 30}, "plane edges");
  auto single = make_bit_multistep_engine();
  single->load(start);
  single->step(38);
  EXPECT_EQ(e->hash(), single->hash());
}

TEST(MultiGpuEngineTest, RegionsGenerationAndChunkingKeepTheState) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  const Grid start = soup(150, 90, Topology::Torus, 77);
  auto e = engine_with({{"gpus", 1}, {"bands", 3}});
  e->load(start);
  e->step(10);
  // A patch across the first boundary (rows 25..34), then on stepping the halos must follow it.
  Grid patch(20, 10);
  patch.randomize(0.5, 5);
  e->write_region(patch, Cell{60, 25});
  EXPECT_EQ(e->generation(), 10u);
  Grid expected = reference_after(start, Rule::life(), 10);
  for (int64_t y = 0; y < 10; ++y)
    for (int64_t x = 0; x < 20; ++x) expected.set(60 + x, 25 + y, patch.get(x, y));
  Grid got;
  e->store(got);
  ASSERT_EQ(got, expected);
  EXPECT_EQ(e->hash(), expected.hash());
  const Grid read = e->read_region(Box{55, 20, 84, 39});
  for (int64_t y = 0; y < 20; ++y)
    for (int64_t x = 0; x < 30; ++x)
      ASSERT_EQ(read.get(x, y), expected.get(55 + x, 20 + y)) << x << "," << y;
  e->step(3);
  e->step(17);
  e->store(got);
  EXPECT_EQ(got, reference_after(expected, Rule::life(), 20));
  e->set_generation(1234);
  EXPECT_EQ(e->generation(), 1234u);
  // Changing the band count keeps the cells and the generation.
  e->set_params({{"bands", 2}});
  e->step(5);
  e->store(got);
  EXPECT_EQ(got, reference_after(expected, Rule::life(), 25));
  EXPECT_EQ(e->generation(), 1239u);
}

TEST(MultiGpuEngineTest, RefusesMoreBandsThanRows) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  auto e = engine_with({{"gpus", 1}, {"bands", 9}});
  EXPECT_THROW(e->load(Grid(50, 8)), Error);
}

// Small and quick, for compute-sanitizer: both topologies, both exchange paths.
TEST(MultiGpuEngineTest, SmallGridsForTheSanitizer) {
  if (const std::string why = missing(1); !why.empty()) GTEST_SKIP() << why;
  uint64_t seed = 900;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (int nccl : {0, 1}) {
      auto e = engine_with({{"gpus", 1}, {"bands", 3}, {"nccl_everywhere", nccl}});
      expect_matches(*e, soup(100, 50, topo, ++seed), Rule::life(), {11}, "sanitizer");
    }
}

// --- Two or more GPUs (ctest label multigpu) ------------------------------------------------

TEST(MultiGpuTwoDevicesTest, BandsOnSeveralGpusMatchTheReference) {
  if (const std::string why = missing(2); !why.empty()) GTEST_SKIP() << why;
  uint64_t seed = 700;
  for (int gpus : {2, devices()})
    for (int bands : {gpus, gpus + 1, 2 * gpus + 1})
      for (Topology topo : {Topology::Plane, Topology::Torus}) {
        auto e = engine_with({{"gpus", gpus}, {"bands", bands}});
        expect_matches(*e, soup(203, 157, topo, ++seed), Rule::life(), {1, 8, 37},
                       std::to_string(gpus) + " GPUs, bands " + std::to_string(bands) + " " +
                           std::string(to_string(topo)));
        EXPECT_EQ(e->plan().devices, gpus);
      }
}

TEST(MultiGpuTwoDevicesTest, GlidersCrossBetweenGpus) {
  if (const std::string why = missing(2); !why.empty()) GTEST_SKIP() << why;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (bool down : {true, false}) {
      Grid start(96, 64, topo);
      place_glider(start, 20, down ? 28 : 30, down);
      auto e = engine_with({{"gpus", 2}, {"bands", 2}});
      expect_matches(*e, start, Rule::life(), std::vector<uint64_t>(60, 4),
                     std::string(to_string(topo)) + (down ? " down" : " up"));
    }
}

}  // namespace
}  // namespace gpulife::gpu
