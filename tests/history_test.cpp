// Tests of undo/redo: edit sequences, "run from here", edits made while running, replacements
// of the whole state (loads, re-created grids) between them, and the memory budget.
#include "core/history.hpp"

#include <gtest/gtest.h>

#include <cctype>

#include "core/error.hpp"

#include "edit_test_support.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

using namespace testing;

Grid with_glider(int64_t w, int64_t h) {
  Grid g(w, h);
  for (Cell c : {Cell{1, 0}, Cell{2, 1}, Cell{0, 2}, Cell{1, 2}, Cell{2, 2}})
    g.set(c.x + 3, c.y + 3, true);
  return g;
}

class HistoryOnEngine : public OnEachCpuEngine {};

TEST_P(HistoryOnEngine, UndoAndRedoWalkThroughEveryState) {
  auto e = engine(random_grid(64, 48, 0.3, 1));
  History h;
  std::vector<Grid> states{state(*e)};
  EXPECT_TRUE(h.record(draw_line(*e, {0, 0}, {63, 47}, true)));
  states.push_back(state(*e));
  EXPECT_TRUE(h.record(clear_selection(*e, Box{10, 10, 30, 30})));
  states.push_back(state(*e));
  EXPECT_TRUE(h.record(paste(*e, copy_selection(*e, Box{0, 0, 9, 9}), {40, 30}, PasteMode::Xor)));
  states.push_back(state(*e));
  EXPECT_TRUE(
      h.record(transform_selection(*e, Box{5, 5, 20, 12}, Transform::RotateClockwise).edit));
  states.push_back(state(*e));
  EXPECT_EQ(h.undo_count(), 4u);
  EXPECT_EQ(h.undo_label(), "rotate clockwise");

  for (size_t i = states.size() - 1; i > 0; --i) {
    ASSERT_TRUE(h.undo(*e));
    EXPECT_EQ(state(*e), states[i - 1]) << "after undoing to state " << i - 1;
  }
  EXPECT_FALSE(h.can_undo());
  EXPECT_FALSE(h.undo(*e));
  EXPECT_EQ(h.redo_label(), "draw");
  for (size_t i = 1; i < states.size(); ++i) {
    ASSERT_TRUE(h.redo(*e));
    EXPECT_EQ(state(*e), states[i]);
  }
  EXPECT_FALSE(h.redo(*e));
}

TEST_P(HistoryOnEngine, RunFromHereUndoesToTheGenerationWhereRunningStarted) {
  const Grid start = with_glider(32, 32);
  auto e = engine(start);
  History h;
  ASSERT_TRUE(h.begin_run(*e));
  EXPECT_TRUE(h.running());
  e->step(12);
  h.end_run(*e);
  const Grid after_run = state(*e);
  EXPECT_EQ(h.undo_label(), "run from generation 0");

  ASSERT_TRUE(h.undo(*e));
  EXPECT_TRUE(holds(*e, start, 0));
  ASSERT_TRUE(h.redo(*e));
  EXPECT_TRUE(holds(*e, after_run, 12));
  // Undo again after redo (the end state is taken afresh).
  ASSERT_TRUE(h.undo(*e));
  EXPECT_TRUE(holds(*e, start, 0));
}

TEST_P(HistoryOnEngine, EditsAndRunsInterleave) {
  auto e = engine(with_glider(40, 40));
  History h;
  const Grid s0 = state(*e);
  h.record(draw_line(*e, {20, 5}, {20, 7}, true));  // a blinker
  const Grid s1 = state(*e);
  h.begin_run(*e);
  e->step(5);
  h.end_run(*e);
  const Grid s2 = state(*e);
  h.record(draw_cell(*e, {35, 35}, true));
  const Grid s3 = state(*e);
  h.begin_run(*e);
  e->step(2);
  h.end_run(*e);
  const Grid s4 = state(*e);
  EXPECT_EQ(h.undo_count(), 4u);

  h.undo(*e);
  EXPECT_TRUE(holds(*e, s3, 5));
  h.undo(*e);
  EXPECT_EQ(state(*e), s2);
  h.undo(*e);
  EXPECT_TRUE(holds(*e, s1, 0));
  h.undo(*e);
  EXPECT_EQ(state(*e), s0);
  for (int i = 0; i < 4; ++i) h.redo(*e);
  EXPECT_TRUE(holds(*e, s4, 7));
}

INSTANTIATE_TEST_SUITE_P(CpuEngines, HistoryOnEngine, ::testing::ValuesIn(cpu_engine_names()),
                         test::EngineParamName());

// An engine and the history of what is done to it.
struct EngineWithHistory {
  std::unique_ptr<Engine> engine;
  History history;
};

// The reference engine loaded with `grid`, and an empty history of `budget` bytes:
// auto [e, h] = on_reference(grid).
EngineWithHistory on_reference(const Grid& grid, size_t budget = History::kDefaultBudget) {
  return {make_loaded("reference", grid), History(budget)};
}

TEST(History, EditsWhileRunningFoldIntoTheRun) {
  auto [e, h] = on_reference(with_glider(32, 32));
  const Grid start = state(*e);
  h.begin_run(*e);
  e->step(3);
  EXPECT_TRUE(h.record(draw_line(*e, {20, 20}, {25, 20}, true)));
  e->step(3);
  h.end_run(*e);
  const Grid end = state(*e);
  EXPECT_EQ(h.undo_count(), 1u) << "one step: the run with its edit";
  h.undo(*e);
  EXPECT_EQ(state(*e), start);
  h.redo(*e);
  EXPECT_TRUE(holds(*e, end, 6));
}

TEST(History, RunThatChangedNothingIsDropped) {
  auto [e, h] = on_reference(with_glider(16, 16));
  h.record(draw_cell(*e, {0, 0}, true));
  h.begin_run(*e);
  h.end_run(*e);
  EXPECT_EQ(h.undo_count(), 1u);
  EXPECT_EQ(h.undo_label(), "draw");
  // An edit while "running" with no steps still makes the run worth undoing.
  h.begin_run(*e);
  h.record(draw_cell(*e, {1, 0}, true));
  h.end_run(*e);
  EXPECT_EQ(h.undo_count(), 2u);
}

TEST(History, UndoWhileRunningEndsTheRunFirst) {
  auto [e, h] = on_reference(with_glider(16, 16));
  const Grid start = state(*e);
  h.begin_run(*e);
  e->step(4);
  EXPECT_TRUE(h.undo(*e));
  EXPECT_FALSE(h.running());
  EXPECT_TRUE(holds(*e, start, 0));
}

TEST(History, NewEditClearsRedoAndEmptyEditsAreIgnored) {
  auto [e, h] = on_reference(Grid(16, 16));
  h.record(draw_cell(*e, {1, 1}, true));
  h.record(draw_cell(*e, {2, 2}, true));
  h.undo(*e);
  EXPECT_TRUE(h.can_redo());
  EXPECT_TRUE(h.record(draw_cell(*e, {1, 1}, true)));  // no change: empty, ignored
  EXPECT_TRUE(h.can_redo());
  h.record(draw_cell(*e, {3, 3}, true));
  EXPECT_FALSE(h.can_redo());
  EXPECT_EQ(h.redo_count(), 0u);
  EXPECT_EQ(h.undo_count(), 2u);
}

TEST(History, UndoAndRedoOfEditsUseOnlyTheRegionPath) {
  CountingEngine e(make_reference_engine());
  e.load(random_grid(1024, 1024, 0.1, 2));
  History h;
  h.record(draw_line(e, {0, 0}, {1023, 700}, true));
  h.record(random_fill(e, Box{100, 100, 200, 200}, 0.5, 3));
  e.reset_counts();
  h.undo(e);
  h.undo(e);
  h.redo(e);
  h.redo(e);
  EXPECT_EQ(e.full_calls, 0u);
  EXPECT_LT(e.region_cells, 1024u * 1024u / 8);
}

// What a caller holding a copy of the grid (the viewer's CPU snapshot) must refresh after
// undo/redo: an edit's patch box, or everything for a run.
TEST(History, UndoAndRedoBoundsAreTheBoxesTheStepsWrite) {
  auto [e, h] = on_reference(random_grid(128, 96, 0.2, 4));
  EXPECT_TRUE(h.undo_bounds().empty());
  EXPECT_FALSE(h.undo_is_run());
  h.record(draw_line(*e, {3, 90}, {70, 40}, true));
  h.record(clear_selection(*e, Box{100, 10, 120, 30}));
  EXPECT_EQ(h.undo_bounds(), (Box{100, 10, 120, 30}));
  h.undo(*e);
  EXPECT_EQ(h.redo_bounds(), (Box{100, 10, 120, 30}));
  EXPECT_EQ(h.undo_bounds(), (Box{3, 40, 70, 90}));
  h.begin_run(*e);
  e->step(3);
  h.end_run(*e);
  EXPECT_TRUE(h.undo_is_run());
  EXPECT_TRUE(h.undo_bounds().empty());
  h.undo(*e);
  EXPECT_TRUE(h.redo_is_run());
  EXPECT_TRUE(h.redo_bounds().empty());
  EXPECT_EQ(h.undo_bounds(), (Box{3, 40, 70, 90}));
}

TEST(History, MemoryStaysWithinTheBudgetDroppingTheOldestFirst) {
  // Each filled 64 x 64 block records a 64 x 64 before and after: 2 * 64 * 8 bytes of words.
  auto [e, h] = on_reference(Grid(256, 256), 16 * 1024);
  EXPECT_EQ(h.budget(), 16u * 1024u);
  std::vector<Grid> states{state(*e)};
  for (int i = 0; i < 40; ++i) {
    const int64_t x = (i % 4) * 64, y = (i / 4 % 4) * 64;
    EXPECT_TRUE(h.record(random_fill(*e, Box{x, y, x + 63, y + 63}, 0.5, uint64_t(i))));
    states.push_back(state(*e));
    EXPECT_LE(h.memory_used(), h.budget());
  }
  const size_t kept = h.undo_count();
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, 40u);
  EXPECT_GT(h.memory_used(), 0u);
  // The steps kept are the newest: undoing all of them lands on the state after the dropped ones.
  while (h.undo(*e)) {
  }
  EXPECT_EQ(state(*e), states[40 - kept]);
  EXPECT_LE(h.memory_used(), h.budget());
}

TEST(History, AnEditLargerThanTheBudgetClearsTheHistory) {
  auto [e, h] = on_reference(Grid(512, 512), 8 * 1024);
  EXPECT_TRUE(h.record(draw_cell(*e, {1, 1}, true)));
  EXPECT_FALSE(h.record(random_fill(*e, Box{0, 0, 511, 511}, 0.5, 1)));
  EXPECT_FALSE(h.can_undo());
  EXPECT_EQ(h.memory_used(), 0u);
}

TEST(History, ARunTooLargeForTheBudgetIsNotRecorded) {
  auto [e, h] = on_reference(with_glider(1024, 1024), 64 * 1024);  // a 128 KiB snapshot
  h.record(draw_cell(*e, {500, 500}, true));
  EXPECT_FALSE(h.begin_run(*e));
  EXPECT_FALSE(h.can_undo()) << "older steps cannot be replayed past an unrecorded run";
  e->step(2);
  h.record(draw_cell(*e, {600, 600}, true));  // while running: not recorded
  h.end_run(*e);
  EXPECT_FALSE(h.can_undo());
  h.record(draw_cell(*e, {700, 700}, true));
  EXPECT_EQ(h.undo_count(), 1u);
}

TEST(History, RunSnapshotsAreCountedAndRedoIsGivenUpWhenTwoDoNotFit) {
  auto e = make_loaded("reference", with_glider(1024, 1024));
  const size_t snapshot = 1024u * 1024u / 8;
  const Grid start = state(*e);
  {
    History h(4 * snapshot);
    h.begin_run(*e);
    EXPECT_GE(h.memory_used(), snapshot);
    EXPECT_LT(h.memory_used(), snapshot + 4096);
    e->step(1);
    h.end_run(*e);
    h.undo(*e);
    EXPECT_GE(h.memory_used(), 2 * snapshot) << "start and end kept for redo";
    EXPECT_TRUE(h.can_redo());
    h.redo(*e);
    EXPECT_LT(h.memory_used(), snapshot + 4096) << "the end state is the engine's again";
  }
  e->load(start);
  {
    History h(snapshot + snapshot / 2);
    h.begin_run(*e);
    e->step(1);
    h.end_run(*e);
    EXPECT_TRUE(h.undo(*e));
    EXPECT_EQ(state(*e), start);
    EXPECT_FALSE(h.can_redo());
    EXPECT_LE(h.memory_used(), h.budget());
  }
}

TEST(History, SetBudgetEvictsAtOnceAndClearEmpties) {
  auto [e, h] = on_reference(Grid(128, 128));
  EXPECT_EQ(h.budget(), History::kDefaultBudget);
  for (int i = 0; i < 10; ++i) h.record(draw_line(*e, {0, i}, {127, i}, true));
  const size_t used = h.memory_used();
  EXPECT_EQ(h.undo_count(), 10u);
  h.set_budget(used / 2);
  EXPECT_LE(h.memory_used(), used / 2);
  EXPECT_LT(h.undo_count(), 10u);
  EXPECT_GT(h.undo_count(), 0u);
  EXPECT_EQ(h.undo_label(), "draw");
  h.clear();
  EXPECT_EQ(h.memory_used(), 0u);
  EXPECT_FALSE(h.can_undo());
  h.set_budget(0);
  EXPECT_FALSE(h.record(draw_cell(*e, {5, 100}, true)));
}

// A caller's whole state, as the viewer keeps it: the engine is made anew for each snapshot.
struct Document {
  std::unique_ptr<Engine> engine;
  std::string name;
  StateSnapshot snapshot() const {
    StateSnapshot s;
    engine->store(s.grid);
    s.generation = engine->generation();
    s.rule = engine->rule();
    s.name = name;
    return s;
  }
  void restore(const StateSnapshot& s) {
    engine = make_loaded("reference", s.grid);
    engine->set_rule(s.rule);
    engine->set_generation(s.generation);
    name = s.name;
  }
};

TEST(History, ReplacementsUndoToTheOldStateAndKeepTheStepsBeforeThem) {
  Document doc{make_loaded("reference", with_glider(32, 32)), "first"};
  History h;
  EXPECT_TRUE(h.record(draw_line(*doc.engine, {0, 0}, {5, 0}, true)));
  ASSERT_TRUE(h.begin_run(*doc.engine));
  doc.engine->step(7);
  h.end_run(*doc.engine);
  const StateSnapshot before = doc.snapshot();
  // Load a different grid: another size, topology, rule, name and generation.
  ASSERT_TRUE(h.record_replace(doc.snapshot(), "load second"));
  Grid other(100, 40, Topology::Torus);
  other.set(50, 20, true);
  doc.engine = make_loaded("reference", other);
  doc.engine->set_rule(parse_rule("B36/S23").rule);
  doc.name = "second";
  EXPECT_TRUE(h.record(draw_line(*doc.engine, {0, 0}, {9, 0}, true)));
  EXPECT_EQ(h.undo_count(), 4u);

  EXPECT_TRUE(h.undo(*doc.engine));  // the draw on the second grid
  EXPECT_EQ(doc.engine->population(), 1u);
  EXPECT_TRUE(h.undo_is_replace());
  EXPECT_EQ(h.undo_label(), "load second");
  EXPECT_FALSE(h.undo(*doc.engine)) << "a replacement goes through undo_replace()";
  const StateSnapshot second = doc.snapshot();
  ASSERT_TRUE(h.undo_replace(doc.snapshot(), [&](const StateSnapshot& s) { doc.restore(s); }));
  EXPECT_TRUE(holds(*doc.engine, before.grid, 7));
  EXPECT_TRUE(doc.engine->rule().is_life());
  EXPECT_EQ(doc.name, "first");
  // The steps before the load replay on the restored engine.
  EXPECT_EQ(h.undo_label(), "run from generation 0");
  ASSERT_TRUE(h.undo(*doc.engine));
  EXPECT_EQ(doc.engine->generation(), 0u);
  ASSERT_TRUE(h.redo(*doc.engine));
  EXPECT_EQ(doc.engine->generation(), 7u);

  ASSERT_TRUE(h.redo_is_replace());
  ASSERT_TRUE(h.redo_replace([&](const StateSnapshot& s) { doc.restore(s); }));
  EXPECT_EQ(state(*doc.engine), second.grid);
  EXPECT_EQ(doc.engine->topology(), Topology::Torus);
  EXPECT_EQ(doc.name, "second");
  EXPECT_EQ(doc.engine->rule().to_string(), "B36/S23");
  ASSERT_TRUE(h.redo(*doc.engine));  // the draw again
  EXPECT_EQ(doc.engine->population(), 11u);
}

TEST(History, AFailedRestoreLeavesTheHistoryAsItWas) {
  Document doc{make_loaded("reference", with_glider(32, 32)), "a"};
  History h;
  ASSERT_TRUE(h.record_replace(doc.snapshot(), "load b"));
  const size_t used = h.memory_used();
  EXPECT_THROW(h.undo_replace(doc.snapshot(), [](const StateSnapshot&) { throw Error("no"); }),
               Error);
  EXPECT_TRUE(h.undo_is_replace());
  EXPECT_EQ(h.undo_count(), 1u);
  EXPECT_FALSE(h.can_redo());
  EXPECT_EQ(h.memory_used(), used);
}

TEST(History, ReplacementsCountAgainstTheBudget) {
  History h(size_t{80} << 10);
  EXPECT_TRUE(h.snapshot_fits(512, 512));     // 32 KiB
  EXPECT_FALSE(h.snapshot_fits(1024, 1024));  // 128 KiB
  Document doc{make_loaded("reference", Grid(1024, 1024)), "big"};
  EXPECT_TRUE(h.record(draw_line(*doc.engine, {0, 0}, {3, 0}, true)));
  EXPECT_FALSE(h.record_replace(doc.snapshot(), "load"));
  EXPECT_FALSE(h.can_undo()) << "a snapshot over the budget clears the history";
  Document small{make_loaded("reference", Grid(512, 512)), "small"};
  ASSERT_TRUE(h.record_replace(small.snapshot(), "load"));
  EXPECT_GT(h.memory_used(), size_t{32} << 10);
  // Undo keeps the current state for redo only when both fit: 2 x 32 KiB do in 80 KiB.
  ASSERT_TRUE(h.undo_replace(small.snapshot(), [&](const StateSnapshot& s) { small.restore(s); }));
  EXPECT_TRUE(h.can_redo());
  EXPECT_LE(h.memory_used(), h.budget());
}

}  // namespace
}  // namespace gpulife
