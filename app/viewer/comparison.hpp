// Compare mode: several engines step their own copies of the main simulation's state in
// lockstep, with live figures per engine and an agreement check of their state hashes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/viewer/simulation.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

// One engine in the comparison. Lane 0 is the viewer's main simulation (the one the panels and
// the edit tools work on); the others own a Simulation of their own.
struct CompareLane {
  std::unique_ptr<Simulation> own;  // null for lane 0
  uint64_t generation_offset = 0;   // the lane's own count at the last sync
  bool diverged = false;            // frozen: its state left the others'
  bool fault_injected = false;
};

struct Agreement {
  enum class State { Pending, Agree, Diverged };
  State state = State::Pending;
  uint64_t generation = 0;  // of the last check
  uint64_t checks = 0;
  std::string text;  // what the panel shows
};

// A fault to show the agreement check at work: one cell of `engine`'s copy is flipped once
// the comparison reaches `generation`.
struct InjectedFault {
  std::string engine;
  uint64_t generation = 0;
};

class Comparison {
 public:
  // All GPU engines that step inside GL buffers, each at its default (best known) launch
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

  // Replaces Simulation::tick in compare mode: copies edits of the main state to the other
  // lanes, steps every lane by what the main simulation's pacing asks, waits for CPU lanes to
  // finish the frame's generations, and checks agreement every `check_every` generations.
  void tick(Simulation& main, double dt);
  // Space/Tab: every lane steps `n` more generations.
  void request_step(uint64_t n) { pending_steps_ += n; }

  Simulation& lane(Simulation& main, size_t i) { return i == 0 ? main : *lanes_[i].own; }
  const CompareLane& lane_info(size_t i) const { return lanes_[i]; }
  // Generations every lane has run since the comparison (re)started from the main state.
  uint64_t generation() const { return base_generation_ + requested_; }
  const Agreement& agreement() const { return agreement_; }

  uint64_t check_every = 64;  // generations between agreement checks; 0: never
  std::optional<InjectedFault> fault;

 private:
  void restart(Simulation& main);
  void copy_edits(Simulation& main);
  void wait_for_lanes(Simulation& main);
  void check_agreement(Simulation& main);
  void inject_fault(Simulation& main);
  uint64_t lane_generation(Simulation& main, size_t i);

  std::vector<std::string> engines_;
  std::vector<CompareLane> lanes_;
  uint64_t seen_serial_ = 0, seen_restart_ = 0;
  uint64_t base_generation_ = 0;  // main's generation when the lanes were last synced
  uint64_t requested_ = 0;        // generations asked of every lane since then
  uint64_t pending_steps_ = 0;
  uint64_t next_check_ = 0;
  Agreement agreement_;
};

// Tiles to show `lanes` engines side by side: one each, up to 4 (3 engines get 4 tiles).
inline int tiles_for(size_t lanes) {
  return lanes >= 3 ? 4 : int(std::max<size_t>(lanes, 1));
}

// The first cell where two states differ, if any (same size required).
std::optional<Cell> first_difference(const Grid& a, const Grid& b);

}  // namespace gpulife::app
