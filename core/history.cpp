// Undo/redo stacks of edits and run snapshots, kept under a byte budget.
#include "core/history.hpp"

#include <algorithm>
#include <utility>

namespace gpulife {

std::string History::Step::label() const {
  if (is_replace) return replace_label;
  return is_run ? "run from generation " + std::to_string(start_generation) : edit.label;
}

void History::Step::update_bytes() {
  bytes = sizeof(Step);
  if (is_replace) {
    bytes += before.grid.words().size_bytes() + after.grid.words().size_bytes();
  } else {
    bytes += is_run ? start.words().size_bytes() + end.words().size_bytes() : edit.bytes();
  }
}

size_t History::snapshot_bytes(int64_t width, int64_t height) {
  return size_t((std::max<int64_t>(width, 0) + 63) / 64) * size_t(std::max<int64_t>(height, 0)) *
             sizeof(uint64_t) +
         sizeof(Step);
}

size_t History::snapshot_bytes(const Engine& engine) {
  return snapshot_bytes(engine.width(), engine.height());
}

bool History::snapshot_fits(int64_t width, int64_t height) const {
  return snapshot_bytes(width, height) <= budget_;
}

std::string History::undo_label() const {
  return undo_.empty() ? "" : undo_.back().label();
}
std::string History::redo_label() const {
  return redo_.empty() ? "" : redo_.back().label();
}

Box History::undo_bounds() const {
  return undo_.empty() || undo_.back().is_run ? Box{} : undo_.back().edit.bounds();
}
Box History::redo_bounds() const {
  return redo_.empty() || redo_.back().is_run ? Box{} : redo_.back().edit.bounds();
}

void History::drop_redo() {
  for (const Step& s : redo_) used_ -= s.bytes;
  redo_.clear();
}

void History::clear() {
  undo_.clear();
  redo_.clear();
  used_ = 0;
  run_recorded_ = false;
}

void History::enforce_budget(const Step* keep) {
  while (used_ > budget_ && !undo_.empty() && &undo_.front() != keep) {
    used_ -= undo_.front().bytes;
    undo_.pop_front();
  }
  while (used_ > budget_ && !redo_.empty() && &redo_.front() != keep) {
    used_ -= redo_.front().bytes;
    redo_.pop_front();
  }
}

History::Step History::take_latest(std::deque<Step>& stack) {
  Step step = std::move(stack.back());
  stack.pop_back();
  used_ -= step.bytes;
  return step;
}

History::Step& History::push(std::deque<Step>& stack, Step step) {
  used_ += step.bytes;
  stack.push_back(std::move(step));
  enforce_budget(&stack.back());
  return stack.back();
}

void History::set_budget(size_t bytes) {
  budget_ = bytes;
  enforce_budget();
  // An open run whose snapshot was just dropped can no longer be undone.
  if (running_ && undo_.empty()) run_recorded_ = false;
}

bool History::record(Edit edit) {
  if (edit.empty()) return true;
  if (running_) {
    ++edits_in_run_;  // folded into the run: undoing the run undoes it
    return true;
  }
  drop_redo();
  Step step;
  step.edit = std::move(edit);
  step.update_bytes();
  if (step.bytes > budget_) {
    clear();
    return false;
  }
  push(undo_, std::move(step));
  return true;
}

bool History::begin_run(const Engine& engine) {
  if (running_) return run_recorded_;
  running_ = true;
  edits_in_run_ = 0;
  run_recorded_ = false;
  drop_redo();
  // Checked before copying, so a grid too big for the budget is never copied out.
  if (snapshot_bytes(engine) > budget_) {
    clear();
    return false;
  }
  Step step;
  step.is_run = true;
  engine.store(step.start);
  step.start_generation = engine.generation();
  step.update_bytes();
  push(undo_, std::move(step));
  run_recorded_ = true;
  return true;
}

void History::end_run(const Engine& engine) {
  if (!running_) return;
  running_ = false;
  if (run_recorded_ && !undo_.empty() && undo_.back().is_run && edits_in_run_ == 0 &&
      undo_.back().start_generation == engine.generation()) {
    take_latest(undo_);
  }
  run_recorded_ = false;
  edits_in_run_ = 0;
}

bool History::record_replace(StateSnapshot before, std::string label) {
  running_ = false;  // the run (if any) ends where the state is replaced
  run_recorded_ = false;
  edits_in_run_ = 0;
  drop_redo();
  if (snapshot_bytes(before.grid.width(), before.grid.height()) > budget_) {
    clear();
    return false;
  }
  Step step;
  step.is_replace = true;
  step.before = std::move(before);
  step.replace_label = std::move(label);
  step.update_bytes();
  push(undo_, std::move(step));
  return true;
}

bool History::undo_replace(StateSnapshot current, const Restore& restore) {
  if (!undo_is_replace()) return false;
  restore(undo_.back().before);  // throws with the history untouched
  Step step = take_latest(undo_);
  running_ = false;
  if (step.bytes + snapshot_bytes(current.grid.width(), current.grid.height()) <= budget_) {
    step.after = std::move(current);
    step.update_bytes();
    push(redo_, std::move(step));
  } else {
    drop_redo();
  }
  return true;
}

bool History::redo_replace(const Restore& restore) {
  if (!redo_is_replace()) return false;
  restore(redo_.back().after);
  Step step = take_latest(redo_);
  running_ = false;
  step.after = StateSnapshot{};  // the current state now; undo captures it again
  step.update_bytes();
  push(undo_, std::move(step));
  return true;
}

std::optional<History::Step> History::take_engine_step(std::deque<Step>& stack, Engine& engine) {
  end_run(engine);
  if (stack.empty() || stack.back().is_replace) return std::nullopt;
  return take_latest(stack);
}

bool History::undo(Engine& engine) {
  std::optional<Step> step = take_engine_step(undo_, engine);
  if (!step) return false;
  if (step->is_run) {
    // Keep where the run stopped for redo, unless the two snapshots cannot fit together.
    if (step->bytes + snapshot_bytes(engine) <= budget_) {
      engine.store(step->end);
      step->end_generation = engine.generation();
      step->update_bytes();
      const Step& s = push(redo_, std::move(*step));
      engine.load(s.start);
      engine.set_generation(s.start_generation);
    } else {
      drop_redo();
      engine.load(step->start);
      engine.set_generation(step->start_generation);
    }
    return true;
  }
  step->edit.revert(engine);
  push(redo_, std::move(*step));
  return true;
}

bool History::redo(Engine& engine) {
  std::optional<Step> step = take_engine_step(redo_, engine);
  if (!step) return false;
  if (step->is_run) {
    engine.load(step->end);
    engine.set_generation(step->end_generation);
    // The end state is the current state now; undo copies it again if needed.
    step->end = Grid();
    step->update_bytes();
  } else {
    step->edit.apply(engine);
  }
  push(undo_, std::move(*step));
  return true;
}

}  // namespace gpulife
