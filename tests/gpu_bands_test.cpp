// Tests for the multi-GPU engine's band-by-band paths on one GPU with several bands: grids built
// on the device from recipes, rows and bounds read back, memory checked before allocating,
// several ranks (threads with an in-memory exchange, halos through the host) owning their own
// bands, soups for single-GPU engines, and the viewer's gathers (cells and density levels).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/grid_recipe.hpp"
#include "core/reference_engine.hpp"
#include "gpu/band_view.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_soup.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu.hpp"
#include "thread_exchange.hpp"

namespace gpulife::gpu {
namespace {

std::string missing() {
  if (!device_available() || cuda_device_count() < 1) return "skipped: no CUDA device";
  if (!multi_gpu_built()) return "skipped: built without NCCL";
  return {};
}

#define SKIP_WITHOUT_GPU() \
  if (const std::string why = missing(); !why.empty()) GTEST_SKIP() << why

std::unique_ptr<MultiGpuEngine> banded(const Params& params) {
  auto e = make_multi_gpu_engine();
  e->set_params(params);
  return e;
}

// The recipe of a soup of `density` from `seed` and no pattern.
GridRecipe soup_recipe(GridSize size, Topology topology, double density, uint64_t seed) {
  return make_recipe(size, topology, Pattern(), {0, 0}, density, seed);
}

// One GPU's engine in `bands` bands, loaded with `recipe`.
std::unique_ptr<MultiGpuEngine> banded_on_one_gpu(int bands, const GridRecipe& recipe) {
  auto e = banded({{"gpus", 1}, {"bands", bands}});
  e->load_recipe(recipe);
  return e;
}

Pattern scattered(int64_t w, int64_t h, uint64_t seed, int cells) {
  std::mt19937_64 rng(seed);
  Pattern p;
  for (int i = 0; i < cells; ++i) p.add(int64_t(rng() % uint64_t(w)), int64_t(rng() % uint64_t(h)));
  p.add(0, 0);
  p.add(w - 1, h - 1);  // the pattern spans the grid, so it is placed at (0, 0) unmoved
  p.normalize();
  return p;
}

Grid reference_after(const Grid& start, uint64_t generations) {
  auto ref = make_reference_engine();
  ref->load(start);
  ref->step(generations);
  Grid out;
  ref->store(out);
  return out;
}

Box host_bounds(const Grid& g) {
  const Box b = g.extract().bounding_box();
  return b;
}

// Which process holds which band (plain C++: runs without a GPU).
TEST(BandOwnersTest, DevicesSpreadOverRanksAndTheirHalosCrossBetweenThem) {
  for (bool host : {false, true})
    for (Topology topo : {Topology::Plane, Topology::Torus}) {
      BandPlan plan = plan_bands(100, 60, topo, 4, 8, 4, false);
      assign_owners(plan, 2, 2, 3, host);
      for (const Band& b : plan.bands) {
        EXPECT_EQ(b.owner, b.rank / 2);
        EXPECT_EQ(b.device, 3 + b.rank % 2);  // CUDA ordinals from the rank's first GPU
      }
      int across = 0;
      for (const HaloTransfer& t : plan.transfers) {
        const Band& from = plan.bands[size_t(t.from_band)];
        const Band& to = plan.bands[size_t(t.to_band)];
        if (from.owner != to.owner) {
          ++across;
          EXPECT_EQ(t.host, host);
          EXPECT_EQ(t.nccl, !host);
        } else {
          EXPECT_FALSE(t.host);
          EXPECT_EQ(t.nccl, from.rank != to.rank);
        }
      }
      // The boundary between the ranks (and on a torus the wrap), both ways.
      EXPECT_EQ(across, topo == Topology::Torus ? 4 : 2);
    }
  BandPlan plan = plan_bands(100, 60, Topology::Torus, 4, 8, 4, false);
  EXPECT_THROW(assign_owners(plan, 3, 1, 0, false), Error);
  EXPECT_THROW(assign_owners(plan, 2, 2, -1, false), Error);
}

TEST(BandsTest, RecipesBuiltOnTheDeviceEqualTheHostGrid) {
  SKIP_WITHOUT_GPU();
  uint64_t seed = 1;
  for (int bands : {1, 2, 3, 7})
    for (double density : {0.0, 0.5, 0.29, 1.0})
      for (const auto& [w, h] :
           std::vector<std::pair<int64_t, int64_t>>{{203, 157}, {64, 40}, {1000, 61}})
        for (Topology topo : {Topology::Plane, Topology::Torus}) {
          ++seed;
          const GridRecipe r =
              make_recipe({w, h}, topo, scattered(w, h, seed, 300), {0, 0}, density, seed);
          const Grid want = make_grid(r);
          auto e = banded_on_one_gpu(bands, r);
          Grid got;
          e->store(got);
          ASSERT_EQ(got, want) << bands << " bands, density " << density << ", " << w << "x" << h;
          EXPECT_EQ(e->hash(), want.hash());
          EXPECT_EQ(e->population(), want.population());
          EXPECT_EQ(e->generation(), 0u);
          // And it steps like the grid it equals.
          e->step(21);
          e->store(got);
          EXPECT_EQ(got, reference_after(want, 21));
        }
}

TEST(BandsTest, RowsBoundsAndRegionsReadBandByBand) {
  SKIP_WITHOUT_GPU();
  std::mt19937_64 rng(3);
  for (int bands : {1, 3, 5}) {
    auto e = banded_on_one_gpu(bands, soup_recipe({300, 211}, Topology::Torus, 0.4, 11));
    e->step(13);
    Grid full;
    e->store(full);
    for (int trial = 0; trial < 20; ++trial) {
      const int64_t y0 = int64_t(rng() % 200), n = 1 + int64_t(rng() % uint64_t(211 - y0));
      const int64_t w0 = int64_t(rng() % 5), words = 1 + int64_t(rng() % uint64_t(5 - w0));
      std::vector<uint64_t> rows(size_t(n * words));
      e->read_rows(y0, n, w0, words, rows.data());
      for (int64_t y = 0; y < n; ++y)
        for (int64_t k = 0; k < words; ++k)
          ASSERT_EQ(rows[size_t(y * words + k)], full.row(y0 + y)[w0 + k]) << y0 + y << " " << k;
    }
    EXPECT_THROW(e->read_rows(200, 12, 0, 1, nullptr), Error);
    EXPECT_THROW(e->read_rows(0, 1, 4, 2, nullptr), Error);
    EXPECT_EQ(e->live_bounds(), host_bounds(full));
  }
  // Bounds of sparse cells across band boundaries, and of an empty grid.
  Pattern p({{5, 3}, {290, 100}, {77, 190}});
  auto e = banded_on_one_gpu(4, make_recipe({300, 211}, Topology::Plane, p, {5, 3}));
  EXPECT_EQ(e->live_bounds(), (Box{5, 3, 290, 190}));
  e->load_recipe(make_recipe({300, 211}, Topology::Plane, Pattern(), {0, 0}));
  EXPECT_TRUE(e->live_bounds().empty());
  // Regions that do not start on a word and cross band boundaries.
  e->load_recipe(soup_recipe({300, 211}, Topology::Plane, 0.5, 4));
  Grid full;
  e->store(full);
  const Box box{61, 40, 200, 170};
  const Grid patch = e->read_region(box);
  for (int64_t y = box.min_y; y <= box.max_y; ++y)
    for (int64_t x = box.min_x; x <= box.max_x; ++x)
      ASSERT_EQ(patch.get(x - box.min_x, y - box.min_y), full.get(x, y));
  Grid ink(70, 90);
  ink.randomize(0.5, 9);
  e->write_region(ink, {130, 20});
  for (int64_t y = 0; y < 90; ++y)
    for (int64_t x = 0; x < 70; ++x) full.set(130 + x, 20 + y, ink.get(x, y));
  Grid after;
  e->store(after);
  EXPECT_EQ(after, full);
  e->step(9);
  e->store(after);
  EXPECT_EQ(after, reference_after(full, 9));
}

TEST(BandsTest, MemoryIsCheckedBeforeAnythingIsAllocated) {
  SKIP_WITHOUT_GPU();
  size_t free_before = 0, total = 0;
  device_memory_info(free_before, total);
  // 2^20 x 2^20 needs 256 GiB in one band: more than any one GPU has.
  auto e = banded({{"gpus", 1}, {"bands", 4}});
  const GridRecipe huge = soup_recipe({1 << 20, 1 << 20}, Topology::Torus, 0.5, 1);
  const std::vector<DeviceNeed> need = e->memory_plan(huge.width, huge.height, huge.topology);
  ASSERT_EQ(need.size(), 1u);
  EXPECT_GT(need[0].need_bytes, 2.0 * double(uint64_t{1} << 37));
  EXPECT_LT(need[0].need_bytes, 2.05 * double(uint64_t{1} << 37));
  try {
    e->load_recipe(huge);
    ADD_FAILURE() << "a 2^20 x 2^20 grid loaded on one GPU";
  } catch (const Error& err) {
    const std::string m = err.what();
    EXPECT_NE(m.find("does not fit"), std::string::npos) << m;
    EXPECT_NE(m.find("GPU 0 needs"), std::string::npos) << m;
  }
  size_t free_after = 0;
  device_memory_info(free_after, total);
  EXPECT_GT(double(free_after), double(free_before) - 64.0 * 1048576.0);
  // The engine is still usable after the refusal.
  e->load_recipe(soup_recipe({100, 100}, Topology::Plane, 0.5, 2));
  EXPECT_GT(e->population(), 0u);
}

// Several ranks (threads) each own their bands of one grid on the one GPU, halos crossing
// through the exchange: the hash, population and cells equal one process's.
TEST(BandsTest, RanksOwnTheirBandsAndReduceAcrossEachOther) {
  SKIP_WITHOUT_GPU();
  for (int ranks : {2, 3})
    for (Topology topo : {Topology::Plane, Topology::Torus})
      for (int bands_per_rank : {1, 2}) {
        const GridRecipe r =
            make_recipe({333, 190}, topo, scattered(333, 190, 8, 50), {0, 0}, 0.35, 21);
        const Grid start = make_grid(r);
        const Grid want = reference_after(start, 53);
        const auto errors = on_ranks(ranks, [&](const std::shared_ptr<RankExchange>& x) {
          auto e = banded({{"gpus", 1}, {"bands", ranks * bands_per_rank}, {"depth", 8}});
          e->join({x, 0, true});
          e->load_recipe(r);
          int mine = 0;
          for (const Band& b : e->plan().bands) mine += b.owner == x->rank();
          EXPECT_EQ(mine, bands_per_rank);
          EXPECT_EQ(e->band_memory().size(), size_t(bands_per_rank));
          e->step(1);
          e->step(35);
          e->step(17);
          EXPECT_EQ(e->hash(), want.hash());
          EXPECT_EQ(e->population(), want.population());
          EXPECT_EQ(e->live_bounds(), host_bounds(want));
          Grid got;
          e->store(got);  // rank 0 gathers, then every rank has it
          EXPECT_EQ(got, want) << "rank " << x->rank();
          const Grid region = e->read_region(Box{100, 50, 260, 150});
          for (int64_t y = 50; y <= 150; ++y)
            for (int64_t xx = 100; xx <= 260; ++xx)
              ASSERT_EQ(region.get(xx - 100, y - 50), want.get(xx, y));
        });
        for (const std::string& e : errors) EXPECT_EQ(e, "") << ranks << " ranks";
      }
}

TEST(BandsTest, RanksStartedDifferentlyAreToldSo) {
  SKIP_WITHOUT_GPU();
  const auto errors = on_ranks(2, [&](const std::shared_ptr<RankExchange>& x) {
    auto e = banded({{"gpus", 1}, {"bands", 2}});
    e->join({x, 0, true});
    e->load_recipe(soup_recipe({200, 100 + 20 * x->rank()}, Topology::Torus, 0.5, 3));
  });
  for (const std::string& e : errors)
    EXPECT_NE(e.find("started differently"), std::string::npos) << e;
}

TEST(BandsTest, DeviceSoupIsRandomizesSoup) {
  SKIP_WITHOUT_GPU();
  for (const auto& [w, h] : std::vector<std::pair<int64_t, int64_t>>{{100, 37}, {4096, 300}})
    for (double density : {0.5, 0.2}) {
      auto e = make_gpu_engine("bit-multistep");
      DeviceSoup soup(*e, w, h, Topology::Torus, density, 77);
      Grid want(w, h, Topology::Torus);
      want.randomize(density, 77);
      Grid got;
      e->store(got);
      ASSERT_EQ(got, want);
      e->step(16);
      e->store(got);
      EXPECT_EQ(got, reference_after(want, 16));
    }
}

// Live cells of blocks of (16 << level) cells a side, counted on the host.
std::vector<uint32_t> count_blocks(const Grid& g, int level, int64_t bx0, int64_t by0, int64_t w,
                                   int64_t h) {
  const int64_t side = int64_t{16} << level;
  std::vector<uint32_t> out(size_t(w * h), 0);
  for (int64_t by = 0; by < h; ++by)
    for (int64_t bx = 0; bx < w; ++bx) {
      uint32_t n = 0;
      for (int64_t y = (by0 + by) * side; y < std::min((by0 + by + 1) * side, g.height()); ++y)
        for (int64_t x = (bx0 + bx) * side; x < std::min((bx0 + bx + 1) * side, g.width()); ++x)
          n += g.get(x, y);
      out[size_t(by * w + bx)] = n;
    }
  return out;
}

// The viewer's gathers on one GPU with several bands: the same code path as across GPUs,
// minus the peer copies.
TEST(BandsTest, ViewGathersVisibleCellsAndDensityLevels) {
  SKIP_WITHOUT_GPU();
  std::mt19937_64 rng(12);
  for (int bands : {1, 3, 6}) {
    auto e = banded_on_one_gpu(bands, soup_recipe({5000, 4100}, Topology::Torus, 0.3, 5));
    BandView view(0);
    for (uint64_t version = 1; version <= 3; ++version) {
      if (version > 1) e->step(7);
      Grid full;
      e->store(full);
      // Cells: word-aligned windows crossing band boundaries.
      for (int trial = 0; trial < 6; ++trial) {
        const int64_t y0 = int64_t(rng() % 4000), rows = 1 + int64_t(rng() % uint64_t(4100 - y0));
        const int64_t w0 = int64_t(rng() % 70), words = 1 + int64_t(rng() % uint64_t(79 - w0));
        DeviceBuffer dst(size_t(rows * words) * 8);
        view.gather_cells(e->band_memory(), y0, rows, w0, words, dst.data());
        std::vector<uint64_t> got(size_t(rows * words));
        copy_to_host(got.data(), dst.data(), got.size() * 8);
        for (int64_t y = 0; y < rows; ++y)
          for (int64_t k = 0; k < words; ++k)
            ASSERT_EQ(got[size_t(y * words + k)], full.row(y0 + y)[w0 + k]);
      }
      // Density: every level, stored (from 3 on) and counted from the cells (below).
      for (int level = 0; level < BandView::kMaxLevels; ++level) {
        const int64_t side = int64_t{16} << level;
        const int64_t cols = (5000 + side - 1) / side, block_rows = (4100 + side - 1) / side;
        const int64_t bx0 = int64_t(rng() % uint64_t(cols)),
                      by0 = int64_t(rng() % uint64_t(block_rows));
        const int64_t w = std::min<int64_t>(cols - bx0, 40),
                      h = std::min<int64_t>(block_rows - by0, 30);
        DeviceBuffer dst(size_t(w * h) * 4);
        view.gather_density(e->band_memory(), 5000, level, bx0, by0, w, h,
                            static_cast<uint32_t*>(dst.data()), version);
        std::vector<uint32_t> got(size_t(w * h));
        copy_to_host(got.data(), dst.data(), got.size() * 4);
        ASSERT_EQ(got, count_blocks(full, level, bx0, by0, w, h))
            << bands << " bands, level " << level << ", version " << version;
      }
    }
    EXPECT_GT(view.pyramid_bytes(), 0u);  // levels from 3 on were asked for
  }
}

}  // namespace
}  // namespace gpulife::gpu
