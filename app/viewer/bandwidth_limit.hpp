// The memory bandwidth an engine is held against in the panel: measured copy bandwidth of the
// GPU (device-to-device) or of the host (memcpy), read + written bytes per second.
#pragma once

#include <string>

namespace gpulife::app {

struct BandwidthLimit {
  double bytes_per_second = 0;  // 0 when unknown
  std::string source;           // how it was obtained, for the panel's tooltip
};

// Measured once (a few ms) on first use and cached.
const BandwidthLimit& host_bandwidth_limit();
const BandwidthLimit& gpu_bandwidth_limit();

}  // namespace gpulife::app
