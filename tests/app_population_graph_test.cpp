// The population graph's samples: undo cuts them back, windows and scales.
#include "app/population_graph.hpp"

#include <gtest/gtest.h>

namespace gpulife::app {
namespace {

GraphSample at(uint64_t generation, uint64_t population) {
  GraphSample s;
  s.generation = generation;
  s.population = population;
  s.changes_known = true;
  s.births = generation;
  s.deaths = 1;
  return s;
}

TEST(PopulationGraph, UndoCutsTheHistoryBack) {
  PopulationGraph g;
  for (uint64_t i = 0; i <= 10; ++i) g.add(at(i * 4, 100 + i));
  EXPECT_EQ(g.samples().size(), 11u);
  // Undo to generation 20 and run on from there: the old future is gone.
  g.add(at(20, 7));
  ASSERT_EQ(g.samples().size(), 6u);
  EXPECT_EQ(g.samples().back().population, 7u);
  g.add(at(21, 8));
  EXPECT_EQ(g.samples().back().generation, 21u);
  g.rewind_to(8);
  EXPECT_EQ(g.samples().back().generation, 8u);
  // Back to generation 0 (a reset) starts over.
  g.add(at(0, 5));
  EXPECT_EQ(g.samples().size(), 1u);
}

TEST(PopulationGraph, WindowsAndMaxima) {
  PopulationGraph g;
  for (uint64_t i = 0; i < 100; ++i) g.add(at(i, i % 10 == 0 ? 1000 : i));
  EXPECT_EQ(g.window_start(0), 0u);
  EXPECT_EQ(g.window_start(10), 89u);  // generations 89..99
  EXPECT_EQ(g.max_value(GraphSeries::Population, g.window_start(5)), 99u);
  EXPECT_EQ(g.max_value(GraphSeries::Population, 0), 1000u);
  EXPECT_EQ(g.max_value(GraphSeries::Births, 0), 99u);
  EXPECT_EQ(g.max_value(GraphSeries::Deaths, 0), 1u);
  GraphSample unknown = at(200, 3);
  unknown.changes_known = false;
  EXPECT_EQ(PopulationGraph::value(unknown, GraphSeries::Births), 0u);
}

TEST(PopulationGraph, ThinsOldSamplesButKeepsTheRecentOnes) {
  PopulationGraph g;
  for (uint64_t i = 0; i < PopulationGraph::kMaxSamples + 1; ++i) g.add(at(i, i));
  EXPECT_LE(g.samples().size(), PopulationGraph::kMaxSamples);
  EXPECT_EQ(g.samples().front().generation, 0u);
  EXPECT_EQ(g.samples().back().generation, PopulationGraph::kMaxSamples);
  // The newest half is whole.
  const auto& s = g.samples();
  for (size_t i = s.size() - 100; i + 1 < s.size(); ++i)
    EXPECT_EQ(s[i + 1].generation, s[i].generation + 1);
}

TEST(PopulationGraph, LinearAndLogScales) {
  EXPECT_DOUBLE_EQ(PopulationGraph::height_of(50, 100, false), 0.5);
  EXPECT_DOUBLE_EQ(PopulationGraph::height_of(0, 100, true), 0.0);
  EXPECT_DOUBLE_EQ(PopulationGraph::height_of(100, 100, true), 1.0);
  // Log lifts small values: 10 of 10000 is a quarter of the way up, not a thousandth.
  EXPECT_NEAR(PopulationGraph::height_of(10, 10000, true), 0.26, 0.01);
  EXPECT_DOUBLE_EQ(PopulationGraph::height_of(5, 0, false), 0.0);
  EXPECT_DOUBLE_EQ(PopulationGraph::height_of(500, 100, false), 1.0);
}

}  // namespace
}  // namespace gpulife::app
