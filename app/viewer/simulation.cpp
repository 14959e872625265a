// Simulation control: backend choice (CPU worker or GPU interop), pacing, switching, figures.
#include "app/viewer/simulation.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>

#include "app/banded_run.hpp"
#include "app/engines.hpp"
#include "app/viewer/bandwidth_limit.hpp"
#include "app/viewer/grid_ops.hpp"
#include "app/viewer/host_backend.hpp"
#include "core/error.hpp"
#include "core/host_memory.hpp"
#if GPULIFE_HAVE_NCCL
#include "app/viewer/bands_backend.hpp"
#endif
#if GPULIFE_HAVE_CUDA
#include "app/viewer/interop_backend.hpp"
#include "gpu/gpu_engines.hpp"
#endif

namespace gpulife::app {

namespace {
constexpr size_t kHistoryLength = 240;
// The first steps of an engine carry one-off costs (module load, caches, clocks ramping up).
constexpr int kWarmupSteps = 3;
using Clock = std::chrono::steady_clock;
}  // namespace

Simulation::Simulation() = default;
Simulation::~Simulation() = default;

bool Simulation::gpu() const {
  return backend_ && backend_->info().gpu;
}

std::unique_ptr<SimBackend> Simulation::make_backend(const std::string& engine, const Grid& grid,
                                                     SimBackend* previous) {
  EngineRegistry& registry = engine_registry();
  const EngineInfo& info = registry.info(engine);  // throws for unknown names
  if (std::string why = registry.unavailable_reason(engine); !why.empty())
    throw Error("engine \"" + engine + "\" cannot run here: " + why);
#if GPULIFE_HAVE_NCCL
  // Bands on several GPUs: the display GPU gathers what is visible each frame.
  if (is_banded_engine(engine))
    return make_bands_backend(engine, grid, rule_, interop_choice(interop));
#endif
#if GPULIFE_HAVE_CUDA
  if (info.gpu && info.gl_shared) {
    // GPU to GPU goes device to device (no trip through the host).
    if (auto* from = dynamic_cast<InteropBackend*>(previous)) {
      return std::make_unique<InteropBackend>(engine, *from, rule_);
    }
    return std::make_unique<InteropBackend>(engine, grid, rule_, interop_choice(interop));
  }
#else
  (void)previous;
  if (info.gpu) throw Error("engine \"" + engine + "\" needs CUDA; this build has none");
#endif
  return std::make_unique<HostBackend>(registry.create(engine), grid, rule_);
}

void Simulation::start(const std::string& engine, const Grid& grid, const Rule& rule) {
  install(engine, rule, {grid.width(), grid.height()}, grid.topology(),
          [&] { return make_backend(engine, grid, nullptr); });
}

void Simulation::start(const std::string& engine, const GridRecipe& recipe, const Rule& rule,
                       const Params& params) {
#if GPULIFE_HAVE_NCCL
  if (is_banded_engine(engine)) {
    install(engine, rule, {recipe.width, recipe.height}, recipe.topology, [&] {
      return make_bands_backend(engine, recipe, rule, interop_choice(interop), params);
    });
    return;
  }
#endif
  require_host_memory(
      2.0 * recipe.bytes(),
      "a " + std::to_string(recipe.width) + "x" + std::to_string(recipe.height) + " grid",
      "use the multi-GPU engine, which builds and keeps it on the GPUs");
  start(engine, make_grid(recipe), rule);
  if (!params.empty()) set_params(params);
}

void Simulation::install(const std::string& engine, const Rule& rule, GridSize size,
                         Topology topology,
                         const std::function<std::unique_ptr<SimBackend>()>& make) {
  const Rule old_rule = rule_;
  rule_ = rule;
  try {
    std::unique_ptr<SimBackend> next = make();
    backend_.reset();
    backend_ = std::move(next);
  } catch (...) {
    rule_ = old_rule;
    throw;
  }
  engine_name_ = engine;
  width_ = size.width;
  height_ = size.height;
  topology_ = topology;
  generation_base_ = 0;
  configure_backend(nullptr);
  pacer_.reset();
  warmup_steps_ = kWarmupSteps;
  ms_history_.clear();
  last_steps_completed_ = last_sample_steps_ = 0;
  window_time_ = 0;
  window_start_generation_ = 0;
  // `samples` only grows, also across a new start: a watcher that saw N samples of the old
  // simulation must not take the new one's empty figures for sample N + 1 (the graph showed a
  // population of 0 at generation 0 then).
  const uint64_t samples = figures_.samples;
  figures_ = {};
  figures_.samples = samples;
  note_restart();
}

void Simulation::note_restart() {
  ++edits_.serial;
  ++edits_.restart_serial;
  edits_.box = {};
  edits_.whole = true;
}

void Simulation::note_edit(const Box& box, bool whole) {
  ++edits_.serial;
  if (whole) {
    edits_.whole = true;
  } else if (!box.empty()) {
    Box& b = edits_.box;
    b = b.empty() ? box
                  : Box{std::min(b.min_x, box.min_x), std::min(b.min_y, box.min_y),
                        std::max(b.max_x, box.max_x), std::max(b.max_y, box.max_y)};
  }
}

uint64_t Simulation::generation() {
  return backend_ ? generation_base_ + backend_->figures().generation : 0;
}

void Simulation::switch_engine(const std::string& engine) {
  if (!backend_) throw Error("no simulation to switch");
  if (engine == engine_name_) return;
  backend_->cancel();
  uint64_t total = generation();
  Grid grid;
#if GPULIFE_HAVE_CUDA
  const bool device_path = dynamic_cast<InteropBackend*>(backend_.get()) != nullptr &&
                           engine_registry().info(engine).gl_shared;
#else
  const bool device_path = false;
#endif
  // The CPU worker may finish one more batch after cancel(): take the generation of exactly
  // the state that is carried over.
  if (!device_path) grid = state(&total);
  // The history plane goes along: device to device inside the GPU backend, through the host
  // otherwise.
  const Grid history = history_on_ && !device_path ? backend_->history() : Grid();
  std::unique_ptr<SimBackend> next = make_backend(engine, grid, backend_.get());
  backend_ = std::move(next);
  configure_backend(history_on_ && !device_path ? &history : nullptr);
  engine_name_ = engine;
  // The engine counts on from the total, so undo's run labels and snapshots stay in one count.
  backend_->with_engine([&](Engine& e) { e.set_generation(total); });
  generation_base_ = total - backend_->figures().generation;
  last_steps_completed_ = last_sample_steps_ = backend_->figures().steps_completed;
  pacer_.reset();
  warmup_steps_ = kWarmupSteps;
  ms_history_.clear();
  // The figures are the new engine's from its first step on, never the old one's.
  figures_.ms_per_generation = figures_.gcells_per_second = figures_.percent_of_limit = 0;
}

void Simulation::recreate(GridSize size, Topology topology) {
  if (!backend_) throw Error("no simulation to resize");
  backend_->cancel();
  uint64_t total = 0;
  // From one bounded grid to another, cells keep Golly's coordinates (as they do in Golly when
  // a rule's suffix changes); a plane that stands for the unbounded one keeps them centred.
  const bool golly = bounded() && (topology != Topology::Plane || bounded_plane_);
  Grid next = regrid(state(&total), size, topology, golly);
  const std::string engine = engine_name_;
  start(engine, next, rule_);
  backend_->with_engine([&](Engine& e) { e.set_generation(total); });  // one count, as above
}

void Simulation::configure_backend(const Grid* history) {
  backend_->set_stats_request(stats_request_);
  if (history_on_ && !backend_->history_on()) {
    try {
      backend_->set_history(true, history);
    } catch (const Error&) {
      history_on_ = false;  // the new grid is too large for the plane: colouring goes off
    }
  }
}

void Simulation::set_stats_request(const StatsRequest& request) {
  if (request == stats_request_) return;
  stats_request_ = request;
  if (backend_) backend_->set_stats_request(request);
}

void Simulation::set_history(bool on) {
  if (on == history_on_) return;
  if (backend_) backend_->set_history(on);
  history_on_ = on;
}

void Simulation::clear_history() {
  if (backend_ && history_on_) backend_->set_history(true);
}

void Simulation::set_rule(const Rule& rule) {
  if (backend_) backend_->set_rule(rule);
  rule_ = rule;
  note_restart();
}

void Simulation::set_params(const Params& params) {
  if (backend_) backend_->set_params(params);
}

void Simulation::request_step(uint64_t n) {
  steps_owed_ += n;
  feed_steps();
}

void Simulation::feed_steps() {
  // A backend keeps its queue short (so pausing is immediate) and would drop what is added to
  // a full one: steps asked for faster than they run wait here instead, none lost.
  if (!backend_ || steps_owed_ == 0 || backend_->backlog() > 0) return;
  backend_->advance(steps_owed_);
  steps_owed_ = 0;
}

uint64_t Simulation::backlog() const {
  return steps_owed_ + (backend_ ? backend_->backlog() : 0);
}

void Simulation::cancel_steps() {
  steps_owed_ = 0;
  if (backend_) backend_->cancel();
}

uint64_t Simulation::due_generations(double dt, double budget_ms) {
  const bool started = running && !was_running_;
  was_running_ = running;
  if (!running || !backend_) {
    // Queued generations left from running are dropped on pause; single steps stay queued.
    pacer_.pause();
    return 0;
  }
  // Held at stop_at until the user runs on from there.
  if (!stop_at || generation() < *stop_at || *stop_at != held_at_) stop_released_ = false;
  if (stop_at) held_at_ = *stop_at;
  if (started && stop_at && generation() >= *stop_at) stop_released_ = true;
  PaceInput in;
  in.dt_seconds = dt;
  in.ms_per_generation = figures_.ms_per_generation;
  in.pass_depth = backend_->info().pass_depth;
  in.budget_ms = budget_ms;
  in.asynchronous = !gpu();
  uint64_t n = pacer_.due(pace, in);
  if (stop_at && !stop_released_) {
    // Generations already queued (the CPU worker) count as run. The queue is read first: a
    // batch finishing in between is then counted twice (this frame steps less), never not at
    // all (it would step past).
    const uint64_t queued = backend_->backlog();
    const uint64_t committed = generation() + queued;
    n = committed >= *stop_at ? 0 : std::min(n, *stop_at - committed);
  }
  figures_.gens_per_frame = n;
  return n;
}

uint64_t Simulation::step_size() const {
  if (pace.mode == PaceMode::Auto) return std::max<uint64_t>(1, pacer_.chosen());
  return uint64_t(std::max(1, pace.step));
}

void Simulation::toggle_fastest() {
  if (pace.mode == PaceMode::Auto) {
    pace = before_fastest_;
  } else {
    before_fastest_ = pace;
    pace = PaceSettings{};
  }
}

void Simulation::tick(double dt) {
  if (!backend_) return;
  feed_steps();
  last_step_wall_ms_ = 0;
  if (const uint64_t n = due_generations(dt, step_budget_ms_); n > 0) {
    const auto t0 = Clock::now();
    backend_->advance(n);
    last_step_wall_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    StepPacer::note_step(pace, figures_.ms_per_generation, step_budget_ms_);
  }
  update_figures(dt);
}

void Simulation::update_figures(double dt) {
  const BackendFigures f = backend_->figures();
  figures_.generation = generation_base_ + f.generation;
  if (f.population_known) {
    figures_.population = f.population;
    figures_.population_known = true;
  }
  if (f.stats_known && f.steps_completed != last_sample_steps_) {
    last_sample_steps_ = f.steps_completed;
    ++figures_.samples;
    figures_.stats = f.stats;
    figures_.stats_generation = generation_base_ + f.stats_generation;
  }
  if (f.steps_completed != last_steps_completed_ && f.ms_per_generation > 0) {
    last_steps_completed_ = f.steps_completed;
    figures_.ms_per_generation = f.ms_per_generation;
    if (warmup_steps_ > 0) {
      --warmup_steps_;
    } else {
      if (ms_history_.size() >= kHistoryLength) ms_history_.erase(ms_history_.begin());
      ms_history_.push_back(float(f.ms_per_generation));
    }
    const double cells = double(width_) * double(height_);
    figures_.gcells_per_second = cells / (f.ms_per_generation * 1e-3) / 1e9;
    const BandwidthLimit& limit = gpu() ? gpu_bandwidth_limit() : host_bandwidth_limit();
    figures_.limit_gbytes_per_second = limit.bytes_per_second / 1e9;
    figures_.limit_source = limit.source;
    const double bytes = backend_->bytes_per_generation();
    const double achieved = bytes / (f.ms_per_generation * 1e-3);
    figures_.percent_of_limit =
        limit.bytes_per_second > 0 ? 100.0 * achieved / limit.bytes_per_second : 0;
    figures_.limit_ms_per_generation =
        limit.bytes_per_second > 0 ? bytes / limit.bytes_per_second * 1e3 : 0;
  }
  window_time_ += dt;
  if (window_time_ >= 0.25) {
    figures_.generations_per_second =
        double(figures_.generation - std::min(figures_.generation, window_start_generation_)) /
        window_time_;
    window_time_ = 0;
    window_start_generation_ = figures_.generation;
  }
}

void Simulation::with_engine(const std::function<void(Engine&)>& fn) {
  if (!backend_) throw Error("no simulation to edit");
  backend_->with_engine(fn);
  note_edit({}, true);
}

void Simulation::edit_engine(const std::function<Box(Engine&)>& fn) {
  if (!backend_) throw Error("no simulation to edit");
  Box changed;
  backend_->edit_engine([&](Engine& e) {
    changed = fn(e);
    return changed;
  });
  note_edit(changed, false);
}

GridView Simulation::view() {
  if (!backend_) return GridView{};
  GridView v = backend_->view();
  v.generation = generation();
  return v;
}

Grid Simulation::state(uint64_t* generation) {
  if (!backend_) throw Error("no simulation");
  uint64_t engine_generation = 0;
  Grid g = backend_->state(&engine_generation);
  if (generation) *generation = generation_of(engine_generation);
  return g;
}

Box Simulation::live_bounds() {
  if (!backend_) return {};
  if (const std::optional<Box> b = backend_->live_bounds()) return *b;
  return app::live_bounds(backend_->state());
}

}  // namespace gpulife::app
