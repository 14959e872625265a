// The viewer's simulation: which engine runs where, pacing (run/pause/step, rate), switching
// engines and grid sizes without losing the pattern, and the live figures the panel shows.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/viewer/interop_path.hpp"
#include "app/viewer/sim_backend.hpp"
#include "app/viewer/step_pacer.hpp"
#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/grid_recipe.hpp"

namespace gpulife::app {

struct LiveFigures {
  double ms_per_generation = 0;  // device time for GPU engines, wall time for CPU engines
  double gcells_per_second = 0;
  double limit_gbytes_per_second = 0;  // memory bandwidth the engine is held against
  std::string limit_source;
  double percent_of_limit = 0;
  double limit_ms_per_generation = 0;  // the fastest one generation can be at that limit
  double generations_per_second = 0;   // achieved, over the last quarter second
  uint64_t gens_per_frame = 0;         // what the pacing chose for the last frame
  uint64_t generation = 0;
  uint64_t population = 0;
  bool population_known = false;
  // The cell statistics of the latest step (StatsRequest), at total generation
  // stats_generation; `samples` grows with each new one (never resets, not even on a new
  // start), so watchers take each exactly once.
  uint64_t samples = 0;
  uint64_t stats_generation = 0;
  CellStats stats;
};

class Simulation {
 public:
  Simulation();
  ~Simulation();

  // Starts `engine` on `grid`; throws Error when the engine cannot run here or the grid does not
  // fit, leaving the previous state (if any) running.
  void start(const std::string& engine, const Grid& grid, const Rule& rule);
  // The same for a grid described by a recipe: built on the GPUs by banded engines (the
  // multi-GPU one), with no host copy; made on the host for the others (memory checked first).
  // `params` are the engine's, set before the grid is built.
  void start(const std::string& engine, const GridRecipe& recipe, const Rule& rule,
             const Params& params = {});
  // Keeps the state and the generation count; on failure the previous engine keeps running.
  void switch_engine(const std::string& engine);
  // A new grid of this size/topology with the live cells moved over, centred.
  void recreate(GridSize size, Topology topology);
  void set_rule(const Rule& rule);
  void set_params(const Params& params);

  // Once per frame: runs (GPU) or queues (CPU) the generations due after `dt` seconds.
  void tick(double dt);
  // The pacing part of tick(): how many generations are due after `dt` seconds (0 when paused),
  // with `budget_ms` the time the step may take (Auto mode fills it in whole passes).
  uint64_t due_generations(double dt, double budget_ms);
  // The step's share of the frame in Auto mode, set by the frame driver each frame.
  void set_step_budget(double ms) { step_budget_ms_ = ms; }
  double step_budget() const { return step_budget_ms_; }
  // Wall time the last tick() spent stepping (ms), so the frame driver can tell the rest.
  double last_step_wall_ms() const { return last_step_wall_ms_; }
  // What Tab steps: the step of PerFrame and Rate, the current choice in Auto.
  uint64_t step_size() const;
  // The fastest pacing (Auto) and back to what was set before, one key apart.
  void toggle_fastest();
  // The bookkeeping part of tick(): live figures and history, without stepping.
  void update(double dt) {
    if (backend_) update_figures(dt);
  }
  // Steps `n` generations now, running or not (Space); steps asked for while earlier ones still
  // run are queued, never dropped.
  void request_step(uint64_t n);
  // Generations asked for and not yet run.
  uint64_t backlog() const;
  // Drops them all: those waiting here and those queued in the backend (a batch already
  // running finishes; state() waits for it).
  void cancel_steps();

  // What to count after each step (the population graph, stop conditions, Autofit); kept
  // across engine switches and restarts.
  void set_stats_request(const StatsRequest& request);
  const StatsRequest& stats_request() const { return stats_request_; }
  // History colouring's plane of cells ever alive (SimBackend::set_history): it follows the
  // state through engine switches and starts again with a new grid; throws Error when the
  // plane does not fit.
  void set_history(bool on);
  bool history_on() const { return history_on_; }
  void clear_history();
  // Running stops exactly here: steps are cut short so this generation is reached, not passed,
  // and none is taken from it until running starts again there (then it runs on).
  std::optional<uint64_t> stop_at;
  // Running and waiting at stop_at (the caller pauses and says so).
  bool held_at_stop() { return running && stop_at && !stop_released_ && generation() >= *stop_at; }

  // Runs an edit on the engine (see SimBackend::with_engine); throws Error without a simulation.
  void with_engine(const std::function<void(Engine&)>& fn);
  // An edit that returns the box it changed (see SimBackend::edit_engine).
  void edit_engine(const std::function<Box(Engine&)>& fn);

  // Changes made to the state other than stepping, so copies of it (compare mode) can follow:
  // the serial grows with every start, resize, rule change or edit; edited_box() is the union of
  // the cells edits may have changed since the last take_edits(), `whole` when unknown.
  struct Edits {
    uint64_t serial = 0;
    uint64_t restart_serial = 0;  // grows only with start/recreate/rule changes
    Box box;
    bool whole = false;
  };
  const Edits& edits() const { return edits_; }
  void take_edits() {
    edits_.box = {};
    edits_.whole = false;
  }

  GridView view();
  // The current state; `generation` receives its total generation count.
  Grid state(uint64_t* generation = nullptr);
  // Bounding box of the live cells (empty box when there are none).
  Box live_bounds();

  // Ends the simulation and frees its GL buffers (call while the GL context is current).
  void stop() { backend_.reset(); }
  bool active() const { return backend_ != nullptr; }
  SimBackend& backend() { return *backend_; }
  const std::string& engine_name() const { return engine_name_; }
  bool gpu() const;
  Rule rule() const { return rule_; }
  int64_t width() const { return width_; }
  int64_t height() const { return height_; }
  Topology topology() const { return topology_; }
  // Whether a plane grid is a bounded plane (Golly's ":Pw,h", from a file or a rule) rather than
  // a window on the unbounded plane; saving writes the suffix then. Kept by recreate() and
  // start(); whoever starts another pattern says which it is.
  bool bounded_plane() const { return bounded_plane_; }
  void set_bounded_plane(bool bounded) { bounded_plane_ = bounded; }
  // A bounded grid in Golly's sense (any topology but the plane, or a bounded plane): it never
  // grows, and its cells have Golly's coordinates (the grid centred on (0, 0)).
  bool bounded() const { return topology_ != Topology::Plane || bounded_plane_; }
  uint64_t generation();
  // The generation in this count of an engine at `engine_generation` (inside with_engine).
  uint64_t generation_of(uint64_t engine_generation) const {
    return generation_base_ + engine_generation;
  }

  const LiveFigures& figures() const { return figures_; }
  // ms/generation of recent steps, oldest first, for the history plot.
  const std::vector<float>& ms_history() const { return ms_history_; }

  bool running = false;
  PaceSettings pace;
  // Which memory GPU engines step in (see interop_path.hpp); applies from the next start.
  InteropRequest interop = InteropRequest::Auto;

 private:
  std::unique_ptr<SimBackend> make_backend(const std::string& engine, const Grid& grid,
                                           SimBackend* previous);
  // What both start()s share: `make` gives the new backend (of a width x height grid).
  void install(const std::string& engine, const Rule& rule, GridSize size, Topology topology,
               const std::function<std::unique_ptr<SimBackend>()>& make);
  void update_figures(double dt);

  std::unique_ptr<SimBackend> backend_;
  std::string engine_name_;
  Rule rule_;
  int64_t width_ = 0, height_ = 0;
  Topology topology_ = Topology::Plane;
  bool bounded_plane_ = false;
  uint64_t generation_base_ = 0;  // generations run by engines before the current one
  StepPacer pacer_;
  PaceSettings before_fastest_{PaceMode::Rate, 1, 60.0};
  double step_budget_ms_ = 14.0;
  double last_step_wall_ms_ = 0;
  int warmup_steps_ = 0;     // steps of a new engine left out of the history
  uint64_t steps_owed_ = 0;  // single steps waiting for the backend's queue to empty
  void feed_steps();

  void note_edit(const Box& box, bool whole);
  void note_restart();

  StatsRequest stats_request_;
  bool history_on_ = false;
  // Applies the stats request and the history plane to a new backend.
  void configure_backend(const Grid* history);

  Edits edits_;
  LiveFigures figures_;
  std::vector<float> ms_history_;
  uint64_t last_steps_completed_ = 0;
  uint64_t last_sample_steps_ = 0;
  bool was_running_ = false;
  bool stop_released_ = false;
  uint64_t held_at_ = 0;
  double window_time_ = 0;
  uint64_t window_start_generation_ = 0;
};

}  // namespace gpulife::app
