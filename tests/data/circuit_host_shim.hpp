// CUDA's device built-ins for running gpulife's run-time compiled rule kernels on the CPU:
// prepended by tests/circuit_kernels_test.cpp to the program NVRTC would compile. A warp is 32
// threads meeting at a barrier for every shuffle and vote, so lockstep code behaves as on a GPU.
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#define GPULIFE_HOST_EMULATION 1
#define __device__
#define __forceinline__ inline
#define __global__
#define __grid_constant__

struct HostDim3 {
  unsigned x = 0, y = 0, z = 0;
};
thread_local HostDim3 threadIdx, blockIdx;
HostDim3 blockDim, gridDim;

struct HostWarp {
  std::barrier<>* barrier = nullptr;
  unsigned values[32] = {};
};
thread_local HostWarp* host_warp = nullptr;

inline unsigned host_exchange(unsigned v, int from) {
  const int lane = int(threadIdx.x);
  host_warp->values[lane] = v;
  host_warp->barrier->arrive_and_wait();
  const unsigned r = host_warp->values[from >= 0 && from < 32 ? from : lane];
  host_warp->barrier->arrive_and_wait();
  return r;
}
inline unsigned __shfl_up_sync(unsigned, unsigned v, int d) {
  return host_exchange(v, int(threadIdx.x) - d);
}
inline unsigned __shfl_down_sync(unsigned, unsigned v, int d) {
  return host_exchange(v, int(threadIdx.x) + d);
}
inline bool __any_sync(unsigned, bool p) {
  const int lane = int(threadIdx.x);
  host_warp->values[lane] = p;
  host_warp->barrier->arrive_and_wait();
  bool any = false;
  for (unsigned v : host_warp->values) any = any || v;
  host_warp->barrier->arrive_and_wait();
  return any;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  return s ? (hi << s) | (lo >> (32 - s)) : hi;
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  return s ? (lo >> s) | (hi << (32 - s)) : lo;
}
template <class T>
inline T __ldg(const T* p) {
  return *p;
}
