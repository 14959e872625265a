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
  std::string memory_description() const override {
    return "host memory, changed rows uploaded to a GL buffer";
  }

 private:
  void work();
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
  Grid snapshot_;
  uint64_t snapshot_version_ = 0;
  uint64_t uploaded_version_ = ~uint64_t{0};
  BackendFigures figures_;
  double batch_target_ms_ = 30.0;

  HostGridUpload upload_;
  std::thread worker_;
};

}  // namespace gpulife::app
