// Undo/redo of edits and of "run from here", bounded by a memory budget.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>

#include "core/edit.hpp"
#include "core/engine.hpp"
#include "core/grid.hpp"

namespace gpulife {

// A whole state as the caller keeps it: cells (with the grid's size and topology), generation
// count, rule, and the name it goes by (a window title, say).
struct StateSnapshot {
  Grid grid;
  uint64_t generation = 0;
  Rule rule;
  std::string name;
  bool bounded_plane = false;  // a plane grid that is a bounded plane (":P"), not the unbounded one
};

// The steps a user can undo: edits (their before/after patches, replayed through
// write_region()), runs (a snapshot of the state where running started, restored with
// load() + set_generation()) and replacements of the whole state (loading a file, re-creating
// the grid at another size: a snapshot the caller restores, since the engine may have to be
// made anew for it). Key bindings and menus belong to the caller.
//
// Edits made while a run is open are not recorded on their own: the engine moves on after them,
// so their patches would be stale; undoing the run returns to its start, edits included, and
// redoing it returns to where it stopped. The caller should stop running before undo/redo.
// Before replacing the engine's state some other way the caller records it with
// record_replace(), so the steps before it stay valid.
class History {
 public:
  static constexpr size_t kDefaultBudget = size_t{256} << 20;

  explicit History(size_t budget_bytes = kDefaultBudget) : budget_(budget_bytes) {}

  // Records an edit already applied to the engine and clears redo. Empty edits are ignored
  // (true). Returns false when it was not recorded because it alone exceeds the budget: the
  // whole history is cleared then, since older steps could no longer replay correctly.
  bool record(Edit edit);

  // Call when running (or a single step) starts, before the first step: saves the state so undo
  // returns here, and clears redo. Returns false, clearing the history, when the snapshot alone
  // exceeds the budget (the run then cannot be undone). A second call while running is ignored.
  bool begin_run(const Engine& engine);
  // Call when running stops. A run that changed nothing (same generation, no edits) is dropped.
  void end_run(const Engine& engine);
  bool running() const { return running_; }

  // Records the state about to be replaced wholesale (loading a file, re-creating the grid), so
  // undo returns to it, and clears redo. An open run is closed first. Returns false, clearing the
  // history, when the snapshot alone exceeds the budget.
  bool record_replace(StateSnapshot before, std::string label);
  // Whether a snapshot of a width x height grid fits in the budget: a caller about to replace
  // the state can warn that the history will be lost before it is.
  bool snapshot_fits(int64_t width, int64_t height) const;

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // What undo()/redo() would replay, e.g. "draw" or "run from generation 120"; empty if nothing.
  std::string undo_label() const;
  std::string redo_label() const;
  // The cells undo()/redo() would write when the step is an edit: the box around its patches,
  // so a caller holding a copy of the grid refreshes only that. Empty when the step is a run
  // (it replaces the whole state: see undo_is_run()) or there is nothing to undo/redo. Ask
  // after end_run(): undo() closes an open run first, which may drop it.
  Box undo_bounds() const;
  Box redo_bounds() const;
  bool undo_is_run() const { return !undo_.empty() && undo_.back().is_run; }
  bool redo_is_run() const { return !redo_.empty() && redo_.back().is_run; }
  bool undo_is_replace() const { return !undo_.empty() && undo_.back().is_replace; }
  bool redo_is_replace() const { return !redo_.empty() && redo_.back().is_replace; }

  // Undoes the latest step (ending an open run first). Returns false when there is nothing to
  // undo, or when it is a replacement (see undo_replace()). A run's end state is saved for redo
  // when it fits in the budget; otherwise redo is cleared and the undo still happens.
  bool undo(Engine& engine);
  // Redoes the step undo() last undid. Returns false when there is nothing to redo, or when it
  // is a replacement (see redo_replace()).
  bool redo(Engine& engine);

  // Undoing and redoing a replacement: `restore` puts a snapshot back (making a new engine if it
  // must). When it throws, the history is left as it was and the exception passes on. undo keeps
  // `current` for redo when it fits in the budget (otherwise redo is cleared). Both return false
  // when the step to replay is not a replacement.
  using Restore = std::function<void(const StateSnapshot&)>;
  bool undo_replace(StateSnapshot current, const Restore& restore);
  bool redo_replace(const Restore& restore);

  // Bytes held by every undo and redo step, and the bound they are kept under (oldest steps are
  // dropped first). A new budget takes effect at once.
  size_t memory_used() const { return used_; }
  size_t budget() const { return budget_; }
  void set_budget(size_t bytes);

  size_t undo_count() const { return undo_.size(); }
  size_t redo_count() const { return redo_.size(); }
  void clear();

 private:
  struct Step {
    bool is_run = false;
    bool is_replace = false;
    Edit edit;        // when neither
    Grid start, end;  // when is_run; `end` is kept only while the step can be redone
    uint64_t start_generation = 0;
    uint64_t end_generation = 0;
    StateSnapshot before, after;  // when is_replace; `after` as `end`
    std::string replace_label;
    size_t bytes = 0;

    std::string label() const;
    void update_bytes();
  };

  // Drops the oldest undo steps, then the redo steps farthest from now, until within budget;
  // `keep` (if any) is never dropped.
  void enforce_budget(const Step* keep = nullptr);
  // Takes the latest step off `stack`; its bytes are no longer counted.
  Step take_latest(std::deque<Step>& stack);
  // For undo() and redo(): ends a run in progress, then takes the latest step of `stack`,
  // none when it is empty or a replacement (undo_replace()/redo_replace() take those).
  std::optional<Step> take_engine_step(std::deque<Step>& stack, Engine& engine);
  // Adds `step` as the latest on `stack`, counting its bytes, then enforces the budget without
  // dropping it. Returns the step where it now lies.
  Step& push(std::deque<Step>& stack, Step step);
  void drop_redo();
  static size_t snapshot_bytes(const Engine& engine);
  static size_t snapshot_bytes(int64_t width, int64_t height);

  std::deque<Step> undo_;  // back = latest
  std::deque<Step> redo_;  // back = next to redo
  size_t used_ = 0;
  size_t budget_;
  bool running_ = false;
  bool run_recorded_ = false;  // the open run has a snapshot at undo_.back()
  size_t edits_in_run_ = 0;
};

}  // namespace gpulife
