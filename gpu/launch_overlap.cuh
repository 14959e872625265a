// One generation's kernel launched while the one before it finishes (programmatic dependent
// launch, sm_90 and later). The launch and the first blocks' scheduling then overlap the earlier
// kernel's last blocks. Each kernel then waits, before touching memory, for the whole kernel
// before it (overlap_previous_grid()) or only for the runs of rows of it that it reads
// (RunFlags).
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "core/engine.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_buffer.hpp"

namespace gpulife::gpu {

// The parameter that turns it on, for the engines whose kernels call overlap_previous_grid();
// `passes`: the launch shapes whose kernel does. `chained`: the engine also has mode 2, whose
// kernels wait per run of rows (RunFlags) instead of for the whole kernel before.
inline ParamInfo overlap_launch_param(int default_value, const std::string& passes,
                                      bool chained = false) {
  return {.name = "overlap_launch",
          .description =
              "1 = launch each generation while the one before finishes (sm_90 and "
              "later; it waits for it before touching memory; " +
              passes + " only); " +
              (chained ? "2 = as 1, but each run of rows waits only for the runs it reads of the "
                         "generation before, so one generation's last blocks run beside the "
                         "next one's first; "
                       : "") +
              "0 = one after another",
          .min = 0,
          .max = chained ? 2 : 1,
          .default_value = default_value};
}

// Lets the next kernel of the stream, if launched overlapped, be launched once every block of
// this one has called it. Does nothing before sm_90.
__device__ __forceinline__ void let_next_grid_launch() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// First thing in a kernel launched by launch_overlapped(): lets the next kernel of the stream be
// launched once every block of this one has started, then waits until the kernel before this
// one has finished and its writes are visible. Does nothing for a plain launch or before sm_90.
__device__ __forceinline__ void overlap_previous_grid() {
  let_next_grid_launch();
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// The other way to wait (overlap_launch=2): a pass's runs of rows each wait for the three runs
// of the pass before that they read (their own and the two beside it, across the seam on a
// torus) and then count themselves done, one count per run in device memory. A run that waits
// has read nothing yet, and the runs it waits for have finished reading the rows it overwrites,
// so passes may run side by side without a whole-grid wait between them. The counts only grow:
// after the n-th chained pass every run's count is n times the pass's blocks across a row.
struct RunFlags {
  unsigned long long* done = nullptr;
  unsigned long long need = 0;  // what the runs read must have reached: passes before x blocks

  // One thread of each thread row calls it before the row touches memory (then the row syncs).
  // A count that never arrives can only mean a pass that never ran: after kGiveUpNs the kernel
  // traps, so the launch fails instead of hanging.
  __device__ __forceinline__ void wait_for_runs_read(int64_t run, int64_t runs, bool wrap) const {
    if (need == 0) return;
    constexpr unsigned long long kGiveUpNs = 20'000'000'000ull;
    unsigned long long start = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    for (int64_t d = -1; d <= 1; ++d) {
      int64_t r = run + d;
      if (r < 0 || r >= runs) {
        if (!wrap) continue;  // beyond a plane: dead rows, nothing read
        r = r < 0 ? r + runs : r - runs;
      }
      const unsigned long long* p = done + r;
      for (unsigned sleep = 32;;) {
        unsigned long long v, now;
        asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
        if (v >= need) break;
        __nanosleep(sleep);
        sleep = sleep < 1024 ? sleep * 2 : sleep;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (now - start > kGiveUpNs) __trap();
      }
    }
  }
  // One thread of each thread row calls it after the whole row has stored its run (a sync).
  __device__ __forceinline__ void count_done(int64_t run) const {
    __threadfence();
    atomicAdd(done + run, 1ull);
  }
};

// The host's side of RunFlags: the counts, zeroed whenever the runs or the blocks across a row
// change, and the passes launched with them since.
class RunChain {
 public:
  // The flags of the next pass over `runs` runs of `blocks_x` blocks each. `follows`: the pass
  // directly follows the engine's previous pass (DeviceEngine::pass_follows_pass()); `overlap`
  // comes back true where it may then be launched while that pass still runs. Call launched()
  // once the launch has been made.
  RunFlags next(int64_t runs, int64_t blocks_x, bool follows, cudaStream_t stream, bool& overlap) {
    overlap = follows && runs == runs_ && blocks_x == blocks_x_;
    if (runs != runs_ || blocks_x != blocks_x_) {
      runs_ = blocks_x_ = 0;
      done_ = DeviceArray<unsigned long long>(size_t(runs));
      CUDA_CHECK(cudaMemsetAsync(done_.data(), 0, done_.bytes(), stream));
      runs_ = runs;
      blocks_x_ = blocks_x;
      passes_ = 0;
    }
    return {.done = done_.data(), .need = passes_ * static_cast<unsigned long long>(blocks_x)};
  }
  // The pass of the last next() was launched: the passes after it wait for its counts.
  void launched() { ++passes_; }

 private:
  DeviceArray<unsigned long long> done_;
  int64_t runs_ = 0, blocks_x_ = 0;
  unsigned long long passes_ = 0;
};

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
