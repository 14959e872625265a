// ORing a state into the history plane: one thread per canonical word, bytes packed on the fly.
#include "gpu/history_plane.hpp"

#include <algorithm>

#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxBlocks = 16384;

static __global__ void or_bits_kernel(const uint64_t* __restrict__ state, int64_t state_pitch,
                                      int64_t words_per_row, int64_t height,
                                      uint64_t* __restrict__ plane, int64_t plane_pitch) {
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    const uint64_t w = state[y * state_pitch + j];
    // Most words of a settled pattern add nothing: skip the write.
    uint64_t& p = plane[y * plane_pitch + j];
    if (w & ~p) p |= w;
  }
}

static __global__ void or_bytes_kernel(const uint8_t* __restrict__ state, int64_t state_pitch,
                                       int64_t width, int64_t words_per_row, int64_t height,
                                       uint64_t* __restrict__ plane, int64_t plane_pitch) {
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    const uint8_t* row = state + y * state_pitch;
    const int64_t x0 = j * 64, x1 = min(x0 + 64, width);
    uint64_t w = 0;
    for (int64_t x = x0; x < x1; ++x) w |= uint64_t(row[x] != 0) << (x - x0);
    uint64_t& p = plane[y * plane_pitch + j];
    if (w & ~p) p |= w;
  }
}

}  // namespace

void or_into_history(const void* state, CellLayout layout, size_t state_pitch, int64_t width,
                     int64_t height, const HistoryPlane& plane, void* stream) {
  if (!plane || width < 1 || height < 1) return;
  const int64_t words = (width + 63) / 64;
  if (plane.pitch_bytes % 8 != 0 || plane.pitch_bytes < size_t(words) * 8)
    throw Error("history plane rows of " + std::to_string(plane.pitch_bytes) +
                " bytes cannot hold " + std::to_string(width) + " cells");
  const unsigned blocks =
      unsigned(std::clamp<int64_t>((words * height + kThreads - 1) / kThreads, 1, kMaxBlocks));
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (layout == CellLayout::BitPacked) {
    or_bits_kernel<<<blocks, kThreads, 0, s>>>(static_cast<const uint64_t*>(state),
                                               int64_t(state_pitch / 8), words, height, plane.words,
                                               int64_t(plane.pitch_bytes / 8));
  } else {
    or_bytes_kernel<<<blocks, kThreads, 0, s>>>(static_cast<const uint8_t*>(state),
                                                int64_t(state_pitch), width, words, height,
                                                plane.words, int64_t(plane.pitch_bytes / 8));
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace gpulife::gpu
