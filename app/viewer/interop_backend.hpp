// GPU engines in the viewer: the engine steps in place (ping-pong between two state buffers)
// inside memory the renderer draws, so the state never travels through the host, not even when
// switching GPU engines. The memory is CUDA's own, imported into GL (the shared path), or GL
// buffers registered with CUDA and mapped around each use (the fallback); see interop_path.hpp.
#pragma once

#if GPULIFE_HAVE_CUDA

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "app/viewer/engine_backend.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/interop_path.hpp"
#include "gpu/gpu_engine.hpp"
#include "gpu/interop.hpp"

namespace gpulife::app {

// The path this GL context and CUDA device allow for `request` (decided once per process, with
// the GL context current); throws Error when --interop shared cannot run here.
InteropChoice interop_choice(InteropRequest request);

class InteropBackend final : public EngineBackend<gpu::GpuEngine> {
 public:
  // Starts `engine` on a host grid (uploaded once), in memory of the given path.
  InteropBackend(const std::string& engine, const Grid& grid, const Rule& rule,
                 const InteropChoice& path);
  // Starts `engine` on the state of another GPU backend, converted on the device, in memory of
  // the same path.
  InteropBackend(const std::string& engine, InteropBackend& from, const Rule& rule);
  ~InteropBackend() override;

  void advance(uint64_t generations) override;
  GridView view() override;
  void frame_drawn() override;
  Grid state(uint64_t* engine_generation = nullptr) override;
  void with_engine(const std::function<void(Engine&)>& fn) override;
  void edit_engine(const std::function<Box(Engine&)>& fn) override;
  void set_params(const Params& params) override;
  void set_rule(const Rule& rule) override;
  void set_stats_request(const StatsRequest& request) override { request_ = request; }
  void set_history(bool on, const Grid* initial = nullptr) override;
  bool history_on() const override { return history_pitch_ != 0; }
  Grid history() override;
  std::string memory_description() const override { return describe(path_); }

  const InteropChoice& path() const { return path_; }
  // Device-to-device copy bandwidth from the current state buffer into the other one (which the
  // next step overwrites anyway), timed like gpu::copy_bandwidth(): the memory the engine steps
  // in, against the cudaMalloc memory the limit is measured in.
  double state_buffer_copy_bandwidth();

 private:
  // CUDA's turn with the state buffers for the object's lifetime. Synchronisation is by CPU-side
  // waits, in both directions: on entry, a GL fence (placed after the last draw, or now) is
  // waited for, so kernels never overwrite a buffer GL is still reading; on exit, the CPU waits
  // for the device, so GL commands issued afterwards see every byte CUDA wrote. The registered
  // path maps the buffers instead (map and unmap order the work) and points the engine at the
  // mapped pointers, which may change between maps.
  class CudaAccess {
   public:
    explicit CudaAccess(InteropBackend& b);
    ~CudaAccess();
    CudaAccess(const CudaAccess&) = delete;
    CudaAccess& operator=(const CudaAccess&) = delete;
    gpu::GpuEngine& engine() { return *backend_.engine_; }
    // Device pointer to state buffer `i` while CUDA has its turn.
    void* pointer(int i) const;
    // Device pointer to the history plane (nullptr when off).
    void* history_pointer() const;

   private:
    InteropBackend& backend_;
    std::optional<gpu::MappedGlBuffers> mapped_;
  };

  // (Re)creates both state buffers with room for `bytes` each, zero-filled.
  void allocate_buffers(size_t bytes);
  // Shared path: lends the engine the shared buffers (moving its state in). The registered
  // path lends the mapped pointers in every CudaAccess instead.
  void attach_shared();
  void release_buffers();
  // The history plane's memory (same path as the state), zero-filled or from `initial`.
  void allocate_history(const Grid* initial);
  void release_history();
  void refresh_stats(gpu::GpuEngine& engine);
  unsigned int gl_buffer(int i) const;
  void refresh_population(gpu::GpuEngine& engine, bool force);

  InteropChoice path_;
  gpu::DeviceLayout layout_;
  size_t buffer_bytes_ = 0;
  gpu::SharedGlBuffer shared_[2];
  // Registrations are declared after the buffers so they are destroyed first.
  GlBuffer buffers_[2];
  gpu::GlBufferRegistration registrations_[2];
  // The history plane: canonical bit-packed rows of history_pitch_ bytes (0: off), in a buffer
  // of the same path as the state.
  size_t history_pitch_ = 0;
  size_t history_bytes_ = 0;
  gpu::SharedGlBuffer history_shared_;
  GlBuffer history_buffer_;
  gpu::GlBufferRegistration history_registration_;
  // The state buffers lent to the engine: for good on the shared path, for one CudaAccess on the
  // registered one (the mapped pointers change). Declared after the buffers, so it ends first.
  gpu::BufferLoan loan_;
  StatsRequest request_;
  GlFence drawn_;  // placed after the last draw of these buffers
  uint64_t version_ = 1;
  std::chrono::steady_clock::time_point last_population_;
};

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_CUDA
