// Compare mode: several engines step their own copies of the main simulation's state, each at
// its own speed within a per-frame time budget, with live figures per engine and an agreement
// check of their state hashes at checkpoint generations.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/viewer/simulation.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

// One engine in the comparison. Lane 0 is the viewer's main simulation (the one the panels and
// the edit tools act on, so it stays in ViewerState); Comparison owns every other lane's
// Simulation and drives all of them alike.
struct CompareLane {
  std::unique_ptr<Simulation> own;  // null for lane 0
  std::string engine;
  uint64_t offset = 0;    // the lane's own generation count at the last (re)start
  uint64_t expected = 0;  // generations the comparison has had the lane run since then
  uint64_t handled = 0;   // where its last stop (checkpoint, fault) was dealt with
  bool diverged = false;  // frozen: its state left the others'
  bool fault_injected = false;
  double credit_ms = 0;  // step time owed to the lane: its share of the frames' budgets
};

struct Agreement {
  enum class State { Pending, Agree, Diverged };
  State state = State::Pending;
  uint64_t generation = 0;  // of the last verdict
  uint64_t checks = 0;
  std::string text;  // what the panel shows
};

// A fault to show the agreement check at work: one cell of `engine`'s copy is flipped once
// that lane reaches `generation`.
struct InjectedFault {
  std::string engine;
  uint64_t generation = 0;
};

class Comparison {
 public:
  // All GPU engines that step in GL-shared memory, each at its default (best known) launch
  // shape; without a CUDA device, the CPU engines.
  static std::vector<std::string> default_engines();
  // The largest size, halving from `wanted`, at which every engine's state fits the GPU's free
  // memory together (CPU engines count nothing) and no state buffer is over
  // `max_state_bytes` (what the renderer can draw); notes say what was given up and why.
  static GridSize fitting_size(const std::vector<std::string>& engines, GridSize wanted,
                               size_t max_state_bytes, std::vector<std::string>& notes);

  bool active() const { return !lanes_.empty(); }
  size_t size() const { return lanes_.size(); }
  // Compares `main` (already running engines[0]) with the other engines, each started on a copy
  // of its state; engines that cannot run are left out, one note each.
  std::vector<std::string> begin(Simulation& main, const std::vector<std::string>& engines);
  void end();

  // Replaces Simulation::tick in compare mode. Every lane steps on its own: GPU lanes within
  // their share of `budget_ms` of step time this frame (a lane whose one pass costs more than
  // its share steps once its owed time covers it, so slow lanes fall behind instead of holding
  // the frame), CPU lanes on their workers beside the frame, never waited for. Each lane stops
  // exactly at every checkpoint to hash its state; when every running lane has passed a
  // checkpoint the hashes are compared. Edits of the main state start every lane over from it.
  void tick(Simulation& main, double dt, double budget_ms);
  // Space/Tab: every lane steps `n` more generations.
  void request_step(uint64_t n) { pending_steps_ += n; }

  Simulation& lane(Simulation& main, size_t i) { return i == 0 ? main : *lanes_[i].own; }
  const CompareLane& lane_info(size_t i) const { return lanes_[i]; }
  // Generation of lane i (its total count, as the main simulation counts).
  uint64_t lane_generation(Simulation& main, size_t i);
  // Generation of the lane furthest ahead.
  uint64_t generation(Simulation& main);
  const Agreement& agreement() const { return agreement_; }
  // Checkpoints passed by some lanes and not yet judged.
  size_t pending_checks() const { return hashes_.size(); }
  // While the next verdict waits for slower lanes: which checkpoint, how many lanes passed it,
  // and the slowest lane's generation; empty when nothing waits.
  std::string waiting_text(Simulation& main);

  uint64_t check_every = 64;  // generations between agreement checks; 0: never
  std::optional<InjectedFault> fault;
  // Longest re-run (estimated from the engines' speed) spent locating the first differing cell
  // after a divergence; longer ones report the generation only.
  double locate_budget_ms = 3000;

 private:
  void restart(Simulation& main);
  bool lanes_in_step(Simulation& main);
  void copy_edits(Simulation& main);
  uint64_t progress(Simulation& main, size_t i) { return lane_generation(main, i) - base_; }
  // The next generation (relative to the start) lane i must stop at: a checkpoint or its fault.
  uint64_t next_stop(Simulation& main, size_t i);
  // Steps lane i by up to `n` generations, stopping at (and handling) each stop on the way.
  void step_lane(Simulation& main, size_t i, uint64_t n);
  void arrive(Simulation& main, size_t i);  // lane i stands at a stop
  void judge(Simulation& main);
  void report_divergence(Simulation& main, uint64_t checkpoint, const std::vector<size_t>& majority,
                         const std::vector<size_t>& wrong);
  // The state lane i had at `checkpoint`, its own if it stands there, else by re-running its
  // engine from the start state (with its injected fault); empty when that would take too long.
  std::optional<Grid> state_at(Simulation& main, size_t i, uint64_t checkpoint);

  std::vector<CompareLane> lanes_;
  uint64_t seen_serial_ = 0, seen_restart_ = 0;
  uint64_t base_ = 0;  // main's generation when the lanes were last started
  Grid start_;         // the state they were started from
  uint64_t pending_steps_ = 0;
  size_t first_lane_ = 0;  // round-robin start, so no lane always goes first
  // Checkpoint (relative to base_) -> each lane's hash there, once it has passed it.
  std::map<uint64_t, std::vector<std::optional<uint64_t>>> hashes_;
  Agreement agreement_;
};

// Tiles to show `lanes` engines side by side: one each, as 1, 2, 4 (2x2) or 6 (3x2) tiles.
inline int tiles_for(size_t lanes) {
  return lanes >= 5 ? 6 : lanes >= 3 ? 4 : int(std::max<size_t>(lanes, 1));
}

// How the tiles are arranged: 1, 2 side by side, 4 as 2x2, 6 as 3x2.
inline int tile_columns(int tiles) {
  return tiles >= 6 ? 3 : tiles >= 2 ? 2 : 1;
}
inline int tile_rows(int tiles) {
  return tiles >= 4 ? 2 : 1;
}


}  // namespace gpulife::app
