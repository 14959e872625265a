// Registration of the engines core provides, so every command lists the same CPU engines.
#include "core/engine.hpp"
#include "core/reference_engine.hpp"
#include "core/simd_engine.hpp"

namespace gpulife {

void register_cpu_engines(EngineRegistry& registry) {
  registry.add(reference_engine_info(), make_reference_engine);
  registry.add(simd_engine_info(), make_simd_engine);
}

}  // namespace gpulife
