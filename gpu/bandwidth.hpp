// The device-to-device copy bandwidth of the current GPU: the yardstick for "% of the limit".
#pragma once

#include <cstddef>

namespace gpulife::gpu {

struct CopyBandwidth {
  double bytes_per_second = 0;  // bytes read + bytes written, per second (median run)
  size_t buffer_bytes = 0;      // size of the copied buffer
  int repetitions = 0;
};

// Measured once per device per process (later calls return the cached result): a large
// device-to-device copy timed with CUDA events, the median of several. Throws Error without a
// device.
const CopyBandwidth& copy_bandwidth();

// Times copies of `bytes` from `src` to `dst` (device pointers, e.g. mapped GL buffers) the same
// way, returning bytes read + written per second (median of several).
double copy_bandwidth_between(void* dst, const void* src, size_t bytes);

// The fastest one generation can be for an engine moving `bytes` per generation, in ms.
inline double limit_ms(double bytes_per_generation, const CopyBandwidth& bw) {
  return bw.bytes_per_second > 0 ? bytes_per_generation / bw.bytes_per_second * 1e3 : 0;
}

}  // namespace gpulife::gpu
