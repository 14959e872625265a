// A soup generated straight into an engine's (attached) state buffer.
#include "gpu/device_soup.hpp"

#include "core/error.hpp"
#include "core/soup.hpp"
#include "gpu/band_kernels.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"

namespace gpulife::gpu {

DeviceSoup::DeviceSoup(GpuEngine& engine, int64_t width, int64_t height, Topology topology,
                       double density, uint64_t seed) {
  const DeviceLayout layout = engine.device_layout(width, height);
  if (layout.layout != CellLayout::BitPacked || layout.row_pitch_bytes % 8 != 0)
    throw Error("a soup on the device needs a bit-packed engine of 64-bit words");
  size_t free_bytes = 0, total = 0;
  device_memory_info(free_bytes, total);
  if (2.0 * double(layout.buffer_bytes) > double(free_bytes))
    throw Error("a " + std::to_string(width) + "x" + std::to_string(height) + " grid needs " +
                std::to_string(2 * layout.buffer_bytes >> 20) + " MiB of GPU memory, " +
                std::to_string(free_bytes >> 20) + " MiB is free");
  for (DeviceBuffer& b : buffers_) {
    b = DeviceBuffer(layout.buffer_bytes);
    CUDA_CHECK(cudaMemset(b.data(), 0, layout.buffer_bytes));
  }
  band::Rows rows;
  rows.data = static_cast<uint64_t*>(buffers_[0].data());
  rows.pitch_words = int64_t(layout.row_pitch_bytes / 8);
  rows.words_per_row = int64_t(canonical_pitch(width) / 8);
  rows.count = height;
  const int rem = int(width & 63);
  band::fill_soup(rows, seed, soup::density_of(density),
                  rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1, nullptr);
  CUDA_CHECK(cudaDeviceSynchronize());
  // Attached first, so resize() keeps these buffers (and the soup) instead of allocating.
  engine.attach(ExternalBuffers{{buffers_[0].data(), buffers_[1].data()}, layout.buffer_bytes});
  engine.resize(width, height, topology);
  engine.set_current_buffer(0);
}

}  // namespace gpulife::gpu
