// Functions shared by host code and CUDA kernels are marked GPULIFE_HOST_DEVICE; core stays
// plain C++ where no CUDA compiler reads it.
#pragma once

#if defined(__CUDACC__)
#define GPULIFE_HOST_DEVICE __host__ __device__
#else
#define GPULIFE_HOST_DEVICE
#endif
