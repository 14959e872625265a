// The engine registry every command uses: CPU engines, plus the CUDA engines when built with them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "core/engine.hpp"

namespace gpulife::app {

EngineRegistry& engine_registry();

// The engine to use when the user names none: the fastest GPU engine when a CUDA device is
// present, otherwise the fastest CPU engine.
std::string default_engine_name();

// Device name and free memory of the CUDA device, or why there is none ("built without CUDA",
// "no CUDA device"); used in banners and the viewer's panel.
std::string compute_device_summary();
bool cuda_device_available();
// Free memory of the CUDA device in bytes; empty without one.
std::optional<size_t> cuda_free_bytes();

}  // namespace gpulife::app
