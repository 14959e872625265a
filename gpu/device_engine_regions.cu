// DeviceEngine's rectangles of cells to and from the host: what editing and the viewer's
// selection read and write, copied row by row between device memory and a bit (or byte) buffer.
#include "gpu/device_engine.hpp"

#include <algorithm>
#include <vector>

#include "gpu/cuda_check.cuh"
#include "gpu/history_plane.hpp"

namespace gpulife::gpu {

Box DeviceEngine::clip(int64_t x, int64_t y, int64_t w, int64_t h) const {
  Box b{std::max<int64_t>(x, 0), std::max<int64_t>(y, 0), std::min(x + w, width_) - 1,
        std::min(y + h, height_) - 1};
  return b;
}

size_t DeviceEngine::region_row_bytes(const Box& on_grid) const {
  if (layout_.layout == CellLayout::BitPacked)
    return size_t(on_grid.max_x / 64 - on_grid.min_x / 64 + 1) * 8;
  return size_t(on_grid.width());
}

void DeviceEngine::copy_region(const Box& on_grid, void* host, bool to_device) const {
  const size_t row_bytes = region_row_bytes(on_grid);
  const size_t first = layout_.layout == CellLayout::BitPacked ? size_t(on_grid.min_x / 64) * 8
                                                               : size_t(on_grid.min_x);
  char* device = static_cast<char*>(buffers_[current_]) +
                 size_t(on_grid.min_y) * layout_.row_pitch_bytes + first;
  if (to_device) {
    CUDA_CHECK(cudaMemcpy2DAsync(device, layout_.row_pitch_bytes, host, row_bytes, row_bytes,
                                 size_t(on_grid.height()), cudaMemcpyHostToDevice,
                                 static_cast<cudaStream_t>(stream_)));
  } else {
    CUDA_CHECK(cudaMemcpy2DAsync(host, row_bytes, device, layout_.row_pitch_bytes, row_bytes,
                                 size_t(on_grid.height()), cudaMemcpyDeviceToHost,
                                 static_cast<cudaStream_t>(stream_)));
  }
  sync();
}

Grid DeviceEngine::read_region(const Box& box) const {
  require_grid("read_region()");
  Grid patch(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
  const Box on_grid = clip(box.min_x, box.min_y, box.width(), box.height());
  if (box.empty() || on_grid.empty()) return patch;
  const size_t row_bytes = region_row_bytes(on_grid);
  std::vector<uint8_t> host(row_bytes * size_t(on_grid.height()));
  copy_region(on_grid, host.data(), false);
  const bool bits = layout_.layout == CellLayout::BitPacked;
  const int64_t x0 = bits ? on_grid.min_x / 64 * 64 : on_grid.min_x;
  for (int64_t y = on_grid.min_y; y <= on_grid.max_y; ++y) {
    const uint8_t* row = host.data() + size_t(y - on_grid.min_y) * row_bytes;
    for (int64_t x = on_grid.min_x; x <= on_grid.max_x; ++x) {
      const int64_t i = x - x0;
      const bool stored = bits ? ((row[i >> 3] >> (i & 7)) & 1u) : row[i] != 0;
      if (stored != inverted()) patch.set(x - box.min_x, y - box.min_y, true);
    }
  }
  return patch;
}

void DeviceEngine::write_region(const Grid& patch, Cell top_left) {
  require_grid("write_region()");
  const Box on_grid = clip(top_left.x, top_left.y, patch.width(), patch.height());
  if (on_grid.empty()) return;
  const size_t row_bytes = region_row_bytes(on_grid);
  std::vector<uint8_t> host(row_bytes * size_t(on_grid.height()));
  const bool bits = layout_.layout == CellLayout::BitPacked;
  // Bit rows share their first and last words with cells outside the rectangle: read them
  // first so only the rectangle's bits change.
  if (bits) copy_region(on_grid, host.data(), false);
  const int64_t x0 = bits ? on_grid.min_x / 64 * 64 : on_grid.min_x;
  for (int64_t y = on_grid.min_y; y <= on_grid.max_y; ++y) {
    uint8_t* row = host.data() + size_t(y - on_grid.min_y) * row_bytes;
    for (int64_t x = on_grid.min_x; x <= on_grid.max_x; ++x) {
      const int64_t i = x - x0;
      const bool alive = patch.get(x - top_left.x, y - top_left.y) != inverted();  // as stored
      if (bits) {
        const uint8_t bit = uint8_t(1u << (i & 7));
        row[i >> 3] = alive ? uint8_t(row[i >> 3] | bit) : uint8_t(row[i >> 3] & ~bit);
      } else {
        row[i] = alive ? 1 : 0;
      }
    }
  }
  copy_region(on_grid, host.data(), true);
  invalidate_cache();
  // Drawn cells were alive: the history plane keeps them.
  if (history_) {
    or_into_history(buffers_[current_], layout_.layout, layout_.row_pitch_bytes, width_, height_,
                    history_, stream_);
    sync();
  }
}

}  // namespace gpulife::gpu
