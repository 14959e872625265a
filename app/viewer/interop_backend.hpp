// GPU engines in the viewer: the grid lives in two GL buffers registered with CUDA; each step
// maps them, the engine steps in place (ping-pong), unmaps, and the shader draws the current
// one. The state never travels through the host, not even when switching GPU engines.
#pragma once

#if GPULIFE_HAVE_CUDA

#include <chrono>
#include <memory>
#include <string>

#include "app/viewer/gl_objects.hpp"
#include "app/viewer/sim_backend.hpp"
#include "gpu/gpu_engine.hpp"
#include "gpu/interop.hpp"

namespace gpulife::app {

class InteropBackend final : public SimBackend {
 public:
  // Starts `engine` on a host grid (uploaded once).
  InteropBackend(const std::string& engine, const Grid& grid, const Rule& rule);
  // Starts `engine` on the state of another GPU backend, converted on the device.
  InteropBackend(const std::string& engine, InteropBackend& from, const Rule& rule);
  ~InteropBackend() override;

  const EngineInfo& info() const override { return engine_->info(); }
  void advance(uint64_t generations) override;
  uint64_t backlog() const override { return 0; }
  void cancel() override {}
  GridView view() override;
  Grid state(uint64_t* engine_generation = nullptr) override;
  BackendFigures figures() override { return figures_; }
  void with_engine(const std::function<void(Engine&)>& fn) override;
  void edit_engine(const std::function<Box(Engine&)>& fn) override;
  std::vector<ParamInfo> param_info() override { return engine_->param_info(); }
  Params params() override { return engine_->params(); }
  void set_params(const Params& params) override;
  void set_rule(const Rule& rule) override { engine_->set_rule(rule); }
  double bytes_per_generation() override { return engine_->bytes_per_generation(); }

  // Device-to-device copy bandwidth from the current GL state buffer into the other one (which
  // the next step overwrites anyway), timed like gpu::copy_bandwidth(): the memory the engine
  // steps in, against the cudaMalloc memory the limit is measured in.
  double state_buffer_copy_bandwidth();

 private:
  // Maps both GL buffers and points the engine at them for the object's lifetime.
  class Attached {
   public:
    explicit Attached(InteropBackend& b);
    gpu::GpuEngine& engine() { return *backend_.engine_; }

   private:
    InteropBackend& backend_;
    gpu::MappedGlBuffers mapped_;
  };

  // (Re)creates the GL buffers and registrations for the engine's current layout.
  void allocate_buffers();
  void release_buffers();
  void refresh_population(gpu::GpuEngine& engine, bool force);

  std::unique_ptr<gpu::GpuEngine> engine_;
  gpu::DeviceLayout layout_;
  // Registrations are declared after the buffers so they are destroyed first.
  GlBuffer buffers_[2];
  gpu::GlBufferRegistration registrations_[2];
  uint64_t version_ = 1;
  BackendFigures figures_;
  std::chrono::steady_clock::time_point last_population_;
};

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_CUDA
