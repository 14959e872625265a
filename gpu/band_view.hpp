// What the viewer shows of a banded grid, gathered on the display GPU each frame (plain C++):
// the cells under the camera, or the live-cell counts of blocks of (16 << level) cells a side.
// Each band keeps the density pyramid of its own rows on its own GPU from kStoredLevel up;
// finer levels are counted from the visible cells alone. Bands on other GPUs arrive by peer
// copies, so only the visible region at the visible level crosses between GPUs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "gpu/multi_gpu.hpp"

namespace gpulife::gpu {

class BandView {
 public:
  static constexpr int kBaseBlock = 16;   // the renderer's pyramid base block
  static constexpr int kStoredLevel = 3;  // blocks of 128 cells: counts below 2^14, uint32 levels
  static constexpr int kMaxLevels = 12;   // the coarsest block is 16 << 11 = 32768 cells

  // `display_device`: the CUDA device the destination buffers live on (OpenGL's).
  explicit BandView(int display_device);
  ~BandView();
  BandView(const BandView&) = delete;
  BandView& operator=(const BandView&) = delete;

  // Grid rows [y0, y0 + rows), canonical words [word0, word0 + words) of each, from the bands
  // into `dst` (display device memory, `words` words per row). Waits until they are there.
  void gather_cells(const std::vector<BandMemory>& bands, int64_t y0, int64_t rows, int64_t word0,
                    int64_t words, void* dst);

  // Live cells of blocks [bx0, bx0 + w) x [by0, by0 + h) of (kBaseBlock << level) cells a side
  // (uint32 counts, w per row) into `dst` on the display device, for a grid `width` wide.
  // `version` changes whenever the cells may have (the stored levels are rebuilt only then).
  // Waits until they are there.
  void gather_density(const std::vector<BandMemory>& bands, int64_t width, int level, int64_t bx0,
                      int64_t by0, int64_t w, int64_t h, uint32_t* dst, uint64_t version);

  // Device bytes the stored pyramids take now, over all bands.
  size_t pyramid_bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gpulife::gpu
