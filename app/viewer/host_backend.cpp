// The CPU engine worker: steps in batches sized to ~30 ms, publishes a snapshot after each.
#include "app/viewer/host_backend.hpp"

#include <algorithm>
#include <bit>

namespace gpulife::app {

HostBackend::HostBackend(std::unique_ptr<Engine> engine, const Grid& grid, const Rule& rule)
    : engine_(std::move(engine)) {
  engine_->set_rule(rule);
  engine_->load(grid);
  snapshot_ = grid;
  snapshot_version_ = 1;
  figures_.generation = engine_->generation();
  figures_.population = grid.population();
  figures_.population_known = true;
  worker_ = std::thread([this] { work(); });
}

HostBackend::~HostBackend() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void HostBackend::advance(uint64_t generations) {
  if (generations == 0) return;
  {
    std::lock_guard lock(mutex_);
    // When the engine cannot keep up, the queue stays short so pausing is immediate.
    budget_ = std::min(budget_ + generations, std::max<uint64_t>(2 * generations, 2));
  }
  wake_.notify_all();
}

uint64_t HostBackend::backlog() const {
  std::lock_guard lock(mutex_);
  return budget_;
}

void HostBackend::cancel() {
  std::lock_guard lock(mutex_);
  budget_ = 0;
  ++cancels_;
}

double HostBackend::step_batch(uint64_t gens, const StatsRequest& request, bool history,
                               Grid& result) {
  double ms = 0;
  auto or_into_history = [&] {
    auto h = history_.words();
    const auto r = result.words();
    for (size_t i = 0; i < h.size(); ++i) h[i] |= r[i];
  };
  if (history) {
    // Every generation goes into the plane, so it steps one at a time.
    for (uint64_t g = 0; g < gens; ++g) {
      if (g + 1 == gens && request.changes) engine_->store(previous_);
      engine_->step(1);
      ms += engine_->last_step_ms();
      engine_->store(result);
      or_into_history();
    }
    return ms;
  }
  if (request.changes) {
    // The last generation on its own, so the one before it can be kept for births and deaths.
    if (gens > 1) {
      engine_->step(gens - 1);
      ms += engine_->last_step_ms();
    }
    engine_->store(previous_);
    engine_->step(1);
    ms += engine_->last_step_ms();
  } else {
    engine_->step(gens);
    ms = engine_->last_step_ms();
  }
  engine_->store(result);
  return ms;
}

void HostBackend::work() {
  Grid result;
  for (;;) {
    uint64_t gens = 0, cancels = 0;
    StatsRequest request;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || budget_ > 0; });
      if (quit_) return;
      const double per_gen = figures_.ms_per_generation > 0 ? figures_.ms_per_generation : 1.0;
      const uint64_t fits = uint64_t(std::max(1.0, batch_target_ms_ / per_gen));
      gens = std::min(budget_, fits);
      cancels = cancels_;
      request = request_;
    }
    {
      std::lock_guard engine_lock(engine_mutex_);
      {
        // Cancelled between taking the batch and getting the engine: whoever cancelled may
        // have edited or undone since, and this batch belongs to the run before that.
        std::lock_guard lock(mutex_);
        if (cancels != cancels_) continue;
      }
      const double ms = step_batch(gens, request, history_on_, result);
      const uint64_t generation = engine_->generation();
      // Counted on this thread, from the copy the viewer draws anyway.
      const CellStats stats =
          cell_stats(result, request.changes ? &previous_ : nullptr, request.shape);
      // Published before the engine is released, so an edit made right after this batch is
      // never overwritten by the older snapshot.
      std::lock_guard lock(mutex_);
      budget_ -= std::min(budget_, gens);
      std::swap(snapshot_, result);
      ++snapshot_version_;
      if (history_on_) {
        history_snapshot_ = history_;
        ++history_version_;
      }
      figures_.generation = generation;
      figures_.ms_per_generation = ms / double(gens);
      figures_.last_step_generations = gens;
      figures_.population = stats.population;
      figures_.population_known = true;
      figures_.stats = stats;
      figures_.stats_known = true;
      figures_.stats_generation = generation;
      ++figures_.steps_completed;
    }
  }
}

void HostBackend::set_stats_request(const StatsRequest& request) {
  std::lock_guard lock(mutex_);
  request_ = request;
}

void HostBackend::set_history(bool on, const Grid* initial) {
  std::lock_guard engine_lock(engine_mutex_);
  history_on_ = on;
  if (on) {
    engine_->store(history_);
    if (initial && initial->width() == history_.width() && initial->height() == history_.height())
      for (size_t i = 0; i < history_.words().size(); ++i)
        history_.words()[i] |= initial->words()[i];
  } else {
    history_ = Grid();
  }
  std::lock_guard lock(mutex_);
  history_snapshot_ = history_;
  ++history_version_;
}

bool HostBackend::history_on() const {
  return history_on_;
}

Grid HostBackend::history() {
  std::lock_guard engine_lock(engine_mutex_);
  return history_;
}

void HostBackend::with_engine(const std::function<void(Engine&)>& fn) {
  std::lock_guard engine_lock(engine_mutex_);
  Grid result;
  try {
    fn(*engine_);
  } catch (...) {
    engine_->store(result);
    publish(std::move(result), engine_->generation());
    throw;
  }
  engine_->store(result);
  publish(std::move(result), engine_->generation());
}

void HostBackend::edit_engine(const std::function<Box(Engine&)>& fn) {
  std::lock_guard engine_lock(engine_mutex_);
  Box touched;
  try {
    touched = fn(*engine_);
  } catch (...) {
    Grid result;
    engine_->store(result);
    publish(std::move(result), engine_->generation());
    throw;
  }
  const int64_t y0 = std::max<int64_t>(touched.min_y, 0);
  const int64_t y1 = std::min<int64_t>(touched.max_y, engine_->height() - 1);
  if (touched.empty() || y0 > y1) return;
  publish_rows(y0, y1);
}

void HostBackend::publish_rows(int64_t y0, int64_t y1) {
  const Grid rows = engine_->read_region(Box{0, y0, engine_->width() - 1, y1});
  std::lock_guard lock(mutex_);
  if (snapshot_.width() != engine_->width() || snapshot_.height() != engine_->height()) return;
  const int64_t words = snapshot_.words_per_row();
  int64_t delta = 0;
  for (int64_t y = y0; y <= y1; ++y) {
    uint64_t* dst = snapshot_.row(y);
    const uint64_t* src = rows.row(y - y0);
    for (int64_t w = 0; w < words; ++w) {
      delta += int64_t(std::popcount(src[w])) - int64_t(std::popcount(dst[w]));
      dst[w] = src[w];
    }
  }
  ++snapshot_version_;
  figures_.population = uint64_t(int64_t(figures_.population) + delta);
  if (history_on_ && history_.height() == snapshot_.height() &&
      history_snapshot_.height() == snapshot_.height()) {
    // Only the edited rows, so drawing on a large grid stays quick.
    for (int64_t y = y0; y <= y1; ++y)
      for (int64_t w = 0; w < words; ++w)
        history_snapshot_.row(y)[w] = history_.row(y)[w] |= snapshot_.row(y)[w];
    ++history_version_;
  }
}

void HostBackend::publish(Grid&& result, uint64_t generation) {
  // The upload compares rows against what the GL buffer holds, so only edited rows travel.
  const uint64_t population = result.population();
  if (history_on_ && history_.words().size() == result.words().size())
    for (size_t i = 0; i < history_.words().size(); ++i) history_.words()[i] |= result.words()[i];
  std::lock_guard lock(mutex_);
  if (history_on_) {
    history_snapshot_ = history_;
    ++history_version_;
  }
  std::swap(snapshot_, result);
  ++snapshot_version_;
  figures_.generation = generation;  // undoing a run moves it back
  figures_.population = population;
  figures_.population_known = true;
}

GridView HostBackend::view() {
  std::lock_guard lock(mutex_);
  if (uploaded_version_ != snapshot_version_) {
    upload_.upload(snapshot_);
    uploaded_version_ = snapshot_version_;
  }
  GridView v = upload_.view();
  if (history_snapshot_.width() > 0) {
    if (history_uploaded_ != history_version_) {
      history_upload_.upload(history_snapshot_);
      history_uploaded_ = history_version_;
    }
    const GridView h = history_upload_.view();
    v.history_buffer = h.buffer;
    v.history_bytes = h.buffer_bytes;
    v.history_pitch_bytes = h.row_pitch_bytes;
  }
  return v;
}

Grid HostBackend::state(uint64_t* engine_generation) {
  std::lock_guard engine_lock(engine_mutex_);
  Grid g;
  engine_->store(g);
  if (engine_generation) *engine_generation = engine_->generation();
  return g;
}

BackendFigures HostBackend::figures() {
  std::lock_guard lock(mutex_);
  return figures_;
}

std::vector<ParamInfo> HostBackend::param_info() {
  std::lock_guard engine_lock(engine_mutex_);
  return engine_->param_info();
}

Params HostBackend::params() {
  std::lock_guard engine_lock(engine_mutex_);
  return engine_->params();
}

void HostBackend::set_params(const Params& params) {
  std::lock_guard engine_lock(engine_mutex_);
  engine_->set_params(params);
}

void HostBackend::set_rule(const Rule& rule) {
  std::lock_guard engine_lock(engine_mutex_);
  engine_->set_rule(rule);
}

double HostBackend::bytes_per_generation() {
  std::lock_guard engine_lock(engine_mutex_);
  return engine_->bytes_per_generation();
}

}  // namespace gpulife::app
