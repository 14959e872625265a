// The viewer's part of a banded grid on the display GPU: cells by (peer) copies of the visible
// rows, block counts from each band's own pyramid (or its visible cells), summed where a block
// straddles two bands.
#include "gpu/band_view.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "core/error.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/cuda_handles.hpp"
#include "gpu/device_buffer.hpp"

namespace gpulife::gpu {
namespace {

constexpr int64_t kMaxBlocks = 16384;

cudaStream_t as_stream(void* s) {
  return static_cast<cudaStream_t>(s);
}

// Live cells of blocks (bx0 + i % w, by0 + i / w) of `side` cells, counting only the band's own
// rows [y0, y0 + rows) (grid rows; `band` points at row y0). Bits past the width are zero.
static __global__ void count_kernel(const uint64_t* __restrict__ band, int64_t pitch_words,
                                    int64_t y0, int64_t rows, int64_t width, int64_t side,
                                    int64_t bx0, int64_t by0, int64_t w, int64_t h,
                                    uint32_t* __restrict__ out) {
  const int64_t total = w * h;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t bx = bx0 + i % w, by = by0 + i / w;
    const int64_t x0 = bx * side, x1 = min(x0 + side, width);
    const int64_t ya = max(by * side, y0), yb = min((by + 1) * side, y0 + rows);
    uint32_t count = 0;
    if (x0 < x1) {
      const int64_t w0 = x0 >> 6, w1 = (x1 - 1) >> 6;
      const uint64_t first = ~0ull << (x0 & 63);
      const uint64_t last = ~0ull >> (63 - ((x1 - 1) & 63));
      for (int64_t y = ya; y < yb; ++y) {
        const uint64_t* row = band + (y - y0) * pitch_words;
        for (int64_t k = w0; k <= w1; ++k) {
          uint64_t bits = row[k];
          if (k == w0) bits &= first;
          if (k == w1) bits &= last;
          count += uint32_t(__popcll(bits));
        }
      }
    }
    out[i] = count;
  }
}

// Level l from level l - 1 of one band: each block sums the children the band has.
static __global__ void reduce_kernel(const uint32_t* __restrict__ child, int64_t child_r0,
                                     int64_t child_rows, int64_t child_cols,
                                     uint32_t* __restrict__ parent, int64_t parent_r0,
                                     int64_t parent_rows, int64_t parent_cols) {
  const int64_t total = parent_rows * parent_cols;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t r = i / parent_cols, c = i % parent_cols;
    uint32_t sum = 0;
    for (int dy = 0; dy < 2; ++dy) {
      const int64_t cr = 2 * (parent_r0 + r) + dy - child_r0;
      if (cr < 0 || cr >= child_rows) continue;
      for (int dx = 0; dx < 2; ++dx) {
        const int64_t cc = 2 * c + dx;
        if (cc < child_cols) sum += child[cr * child_cols + cc];
      }
    }
    parent[i] = sum;
  }
}

static __global__ void add_kernel(uint32_t* __restrict__ dst, const uint32_t* __restrict__ src,
                                  int64_t count) {
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x)
    dst[i] += src[i];
}

// Block rows [first, first + count) of `side` cells that hold rows of [y0, y0 + rows).
struct BlockRows {
  int64_t first = 0, count = 0;
};
BlockRows block_rows(int64_t y0, int64_t rows, int64_t side) {
  const int64_t first = y0 / side, end = (y0 + rows + side - 1) / side;
  return {first, end - first};
}

// Grows `buffer` (on the current device) to at least `bytes`.
void reserve(DeviceBuffer& buffer, size_t bytes) {
  if (buffer.bytes() < bytes) buffer = DeviceBuffer(std::max(bytes, buffer.bytes() * 3 / 2));
}

}  // namespace

struct BandView::Impl {
  // The stored levels of one band, rebuilt when the state's version or the band changes.
  struct Pyramid {
    int device = -1;
    int64_t y0 = -1, rows = 0, width = 0;
    uint64_t version = ~uint64_t{0};
    bool unavailable = false;  // no memory for it: levels are counted from the cells
    DeviceBuffer level[kMaxLevels];
    BlockRows block[kMaxLevels];
    int64_t cols[kMaxLevels] = {};
  };

  int display = 0;
  CudaStream stream;
  DeviceBuffer staging;                       // on the display device
  std::map<int, DeviceBuffer> partial;        // per band device: a band's counts before the add
  std::vector<Pyramid> pyramids;              // per band, in the order the bands come
  std::map<std::pair<int, int>, bool> peers;  // (from, to) -> access enabled

  void enable_peers(int a, int b) {
    for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
      if (peers.count({from, to})) continue;
      int can = 0;
      cudaDeviceCanAccessPeer(&can, from, to);
      bool ok = false;
      if (can) {
        CUDA_CHECK(cudaSetDevice(from));
        const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
        ok = e == cudaSuccess || e == cudaErrorPeerAccessAlreadyEnabled;
        cudaGetLastError();
      }
      peers[{from, to}] = ok;  // without access, copies still work, staged by the driver
    }
  }

  void build(Pyramid& p, const BandMemory& m, int64_t width, uint64_t version) {
    if (p.device == m.device && p.y0 == m.y0 && p.rows == m.rows_count && p.width == width &&
        (p.version == version || p.unavailable))
      return;
    CUDA_CHECK(cudaSetDevice(m.device));
    if (p.device != m.device || p.y0 != m.y0 || p.rows != m.rows_count || p.width != width) {
      p = Pyramid{};
      p.device = m.device;
      p.y0 = m.y0;
      p.rows = m.rows_count;
      p.width = width;
      try {
        for (int l = kStoredLevel; l < kMaxLevels; ++l) {
          const int64_t side = int64_t{kBaseBlock} << l;
          p.block[l] = block_rows(m.y0, m.rows_count, side);
          p.cols[l] = (width + side - 1) / side;
          p.level[l] = DeviceBuffer(size_t(p.block[l].count * p.cols[l]) * sizeof(uint32_t));
        }
      } catch (const Error&) {
        p.unavailable = true;
        for (DeviceBuffer& b : p.level) b.reset();
        return;
      }
    }
    const cudaStream_t s = as_stream(m.stream);
    const int64_t pitch_words = int64_t(m.pitch_bytes / 8);
    const int64_t base_side = int64_t{kBaseBlock} << kStoredLevel;
    const int64_t base_items = p.block[kStoredLevel].count * p.cols[kStoredLevel];
    count_kernel<<<stride_blocks(base_items, kMaxBlocks), kStrideThreads, 0, s>>>(
        m.rows, pitch_words, m.y0, m.rows_count, width, base_side, 0, p.block[kStoredLevel].first,
        p.cols[kStoredLevel], p.block[kStoredLevel].count,
        static_cast<uint32_t*>(p.level[kStoredLevel].data()));
    CUDA_CHECK_LAUNCH();
    for (int l = kStoredLevel + 1; l < kMaxLevels; ++l) {
      reduce_kernel<<<stride_blocks(p.block[l].count * p.cols[l], kMaxBlocks), kStrideThreads, 0,
                      s>>>(static_cast<const uint32_t*>(p.level[l - 1].data()),
                           p.block[l - 1].first, p.block[l - 1].count, p.cols[l - 1],
                           static_cast<uint32_t*>(p.level[l].data()), p.block[l].first,
                           p.block[l].count, p.cols[l]);
      CUDA_CHECK_LAUNCH();
    }
    p.version = version;
  }
};

BandView::BandView(int display_device) : impl_(std::make_unique<Impl>()) {
  impl_->display = display_device;
  CUDA_CHECK(cudaSetDevice(display_device));
  impl_->stream = CudaStream::create();
}

BandView::~BandView() = default;

size_t BandView::pyramid_bytes() const {
  size_t total = 0;
  for (const Impl::Pyramid& p : impl_->pyramids)
    for (const DeviceBuffer& b : p.level) total += b.bytes();
  return total;
}

void BandView::gather_cells(const std::vector<BandMemory>& bands, int64_t y0, int64_t rows,
                            int64_t word0, int64_t words, void* dst) {
  Impl& v = *impl_;
  const size_t row_bytes = size_t(words) * 8;
  for (const BandMemory& m : bands) {
    const int64_t lo = std::max(y0, m.y0), hi = std::min(y0 + rows, m.y0 + m.rows_count);
    if (lo >= hi) continue;
    const uint64_t* src = m.rows + (lo - m.y0) * int64_t(m.pitch_bytes / 8) + word0;
    char* to = static_cast<char*>(dst) + size_t(lo - y0) * row_bytes;
    CUDA_CHECK(cudaSetDevice(m.device));
    if (m.device == v.display) {
      CUDA_CHECK(cudaMemcpy2DAsync(to, row_bytes, src, m.pitch_bytes, row_bytes, size_t(hi - lo),
                                   cudaMemcpyDeviceToDevice, as_stream(m.stream)));
    } else {
      v.enable_peers(v.display, m.device);
      CUDA_CHECK(cudaSetDevice(m.device));
      cudaMemcpy3DPeerParms p{};
      p.srcPtr = make_cudaPitchedPtr(const_cast<uint64_t*>(src), m.pitch_bytes, row_bytes,
                                     size_t(hi - lo));
      p.srcDevice = m.device;
      p.dstPtr = make_cudaPitchedPtr(to, row_bytes, row_bytes, size_t(hi - lo));
      p.dstDevice = v.display;
      p.extent = make_cudaExtent(row_bytes, size_t(hi - lo), 1);
      CUDA_CHECK(cudaMemcpy3DPeerAsync(&p, as_stream(m.stream)));
    }
  }
  for (const BandMemory& m : bands) {
    CUDA_CHECK(cudaSetDevice(m.device));
    CUDA_CHECK(cudaStreamSynchronize(as_stream(m.stream)));
  }
  CUDA_CHECK(cudaSetDevice(v.display));
}

void BandView::gather_density(const std::vector<BandMemory>& bands, int64_t width, int level,
                              int64_t bx0, int64_t by0, int64_t w, int64_t h, uint32_t* dst,
                              uint64_t version) {
  Impl& v = *impl_;
  if (level < 0 || level >= kMaxLevels)
    throw Error("density level " + std::to_string(level) + " is out of range");
  const int64_t side = int64_t{kBaseBlock} << level;
  const size_t count_bytes = size_t(w * h) * sizeof(uint32_t);
  CUDA_CHECK(cudaSetDevice(v.display));
  CUDA_CHECK(cudaMemsetAsync(dst, 0, count_bytes, v.stream));
  reserve(v.staging, count_bytes);
  if (v.pyramids.size() != bands.size()) {
    v.pyramids.clear();
    v.pyramids.resize(bands.size());
  }
  for (size_t i = 0; i < bands.size(); ++i) {
    const BandMemory& m = bands[i];
    const BlockRows mine = block_rows(m.y0, m.rows_count, side);
    const int64_t lo = std::max(by0, mine.first), hi = std::min(by0 + h, mine.first + mine.count);
    if (lo >= hi) continue;
    const int64_t items = (hi - lo) * w;
    const size_t bytes = size_t(items) * sizeof(uint32_t);
    const bool here = m.device == v.display;
    CUDA_CHECK(cudaSetDevice(m.device));
    uint32_t* target;
    if (here) {
      target = static_cast<uint32_t*>(v.staging.data());
    } else {
      DeviceBuffer& buffer = v.partial[m.device];
      reserve(buffer, bytes);
      target = static_cast<uint32_t*>(buffer.data());
    }
    const cudaStream_t s = as_stream(m.stream);
    Impl::Pyramid& p = v.pyramids[i];
    if (level >= kStoredLevel) v.build(p, m, width, version);
    CUDA_CHECK(cudaSetDevice(m.device));
    if (level >= kStoredLevel && !p.unavailable) {
      const int64_t cols = p.cols[level];
      const uint32_t* src = static_cast<const uint32_t*>(p.level[level].data()) +
                            (lo - p.block[level].first) * cols + bx0;
      CUDA_CHECK(cudaMemcpy2DAsync(target, size_t(w) * 4, src, size_t(cols) * 4, size_t(w) * 4,
                                   size_t(hi - lo), cudaMemcpyDeviceToDevice, s));
    } else {
      count_kernel<<<stride_blocks(items, kMaxBlocks), kStrideThreads, 0, s>>>(
          m.rows, int64_t(m.pitch_bytes / 8), m.y0, m.rows_count, width, side, bx0, lo, w, hi - lo,
          target);
      CUDA_CHECK_LAUNCH();
    }
    if (!here) {
      v.enable_peers(v.display, m.device);
      CUDA_CHECK(cudaSetDevice(m.device));
      CUDA_CHECK(cudaMemcpyPeerAsync(v.staging.data(), v.display, target, m.device, bytes, s));
    }
    CUDA_CHECK(cudaStreamSynchronize(s));
    // Blocks on a band boundary hold both bands' rows: the counts add up.
    CUDA_CHECK(cudaSetDevice(v.display));
    add_kernel<<<stride_blocks(items, kMaxBlocks), kStrideThreads, 0, v.stream>>>(
        dst + (lo - by0) * w, static_cast<const uint32_t*>(v.staging.data()), items);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaStreamSynchronize(v.stream));
  }
  CUDA_CHECK(cudaSetDevice(v.display));
  CUDA_CHECK(cudaStreamSynchronize(v.stream));
}

}  // namespace gpulife::gpu
