// CudaStream and CudaEvent: creation checked, destruction on the device that made them.
#include "gpu/cuda_handles.hpp"

#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

int current_device() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

// Runs `destroy` with `device` current, then puts the caller's device back. Never throws: it
// runs in destructors, where a failure (a device already reset) can only be ignored.
template <class F>
void on_device(int device, F&& destroy) noexcept {
  int previous = 0;
  const bool known = cudaGetDevice(&previous) == cudaSuccess;
  if (!known || previous != device) cudaSetDevice(device);
  destroy();
  if (known && previous != device) cudaSetDevice(previous);
}

}  // namespace

void destroy_stream(CUstream_st* stream, int device) noexcept {
  on_device(device, [&] { cudaStreamDestroy(stream); });
}

void destroy_event(CUevent_st* event, int device) noexcept {
  on_device(device, [&] { cudaEventDestroy(event); });
}

CudaStream CudaStream::create(bool non_blocking) {
  const int device = current_device();
  cudaStream_t s = nullptr;
  CUDA_CHECK(
      cudaStreamCreateWithFlags(&s, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault));
  return CudaStream(s, device);
}

CudaEvent CudaEvent::create(bool timing) {
  const int device = current_device();
  cudaEvent_t e = nullptr;
  CUDA_CHECK(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming));
  return CudaEvent(e, device);
}

void CudaEvent::record(CUstream_st* stream) const {
  CUDA_CHECK(cudaEventRecord(get(), stream));
}

void CudaEvent::synchronize() const {
  CUDA_CHECK(cudaEventSynchronize(get()));
}

float CudaEvent::elapsed_ms(const CudaEvent& start) const {
  synchronize();
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), get()));
  return ms;
}

}  // namespace gpulife::gpu
