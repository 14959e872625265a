// CPU engines in the viewer: the engine steps on a worker thread so the window stays responsive,
// and each finished batch is uploaded row-diffed to the GL buffer the shader reads.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "app/viewer/host_grid_upload.hpp"
#include "app/viewer/sim_backend.hpp"

namespace gpulife::app {

class HostBackend final : public SimBackend {
 public:
  // Loads `grid` into `engine` (which must not be shared) and starts the worker.
  HostBackend(std::unique_ptr<Engine> engine, const Grid& grid, const Rule& rule);
  ~HostBackend() override;

  const EngineInfo& info() const override { return engine_->info(); }
  void advance(uint64_t generations) override;
  uint64_t backlog() const override;
  void cancel() override;
  GridView view() override;
  Grid state(uint64_t* engine_generation = nullptr) override;
  BackendFigures figures() override;
  void with_engine(const std::function<void(Engine&)>& fn) override;
  void edit_engine(const std::function<Box(Engine&)>& fn) override;
  std::vector<ParamInfo> param_info() override;
  Params params() override;
  void set_params(const Params& params) override;
  void set_rule(const Rule& rule) override;
  double bytes_per_generation() override;
  void set_stats_request(const StatsRequest& request) override;
  void set_history(bool on, const Grid* initial = nullptr) override;
  bool history_on() const override;
  Grid history() override;
  std::string memory_description() const override {
    return "host memory, changed rows uploaded to a GL buffer";
  }

 private:
  void work();
  // Steps `gens` generations as the stats request and the history plane need (engine_mutex_
  // held); returns the device (wall) time and leaves the result in `result`.
  double step_batch(uint64_t gens, const StatsRequest& request, bool history, Grid& result);
  // Makes `result` the snapshot the next view() uploads (engine_mutex_ held).
  void publish(Grid&& result, uint64_t generation);
  // Copies rows [y0, y1] of the engine into the snapshot (engine_mutex_ held).
  void publish_rows(int64_t y0, int64_t y1);

  std::unique_ptr<Engine> engine_;
  std::mutex engine_mutex_;  // held while the worker steps, and for every other engine call

  mutable std::mutex mutex_;  // everything below
  std::condition_variable wake_;
  bool quit_ = false;
  uint64_t budget_ = 0;
  // Counts cancel() calls: a batch the worker took before one is dropped, not stepped, so an
  // edit or undo made right after pausing is never followed by generations nobody asked for.
  uint64_t cancels_ = 0;
  Grid snapshot_;
  uint64_t snapshot_version_ = 0;
  uint64_t uploaded_version_ = ~uint64_t{0};
  BackendFigures figures_;
  double batch_target_ms_ = 30.0;

  StatsRequest request_;
  Grid previous_;  // the generation before the last one of a batch (worker only)
  Grid history_;   // cells ever alive (engine_mutex_; the worker ORs into it)
  bool history_on_ = false;
  Grid history_snapshot_;  // what the next view() uploads (mutex_)
  uint64_t history_version_ = 0, history_uploaded_ = ~uint64_t{0};

  HostGridUpload upload_;
  HostGridUpload history_upload_;
  std::thread worker_;
};

}  // namespace gpulife::app
