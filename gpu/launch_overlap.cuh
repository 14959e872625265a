// One generation's kernel launched while the one before it finishes (programmatic dependent
// launch, sm_90 and later). The launch and the first blocks' scheduling then overlap the earlier
// kernel's last blocks; each kernel still waits for the one before it before touching memory.
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "core/engine.hpp"
#include "gpu/cuda_check.cuh"

namespace gpulife::gpu {

// The parameter that turns it on, for the engines whose kernels call overlap_previous_grid();
// `passes`: the launch shapes whose kernel does.
inline ParamInfo overlap_launch_param(int default_value, const std::string& passes) {
  return {.name = "overlap_launch",
          .description =
              "1 = launch each generation while the one before finishes (sm_90 and "
              "later; it waits for it before touching memory; " +
              passes + " only); 0 = one after another",
          .min = 0,
          .max = 1,
          .default_value = default_value};
}

// First thing in a kernel launched by launch_overlapped(): lets the next kernel of the stream be
// launched once every block of this one has started, then waits until the kernel before this
// one has finished and its writes are visible. Does nothing for a plain launch or before sm_90.
__device__ __forceinline__ void overlap_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// Whether the current device runs overlapped launches (compute capability 9.0 and later).
inline bool device_overlaps_launches() {
  int device = 0, major = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  return major >= 9;
}

// kernel<<<grid, block, shared, stream>>>(args...), overlapping the stream's kernel before it
// where `overlap` is set and the device can.
template <class... Params, class... Args>
void launch_overlapped(void (*kernel)(Params...), dim3 grid, dim3 block, size_t shared,
                       cudaStream_t stream, bool overlap, Args&&... args) {
  cudaLaunchAttribute attribute[1] = {};
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  config.attrs = attribute;
  config.numAttrs = overlap && device_overlaps_launches() ? 1 : 0;
  CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}

}  // namespace gpulife::gpu
