// Where the simulation runs for the viewer: a CPU engine on a worker thread with uploads, or a
// GPU engine stepping inside GL buffers. The Simulation switches between them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/viewer/grid_view.hpp"
#include "core/cell_stats.hpp"
#include "core/engine.hpp"

namespace gpulife::app {

// What the population graph, the stop conditions and Autofit need counted after each step (the
// population is always counted). Counting is done where the state lives.
struct StatsRequest {
  bool changes = false;  // births and deaths of each step's last generation
  bool shape = false;    // live bounds and the shape hash
  bool population = false;  // the population after every step, not now and then (a stop)
  bool operator==(const StatsRequest&) const = default;
};

struct BackendFigures {
  uint64_t generation = 0;       // the engine's own count since it was loaded
  double ms_per_generation = 0;  // of the last step, device time for GPU engines
  uint64_t last_step_generations = 0;
  uint64_t population = 0;
  bool population_known = false;
  uint64_t steps_completed = 0;  // number of step() calls so far, to spot fresh figures
  // Counted after the last step when a StatsRequest asked for them (stats_known), at engine
  // generation stats_generation.
  bool stats_known = false;
  uint64_t stats_generation = 0;
  CellStats stats;
};

class SimBackend {
 public:
  virtual ~SimBackend() = default;

  virtual const EngineInfo& info() const = 0;
  // Runs (GPU) or queues for the worker (CPU) this many more generations.
  virtual void advance(uint64_t generations) = 0;
  // Generations queued and not yet run (CPU worker); a backend that runs them in advance() (the
  // GPU ones) has none.
  virtual uint64_t backlog() const { return 0; }
  // Drops queued generations (pause); nothing to drop where advance() runs them.
  virtual void cancel() {}
  // The buffer to draw now (a CPU backend uploads its latest result first).
  virtual GridView view() = 0;
  // Called once every draw of this frame that read view()'s buffer has been issued, so the next
  // step can wait for exactly that GL work.
  virtual void frame_drawn() {}
  // Where the state lives and how it reaches the renderer, for the panel.
  virtual std::string memory_description() const = 0;
  // The current state on the host (waits for running work); `engine_generation` receives the
  // engine's generation count of exactly that state.
  virtual Grid state(uint64_t* engine_generation = nullptr) = 0;
  virtual BackendFigures figures() = 0;
  // Runs `fn` on the engine while nothing else touches it (CPU: the worker is between batches;
  // GPU: the GL buffers are mapped), then makes the next view() show the changes. Edits go
  // through Engine::read_region()/write_region(), so only the touched rows travel.
  virtual void with_engine(const std::function<void(Engine&)>& fn) = 0;
  // Like with_engine(), for edits that know what they changed: `fn` returns the box of cells it
  // may have changed (empty for none, e.g. a read), so a CPU backend refreshes only those rows
  // of its snapshot instead of storing the whole grid on every mouse move.
  virtual void edit_engine(const std::function<Box(Engine&)>& fn) {
    with_engine([&](Engine& e) { fn(e); });
  }

  // The live cells' bounding box when the backend finds it without state() (on the devices);
  // empty: the caller scans state().
  virtual std::optional<Box> live_bounds() { return std::nullopt; }
  // What to count after each step from now on (see StatsRequest).
  virtual void set_stats_request(const StatsRequest& request) = 0;

  // History colouring: a plane of every cell ever alive, kept up to date in every generation
  // stepped and drawn beside the state (GridView::history_*). `initial` (same size) seeds it,
  // e.g. the plane of the engine before a switch; otherwise it starts as the current state.
  virtual void set_history(bool on, const Grid* initial = nullptr) = 0;
  virtual bool history_on() const = 0;
  // The plane on the host (a one-off copy, for switching engines); empty when off.
  virtual Grid history() = 0;

  virtual std::vector<ParamInfo> param_info() = 0;
  virtual Params params() = 0;
  virtual void set_params(const Params& params) = 0;
  virtual void set_rule(const Rule& rule) = 0;
  virtual double bytes_per_generation() = 0;
};

}  // namespace gpulife::app
