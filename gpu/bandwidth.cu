// Copy-bandwidth probe: cudaMemcpy device-to-device of up to 4 GiB, median of event timings.
#include "gpu/bandwidth.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "gpu/cuda_check.cuh"
#include "gpu/device_buffer.hpp"

namespace gpulife::gpu {

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
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  constexpr int kWarmup = 2, kRepetitions = 9;
  std::vector<float> ms;
  for (int i = 0; i < kWarmup + kRepetitions; ++i) {
    CUDA_CHECK(cudaEventRecord(start));
    CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), bytes, cudaMemcpyDeviceToDevice));
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, start, stop));
    if (i >= kWarmup) ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  const double median_s = double(ms[ms.size() / 2]) * 1e-3;
  CopyBandwidth result{2.0 * double(bytes) / median_s, bytes, kRepetitions};
  return measured.emplace(device, result).first->second;
}

}  // namespace gpulife::gpu
