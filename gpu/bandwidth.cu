// Copy-bandwidth probe: cudaMemcpy device-to-device of up to 4 GiB, median of event timings.
#include "gpu/bandwidth.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "core/median.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/cuda_handles.hpp"
#include "gpu/device_buffer.hpp"

namespace gpulife::gpu {
namespace {
constexpr int kWarmup = 2, kRepetitions = 9;
}

const CopyBandwidth& copy_bandwidth() {
  static std::mutex mutex;
  static std::map<int, CopyBandwidth> measured;
  std::lock_guard lock(mutex);
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  if (auto it = measured.find(device); it != measured.end()) return it->second;

  size_t free_bytes = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  // Large enough to dwarf every cache; two of them in at most a quarter of the free memory.
  size_t bytes = size_t(4) << 30;
  while (bytes > (size_t(64) << 20) && 2 * bytes > free_bytes / 4) bytes /= 2;
  DeviceBuffer src(bytes), dst(bytes);
  CUDA_CHECK(cudaMemset(src.data(), 0x5a, bytes));
  CopyBandwidth result{copy_bandwidth_between(dst.data(), src.data(), bytes), bytes, kRepetitions};
  return measured.emplace(device, result).first->second;
}

double copy_bandwidth_between(void* dst, const void* src, size_t bytes) {
  const CudaEvent start = CudaEvent::create(), stop = CudaEvent::create();
  std::vector<double> ms;
  for (int i = 0; i < kWarmup + kRepetitions; ++i) {
    start.record();
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice));
    stop.record();
    const float t = stop.elapsed_ms(start);
    if (i >= kWarmup) ms.push_back(t);
  }
  return 2.0 * double(bytes) / (median(ms) * 1e-3);
}

}  // namespace gpulife::gpu
