// Checked CUDA calls for gpu/ sources: failures become gpulife::Error, never exit().
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "core/error.hpp"

namespace gpulife::gpu {

// Throws Error naming the failed expression, where it is, and CUDA's explanation. The runtime's
// last error is cleared first (errors that do not break the context are not sticky), so the
// next launch, wherever it is, does not report this failure again as its own.
inline void cuda_check(cudaError_t status, const char* expression, const char* file, int line) {
  if (status == cudaSuccess) return;
  (void)cudaGetLastError();
  throw Error(std::string("CUDA error: ") + cudaGetErrorString(status) + " (" +
              cudaGetErrorName(status) + ") in " + expression + " at " + file + ":" +
              std::to_string(line));
}

}  // namespace gpulife::gpu

#define CUDA_CHECK(expr) ::gpulife::gpu::cuda_check((expr), #expr, __FILE__, __LINE__)
// After every kernel launch: reports bad launch configurations at the launch site.
#define CUDA_CHECK_LAUNCH() \
  ::gpulife::gpu::cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)
