// Tests for gpu/bit_multistep: the per-word logic and the whole warp pass run on the CPU (always),
// and the CUDA engine against the reference engine (only where a CUDA device exists).
#include "gpu/bit_multistep.hpp"
#include "gpu/bit_multistep_pair.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <barrier>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/reference_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "tests/reference_runs.hpp"

namespace gpulife::gpu {
namespace {

using namespace multistep;

bool cell(uint32_t word, int bit) {
  return (word >> bit) & 1u;
}

// The rule applied to one cell from its 3x3 block, bit (dx + 1) + 3 (dy + 1) of `block`.
bool reference_next(const Rule& rule, uint32_t block) {
  int n = 0;
  for (int i = 0; i < 9; ++i)
    if (i != 4) n += (block >> i) & 1u;
  return ((block >> 4) & 1u) ? rule.survives(n) : rule.births(n);
}

// Nine words (rows above/mid/below x west/centre/east), lane k of each holding its cell of
// neighbourhood `first + k`, for all 512 neighbourhoods in 16 batches.
std::vector<std::array<uint32_t, 9>> every_neighbourhood() {
  std::vector<std::array<uint32_t, 9>> batches(16);
  for (uint32_t b = 0; b < 512; ++b)
    for (int i = 0; i < 9; ++i)
      if ((b >> i) & 1u) batches[b / 32][i] |= 1u << (b % 32);
  return batches;
}

uint32_t next_word(const std::array<uint32_t, 9>& n, const Rule& rule, bool fast) {
  const RowSum a = row_sum(n[0], n[1], n[2]), b = row_sum(n[3], n[4], n[5]),
               c = row_sum(n[6], n[7], n[8]);
  if (fast) return life_next(a, b, c, n[4]);
  return rule_next(a, b, c, n[4], rule_tables(rule.birth(), rule.survival()));
}

TEST(MultistepLogicTest, ShiftsTakeTheNeighbouringWordsEdgeBits) {
  std::mt19937 rng(1);
  for (int t = 0; t < 1000; ++t) {
    const uint32_t prev = rng(), cur = rng(), next = rng();
    const uint32_t w = west<false>(prev, cur, 2), e = east<false>(cur, next, 0x80000000u);
    for (int i = 0; i < 32; ++i) {
      EXPECT_EQ(cell(w, i), i == 0 ? cell(prev, 31) : cell(cur, i - 1));
      EXPECT_EQ(cell(e, i), i == 31 ? cell(next, 0) : cell(cur, i + 1));
    }
  }
}

TEST(MultistepLogicTest, RowSumCountsThreeCells) {
  std::mt19937 rng(2);
  for (int t = 0; t < 1000; ++t) {
    const uint32_t w = rng(), c = rng(), e = rng();
    const RowSum s = row_sum(w, c, e);
    for (int i = 0; i < 32; ++i)
      EXPECT_EQ(int(cell(s.s0, i)) + 2 * int(cell(s.s1, i)),
                int(cell(w, i)) + int(cell(c, i)) + int(cell(e, i)));
  }
}

TEST(MultistepLogicTest, LifeFastPathMatchesTheRuleOnEveryNeighbourhood) {
  for (const auto& n : every_neighbourhood()) {
    const uint32_t got = next_word(n, Rule::life(), true);
    for (int k = 0; k < 32; ++k) {
      uint32_t block = 0;
      for (int i = 0; i < 9; ++i) block |= uint32_t(cell(n[i], k)) << i;
      EXPECT_EQ(cell(got, k), reference_next(Rule::life(), block)) << "block " << block;
    }
  }
}

// The two-row network computes the cell of either row of the pair: rows (r, b, c) with the cell
// in b, and rows (b, c, r) with the cell in c, on all 512 neighbourhoods.
TEST(MultistepLogicTest, PairNetworkMatchesLifeOnEveryNeighbourhood) {
  for (const auto& n : every_neighbourhood()) {
    const RowSum above = row_sum(n[0], n[1], n[2]), mid = row_sum(n[3], n[4], n[5]),
                 below = row_sum(n[6], n[7], n[8]);
    const uint32_t cell_in_b = pair_next(pair_sum(mid, below), mid, below, above, n[4]);
    const uint32_t cell_in_c = pair_next(pair_sum(above, mid), above, mid, below, n[4]);
    for (int k = 0; k < 32; ++k) {
      uint32_t block = 0;
      for (int i = 0; i < 9; ++i) block |= uint32_t(cell(n[i], k)) << i;
      ASSERT_EQ(cell(cell_in_b, k), reference_next(Rule::life(), block)) << "block " << block;
      ASSERT_EQ(cell(cell_in_c, k), reference_next(Rule::life(), block)) << "block " << block;
    }
  }
}

TEST(MultistepLogicTest, RuleTablesMatchEveryRuleOnEveryNeighbourhood) {
  std::mt19937 rng(3);
  std::vector<Rule> rules = {Rule::life(),
                             Rule{1u << 3 | 1u << 6, 1u << 2 | 1u << 3},
                             Rule{0x1C8, 0x1D8},
                             Rule{1u << 2, 0},
                             Rule{0, 0},
                             Rule{0x1FF, 0x1FF},
                             Rule{1u << 0, 1u << 8}};
  for (int i = 0; i < 40; ++i)
    rules.push_back(Rule{uint16_t(rng() & 0x1FF), uint16_t(rng() & 0x1FF)});
  const auto batches = every_neighbourhood();
  for (const Rule& rule : rules)
    for (const auto& n : batches) {
      const uint32_t got = next_word(n, rule, false);
      for (int k = 0; k < 32; ++k) {
        uint32_t block = 0;
        for (int i = 0; i < 9; ++i) block |= uint32_t(cell(n[i], k)) << i;
        ASSERT_EQ(cell(got, k), reference_next(rule, block))
            << rule.to_string() << " block " << block;
      }
    }
}

TEST(MultistepLogicTest, GatherWrapsAroundAnyWidth) {
  std::mt19937 rng(4);
  for (uint32_t width : {1u, 5u, 31u, 33u, 63u, 65u, 100u, 131u}) {
    std::vector<uint32_t> row((width + 31) / 32 + 1, 0);
    for (uint32_t x = 0; x < width; ++x)
      if (rng() & 1u) row[x / 32] |= 1u << (x % 32);
    for (uint32_t x = 0; x < width; ++x) {
      const uint32_t v = gather32(row.data(), x, width);
      for (int i = 0; i < 32; ++i) {
        const uint32_t src = (x + uint32_t(i)) % width;
        ASSERT_EQ(cell(v, i), cell(row[src / 32], int(src % 32))) << width << " " << x << " " << i;
      }
    }
  }
}

TEST(MultistepLogicTest, PassDepthEndsOnTheRemainder) {
  EXPECT_EQ(pass_depth(8, 100), 8);
  EXPECT_EQ(pass_depth(8, 8), 8);
  EXPECT_EQ(pass_depth(8, 7), 4);
  EXPECT_EQ(pass_depth(8, 1), 1);
  EXPECT_EQ(pass_depth(16, 13), 8);
}

// --- The warp pass on the CPU: 32 threads stand for the lanes, a barrier for the shuffles.

struct ThreadLanes {
  std::barrier<>* barrier;
  uint32_t* last;
  uint32_t* first;
  int lane;
  void exchange(uint32_t l, uint32_t f, uint32_t& from_west, uint32_t& from_east) {
    last[lane] = l;
    first[lane] = f;
    barrier->arrive_and_wait();
    from_west = lane > 0 ? last[lane - 1] : l;
    from_east = lane < 31 ? first[lane + 1] : f;
    barrier->arrive_and_wait();
  }
};

struct EmulatedShape {
  int words_per_thread;
  int depth;
  int64_t tile_rows;
  bool pair = false;  // two rows a step (B3/S23 only)
};

template <int K, int D, bool kLife, bool kPair>
void emulate_pass(const PassArgs& a) {
  std::barrier<> barrier(32);
  uint32_t last[32], first[32];
  // The history slots of the warp, lanes interleaved as in shared memory; poisoned, as shared
  // memory is not cleared.
  std::vector<uint32_t> slots(32 * kPairHistorySlots<K, D>, 0xA5A5A5A5u);
  std::vector<std::jthread> lanes;
  for (int lane = 0; lane < 32; ++lane)
    lanes.emplace_back([&, lane] {
      ThreadLanes l{&barrier, last, first, lane};
      for (int64_t col = 0; col < a.warp_cols; ++col) {
        if constexpr (kPair) {
          if (a.history) {
            WarpPairPass<K, D, false, ThreadLanes, true> pass(a, col, lane, l, nullptr,
                                                              slots.data() + lane);
            for (int64_t t = 0; t < a.tiles; ++t) pass.run_tile(t);
          } else {
            WarpPairPass<K, D, false, ThreadLanes> pass(a, col, lane, l);
            for (int64_t t = 0; t < a.tiles; ++t) pass.run_tile(t);
          }
        } else {
          WarpPass<K, D, kLife, false, ThreadLanes> pass(a, col, lane, l);
          for (int64_t t = 0; t < a.tiles; ++t) pass.run_tile(t);
        }
      }
    });
}

template <int K, bool kLife, bool kPair = false>
void emulate_depth(const PassArgs& a, int depth) {
  switch (depth) {
    case 1:
      return emulate_pass<K, 1, kLife, kPair>(a);
    case 2:
      return emulate_pass<K, 2, kLife, kPair>(a);
    case 4:
      return emulate_pass<K, 4, kLife, kPair>(a);
    case 8:
      return emulate_pass<K, 8, kLife, kPair>(a);
    case 16:
      return emulate_pass<K, 16, kLife, kPair>(a);
  }
  FAIL() << "depth " << depth;
}

// Runs `generations` generations the way the engine does, passes of the shape's depth and a
// power-of-two remainder, on the canonical layout read as 32-bit words. `history`: the plane
// two-row passes OR every generation into, rows of `history_pitch` 32-bit words.
Grid emulate(const Grid& start, const Rule& rule, EmulatedShape shape, uint64_t generations,
             uint32_t* history = nullptr, int64_t history_pitch = 0) {
  const int64_t pitch = start.words_per_row() * 2;
  std::vector<uint32_t> buf[2];
  buf[0].resize(size_t(pitch * start.height()));
  buf[1].assign(buf[0].size(), 0xA5A5A5A5u);  // poison: every word must be written
  std::memcpy(buf[0].data(), start.words().data(), buf[0].size() * 4);
  int cur = 0;
  PassArgs a;
  a.width = start.width();
  a.height = start.height();
  a.pitch = pitch;
  a.words = (a.width + 31) / 32;
  a.last_mask = a.width % 32 ? (1u << (a.width % 32)) - 1u : ~0u;
  const bool pair = shape.pair && rule.is_life();
  const int out = 32 * shape.words_per_thread - 2;
  a.warp_cols = pair ? pair_warp_cols(pitch, shape.words_per_thread) : (pitch + out - 1) / out;
  a.tile_rows = shape.tile_rows;
  a.tiles = (a.height + a.tile_rows - 1) / a.tile_rows;
  a.torus = start.topology() == Topology::Torus;
  a.aligned = a.width % 32 == 0;
  a.rule = rule_tables(rule.birth(), rule.survival());
  a.history = history;
  a.history_pitch = history_pitch;
  for (uint64_t left = generations; left > 0;) {
    const int d = pass_depth(shape.depth, left);
    a.src = buf[cur].data();
    a.dst = buf[1 - cur].data();
    const bool life = rule.is_life();
    switch (pair ? -shape.words_per_thread : shape.words_per_thread) {
      case -1:
        emulate_depth<1, true, true>(a, d);
        break;
      case -2:
        emulate_depth<2, true, true>(a, d);
        break;
      case -4:
        emulate_depth<4, true, true>(a, d);
        break;
      case 1:
        life ? emulate_depth<1, true>(a, d) : emulate_depth<1, false>(a, d);
        break;
      case 2:
        life ? emulate_depth<2, true>(a, d) : emulate_depth<2, false>(a, d);
        break;
      case 4:
        life ? emulate_depth<4, true>(a, d) : emulate_depth<4, false>(a, d);
        break;
    }
    if (pair && pair_pass_dirties_padding(a))  // as the engine clears it after the pass
      for (int64_t y = 0; y < a.height; ++y)
        std::fill_n(a.dst + y * pitch + a.words, pitch - a.words, 0u);
    cur = 1 - cur;
    left -= uint64_t(d);
  }
  Grid result(start.width(), start.height(), start.topology());
  std::memcpy(result.words().data(), buf[cur].data(), buf[cur].size() * 4);
  return result;
}

using test::reference_after;
using test::soup;

Rule rule_of(uint16_t birth, uint16_t survival) {
  return Rule{birth, survival};
}

const std::vector<Rule>& test_rules() {
  static const std::vector<Rule> rules = {
      Rule::life(),                                   // B3/S23
      rule_of(1u << 3 | 1u << 6, 1u << 2 | 1u << 3),  // B36/S23
      rule_of(0b111001000, 0b111011000),              // B3678/S34678
      rule_of(1u << 2, 0),                            // B2/S
  };
  return rules;
}

TEST(MultistepEmulationTest, MatchesTheReferenceOnOddSizesBothTopologies) {
  const std::vector<std::pair<int64_t, int64_t>> sizes = {{64, 64}, {65, 63}, {200, 131},
                                                          {33, 7},  {5, 3},   {1, 1}};
  int seed = 10;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (const auto& [w, h] : sizes)
      for (const Rule& rule : test_rules()) {
        const EmulatedShape shape{2, 4, 16};
        // 3 * depth + 5: full passes and a remainder of a 4- and a 1-generation pass.
        const uint64_t gens = (w + h + seed) % 3 == 0 ? 1 : 17;
        const Grid start = soup(w, h, topo, uint64_t(++seed), rule.births(2) ? 0.2 : 0.5);
        ASSERT_EQ(emulate(start, rule, shape, gens), reference_after(start, rule, gens))
            << w << "x" << h << " " << to_string(topo) << " " << rule.to_string() << " gens "
            << gens;
      }
}

// Calls check(shape, start) for every shape, topology and size, in that order, `start` being a
// soup of `density` from the next seed after `seed`. The trace names the shape, size and
// topology; the first fatal failure ends the loop.
template <class Check>
void for_each_shape_topology_size(const std::vector<EmulatedShape>& shapes,
                                  const std::vector<std::pair<int64_t, int64_t>>& sizes,
                                  uint64_t seed, double density, Check check) {
  for (const EmulatedShape& shape : shapes)
    for (Topology topo : {Topology::Plane, Topology::Torus})
      for (const auto& [w, h] : sizes) {
        SCOPED_TRACE("words " + std::to_string(shape.words_per_thread) + " depth " +
                     std::to_string(shape.depth) + " tile " + std::to_string(shape.tile_rows) +
                     " " + std::to_string(w) + "x" + std::to_string(h) + " " + to_string(topo));
        check(shape, soup(w, h, topo, ++seed, density));
        if (::testing::Test::HasFatalFailure()) return;
      }
}

TEST(MultistepEmulationTest, EveryShapeMatchesTheReference) {
  int n = 0;
  for_each_shape_topology_size(
      {{1, 1, 8}, {1, 16, 24}, {2, 8, 40}, {2, 2, 8}, {4, 4, 32}, {4, 1, 16}},
      // 64x203: long runs of unrolled steps between a torus's wraps, with no words gathered.
      {{300, 45}, {97, 41}, {64, 203}}, 100, 0.5,
      [&](const EmulatedShape& shape, const Grid& start) {
        const Rule rule = (n++ % 2) ? Rule::life() : test_rules()[1];  // B36/S23 first
        const uint64_t gens = uint64_t(3 * shape.depth + 5);
        ASSERT_EQ(emulate(start, rule, shape, gens), reference_after(start, rule, gens))
            << rule.to_string() << " gens " << gens;
      });
}

TEST(MultistepEmulationTest, TwoRowStepsMatchTheReferenceEveryShape) {
  for_each_shape_topology_size(
      {{1, 16, 24, true}, {2, 8, 13, true}, {1, 1, 8, true}, {4, 4, 32, true}, {1, 8, 1, true}},
      // 64x203: long runs of unrolled steps between a torus's wraps, with no words gathered.
      {{97, 41}, {33, 7}, {1, 1}, {992, 9}, {64, 203}}, 500, 0.5,
      [](const EmulatedShape& shape, const Grid& start) {
        const uint64_t gens = uint64_t(3 * shape.depth + 5);
        ASSERT_EQ(emulate(start, Rule::life(), shape, gens),
                  reference_after(start, Rule::life(), gens))
            << "gens " << gens;
      });
}

using test::reference_history;

TEST(MultistepEmulationTest, TwoRowStepsFoldEveryGenerationIntoTheHistoryPlane) {
  for_each_shape_topology_size(
      {{1, 16, 24, true}, {2, 8, 13, true}, {1, 1, 8, true}, {4, 4, 32, true}, {1, 2, 1, true}},
      {{97, 41}, {33, 7}, {1, 1}, {992, 9}, {64, 40}}, 700, 0.3,
      [](const EmulatedShape& shape, const Grid& start) {
        const int64_t h = start.height();
        // Rows wider than the state's, as a GL buffer's may be, with a poisoned margin that the
        // pass must not touch; the plane starts as the state (DeviceEngine puts it there).
        const int64_t words = start.words_per_row() * 2, pitch = words + 3;
        std::vector<uint32_t> plane(size_t(pitch * h), 0);
        for (int64_t y = 0; y < h; ++y)
          for (int64_t m = 0; m < words; ++m) {
            plane[size_t(y * pitch + m)] = uint32_t(start.row(y)[m / 2] >> (32 * (m % 2)));
            if (m == 0)
              for (int64_t k = words; k < pitch; ++k) plane[size_t(y * pitch + k)] = 0x5A5A5A5Au;
          }
        const uint64_t gens = uint64_t(2 * shape.depth + 3);
        ASSERT_EQ(emulate(start, Rule::life(), shape, gens, plane.data(), pitch),
                  reference_after(start, Rule::life(), gens))
            << "gens " << gens;
        const Grid want = reference_history(start, gens);
        Grid got(start.width(), h, start.topology());
        for (int64_t y = 0; y < h; ++y) {
          for (int64_t m = 0; m < words; ++m)
            got.row(y)[m / 2] |= uint64_t(plane[size_t(y * pitch + m)]) << (32 * (m % 2));
          for (int64_t k = words; k < pitch; ++k)
            ASSERT_EQ(plane[size_t(y * pitch + k)], 0x5A5A5A5Au) << "row " << y;
        }
        const auto diff = first_difference(got, want);
        ASSERT_FALSE(diff) << "first wrong history cell (" << diff->x << ", " << diff->y << ")";
      });
}

TEST(MultistepEmulationTest, PlaneEdgesStayDeadEveryGeneration) {
  // A glider flying into the corner of a plane dies there; on the torus it would come back.
  Grid start(40, 40, Topology::Plane);
  for (auto [x, y] :
       std::initializer_list<std::pair<int, int>>{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
    start.set(x + 30, y + 30, true);
  for (uint64_t gens : {uint64_t(120)})
    EXPECT_EQ(emulate(start, Rule::life(), {2, 8, 16}, gens),
              reference_after(start, Rule::life(), gens));
}

// --- The CUDA engine (needs a device).

bool have_device() {
  return device_available();
}

TEST(MultistepParamsTest, RefusesTooDeepForTheWordsPerThread) {
  auto e = make_bit_multistep_engine();
  try {
    e->set_params({{"depth", 16}, {"words_per_thread", 2}});
    FAIL() << "accepted depth 16 with 2 words per thread";
  } catch (const Error& err) {
    const std::string msg = err.what();
    EXPECT_NE(msg.find("depth * words_per_thread"), std::string::npos) << msg;
    EXPECT_NE(msg.find("depth in [1, 16]"), std::string::npos) << msg;
  }
  EXPECT_THROW(e->set_params({{"depth", 3}}), Error);
  EXPECT_THROW(e->set_params({{"words_per_thread", 3}}), Error);
  EXPECT_THROW(e->set_params({{"block_warps", 9}}), Error);
  EXPECT_NO_THROW(e->set_params({{"depth", 16}, {"words_per_thread", 1}}));
}

TEST(MultistepEngineTest, MatchesTheReference) {
  if (!have_device()) GTEST_SKIP() << "skipped: no CUDA device";
  const std::vector<std::pair<int64_t, int64_t>> sizes = {
      {64, 64}, {65, 63}, {200, 131}, {1000, 300}, {4096, 37}, {1, 1}, {31, 2}};
  const std::vector<Params> shapes = {
      {{"depth", 8}, {"words_per_thread", 2}, {"tile_rows", 64}, {"fma_shifts", 1}},
      {{"depth", 16}, {"words_per_thread", 1}, {"fma_shifts", 0}},  // tile rows chosen per grid
      {{"depth", 16}, {"words_per_thread", 1}, {"rows_per_step", 1}},
      {{"depth", 16}, {"words_per_thread", 1}, {"warps_per_sm", 12}},
      {{"depth", 8}, {"words_per_thread", 2}, {"warps_per_sm", 16}, {"tile_rows", 24}},
      {{"depth", 16}, {"words_per_thread", 1}, {"fma_shifts", 1}, {"tile_rows", 40}},
      {{"depth", 4}, {"words_per_thread", 4}, {"tile_rows", 8}, {"block_warps", 1}},
      {{"depth", 2}, {"words_per_thread", 2}, {"tile_rows", 40}, {"block_warps", 8}},
  };
  int seed = 1000;
  for (const Params& shape : shapes) {
    const int depth = shape.at("depth");
    for (Topology topo : {Topology::Plane, Topology::Torus})
      for (const auto& [w, h] : sizes)
        for (const Rule& rule : test_rules()) {
          const Grid start = soup(w, h, topo, uint64_t(++seed), rule.births(2) ? 0.2 : 0.5);
          auto e = make_bit_multistep_engine();
          e->set_params(shape);
          e->set_rule(rule);
          e->load(start);
          auto ref = make_reference_engine();
          ref->set_rule(rule);
          ref->load(start);
          for (uint64_t gens :
               {uint64_t(1), uint64_t(depth - 1), uint64_t(depth + 1), uint64_t(3 * depth + 5)}) {
            if (gens == 0) continue;
            e->step(gens);
            ref->step(gens);
            Grid got, want;
            e->store(got);
            ref->store(want);
            ASSERT_EQ(got, want) << w << "x" << h << " " << to_string(topo) << " "
                                 << rule.to_string() << " after " << ref->generation() << " depth "
                                 << depth << " words " << shape.at("words_per_thread");
            EXPECT_EQ(e->generation(), ref->generation());
            EXPECT_EQ(e->hash(), want.hash());
            EXPECT_EQ(e->population(), want.population());
          }
        }
  }
}

// Where a bounded grid can go wrong within one multi-generation pass: births beyond a plane's
// edge (into the row pitch's padding or the rows past the last) must not feed back, and torus
// seams must join. Cells live only within two cells of the border (every edge and corner,
// widths on and off 32 and 64), so every generation of every pass touches the edges; each
// depth and both step modes, checked after each pass with cells, population and hash.
Grid border_cells(int64_t w, int64_t h, Topology topo, uint64_t seed) {
  Grid g(w, h, topo);
  std::mt19937_64 rng(seed);
  for (int64_t y = 0; y < h; ++y)
    for (int64_t x = 0; x < w; ++x)
      if ((x < 2 || y < 2 || x >= w - 2 || y >= h - 2) && (rng() & 1u)) g.set(x, y, true);
  return g;
}

TEST(MultistepEngineTest, BoundedEdgesAtEveryDepth) {
  if (!have_device()) GTEST_SKIP() << "skipped: no CUDA device";
  const std::vector<std::pair<int64_t, int64_t>> sizes = {{64, 40},   {100, 37}, {33, 35}, {96, 20},
                                                          {1000, 21}, {2049, 9}, {62, 3}};
  int seed = 3000;
  for (int rows_per_step : {1, 2})
    for (int depth : {1, 2, 4, 8, 16})
      for (Topology topo : {Topology::Plane, Topology::Torus})
        for (const auto& [w, h] : sizes) {
          const Grid start = border_cells(w, h, topo, uint64_t(++seed));
          auto e = make_bit_multistep_engine();
          e->set_params({{"depth", depth}, {"rows_per_step", rows_per_step}});
          e->load(start);
          auto ref = make_reference_engine();
          ref->load(start);
          for (int pass = 0; pass < 3; ++pass) {
            e->step(uint64_t(depth));
            ref->step(uint64_t(depth));
            Grid got, want;
            e->store(got);
            ref->store(want);
            ASSERT_EQ(got, want) << w << "x" << h << " " << to_string(topo) << " depth " << depth
                                 << " rows_per_step " << rows_per_step << " after "
                                 << ref->generation();
            ASSERT_EQ(e->population(), want.population()) << "cells beyond the edge";
            ASSERT_EQ(e->hash(), want.hash());
          }
        }
}

// Small and quick, for compute-sanitizer (memcheck, racecheck): both topologies, both rule
// paths, a width that is not a multiple of 32 and one that is.
TEST(MultistepEngineTest, SmallGridsForTheSanitizer) {
  if (!have_device()) GTEST_SKIP() << "skipped: no CUDA device";
  int seed = 7;
  for (Topology topo : {Topology::Plane, Topology::Torus})
    for (int64_t w : {int64_t(100), int64_t(128)})
      for (const Rule& rule : {Rule::life(), test_rules()[1]}) {
        const Grid start = soup(w, 50, topo, uint64_t(++seed));
        auto e = make_bit_multistep_engine();
        e->set_params({{"tile_rows", 16}});
        e->set_rule(rule);
        e->load(start);
        e->step(11);
        Grid got;
        e->store(got);
        EXPECT_EQ(got, reference_after(start, rule, 11)) << to_string(topo) << " " << w;
      }
}

TEST(MultistepEngineTest, SwitchingParametersKeepsTheState) {
  if (!have_device()) GTEST_SKIP() << "skipped: no CUDA device";
  const Grid start = soup(777, 333, Topology::Torus, 42);
  auto e = make_bit_multistep_engine();
  e->load(start);
  e->step(10);
  e->set_params({{"depth", 2}, {"words_per_thread", 4}, {"tile_rows", 16}});
  e->step(11);
  Grid got;
  e->store(got);
  EXPECT_EQ(got, reference_after(start, Rule::life(), 21));
  EXPECT_EQ(e->generation(), 21u);
}

// A new depth takes effect at the next step: 2 * D generations take two passes, each swapping
// the buffers, so the state ends where it started; a depth still at 16 would take one pass.
TEST(MultistepEngineTest, ANewDepthTakesEffectAtTheNextStep) {
  if (!have_device()) GTEST_SKIP() << "skipped: no CUDA device";
  const Grid start = soup(256, 96, Topology::Torus, 5);
  auto e = make_bit_multistep_engine();
  e->load(start);
  uint64_t generations = 0;
  for (const int depth : {8, 4, 2, 1}) {
    e->set_params({{"depth", depth}});
    const int before = e->current_buffer();
    e->step(uint64_t(2 * depth));
    generations += uint64_t(2 * depth);
    EXPECT_EQ(e->current_buffer(), before) << "depth " << depth << ": not two passes";
  }
  e->set_params({{"depth", 16}});
  const int before = e->current_buffer();
  e->step(16);
  generations += 16;
  EXPECT_NE(e->current_buffer(), before) << "depth 16: not one pass";
  Grid got;
  e->store(got);
  EXPECT_EQ(got, reference_after(start, Rule::life(), generations));
}

}  // namespace
}  // namespace gpulife::gpu
