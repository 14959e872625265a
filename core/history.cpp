// Undo/redo stacks of edits and run snapshots, kept under a byte budget.
#include "core/history.hpp"

#include <utility>

namespace gpulife {

std::string History::Step::label() const {
  return is_run ? "run from generation " + std::to_string(start_generation) : edit.label;
}

void History::Step::update_bytes() {
  bytes = sizeof(Step) +
          (is_run ? start.words().size_bytes() + end.words().size_bytes() : edit.bytes());
}

size_t History::snapshot_bytes(const Engine& engine) {
  return size_t((engine.width() + 63) / 64) * size_t(engine.height()) * sizeof(uint64_t) +
         sizeof(Step);
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
  used_ += step.bytes;
  undo_.push_back(std::move(step));
  enforce_budget(&undo_.back());
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
  used_ += step.bytes;
  undo_.push_back(std::move(step));
  enforce_budget(&undo_.back());
  run_recorded_ = true;
  return true;
}

void History::end_run(const Engine& engine) {
  if (!running_) return;
  running_ = false;
  if (run_recorded_ && !undo_.empty() && undo_.back().is_run && edits_in_run_ == 0 &&
      undo_.back().start_generation == engine.generation()) {
    used_ -= undo_.back().bytes;
    undo_.pop_back();
  }
  run_recorded_ = false;
  edits_in_run_ = 0;
}

bool History::undo(Engine& engine) {
  end_run(engine);
  if (undo_.empty()) return false;
  Step step = std::move(undo_.back());
  undo_.pop_back();
  used_ -= step.bytes;
  if (step.is_run) {
    // Keep where the run stopped for redo, unless the two snapshots cannot fit together.
    if (step.bytes + snapshot_bytes(engine) <= budget_) {
      engine.store(step.end);
      step.end_generation = engine.generation();
      step.update_bytes();
      redo_.push_back(std::move(step));
      used_ += redo_.back().bytes;
      enforce_budget(&redo_.back());
      const Step& s = redo_.back();
      engine.load(s.start);
      engine.set_generation(s.start_generation);
    } else {
      drop_redo();
      engine.load(step.start);
      engine.set_generation(step.start_generation);
    }
    return true;
  }
  step.edit.revert(engine);
  redo_.push_back(std::move(step));
  used_ += redo_.back().bytes;
  enforce_budget(&redo_.back());
  return true;
}

bool History::redo(Engine& engine) {
  end_run(engine);
  if (redo_.empty()) return false;
  Step step = std::move(redo_.back());
  redo_.pop_back();
  used_ -= step.bytes;
  if (step.is_run) {
    engine.load(step.end);
    engine.set_generation(step.end_generation);
    // The end state is the current state now; undo copies it again if needed.
    step.end = Grid();
    step.update_bytes();
  } else {
    step.edit.apply(engine);
  }
  undo_.push_back(std::move(step));
  used_ += undo_.back().bytes;
  enforce_budget(&undo_.back());
  return true;
}

}  // namespace gpulife
