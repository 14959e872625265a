// The reference engine: plain per-cell neighbour counting, the oracle for every other engine.
#pragma once

#include <memory>

#include "core/engine.hpp"

namespace gpulife {

std::unique_ptr<Engine> make_reference_engine();
EngineInfo reference_engine_info();

}  // namespace gpulife
