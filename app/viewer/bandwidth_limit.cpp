// Copy-bandwidth figures: host memcpy measured here, the GPU's from the gpu layer's probe.
#include "app/viewer/bandwidth_limit.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#if GPULIFE_HAVE_CUDA && __has_include("gpu/bandwidth.hpp")
#include "gpu/bandwidth.hpp"
#define GPULIFE_VIEWER_HAS_GPU_PROBE 1
#endif

namespace gpulife::app {

const BandwidthLimit& host_bandwidth_limit() {
  static const BandwidthLimit limit = [] {
    // 64 MiB is far beyond the caches, so this is DRAM bandwidth; best of a few copies.
    const size_t n = size_t{64} << 20;
    std::vector<char> a(n, 1), b(n, 2);
    double best = 1e30;
    for (int i = 0; i < 4; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      std::memcpy(b.data(), a.data(), n);
      const auto t1 = std::chrono::steady_clock::now();
      best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
      std::swap(a, b);
    }
    return BandwidthLimit{2.0 * double(n) / best, "host memcpy, one thread, measured at start"};
  }();
  return limit;
}

const BandwidthLimit& gpu_bandwidth_limit() {
  static const BandwidthLimit limit = [] {
#if GPULIFE_VIEWER_HAS_GPU_PROBE
    try {
      return BandwidthLimit{gpu::copy_bandwidth().bytes_per_second,
                            "device-to-device copy, measured at start"};
    } catch (const std::exception& e) {
      return BandwidthLimit{0, std::string("copy bandwidth unknown: ") + e.what()};
    }
#else
    return BandwidthLimit{0, "copy bandwidth unknown (built without the GPU probe)"};
#endif
  }();
  return limit;
}

}  // namespace gpulife::app
