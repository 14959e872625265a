// DeviceEngine's rules: which pass steps them (the engine's own kernels or a RulePass), keeping
// the true cells across a change of rule, and complementing stored state for B0 rules.
#include <algorithm>

#include "core/error.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"

namespace gpulife::gpu {
namespace {

uint64_t last_word_mask(int64_t width) {
  const int rem = int(width % 64);
  return rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
}

// Complements the cells of bit rows (words_per_row words each, the last one masked).
static __global__ void invert_bits_kernel(uint64_t* __restrict__ state, int64_t pitch_words,
                                          int64_t words_per_row, int64_t height,
                                          uint64_t last_mask) {
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    uint64_t& w = state[y * pitch_words + j];
    w = ~w & (j + 1 == words_per_row ? last_mask : ~uint64_t{0});
  }
}

static __global__ void invert_bytes_kernel(uint8_t* __restrict__ state, int64_t pitch,
                                           int64_t width, int64_t height) {
  const int64_t total = width * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / width, x = i - y * width;
    state[y * pitch + x] ^= 1u;
  }
}

}  // namespace

RulePassShape DeviceEngine::rule_pass_shape() const {
  RulePassShape shape;
  shape.layout = info().layout;
  return shape;
}

void DeviceEngine::set_rule(const Rule& rule) {
  const RulePhases phases = rule_phases(rule);
  std::unique_ptr<RulePass> general;
  RulePassShape shape;
  if (phases.emulated() || !rule.is_outer_totalistic()) {
    shape = rule_pass_shape();
    try {
      general = std::make_unique<RulePass>(rule, shape);
    } catch (const Error& e) {
      throw Error("engine " + info().name + ": " + e.what());
    }
  }
  // Carry the true cells over to the new rule's first phase.
  DeviceBuffer cells;
  const bool keep = width_ > 0 && buffers_[current_] && (inverted() || phases.inverted[0]);
  if (keep) {
    cells = DeviceBuffer(canonical_pitch(width_) * size_t(height_));
    store_device(static_cast<uint64_t*>(cells.data()));
  }
  rule_ = rule;
  phases_ = phases;
  phase_ = 0;
  general_ = std::move(general);
  general_shape_ = shape;
  if (keep) load_device(static_cast<const uint64_t*>(cells.data()));
}

uint64_t DeviceEngine::general_pass(const void* src, void* dst, uint64_t max_generations) {
  const RulePassShape shape = rule_pass_shape();
  if (!(shape == general_shape_)) {
    general_ = std::make_unique<RulePass>(rule_, shape);
    general_shape_ = shape;
  }
  PassGrid g;
  g.width = width_;
  g.height = height_;
  g.row_pitch_bytes = layout_.row_pitch_bytes;
  g.torus = topology_ == Topology::Torus;
  return general_->launch(src, dst, g, max_generations, phase_, stream_);
}

void DeviceEngine::invert_state(void* state, bool canonical) const {
  const int64_t words = int64_t(canonical_pitch(width_) / 8);
  const cudaStream_t s = static_cast<cudaStream_t>(stream_);
  if (canonical || layout_.layout == CellLayout::BitPacked) {
    const int64_t pitch = canonical ? words : int64_t(layout_.row_pitch_bytes / 8);
    invert_bits_kernel<<<stride_blocks(words * height_), kStrideThreads, 0, s>>>(
        static_cast<uint64_t*>(state), pitch, words, height_, last_word_mask(width_));
  } else {
    invert_bytes_kernel<<<stride_blocks(width_ * height_), kStrideThreads, 0, s>>>(
        static_cast<uint8_t*>(state), int64_t(layout_.row_pitch_bytes), width_, height_);
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace gpulife::gpu
