// NVRTC, CUDA's run-time compiler, opened with dlopen the first time a rule needs it: gpulife
// starts and runs every other engine and rule without it (plain C++).
#pragma once

#include <string>
#include <vector>

namespace gpulife::gpu {

// Empty when NVRTC can be used; otherwise why not (which libraries were tried, and what to do).
std::string nvrtc_unavailable_reason();

// NVRTC's version, e.g. "13.0"; throws Error when it is unavailable.
std::string nvrtc_version();

// Compiles CUDA source for the current device's architecture to a cubin. `name` labels the
// program in messages. Throws Error with NVRTC's log when compilation fails, and with
// nvrtc_unavailable_reason() when NVRTC cannot be loaded.
std::vector<char> nvrtc_compile(const std::string& source, const std::string& name,
                                const std::vector<std::string>& options);

}  // namespace gpulife::gpu
