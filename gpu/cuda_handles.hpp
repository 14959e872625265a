// CUDA streams and events as move-only owners (plain C++): each is destroyed with the object
// that holds it, on the device it was made on, also when the code that made it throws.
#pragma once

#include "core/owned.hpp"

// The runtime's handle types (cudaStream_t is CUstream_st*, cudaEvent_t is CUevent_st*).
struct CUstream_st;
struct CUevent_st;

namespace gpulife::gpu {

// Destroy a handle made on `device` (gpu/cuda_handles.cu); they never throw.
void destroy_stream(CUstream_st* stream, int device) noexcept;
void destroy_event(CUevent_st* event, int device) noexcept;

// One owned handle of type H, made on `device`; kDestroy releases it.
template <class H, void (*kDestroy)(H, int) noexcept>
class CudaHandle {
 public:
  CudaHandle() = default;

  H get() const { return held_->handle; }
  // Passes wherever the runtime asks for the handle (a cudaStream_t, a cudaEvent_t).
  operator H() const { return held_->handle; }
  explicit operator bool() const { return held_->handle != nullptr; }
  void reset() { held_.reset(); }

 protected:
  CudaHandle(H handle, int device) : held_(Held{handle, device}) {}

 private:
  struct Held {
    H handle = nullptr;
    int device = 0;
  };
  static void release(Held& held) noexcept {
    if (held.handle) kDestroy(held.handle, held.device);
  }
  Owned<Held, release> held_;
};

class CudaStream : public CudaHandle<CUstream_st*, destroy_stream> {
 public:
  CudaStream() = default;
  // A new stream on the current device; non_blocking: it does not wait for the legacy default
  // stream. Throws Error when CUDA refuses.
  static CudaStream create(bool non_blocking = true);

 private:
  using CudaHandle::CudaHandle;
};

class CudaEvent : public CudaHandle<CUevent_st*, destroy_event> {
 public:
  CudaEvent() = default;
  // A new event on the current device; timing: it can be measured with elapsed_ms (otherwise
  // it only orders work, which is cheaper).
  static CudaEvent create(bool timing = true);

  void record(CUstream_st* stream = nullptr) const;
  void synchronize() const;
  // Milliseconds from `start` to this event, waiting for this one to complete.
  float elapsed_ms(const CudaEvent& start) const;

 private:
  using CudaHandle::CudaHandle;
};

}  // namespace gpulife::gpu
