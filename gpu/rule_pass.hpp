// How a GPU engine steps the rules its own kernels do not run (any rule that is not Life-like,
// and every B0 rule through its phases): bit-packed layouts through the rule's circuits compiled
// at run time by NVRTC into bit-sliced kernels (cached per rule), the byte layout through the
// rule's table (plain C++).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "core/engine.hpp"
#include "core/rule_phases.hpp"

namespace gpulife::gpu {

// The kernel family an engine's general path uses, and its launch shape.
struct RulePassShape {
  CellLayout layout = CellLayout::BitPacked;
  int word_bits = 64;              // one generation per pass on words of 32 or 64 bits
  bool multistep = false;          // several generations per pass, 32-bit words, warp shuffles
  int depth = 8;                   // multistep: generations per pass (at most kMaxCircuitDepth)
  int block_warps = 1;             // multistep: warps per block
  int tile_rows = 0;               // multistep: rows per tile, 0 = chosen per grid
  int block_x = 256, block_y = 1;  // one generation: threads per block
  int run = 32;                    // one generation: rows per thread
  bool operator==(const RulePassShape&) const = default;
};

// Multistep circuit passes hold every level's three rows of features in registers; beyond this
// depth they spill.
inline constexpr int kMaxCircuitDepth = 8;

struct PassGrid {
  int64_t width = 0, height = 0;
  size_t row_pitch_bytes = 0;
  bool torus = false;
};

class RulePass {
 public:
  // Prepares the kernels of the rule's phases (compiling them with NVRTC for bit layouts, which
  // takes a second or two the first time); throws Error saying why when it cannot.
  RulePass(const Rule& rule, const RulePassShape& shape);
  ~RulePass();
  RulePass(const RulePass&) = delete;
  RulePass& operator=(const RulePass&) = delete;

  const RulePhases& phases() const { return phases_; }
  // Gates per cell and generation of each phase's circuit (0 for the byte table).
  int gates(int phase) const;

  // One pass from `src` to `dst`, starting in `phase`; returns the generations advanced
  // (1..max_generations). Launches asynchronously on `stream` (a cudaStream_t).
  uint64_t launch(const void* src, void* dst, const PassGrid& grid, uint64_t max_generations,
                  int phase, void* stream);

  // A compiled program and its entry points (opaque; gpu/rule_pass.cpp).
  struct Kernels;

 private:
  // The program holding one entry point, compiled the first time it is needed (a step's tail
  // needs the smaller depths); programs are shared between engines and rules with equal text.
  Kernels& kernel(int depth_or_bits, int phase);

  Rule rule_;
  RulePhases phases_;
  RulePassShape shape_;
  struct Circuits;  // the compiled circuits of both phases
  std::shared_ptr<const Circuits> circuits_;
  std::map<std::string, std::shared_ptr<Kernels>> programs_;
  int gates_[2] = {0, 0};
};

}  // namespace gpulife::gpu
