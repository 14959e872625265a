// The cpu-simd engine: bit-sliced (64+ cells per word), SIMD, multithreaded, several generations
// per pass over memory; any two-state rule on a plane or a torus (non-Life-like ones through
// their compiled circuits, core/rule_circuit.hpp).
#pragma once

#include <memory>
#include <string_view>

#include "core/engine.hpp"

namespace gpulife {

// Instruction sets the cpu-simd kernels exist for; the values are those of its "isa" parameter.
enum class SimdIsa { Portable = 1, Avx2 = 2, Avx512 = 3 };

std::string_view to_string(SimdIsa isa);
// Whether this build has the kernel and this CPU (and OS) can run it.
bool simd_isa_supported(SimdIsa isa);
// The fastest supported instruction set: what the engine uses unless told otherwise.
SimdIsa best_simd_isa();

EngineInfo simd_engine_info();
std::unique_ptr<Engine> make_simd_engine();

}  // namespace gpulife
