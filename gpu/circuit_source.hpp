// The CUDA source NVRTC compiles for a rule: the circuits of its two phases as the Phase0 and
// Phase1 the embedded kernels (gpu/circuit_kernels.cuh) expect, and the entry points (plain
// C++, so it is testable without a GPU).
#pragma once

#include <string>
#include <vector>

#include "core/rule_circuit.hpp"

namespace gpulife::gpu {

// Which kernels a program holds.
struct CircuitKernelSet {
  std::vector<int> step_bits;  // one generation per pass on words of 32 or 64 bits
  std::vector<int> depths;     // multistep, 32-bit words, these generations per pass
  bool both_phases = false;    // a kernel for each starting phase (B0 without Smax)
  int only_phase = -1;         // if set, only that starting phase's kernels
};

// "gpulife_step32_p0", "gpulife_ms_d8_p1": an entry point's name.
std::string step_kernel_name(int bits, int phase);
std::string multistep_kernel_name(int depth, int phase);

// struct PhaseN { kFeatures; features(w, c, e, f); next(up, mid, down); } for one circuit.
std::string phase_source(const Circuit& circuit, int phase);

// The whole program: circuit_args.h, both phases, the kernels and their entry points.
std::string circuit_program(const Circuit& even, const Circuit& odd, const CircuitKernelSet& set);

// The kernels' text embedded at build time (gpu/circuit_args.h and gpu/circuit_kernels.cuh).
extern const char* const kCircuitKernelsSource;

}  // namespace gpulife::gpu
