// DeviceEngine: buffers, layout conversions, on-device population/hash and step timing.
#include "gpu/device_engine.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/topology.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {
namespace {

constexpr int kReduceThreads = 256;
constexpr int64_t kMaxReduceBlocks = 8192;

cudaStream_t as_stream(void* s) {
  return static_cast<cudaStream_t>(s);
}

std::string mib(double bytes) {
  return std::to_string(int64_t(bytes / 1048576.0 + 0.5)) + " MiB";
}

// Eight 0/1 bytes (little-endian in a word) -> eight bits, byte k -> bit k.
__device__ __forceinline__ uint32_t pack8(uint64_t v) {
  v |= v >> 7;
  v |= v >> 14;
  v |= v >> 28;
  return uint32_t(v & 0xffu);
}

// Eight bits -> eight 0/1 bytes, bit k -> byte k.
__device__ __forceinline__ uint64_t spread8(uint32_t b) {
  uint64_t x = b & 0xffu;
  x = (x | (x << 28)) & 0x0000000f0000000full;
  x = (x | (x << 14)) & 0x0003000300030003ull;
  x = (x | (x << 7)) & 0x0101010101010101ull;
  return x;
}

// Canonical word j of a byte-per-cell row: cells 64j..64j+63 below the width.
__device__ uint64_t pack_word(const uint8_t* row, int64_t j, int64_t width) {
  const int64_t x0 = j * 64;
  uint64_t word = 0;
  if (x0 + 64 <= width) {
    // Row pitch is a multiple of 16 bytes and x0 of 64, so these loads are aligned.
    const uint4* p = reinterpret_cast<const uint4*>(row + x0);
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const uint4 v = p[q];
      const uint64_t lo = uint64_t(v.x) | (uint64_t(v.y) << 32);
      const uint64_t hi = uint64_t(v.z) | (uint64_t(v.w) << 32);
      word |= uint64_t(pack8(lo)) << (16 * q);
      word |= uint64_t(pack8(hi)) << (16 * q + 8);
    }
  } else {
    for (int64_t x = x0; x < width; ++x) word |= uint64_t(row[x] != 0) << (x - x0);
  }
  return word;
}

// Sums (population, hash word terms) over a block and adds them to out[0], out[1].
__device__ void block_add(uint64_t pop, uint64_t sum, unsigned long long* out) {
  __shared__ uint64_t s_pop[kReduceThreads / 32], s_sum[kReduceThreads / 32];
  for (int o = 16; o > 0; o >>= 1) {
    pop += __shfl_down_sync(0xffffffffu, pop, o);
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  }
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
    s_pop[warp] = pop;
    s_sum[warp] = sum;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    uint64_t p = 0, s = 0;
    for (int w = 0; w < kReduceThreads / 32; ++w) {
      p += s_pop[w];
      s += s_sum[w];
    }
    atomicAdd(out, (unsigned long long)p);
    atomicAdd(out + 1, (unsigned long long)s);
  }
}

// `invert`: the state is stored complemented (B0 rules); the sums are of the true cells, the
// bits past the width (last_mask) excluded.
static __global__ void stats_bit_kernel(const uint64_t* __restrict__ state, int64_t pitch_words,
                                        int64_t words_per_row, int64_t height, bool invert,
                                        uint64_t last_mask, unsigned long long* out) {
  uint64_t pop = 0, sum = 0;
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    uint64_t w = state[y * pitch_words + j];
    if (invert) w = ~w & (j + 1 == words_per_row ? last_mask : ~uint64_t{0});
    pop += __popcll(w);
    sum += hash::word_term(uint64_t(y), uint64_t(j), w);
  }
  block_add(pop, sum, out);
}

static __global__ void stats_byte_kernel(const uint8_t* __restrict__ state, int64_t pitch,
                                         int64_t width, int64_t words_per_row, int64_t height,
                                         bool invert, uint64_t last_mask, unsigned long long* out) {
  uint64_t pop = 0, sum = 0;
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    uint64_t w = pack_word(state + y * pitch, j, width);
    if (invert) w = ~w & (j + 1 == words_per_row ? last_mask : ~uint64_t{0});
    pop += __popcll(w);
    sum += hash::word_term(uint64_t(y), uint64_t(j), w);
  }
  block_add(pop, sum, out);
}

static __global__ void pack_kernel(const uint8_t* __restrict__ state, int64_t pitch, int64_t width,
                                   int64_t words_per_row, int64_t height,
                                   uint64_t* __restrict__ canonical) {
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    canonical[i] = pack_word(state + y * pitch, j, width);
  }
}

// Writes every byte of the row pitch, so padding past the width is zero.
static __global__ void unpack_kernel(const uint64_t* __restrict__ canonical, int64_t pitch,
                                     int64_t width, int64_t words_per_row, int64_t height,
                                     uint8_t* __restrict__ state) {
  const int64_t total = words_per_row * height;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    const uint64_t word = canonical[i];
    uint8_t* row = state + y * pitch;
    const int64_t x0 = j * 64;
    if (x0 + 64 <= width) {
      uint4* p = reinterpret_cast<uint4*>(row + x0);
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const uint64_t lo = spread8(uint32_t(word >> (16 * q)));
        const uint64_t hi = spread8(uint32_t(word >> (16 * q + 8)));
        p[q] = make_uint4(uint32_t(lo), uint32_t(lo >> 32), uint32_t(hi), uint32_t(hi >> 32));
      }
    } else {
      const int64_t end = std::min<int64_t>(x0 + 64, pitch);
      for (int64_t x = x0; x < end; ++x) row[x] = x < width ? uint8_t((word >> (x - x0)) & 1) : 0;
    }
  }
}

// Cells on the border of a w x h grid: the top row, the bottom row, then the left and right
// columns between them.
__host__ __device__ inline int64_t ring_cells(int64_t w, int64_t h) {
  const int64_t rows = h > 1 ? 2 * w : w;
  const int64_t inner = h > 2 ? h - 2 : 0;
  return rows + inner * (w > 1 ? 2 : 1);
}

__device__ inline void ring_cell(int64_t i, int64_t w, int64_t h, int64_t& x, int64_t& y) {
  if (i < w) {
    x = i;
    y = 0;
  } else if (h > 1 && i < 2 * w) {
    x = i - w;
    y = h - 1;
  } else {
    const int64_t k = i - (h > 1 ? 2 * w : w);
    const int64_t columns = w > 1 ? 2 : 1;
    y = 1 + k / columns;
    x = k % columns == 0 ? 0 : w - 1;
  }
}

__device__ inline bool cell_at(const void* state, bool bits, int64_t pitch, int64_t x, int64_t y) {
  const char* row = static_cast<const char*>(state) + y * pitch;
  if (bits) return (reinterpret_cast<const uint64_t*>(row)[x >> 6] >> (x & 63)) & 1u;
  return row[x] != 0;
}

// One generation of the border cells, from `src` into `dst`, through the topology's edge
// mapping, by the rule table of the current phase (any rule, B0 emulation included): the plane
// pass computed the interior (and wrong borders) already. Bit rows share
// their words between threads, hence the atomics.
static __global__ void edge_ring_kernel(const void* __restrict__ src, void* __restrict__ dst,
                                        bool bits, int64_t pitch, int64_t width, int64_t height,
                                        Topology topology, RuleTable rule) {
  const int64_t total = ring_cells(width, height);
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    int64_t x, y;
    ring_cell(i, width, height, x, y);
    // The 3x3 neighbourhood's index, as the rule tables count it (core/rule.hpp).
    int index = 0;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        int64_t nx = x + dx, ny = y + dy;
        if (resolve_outside(topology, width, height, nx, ny) && cell_at(src, bits, pitch, nx, ny))
          index |= 1 << neighbourhood_bit(dy + 1, dx + 1);
      }
    }
    const bool alive = (rule.words[index >> 6] >> (index & 63)) & 1u;
    char* row = static_cast<char*>(dst) + y * pitch;
    if (bits) {
      auto* word = reinterpret_cast<unsigned long long*>(row) + (x >> 6);
      const unsigned long long bit = 1ull << (x & 63);
      if (alive)
        atomicOr(word, bit);
      else
        atomicAnd(word, ~bit);
    } else {
      row[x] = alive ? 1 : 0;
    }
  }
}

uint64_t last_word_mask(int64_t width) {
  const int rem = int(width % 64);
  return rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
}

unsigned reduce_blocks(int64_t items) {
  return grid_stride_blocks(items, kReduceThreads, kMaxReduceBlocks);
}

}  // namespace

DeviceEngine::DeviceEngine() = default;

DeviceEngine::~DeviceEngine() = default;

int DeviceEngine::param(const std::string& name) const {
  if (auto it = params_.find(name); it != params_.end()) return it->second;
  for (const ParamInfo& p : param_info())
    if (p.name == name) return p.default_value;
  throw Error("engine " + info().name + " has no parameter \"" + name + "\"");
}

Params DeviceEngine::params() const {
  Params all;
  for (const ParamInfo& p : param_info()) all[p.name] = param(p.name);
  return all;
}

void DeviceEngine::set_params(const Params& values) {
  validate_params(info(), param_info(), values);
  if (width_ > 0 && !buffers_[0])
    throw Error("engine " + info().name +
                ": set_params() needs the state, and the engine let go of its buffers "
                "(attach or load first)");
  Params merged = params();
  for (const auto& [name, value] : values) merged[name] = value;
  check_params(merged);
  const Params previous = params_;
  params_ = merged;
  parse_params();
  if (width_ == 0) return;
  DeviceLayout next;
  try {
    next = device_layout(width_, height_);
    if (attached_ && next.buffer_bytes > attached_bytes_)
      throw Error("engine " + info().name + ": these parameters need buffers of " +
                  std::to_string(next.buffer_bytes) + " bytes but the attached ones have " +
                  std::to_string(attached_bytes_));
  } catch (...) {
    params_ = previous;
    parse_params();
    throw;
  }
  if (next.layout == layout_.layout && next.row_pitch_bytes == layout_.row_pitch_bytes &&
      next.buffer_bytes == layout_.buffer_bytes)
    return;
  // The layout changed: carry the state over through the canonical layout.
  DeviceBuffer canonical(canonical_pitch(width_) * size_t(height_));
  to_canonical(buffers_[current_], static_cast<uint64_t*>(canonical.data()));
  sync();
  layout_ = next;
  if (!attached_) allocate_owned();
  from_canonical(static_cast<const uint64_t*>(canonical.data()), buffers_[current_]);
  sync();
  invalidate_cache();
}

void DeviceEngine::require_grid(const char* what) const {
  if (width_ == 0 || !buffers_[0])
    throw Error("engine " + info().name + ": " + what + " needs a grid (load or resize first)");
}

void DeviceEngine::allocate_owned() {
  const size_t bytes = layout_.buffer_bytes;
  if (owned_[0].bytes() != bytes) {
    owned_[0].reset();
    owned_[1].reset();
    size_t free_bytes = 0, total = 0;
    device_memory_info(free_bytes, total);
    if (2.0 * double(bytes) > double(free_bytes))
      throw Error("engine " + info().name + ": a " + std::to_string(width_) + "x" +
                  std::to_string(height_) + " grid needs " + mib(2.0 * double(bytes)) +
                  " of GPU memory (two buffers), but only " + mib(double(free_bytes)) +
                  " is free; use a smaller grid or a bit-packed engine");
    owned_[0] = DeviceBuffer(bytes);
    owned_[1] = DeviceBuffer(bytes);
  }
  CUDA_CHECK(cudaMemsetAsync(owned_[0].data(), 0, bytes, as_stream(stream_)));
  CUDA_CHECK(cudaMemsetAsync(owned_[1].data(), 0, bytes, as_stream(stream_)));
  buffers_[0] = owned_[0].data();
  buffers_[1] = owned_[1].data();
}

void DeviceEngine::resize(int64_t width, int64_t height, Topology topology) {
  if (width < 1 || height < 1 || width > kMaxGridSide || height > kMaxGridSide)
    throw Error("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                " is out of range: each side must be in [1, " + std::to_string(kMaxGridSide) + "]");
  check_topology(topology, width, height);
  const DeviceLayout next = device_layout(width, height);
  width_ = width;
  height_ = height;
  topology_ = topology;
  layout_ = next;
  generation_ = 0;
  current_ = 0;
  phase_ = 0;
  timed_ = false;
  invalidate_cache();
  if (attached_ && attached_bytes_ >= next.buffer_bytes) return;
  attached_ = false;
  attached_bytes_ = 0;
  try {
    allocate_owned();
  } catch (...) {
    width_ = height_ = 0;
    buffers_[0] = buffers_[1] = nullptr;
    throw;
  }
  // Dead cells are stored as ones where the rule keeps the state complemented.
  if (inverted()) invert_state(buffers_[current_], false);
  sync();
}

void DeviceEngine::forget_attached() noexcept {
  if (!attached_) return;
  attached_ = false;
  attached_bytes_ = 0;
  buffers_[0] = buffers_[1] = nullptr;
  invalidate_cache();
}

void DeviceEngine::attach(const ExternalBuffers& external) {
  if (!external.buffer[0] && !external.buffer[1]) {
    if (!attached_) return;
    void* state = buffers_[current_];
    attached_ = false;
    attached_bytes_ = 0;
    buffers_[0] = buffers_[1] = nullptr;
    if (width_ > 0) {
      allocate_owned();
      CUDA_CHECK(cudaMemcpyAsync(buffers_[current_], state, layout_.buffer_bytes,
                                 cudaMemcpyDeviceToDevice, as_stream(stream_)));
      sync();
    }
    invalidate_cache();
    return;
  }
  if (!external.buffer[0] || !external.buffer[1])
    throw Error("engine " + info().name + ": attach() needs two buffers");
  if (width_ > 0 && external.bytes < layout_.buffer_bytes)
    throw Error("engine " + info().name + ": attached buffers of " +
                std::to_string(external.bytes) + " bytes are too small; a " +
                std::to_string(width_) + "x" + std::to_string(height_) + " grid needs " +
                std::to_string(layout_.buffer_bytes) + " bytes each");
  if (!attached_ && width_ > 0 && buffers_[current_]) {
    CUDA_CHECK(cudaMemcpyAsync(external.buffer[current_], buffers_[current_], layout_.buffer_bytes,
                               cudaMemcpyDeviceToDevice, as_stream(stream_)));
    sync();
    owned_[0].reset();
    owned_[1].reset();
  }
  buffers_[0] = external.buffer[0];
  buffers_[1] = external.buffer[1];
  attached_ = true;
  attached_bytes_ = external.bytes;
  invalidate_cache();
}

void DeviceEngine::set_current_buffer(int index) {
  if (index != 0 && index != 1)
    throw Error("current buffer must be 0 or 1, not " + std::to_string(index));
  current_ = index;
  invalidate_cache();
}

void DeviceEngine::sync() const {
  CUDA_CHECK(cudaStreamSynchronize(as_stream(stream_)));
}

void DeviceEngine::to_canonical(const void* state, uint64_t* canonical) const {
  const size_t cpitch = canonical_pitch(width_);
  const int64_t words = int64_t(cpitch / 8);
  if (layout_.layout == CellLayout::BitPacked) {
    CUDA_CHECK(cudaMemcpy2DAsync(canonical, cpitch, state, layout_.row_pitch_bytes, cpitch,
                                 size_t(height_), cudaMemcpyDeviceToDevice, as_stream(stream_)));
  } else {
    pack_kernel<<<reduce_blocks(words * height_), kReduceThreads, 0, as_stream(stream_)>>>(
        static_cast<const uint8_t*>(state), int64_t(layout_.row_pitch_bytes), width_, words,
        height_, canonical);
    CUDA_CHECK_LAUNCH();
  }
}

void DeviceEngine::from_canonical(const uint64_t* canonical, void* state) const {
  const size_t cpitch = canonical_pitch(width_);
  const int64_t words = int64_t(cpitch / 8);
  if (layout_.layout == CellLayout::BitPacked) {
    CUDA_CHECK(cudaMemcpy2DAsync(state, layout_.row_pitch_bytes, canonical, cpitch, cpitch,
                                 size_t(height_), cudaMemcpyDeviceToDevice, as_stream(stream_)));
  } else {
    if (layout_.row_pitch_bytes % 16 != 0 || layout_.row_pitch_bytes > size_t(words) * 64)
      throw Error("engine " + info().name + ": byte row pitch " +
                  std::to_string(layout_.row_pitch_bytes) +
                  " must be a multiple of 16 and at most 64 * ceil(width / 64)");
    unpack_kernel<<<reduce_blocks(words * height_), kReduceThreads, 0, as_stream(stream_)>>>(
        canonical, int64_t(layout_.row_pitch_bytes), width_, words, height_,
        static_cast<uint8_t*>(state));
    CUDA_CHECK_LAUNCH();
  }
}

void DeviceEngine::load(const Grid& grid) {
  resize(grid.width(), grid.height(), grid.topology());
  const size_t bytes = canonical_pitch(width_) * size_t(height_);
  if (layout_.layout == CellLayout::BitPacked &&
      layout_.row_pitch_bytes == canonical_pitch(width_)) {
    CUDA_CHECK(cudaMemcpyAsync(buffers_[current_], grid.words().data(), bytes,
                               cudaMemcpyHostToDevice, as_stream(stream_)));
  } else {
    DeviceBuffer canonical(bytes);
    CUDA_CHECK(cudaMemcpyAsync(canonical.data(), grid.words().data(), bytes, cudaMemcpyHostToDevice,
                               as_stream(stream_)));
    from_canonical(static_cast<const uint64_t*>(canonical.data()), buffers_[current_]);
    sync();
  }
  if (inverted()) invert_state(buffers_[current_], false);
  sync();
  invalidate_cache();
}

void DeviceEngine::store(Grid& grid) const {
  require_grid("store()");
  Grid out(width_, height_, topology_);
  const size_t bytes = canonical_pitch(width_) * size_t(height_);
  if (layout_.layout == CellLayout::BitPacked &&
      layout_.row_pitch_bytes == canonical_pitch(width_)) {
    CUDA_CHECK(cudaMemcpyAsync(out.words().data(), buffers_[current_], bytes,
                               cudaMemcpyDeviceToHost, as_stream(stream_)));
    sync();
  } else {
    DeviceBuffer canonical(bytes);
    to_canonical(buffers_[current_], static_cast<uint64_t*>(canonical.data()));
    CUDA_CHECK(cudaMemcpyAsync(out.words().data(), canonical.data(), bytes, cudaMemcpyDeviceToHost,
                               as_stream(stream_)));
    sync();
  }
  if (inverted()) invert_cells(out);
  grid = std::move(out);
}

void DeviceEngine::check_block_threads(const Params& p) const {
  const int threads = p.at("block_x") * p.at("block_y");
  if (threads > 1024)
    throw Error("engine " + info().name + ": block_x * block_y = " + std::to_string(threads) +
                " exceeds 1024 threads per block; valid: " + describe_params(param_info()) +
                ", block_x * block_y <= 1024");
}

DeviceLayout DeviceEngine::padded_rows(CellLayout layout, size_t row_bytes, int64_t height) {
  const size_t pitch = (row_bytes + 15) / 16 * 16;
  return {layout, pitch, pitch * size_t(height)};
}

void DeviceEngine::store_device(uint64_t* canonical) const {
  require_grid("store_device()");
  to_canonical(buffers_[current_], canonical);
  if (inverted()) invert_state(canonical, true);
  sync();
}

void DeviceEngine::load_device(const uint64_t* canonical) {
  require_grid("load_device()");
  from_canonical(canonical, buffers_[current_]);
  if (inverted()) invert_state(buffers_[current_], false);
  sync();
  invalidate_cache();
}

void DeviceEngine::step(uint64_t generations) {
  timed_ = false;
  last_ms_ = 0;
  if (generations == 0) return;
  require_grid("step()");
  if (!step_start_) {
    step_start_ = CudaEvent::create();
    step_end_ = CudaEvent::create();
  }
  step_start_.record(as_stream(stream_));
  uint64_t left = generations, done = 0;
  // Where the edges twist or shift, every pass is one plane generation and then the border.
  const bool fixup = needs_edge_fixup(topology_);
  // Without the plane in the pass, only single-generation passes leave every generation seen.
  const bool or_after = history_ && !pass_history();
  const bool single = fixup || or_after;
  pass_follows_pass_ = false;
  while (left > 0) {
    const uint64_t want = single ? 1 : left;
    done = general_ ? general_pass(buffers_[current_], buffers_[1 - current_], want)
                    : launch_pass(buffers_[current_], buffers_[1 - current_], want, stream_);
    if (done == 0 || done > want)
      throw Error("engine " + info().name + ": a pass advanced " + std::to_string(done) +
                  " generations, expected 1.." + std::to_string(want));
    if (fixup) step_edge_ring(buffers_[current_], buffers_[1 - current_]);
    pass_follows_pass_ = !fixup && !or_after && !general_;
    current_ ^= 1;
    phase_ = phase_after(phase_, done);
    left -= done;
    generation_ += done;
    if (or_after)
      or_into_history(buffers_[current_], layout_.layout, layout_.row_pitch_bytes, width_, height_,
                      history_, stream_);
  }
  pass_follows_pass_ = false;
  step_end_.record(as_stream(stream_));
  timed_ = true;
  invalidate_cache();
  previous_is_last_ = done == 1;
}

void DeviceEngine::step_edge_ring(const void* src, void* dst) const {
  const int64_t cells = ring_cells(width_, height_);
  edge_ring_kernel<<<reduce_blocks(cells), kReduceThreads, 0, as_stream(stream_)>>>(
      src, dst, layout_.layout == CellLayout::BitPacked, int64_t(layout_.row_pitch_bytes), width_,
      height_, topology_, phases_.step[phase_].table());
  CUDA_CHECK_LAUNCH();
}

double DeviceEngine::last_step_ms() const {
  if (!timed_) return last_ms_;
  last_ms_ = double(step_end_.elapsed_ms(step_start_));
  return last_ms_;
}

void DeviceEngine::compute_stats() const {
  require_grid("population()/hash()");
  if (!stats_) stats_ = DeviceArray<unsigned long long>(2);
  unsigned long long* out = stats_.data();
  const cudaStream_t s = as_stream(stream_);
  CUDA_CHECK(cudaMemsetAsync(out, 0, 2 * sizeof(uint64_t), s));
  const int64_t words = int64_t(canonical_pitch(width_) / 8);
  const unsigned blocks = reduce_blocks(words * height_);
  const uint64_t last = last_word_mask(width_);
  if (layout_.layout == CellLayout::BitPacked) {
    stats_bit_kernel<<<blocks, kReduceThreads, 0, s>>>(
        static_cast<const uint64_t*>(buffers_[current_]), int64_t(layout_.row_pitch_bytes / 8),
        words, height_, inverted(), last, out);
  } else {
    stats_byte_kernel<<<blocks, kReduceThreads, 0, s>>>(
        static_cast<const uint8_t*>(buffers_[current_]), int64_t(layout_.row_pitch_bytes), width_,
        words, height_, inverted(), last, out);
  }
  CUDA_CHECK_LAUNCH();
  uint64_t host[2];
  CUDA_CHECK(cudaMemcpyAsync(host, out, sizeof host, cudaMemcpyDeviceToHost, s));
  sync();
  population_ = host[0];
  hash_ = hash::finish(host[1], uint64_t(width_), uint64_t(height_));
  // Attached buffers belong to someone else, who may change them between calls.
  cache_valid_ = !attached_;
}

uint64_t DeviceEngine::population() const {
  if (!cache_valid_) compute_stats();
  return population_;
}

uint64_t DeviceEngine::hash() const {
  if (!cache_valid_) compute_stats();
  return hash_;
}

double DeviceEngine::bytes_per_generation() const {
  const double cells = double(width_) * double(height_);
  return info().layout == CellLayout::BytePerCell ? 2.0 * cells : 2.0 * cells / 8.0;
}

}  // namespace gpulife::gpu
