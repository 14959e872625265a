// byte-grouped: one byte per cell, a block of cells per thread with vector loads and stores,
// neighbour sums four cells at a time in 32-bit words (SWAR).
#include <algorithm>

#include "core/error.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/byte_block.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/interior.cuh"
#include "gpu/kernel_engines.hpp"
#include "gpu/launch_overlap.cuh"
#include "gpu/life_rule.cuh"

namespace gpulife::gpu {
namespace {

// K words of four cells, plus the cells just left and right of them (each in byte 0).
template <int K>
struct ByteRow {
  uint32_t v[K];
  uint32_t left, right;
};

template <int K>
__device__ __forceinline__ void load_words(const uint8_t* __restrict__ p, uint32_t* v) {
  if constexpr (K == 1) {
    v[0] = *reinterpret_cast<const uint32_t*>(p);
  } else if constexpr (K == 2) {
    const uint2 a = *reinterpret_cast<const uint2*>(p);
    v[0] = a.x, v[1] = a.y;
  } else {
#pragma unroll
    for (int q = 0; q < K / 4; ++q) {
      const uint4 a = reinterpret_cast<const uint4*>(p)[q];
      v[4 * q] = a.x, v[4 * q + 1] = a.y, v[4 * q + 2] = a.z, v[4 * q + 3] = a.w;
    }
  }
}

template <int K>
__device__ __forceinline__ void store_words(uint8_t* __restrict__ p, const uint32_t* v) {
  if constexpr (K == 1) {
    __stcs(reinterpret_cast<unsigned int*>(p), v[0]);
  } else if constexpr (K == 2) {
    __stcs(reinterpret_cast<uint2*>(p), make_uint2(v[0], v[1]));
  } else {
#pragma unroll
    for (int q = 0; q < K / 4; ++q)
      __stcs(reinterpret_cast<uint4*>(p) + q,
             make_uint4(v[4 * q], v[4 * q + 1], v[4 * q + 2], v[4 * q + 3]));
  }
}

// Row y (wrapped on a torus, dead beyond a plane) around cells x0 .. x0 + 4K - 1, which lie
// inside the width.
template <int K>
__device__ __forceinline__ ByteRow<K> load_row(const uint8_t* __restrict__ src, int64_t y,
                                               int64_t x0, int64_t width, int64_t height,
                                               int64_t pitch, bool torus) {
  ByteRow<K> r;
  if (y < 0 || y >= height) {
    if (!torus) {
#pragma unroll
      for (int k = 0; k < K; ++k) r.v[k] = 0;
      r.left = r.right = 0;
      return r;
    }
    y = y < 0 ? y + height : y - height;
  }
  const uint8_t* row = src + y * pitch;
  load_words<K>(row + x0, r.v);
  r.left = x0 > 0 ? row[x0 - 1] : (torus ? row[width - 1] : 0);
  const int64_t xr = x0 + 4 * K;
  r.right = xr < width ? row[xr] : (torus ? row[0] : 0);
  return r;
}

// Rows y0 .. y1 - 1 of cells x0 .. x0 + 4K - 1 (inside the width), from rows y0 - 1 .. y1 as
// `load(y)` returns them.
template <int K, bool kLife, class Load>
__device__ __forceinline__ void grouped_rows(const Load& load, uint8_t* __restrict__ dst,
                                             int64_t x0, int64_t y0, int64_t y1, int64_t pitch,
                                             RuleBits rule) {
  ByteRow<K> above = load(y0 - 1);
  ByteRow<K> mid = load(y0);
  ByteRow<K> below = load(y0 + 1);
  for (int64_t y = y0; y < y1; ++y) {
    // Issue the next row's loads before this row's arithmetic: two rows in flight per thread.
    ByteRow<K> next = below;
    if (y + 2 <= y1) next = load(y + 2);
    // Vertical sums of three cells per byte (0..3), then horizontal: bytes never carry.
    uint32_t v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = above.v[k] + mid.v[k] + below.v[k];
    const uint32_t vl = above.left + mid.left + below.left;
    const uint32_t vr = above.right + mid.right + below.right;
    uint32_t out[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const uint32_t west =
          k == 0 ? __byte_perm(vl, v[0], 0x6540) : __byte_perm(v[k - 1], v[k], 0x6543);
      const uint32_t east =
          k == K - 1 ? __byte_perm(v[k], vr, 0x4321) : __byte_perm(v[k], v[k + 1], 0x4321);
      const uint32_t s = mid.v[k];
      const uint32_t n = west + v[k] + east - s;  // 0..8 per byte
      out[k] = apply_rule<kLife>(n, n >> 1, n >> 2, n >> 3, s, rule) & 0x01010101u;
    }
    store_words<K>(dst + y * pitch + x0, out);
    above = mid;
    mid = below;
    below = next;
  }
}

// Cells of a group that crosses the width: one at a time, padding past the width written dead.
__device__ void edge_rows(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst, int64_t x0,
                          int64_t x1, int64_t y0, int64_t y1, int64_t width, int64_t height,
                          int64_t pitch, bool torus, RuleBits rule) {
  for (int64_t y = y0; y < y1; ++y) {
    for (int64_t x = x0; x < x1; ++x) {
      if (x >= width) {
        dst[y * pitch + x] = 0;
        continue;
      }
      const int n = live_neighbours(src, x, y, width, height, pitch, torus);
      const uint32_t s = src[y * pitch + x];
      dst[y * pitch + x] = uint8_t(((s ? rule.survival : rule.birth) >> n) & 1u);
    }
  }
}

// At most 1024 threads a block, so the compiler keeps to 64 registers.
template <int K, bool kLife>
static __global__ void __launch_bounds__(1024)
    byte_grouped_kernel(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst, int64_t width,
                        int64_t height, int64_t pitch, int cells_y, bool torus, RuleBits rule) {
  overlap_previous_grid();
  const int64_t x0 = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * (4 * K);
  if (x0 >= pitch) return;
  const int64_t groups = (height + cells_y - 1) / cells_y;
  for (int64_t g = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; g < groups;
       g += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = g * cells_y, y1 = std::min<int64_t>(y0 + cells_y, height);
    if (x0 + 4 * K <= width)
      grouped_rows<K, kLife>(
          [&](int64_t y) { return load_row<K>(src, y, x0, width, height, pitch, torus); }, dst, x0,
          y0, y1, pitch, rule);
    else
      edge_rows(src, dst, x0, std::min<int64_t>(x0 + 4 * K, pitch), y0, y1, width, height, pitch,
                torus, rule);
  }
}

// The interior's row groups (starting at row 1), three plain loads a row: no wrap, no dead rows.
// A kernel of its own, so that the edge handling costs it nothing.
template <int K, bool kLife>
static __global__ void __launch_bounds__(1024)
    byte_interior_kernel(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst, int64_t pitch,
                         Interior in, int cells_y, RuleBits rule) {
  const int64_t column = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (column < in.first || column >= in.end) return;
  const int64_t x0 = column * (4 * K);
  const auto load = [&](int64_t y) {
    const uint8_t* p = src + y * pitch + x0;
    ByteRow<K> r;
    load_words<K>(p, r.v);
    r.left = p[-1];
    r.right = p[4 * K];
    return r;
  };
  const int64_t groups = (in.rows() + cells_y - 1) / cells_y;
  for (int64_t g = int64_t(blockIdx.y) * blockDim.y + threadIdx.y; g < groups;
       g += int64_t(gridDim.y) * blockDim.y) {
    const int64_t y0 = 1 + g * cells_y, y1 = std::min<int64_t>(y0 + cells_y, in.height - 1);
    grouped_rows<K, kLife>(load, dst, x0, y0, y1, pitch, rule);
  }
}

// What the interior leaves: rows 0 and height - 1 over the whole pitch, then the edge columns of
// every other row, one row of 4K cells a thread.
template <int K, bool kLife>
static __global__ void __launch_bounds__(kEdgeThreads)
    byte_edge_kernel(const uint8_t* __restrict__ src, uint8_t* __restrict__ dst, int64_t width,
                     int64_t height, int64_t pitch, Interior in, bool torus, RuleBits rule) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= in.edge_tasks()) return;
  int64_t y, column;
  in.edge_task(t, y, column);
  const int64_t x0 = column * (4 * K);
  if (x0 + 4 * K <= width)
    grouped_rows<K, kLife>(
        [&](int64_t yy) { return load_row<K>(src, yy, x0, width, height, pitch, torus); }, dst, x0,
        y, y + 1, pitch, rule);
  else
    edge_rows(src, dst, x0, std::min<int64_t>(x0 + 4 * K, pitch), y, y + 1, width, height, pitch,
              torus, rule);
}

class ByteGroupedEngine final : public DeviceEngine {
 public:
  ByteGroupedEngine() { parse_params(); }
  const EngineInfo& info() const override {
    static const EngineInfo i{
        .name = "byte-grouped",
        .family = "byte",
        .description =
            "CUDA, one byte per cell, a block of cells per thread, vector loads, 4 "
            "cells per 32-bit operation",
        .layout = CellLayout::BytePerCell,
        .gpu = true,
        .rank = 40,
        .caption =
            "Still a byte per cell, but each thread now updates a run of cells with "
            "16-byte loads and stores, reusing the neighbours it already holds instead of "
            "reading them again.",
        .gl_shared = true,
    };
    return i;
  }
  std::vector<ParamInfo> param_info() const override {
    const std::vector<ParamInfo> shape = block_params(64, 2);
    std::vector<ParamInfo> params = {{.name = "cells_x",
                                      .description = "cells per thread along x (4 per 32-bit word)",
                                      .min = 4,
                                      .max = 32,
                                      .default_value = 32,
                                      .power_of_two = true},
                                     {.name = "cells_y",
                                      .description = "cells per thread along y (rows reuse loads)",
                                      .min = 1,
                                      .max = 64,
                                      .default_value = 4},
                                     overlap_launch_param(0, "split_edges=0"),
                                     split_edges_param()};
    params.insert(params.end(), shape.begin(), shape.end());
    return params;
  }
  // Rows padded to 16 bytes so that every vector access is aligned.
  DeviceLayout device_layout(int64_t width, int64_t height) const override {
    return padded_rows(CellLayout::BytePerCell, size_t(width), height);
  }

 protected:
  void check_params(const Params& p) const override { check_block_threads(p); }
  void parse_params() override {
    block_ = {param("block_x"), param("block_y")};
    cells_x_ = param("cells_x");
    cells_y_ = param("cells_y");
    split_edges_ = param("split_edges") == 1;
    overlap_ = param("overlap_launch") == 1;
  }

  uint64_t launch_pass(const void* src, void* dst, uint64_t, void* stream) override {
    switch (cells_x_) {
      case 4:
        return launch<1>(src, dst, stream);
      case 8:
        return launch<2>(src, dst, stream);
      case 16:
        return launch<4>(src, dst, stream);
      default:
        return launch<8>(src, dst, stream);
    }
  }

 private:
  template <int K>
  uint64_t launch(const void* src, void* dst, void* stream) {
    const int cy = cells_y_;
    const int64_t pitch = int64_t(row_pitch());
    const int64_t columns = (pitch + 4 * K - 1) / (4 * K);
    const int64_t groups = (height() + cy - 1) / cy;
    const dim3 block = block_.block(), grid = block_.grid(columns, groups);
    const auto* s = static_cast<const uint8_t*>(src);
    auto* d = static_cast<uint8_t*>(dst);
    const bool torus = topology() == Topology::Torus;
    const auto st = static_cast<cudaStream_t>(stream);
    if (rule().is_life())
      launch_rule<K, true>(s, d, grid, block, pitch, torus, st);
    else
      launch_rule<K, false>(s, d, grid, block, pitch, torus, st);
    return 1;
  }

  template <int K, bool kLife>
  void launch_rule(const uint8_t* s, uint8_t* d, dim3 grid, dim3 block, int64_t pitch, bool torus,
                   cudaStream_t st) {
    const RuleBits rule = rule_bits(this->rule());
    const int cy = cells_y_;
    if (!split_edges_) {
      launch_overlapped(&byte_grouped_kernel<K, kLife>, grid, block, 0, st, overlap_, s, d, width(),
                        height(), pitch, cy, torus, rule);
      return;
    }
    const Interior in = interior_of(width(), pitch, 4 * K, height());
    if (!in.empty()) {
      const dim3 inner = block_.grid(in.launch_columns(), (in.rows() + cy - 1) / cy);
      byte_interior_kernel<K, kLife><<<inner, block, 0, st>>>(s, d, pitch, in, cy, rule);
      CUDA_CHECK_LAUNCH();
    }
    byte_edge_kernel<K, kLife><<<in.edge_blocks(), kEdgeThreads, 0, st>>>(s, d, width(), height(),
                                                                          pitch, in, torus, rule);
    CUDA_CHECK_LAUNCH();
  }

  BlockShape block_;
  int cells_x_ = 4, cells_y_ = 1;
  bool split_edges_ = false;
  bool overlap_ = false;  // overlap_launch 1 (split_edges=0 only)
};

}  // namespace

std::unique_ptr<GpuEngine> make_byte_grouped_engine() {
  return std::make_unique<ByteGroupedEngine>();
}

}  // namespace gpulife::gpu
