// Known evolutions on the reference engine: periods, ship speeds, methuselahs, a gun, both edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/pattern.hpp"
#include "core/reference_engine.hpp"
#include "core/rule.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

// A pattern from rows of '.' and 'O', top row first; cell (0, 0) is the top-left character.
Pattern picture(std::initializer_list<const char*> rows) {
  Pattern p;
  int64_t y = 0;
  for (const char* row : rows) {
    for (int64_t x = 0; row[x] != '\0'; ++x)
      if (row[x] == 'O') p.add(x, y);
    ++y;
  }
  p.normalize();
  return p;
}

Pattern translated(Pattern p, int64_t dx, int64_t dy) {
  p.translate(dx, dy);
  return p;
}

// The reference engine running one pattern placed at `at` on a fresh grid.
class Sim {
 public:
  Sim(const Pattern& pattern, int64_t width, int64_t height, Cell at,
      Topology topology = Topology::Plane, Rule rule = Rule::life())
      : engine_(make_reference_engine()) {
    Grid grid(width, height, topology);
    grid.place(pattern, at);
    engine_->set_rule(rule);
    engine_->load(grid);
  }

  void step(uint64_t generations) { engine_->step(generations); }
  uint64_t generation() const { return engine_->generation(); }
  uint64_t population() const { return engine_->population(); }
  // Live cells in grid coordinates.
  Pattern cells() const {
    Grid grid = test::state(*engine_);
    return grid.extract();
  }

 private:
  std::unique_ptr<Engine> engine_;
};

const Pattern kGlider = picture({".O.", "..O", "OOO"});               // heads down and right
const Pattern kLwss = picture({".O..O", "O....", "O...O", "OOOO."});  // heads left
const Pattern kBlinker = picture({"OOO"});

TEST(Evolution, BlinkerHasPeriodTwo) {
  Sim run(kBlinker, 16, 16, {6, 7});
  const Pattern start = run.cells();
  run.step(1);
  EXPECT_TRUE(run.cells().same_cells(translated(picture({"O", "O", "O"}), 7, 6)));
  EXPECT_FALSE(run.cells().same_cells(start));
  run.step(1);
  EXPECT_TRUE(run.cells().same_cells(start));
  run.step(99);
  EXPECT_TRUE(run.cells().same_cells(translated(picture({"O", "O", "O"}), 7, 6)));
}

TEST(Evolution, PulsarHasPeriodThree) {
  const Pattern pulsar = picture({
      "..OOO...OOO..",
      ".............",
      "O....O.O....O",
      "O....O.O....O",
      "O....O.O....O",
      "..OOO...OOO..",
      ".............",
      "..OOO...OOO..",
      "O....O.O....O",
      "O....O.O....O",
      "O....O.O....O",
      ".............",
      "..OOO...OOO..",
  });
  ASSERT_EQ(pulsar.population(), 48u);
  Sim run(pulsar, 32, 32, {9, 9});
  const Pattern start = run.cells();
  std::vector<uint64_t> populations;
  for (int g = 1; g <= 2; ++g) {
    run.step(1);
    EXPECT_FALSE(run.cells().same_cells(start)) << "generation " << g;
    populations.push_back(run.population());
  }
  run.step(1);
  EXPECT_TRUE(run.cells().same_cells(start));
  // The three phases have 48, 56 and 72 cells.
  EXPECT_EQ(populations, (std::vector<uint64_t>{56, 72}));
  run.step(300);
  EXPECT_TRUE(run.cells().same_cells(start));
}

TEST(Evolution, GliderMovesOneCellDiagonallyEveryFourGenerations) {
  Sim run(kGlider, 64, 64, {4, 4});
  for (int k = 1; k <= 12; ++k) {
    run.step(4);
    ASSERT_TRUE(run.cells().same_cells(translated(kGlider, 4 + k, 4 + k))) << "after " << 4 * k;
  }
  run.step(2);  // half-way it is another phase, not the start shape
  EXPECT_FALSE(run.cells().same_cells(translated(kGlider, 16, 16)));
  EXPECT_EQ(run.population(), 5u);
}

TEST(Evolution, LwssMovesTwoCellsLeftEveryFourGenerations) {
  Sim run(kLwss, 96, 16, {80, 6});
  for (int k = 1; k <= 8; ++k) {
    run.step(4);
    ASSERT_TRUE(run.cells().same_cells(translated(kLwss, 80 - 2 * k, 6))) << "after " << 4 * k;
  }
  run.step(4 * 24);
  EXPECT_TRUE(run.cells().same_cells(translated(kLwss, 80 - 2 * 32, 6)));
}

TEST(Evolution, DiehardDiesAtGeneration130) {
  const Pattern diehard = picture({"......O.", "OO......", ".O...OOO"});
  Sim run(diehard, 64, 64, {28, 30});
  run.step(129);
  EXPECT_GT(run.population(), 0u) << "dead too early";
  // Its whole life fits well inside the grid, so the plane's edge played no part.
  const Box box = run.cells().bounding_box();
  EXPECT_GE(box.min_x, 8);
  EXPECT_GE(box.min_y, 8);
  EXPECT_LT(box.max_x, 56);
  EXPECT_LT(box.max_y, 56);
  run.step(1);
  EXPECT_EQ(run.population(), 0u);
  EXPECT_EQ(run.generation(), 130u);
}

TEST(Evolution, RPentominoReaches116AtGeneration1103) {
  // By generation 1103 its six gliders are up to about 260 cells from where it started, so the
  // grid is sized and the seed placed to keep every cell clear of the edge (checked below).
  const Pattern r = picture({".OO", "OO.", ".O."});
  Sim run(r, 544, 544, {250, 262});
  run.step(1102);
  EXPECT_EQ(run.population(), 118u);
  run.step(1);
  EXPECT_EQ(run.population(), 116u);
  const Box box = run.cells().bounding_box();
  EXPECT_GE(box.min_x, 2);
  EXPECT_GE(box.min_y, 2);
  EXPECT_LT(box.max_x, 544 - 2);
  EXPECT_LT(box.max_y, 544 - 2);
  // Settled: two generations later (its oscillators are period 2) the count is the same.
  run.step(2);
  EXPECT_EQ(run.population(), 116u);
}

// 8-connected groups of live cells, in place.
std::vector<Pattern> components(const Pattern& cells) {
  std::set<Cell> left(cells.cells().begin(), cells.cells().end());
  std::vector<Pattern> out;
  while (!left.empty()) {
    Pattern part;
    std::vector<Cell> todo{*left.begin()};
    left.erase(left.begin());
    while (!todo.empty()) {
      const Cell c = todo.back();
      todo.pop_back();
      part.add(c);
      for (int64_t dy = -1; dy <= 1; ++dy)
        for (int64_t dx = -1; dx <= 1; ++dx) {
          auto it = left.find(Cell{c.x + dx, c.y + dy});
          if (it != left.end()) {
            todo.push_back(*it);
            left.erase(it);
          }
        }
    }
    part.normalize();
    out.push_back(part);
  }
  return out;
}

TEST(Evolution, GosperGunEmitsOneGliderEvery30Generations) {
  const Pattern gun = picture({
      "........................O...........",
      "......................O.O...........",
      "............OO......OO............OO",
      "...........O...O....OO............OO",
      "OO........O.....O...OO..............",
      "OO........O...O.OO....O.O...........",
      "..........O.....O.......O...........",
      "...........O...O....................",
      "............OO......................",
  });
  ASSERT_EQ(gun.population(), 36u);
  // The four phases of a glider heading down and right, for recognising the gun's output.
  std::vector<Pattern> phases;
  {
    Sim g(kGlider, 16, 16, {4, 4});
    for (int i = 0; i < 4; ++i, g.step(1)) {
      Pattern p = g.cells();
      p.move_to_origin();
      phases.push_back(p);
    }
  }
  auto is_glider = [&](const Pattern& p) {
    return std::any_of(phases.begin(), phases.end(),
                       [&](const Pattern& q) { return q.same_cells(p); });
  };

  // Gliders fly down-right at c/4; 128x128 holds ten periods of output.
  Sim run(gun, 128, 128, {2, 2});
  const Box gun_box{0, 0, 2 + 36, 2 + 9};  // the gun and a cell around it
  uint64_t previous_population = run.population();
  size_t previous_gliders = 0;
  for (int k = 1; k <= 10; ++k) {
    run.step(30);
    EXPECT_EQ(run.population(), previous_population + 5) << "period " << k;
    previous_population = run.population();
    // Every group of cells clear of the gun is a whole glider: one more each period.
    const Pattern now = run.cells();
    size_t gliders = 0;
    for (const Pattern& part : components(now)) {
      const Box b = part.bounding_box();
      if (b.min_x <= gun_box.max_x && b.min_y <= gun_box.max_y) continue;  // the gun itself
      ++gliders;
      Pattern shape = part;
      shape.move_to_origin();
      EXPECT_TRUE(is_glider(shape)) << "period " << k << ": a " << shape.population()
                                    << "-cell object at " << b.min_x << "," << b.min_y;
    }
    if (k >= 3) {
      EXPECT_EQ(gliders, previous_gliders + 1) << "period " << k;
    }
    previous_gliders = gliders;
  }
  const Box box = run.cells().bounding_box();
  EXPECT_LT(box.max_x, 126);
  EXPECT_LT(box.max_y, 126);
}

TEST(Evolution, GliderWrapsAroundTorusAndReturnsAfterFourTimesTheSide) {
  constexpr int64_t kSide = 24;
  Sim run(kGlider, kSide, kSide, {10, 10}, Topology::Torus);
  const Pattern start = run.cells();
  // Half-way round it is W/2 cells further on, wrapped.
  run.step(2 * kSide);
  Pattern expected;
  for (const Cell& c : start.cells())
    expected.add((c.x + kSide / 2) % kSide, (c.y + kSide / 2) % kSide);
  expected.normalize();
  EXPECT_TRUE(run.cells().same_cells(expected));
  // Placed at 10 and moved by 12 it covers columns and rows 22, 23 and 0: it is crossing the
  // corner, its cells on both the far and near edges.
  const Box box = run.cells().bounding_box();
  EXPECT_EQ(box.width(), kSide);
  EXPECT_EQ(box.height(), kSide);
  run.step(2 * kSide);
  EXPECT_TRUE(run.cells().same_cells(start)) << "after " << run.generation();
  EXPECT_EQ(run.generation(), uint64_t(4 * kSide));
  // Not merely periodic by accident: nowhere in between was it back at the start.
  Sim again(kGlider, kSide, kSide, {10, 10}, Topology::Torus);
  for (int64_t g = 1; g < 4 * kSide; ++g) {
    again.step(1);
    ASSERT_FALSE(again.cells().same_cells(start)) << "generation " << g;
  }
}

TEST(Evolution, TorusWithUnequalSidesWrapsEachAxisByItsOwnSize) {
  // A glider on 20x12 comes back when both 4*20 and 4*12 divide the generation: 4*lcm = 240.
  Sim run(kGlider, 20, 12, {3, 3}, Topology::Torus);
  const Pattern start = run.cells();
  run.step(4 * 20);
  EXPECT_FALSE(run.cells().same_cells(start));
  run.step(240 - 80);
  EXPECT_TRUE(run.cells().same_cells(start));
}

TEST(Evolution, GliderHittingThePlaneEdgeBecomesABlockAndNothingWraps) {
  constexpr int64_t kSide = 16;
  Sim run(kGlider, kSide, kSide, {6, 6});
  run.step(60);  // long enough to reach the corner and settle
  const Pattern result = run.cells();
  // Beyond a plane's edge every cell is dead: the glider crashes into the bottom-right corner
  // and leaves a block there.
  EXPECT_TRUE(result.same_cells(translated(picture({"OO", "OO"}), kSide - 2, kSide - 2)))
      << "population " << result.population();
  for (const Cell& c : result.cells()) {
    EXPECT_GE(c.x, kSide / 2) << "a cell wrapped to the left side";
    EXPECT_GE(c.y, kSide / 2) << "a cell wrapped to the top";
  }
  run.step(40);
  EXPECT_TRUE(run.cells().same_cells(result)) << "a block is still";

  // The same start on a torus keeps flying.
  Sim torus(kGlider, kSide, kSide, {6, 6}, Topology::Torus);
  torus.step(60);
  EXPECT_EQ(torus.population(), 5u);
}

TEST(Evolution, BlinkerOnTheEdgeDiesOnAPlaneButOscillatesOnATorus) {
  // A vertical blinker in the leftmost column: its horizontal phase needs a cell beyond x = 0.
  const Pattern vertical = picture({"O", "O", "O"});
  Sim plane(vertical, 8, 8, {0, 3});
  plane.step(1);
  EXPECT_TRUE(plane.cells().same_cells(translated(picture({"OO"}), 0, 4)));
  plane.step(1);
  EXPECT_EQ(plane.population(), 0u);

  Sim torus(vertical, 8, 8, {0, 3}, Topology::Torus);
  torus.step(1);
  Pattern wrapped;
  wrapped.add(7, 4);
  wrapped.add(0, 4);
  wrapped.add(1, 4);
  wrapped.normalize();
  EXPECT_TRUE(torus.cells().same_cells(wrapped));
  torus.step(1);
  EXPECT_TRUE(torus.cells().same_cells(translated(vertical, 0, 3)));
  torus.step(100);
  EXPECT_TRUE(torus.cells().same_cells(translated(vertical, 0, 3)));
}

}  // namespace
}  // namespace gpulife
