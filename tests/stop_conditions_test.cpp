// Stop conditions against the reference engine: dies, still, periodic (moving or not) and
// "until generation", stepping one generation or several at a time.
#include "core/stop_conditions.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "core/cell_stats.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

// Runs `pattern` centred on a plane grid in steps of `step` generations, checking after each
// the way the viewer does (the generation before each sample kept for births and deaths), and
// returns the first event (or none after `limit` generations).
StopEvent run_until_stop(const Pattern& pattern, StopConditions& stop, uint64_t step,
                         uint64_t limit, int64_t side = 96) {
  Grid grid(side, side);
  grid.place(pattern);
  std::unique_ptr<Engine> e = make_reference_engine();
  e->set_rule(pattern.rule.rule);
  e->load(grid);
  Grid before, now;
  e->store(now);
  StopEvent first = stop.check(0, cell_stats(now, nullptr, true));
  if (first) return first;
  while (e->generation() < limit) {
    const uint64_t n = stop.limit_step(e->generation(), step);
    if (n > 1) e->step(n - 1);
    e->store(before);
    e->step(1);
    e->store(now);
    const StopEvent ev = stop.check(e->generation(), cell_stats(now, &before, true));
    if (ev) return ev;
  }
  return {};
}

// Stop conditions with these settings and nothing seen yet.
StopConditions stopping(const StopSettings& settings) {
  StopConditions stop;
  stop.settings = settings;
  return stop;
}

Pattern library(const std::string& name) {
  return load_pattern_file(fs::path(GPULIFE_ASSETS) / "patterns" / (name + ".rle"));
}

TEST(StopConditions, DiesAtTheGenerationTheLastCellDies) {
  StopConditions stop = stopping({.when_dies = true});
  const StopEvent e = run_until_stop(library("diehard"), stop, 1, 200);
  EXPECT_EQ(e.reason, StopReason::Died);
  EXPECT_EQ(e.generation, 130u);
  EXPECT_EQ(describe(e), "died at generation 130");
  // In steps of 16 it is seen at the first sample after that.
  StopConditions coarse = stopping({.when_dies = true});
  EXPECT_EQ(run_until_stop(library("diehard"), coarse, 16, 200).generation, 144u);
}

TEST(StopConditions, StillIsExactEvenInLargeSteps) {
  // Three cells of an L become a block at generation 1; generation 2 is the first that equals
  // the one before it.
  const Pattern l = parse_rle("x = 2, y = 2\n2o$o!");
  for (uint64_t step : {1u, 5u}) {
    SCOPED_TRACE(step);
    StopConditions stop = stopping({.when_still = true});
    const StopEvent e = run_until_stop(l, stop, step, 100);
    EXPECT_EQ(e.reason, StopReason::Still);
    EXPECT_EQ(e.generation, step == 1 ? 2u : 5u);
  }
  // An oscillator is never still.
  StopConditions stop = stopping({.when_still = true});
  EXPECT_FALSE(run_until_stop(library("blinker"), stop, 1, 50));
}

TEST(StopConditions, PeriodicWithItsPeriodAndMotion) {
  StopConditions stop = stopping({.when_periodic = true});
  const StopEvent p = run_until_stop(library("pulsar"), stop, 1, 50);
  EXPECT_EQ(p.reason, StopReason::Periodic);
  EXPECT_EQ(p.generation, 3u);
  EXPECT_EQ(p.repeat_after, 3u);
  EXPECT_EQ(p.dx, 0);
  stop.reset();
  const StopEvent g = run_until_stop(library("glider"), stop, 1, 50);
  EXPECT_EQ(g.repeat_after, 4u);
  EXPECT_EQ(g.dx, 1);
  EXPECT_EQ(g.dy, 1);
  EXPECT_EQ(describe(g),
            "became periodic at generation 4: it repeats moved by (1, 1) after 4 "
            "generations");
  // Steps of 3 see the glider's period 4 at their common multiple, 12.
  stop.reset();
  const StopEvent g3 = run_until_stop(library("glider"), stop, 3, 50);
  EXPECT_EQ(g3.repeat_after, 12u);
  EXPECT_EQ(g3.dx, 3);
  // A methuselah settles down only later: R-pentomino's debris is periodic only after its last
  // glider left... which never repeats up to translation while gliders fly; nothing in 300.
  stop.reset();
  EXPECT_FALSE(run_until_stop(library("r_pentomino"), stop, 1, 300, 160));
}

TEST(StopConditions, UntilGenerationStopsExactlyThereAndOnlyOnce) {
  StopConditions stop = stopping({.at_generation = 100});
  EXPECT_EQ(stop.limit_step(90, 16), 10u);
  EXPECT_EQ(stop.limit_step(0, 16), 16u);
  EXPECT_EQ(stop.limit_step(100, 16), 16u);  // past it: running on is allowed
  const StopEvent e = run_until_stop(library("r_pentomino"), stop, 16, 1000, 160);
  EXPECT_EQ(e.reason, StopReason::ReachedGeneration);
  EXPECT_EQ(e.generation, 100u);
  // Running on from there does not stop again at once.
  CellStats s;
  s.population = 5;
  EXPECT_FALSE(stop.check(116, s));
}

TEST(StopConditions, UndoForgetsWhatWasSeen) {
  StopConditions stop = stopping({.when_periodic = true});
  CellStats a;
  a.population = 3;
  a.shape_known = true;
  a.shape_hash = 42;
  a.bounds = Box{0, 0, 2, 0};
  EXPECT_FALSE(stop.check(10, a));
  EXPECT_FALSE(stop.check(5, a));  // back in time: the state at 10 is no longer in the past
  CellStats b = a;
  b.shape_hash = 43;
  EXPECT_FALSE(stop.check(6, b));
  EXPECT_EQ(stop.check(7, a).repeat_after, 2u);
}

TEST(StopConditions, MemoryIsBounded) {
  StopConditions stop = stopping({.when_periodic = true});
  CellStats s;
  s.shape_known = true;
  s.population = 1;
  s.bounds = Box{0, 0, 0, 0};
  for (uint64_t g = 0; g < StopConditions::kMaxRemembered + 10; ++g) {
    s.shape_hash = g * 7919 + 1;
    ASSERT_FALSE(stop.check(g, s));
  }
  // The oldest state is forgotten, the newest is not.
  s.shape_hash = 1;
  EXPECT_FALSE(stop.check(StopConditions::kMaxRemembered + 20, s));
  s.shape_hash = (StopConditions::kMaxRemembered + 9) * 7919 + 1;
  EXPECT_TRUE(stop.check(StopConditions::kMaxRemembered + 21, s));
}

}  // namespace
}  // namespace gpulife
