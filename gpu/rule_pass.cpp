// The general path of the GPU engines: circuits compiled by NVRTC into cubins, loaded with the
// runtime's library API (no libcuda link), cached per program text; the byte table otherwise.
#include "gpu/rule_pass.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/rule_circuit.hpp"
#include "gpu/block_shape.cuh"
#include "gpu/byte_table.hpp"
#include "gpu/circuit_args.h"
#include "gpu/circuit_source.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/nvrtc.hpp"

namespace gpulife::gpu {

struct RulePass::Kernels {
  std::string name;
  cudaKernel_t kernel = nullptr;
  int max_threads = 1024;  // the most threads a block of this kernel can have (its registers)
  // Auto tile heights (multistep) and runs (one generation), per block shape and grid.
  WaveRowsMemo auto_rows;
};

struct RulePass::Circuits {
  Circuit even, odd;
};

namespace {

// One program per distinct text: engines and rules that need the same kernel share it, and a
// rule set again (or on another engine of the same kind) costs nothing.
std::shared_ptr<RulePass::Kernels> compiled(const std::string& source, const std::string& name,
                                            const std::string& label) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<RulePass::Kernels>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(source); it != cache.end()) return it->second;
  const std::vector<char> cubin = nvrtc_compile(source, label, {});
  auto k = std::make_shared<RulePass::Kernels>();
  // Libraries stay loaded for the process: cached kernels may be launched at any time.
  cudaLibrary_t library = nullptr;
  CUDA_CHECK(cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  CUDA_CHECK(cudaLibraryGetKernel(&k->kernel, library, name.c_str()));
  cudaFuncAttributes attributes{};
  CUDA_CHECK(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(k->kernel)));
  k->max_threads = attributes.maxThreadsPerBlock;
  k->name = name;
  cache.emplace(source, k);
  return k;
}

int largest_power_of_two(uint64_t limit) {
  int d = 1;
  while (uint64_t(d) * 2 <= limit) d *= 2;
  return d;
}

unsigned blocks(int64_t n, int64_t per) {
  return unsigned((n + per - 1) / per);
}

void launch(cudaKernel_t kernel, dim3 grid, dim3 block, CircuitArgs& args, void* stream) {
  void* params[] = {&args};
  CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block, params, 0,
                              static_cast<cudaStream_t>(stream)));
}

CircuitArgs base_args(const void* src, void* dst, const PassGrid& g, int bits) {
  CircuitArgs a{};
  a.src = src;
  a.dst = dst;
  a.width = g.width;
  a.height = g.height;
  a.pitch = int64_t(g.row_pitch_bytes) / (bits / 8);
  a.words = (g.width + bits - 1) / bits;
  const int rem = int(g.width % bits);
  a.last_mask = rem == 0 ? ~0ull : (1ull << rem) - 1;
  a.last_bit = int((g.width - 1) % bits);
  a.torus = g.torus;
  a.aligned = rem == 0;
  return a;
}

}  // namespace

RulePass::RulePass(const Rule& rule, const RulePassShape& shape)
    : rule_(rule), phases_(rule_phases(rule)), shape_(shape) {
  if (shape.layout == CellLayout::BytePerCell) return;
  try {
    auto c = std::make_shared<Circuits>();
    c->even = compile_rule(phases_.step[0]);
    c->odd = phases_.alternates() ? compile_rule(phases_.step[1]) : c->even;
    gates_[0] = c->even.cost();
    gates_[1] = c->odd.cost();
    circuits_ = c;
    // The kernel a step uses most, now, so a rule that cannot be compiled is refused at once.
    kernel(shape.multistep ? largest_power_of_two(uint64_t(std::min(shape.depth, kMaxCircuitDepth)))
                           : shape.word_bits,
           0);
  } catch (const Error& e) {
    throw Error("cannot run rule " + rule.to_string() +
                " on the GPU's bit-packed kernels: " + e.what());
  }
}

RulePass::Kernels& RulePass::kernel(int depth_or_bits, int phase) {
  const std::string name = shape_.multistep ? multistep_kernel_name(depth_or_bits, phase)
                                            : step_kernel_name(depth_or_bits, phase);
  auto it = programs_.find(name);
  if (it == programs_.end()) {
    const Circuits& c = *circuits_;
    CircuitKernelSet set;
    set.both_phases = phases_.alternates();
    set.only_phase = phase;
    (shape_.multistep ? set.depths : set.step_bits).push_back(depth_or_bits);
    it = programs_
             .emplace(name, compiled(circuit_program(c.even, c.odd, set), name,
                                     "rule " + rule_.to_string() + " (" + name + ")"))
             .first;
  }
  return *it->second;
}

RulePass::~RulePass() = default;

int RulePass::gates(int phase) const {
  return gates_[phase & 1];
}

uint64_t RulePass::launch(const void* src, void* dst, const PassGrid& g, uint64_t max_generations,
                          int phase, void* stream) {
  const int p = phases_.alternates() ? (phase & 1) : 0;
  if (shape_.layout == CellLayout::BytePerCell) {
    launch_byte_table(static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst), g.width,
                      g.height, g.row_pitch_bytes, g.torus, phases_.step[phase & 1].table(),
                      stream);
    return 1;
  }
  if (!shape_.multistep) {
    const int bits = shape_.word_bits;
    CircuitArgs a = base_args(src, dst, g, bits);
    Kernels& k = kernel(bits, p);
    // The engine's block shape suits its own kernels; a circuit kernel may need more registers
    // a thread, so its block shrinks (rows first, then columns, in warps) until it can launch.
    int bx = shape_.block_x, by = shape_.block_y;
    while (bx * by > k.max_threads && by > 1) by /= 2;
    while (bx * by > k.max_threads && bx > 32) bx /= 2;
    // Run 0: rows spread over whole waves of the resident blocks, each run reading two rows
    // beyond its own.
    a.run = shape_.run > 0 ? shape_.run
                           : wave_run(k.auto_rows, reinterpret_cast<const void*>(k.kernel), bx * by,
                                      0, g.height, blocks(a.pitch, bx), by);
    const int64_t groups = (g.height + a.run - 1) / a.run;
    const dim3 grid(blocks(a.pitch, bx), unsigned(std::min<int64_t>(blocks(groups, by), 65535)));
    gpu::launch(k.kernel, grid, dim3(unsigned(bx), unsigned(by)), a, stream);
    return 1;
  }
  const int depth = largest_power_of_two(
      std::min<uint64_t>(uint64_t(std::min(shape_.depth, kMaxCircuitDepth)), max_generations));
  CircuitArgs a = base_args(src, dst, g, 32);
  a.warp_cols = (a.pitch + kCircuitWarpWords) / kCircuitWarpWords;  // ceil((pitch + 1) / 31)
  Kernels& k = kernel(depth, p);
  const int bw = shape_.block_warps;
  const int64_t block_cols = (a.warp_cols + bw - 1) / bw;
  a.tile_rows = shape_.tile_rows;
  if (a.tile_rows <= 0) {
    // The tile height whose tiles fill whole waves of the GPU's resident blocks, counting the
    // 3 * depth - 1 extra rows each tile streams.
    a.tile_rows = wave_rows(k.auto_rows, reinterpret_cast<const void*>(k.kernel), 32 * bw, 0,
                            g.height, block_cols, 1, 3 * depth - 1);
  }
  a.tiles = (g.height + a.tile_rows - 1) / a.tile_rows;
  const dim3 grid(unsigned(block_cols), unsigned(std::min<int64_t>(a.tiles, 65535)));
  gpu::launch(k.kernel, grid, dim3(32, unsigned(bw)), a, stream);
  return uint64_t(depth);
}

}  // namespace gpulife::gpu
