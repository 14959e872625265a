// How fast do SM-issued copies move a grid, in the access patterns of the one-generation bit
// kernels, next to cudaMemcpy (the copy engines), which `gpulife bench` takes as its limit?
//
//   nvcc -O3 -arch=sm_90 -std=c++17 tools/copy_probe/copy_probe.cu -o copy_probe
//   ./copy_probe [ROW_BYTES ROWS]      (default 8192 65536: a 65536² grid at one bit a cell)
//   ./copy_probe placement [ROW_BYTES ROWS]
//
// `placement` asks whether where the two grids lie decides the speed: the destination at
// offsets past the source's end inside one allocation, then six pairs of separate allocations,
// all alive at once, so that each pair gets other physical memory.
//
// Every figure is the median of 21 timed launches (CUDA events), in ms and in TB/s of bytes read
// plus bytes written.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  std::fprintf(stderr, "copy_probe: %s: %s\n", what, cudaGetErrorString(e));
  std::exit(1);
}

// 16 bytes a thread, grid-stride, four loads in flight before their stores.
__global__ void flat_copy(const uint4* __restrict__ s, uint4* __restrict__ d, int64_t n) {
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    const uint4 a = s[i], b = s[i + stride], c = s[i + 2 * stride], e = s[i + 3 * stride];
    d[i] = a;
    d[i + stride] = b;
    d[i + 2 * stride] = c;
    d[i + 3 * stride] = e;
  }
  for (; i < n; i += stride) d[i] = s[i];
}

// The bit kernels' pattern: a thread owns 16 bytes of a row and walks `run` rows down, the next
// row's load issued before this row's store; kNeighbours also loads the 8-byte words either side
// (L1 hits, as the kernels' neighbouring words are); kL2 asks the row three ahead into L2, one
// lane in eight.
template <bool kNeighbours, bool kL2>
__global__ void __launch_bounds__(1024)
    strip_copy(const uint4* __restrict__ s, uint4* __restrict__ d, int64_t row_words, int64_t rows,
               int run) {
  const int64_t col = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (col >= row_words) return;
  const int64_t y0 = int64_t(blockIdx.y) * run, y1 = y0 + run < rows ? y0 + run : rows;
  const auto* s8 = reinterpret_cast<const uint64_t*>(s);
  const auto load = [&](int64_t y) {
    uint4 v = s[y * row_words + col];
    if (kNeighbours) {
      const int64_t w = (y * row_words + col) * 2;
      const uint64_t l = col > 0 ? s8[w - 1] : 0, r = col + 1 < row_words ? s8[w + 2] : 0;
      v.x ^= uint32_t(l);
      v.w ^= uint32_t(r >> 32);
    }
    return v;
  };
  uint4 row = load(y0);
  for (int64_t y = y0; y < y1; ++y) {
    const uint4 next = y + 1 < y1 ? load(y + 1) : row;
    if (kL2 && y + 3 < y1 && threadIdx.x % 8 == 0)
      asm volatile("prefetch.global.L2 [%0];" ::"l"(s + (y + 3) * row_words + col));
    d[y * row_words + col] = row;
    row = next;
  }
}

template <class Launch>
float median_ms(const Launch& launch) {
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), "cudaEventCreate");
  check(cudaEventCreate(&b), "cudaEventCreate");
  launch();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> ms;
  for (int r = 0; r < 21; ++r) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    check(cudaEventSynchronize(b), "launch");
    float t = 0;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms[ms.size() / 2];
}

}  // namespace

// The same three copies of each source and destination: cudaMemcpy, the flat copy (16 blocks of
// 512 an SM) and the bit kernels' fastest pattern (neighbours, L2 ahead, run 16, two blocks an
// SM).
void placement(int64_t row_bytes, int64_t rows, int sms) {
  const int64_t bytes = row_bytes * rows, row_words = row_bytes / 16;
  const size_t two_a_sm = 100 * 1024;
  auto* strip = strip_copy<true, true>;
  check(cudaFuncSetAttribute(strip, cudaFuncAttributeMaxDynamicSharedMemorySize, int(two_a_sm)),
        "shared memory opt-in");
  const auto three = [&](const char* what, const uint4* s, uint4* d) {
    const float copy =
        median_ms([&] { cudaMemcpyAsync(d, s, size_t(bytes), cudaMemcpyDeviceToDevice); });
    const float flat = median_ms([&] { flat_copy<<<sms * 16, 512>>>(s, d, bytes / 16); });
    const dim3 grid(unsigned((row_words + 511) / 512), unsigned((rows + 15) / 16));
    const float pattern =
        median_ms([&] { strip<<<grid, 512, two_a_sm>>>(s, d, row_words, rows, 16); });
    check(cudaGetLastError(), "launches");
    std::printf("%-34s memcpy %8.4f  flat %8.4f  pattern %8.4f ms\n", what, copy, flat, pattern);
  };
  const int64_t slack = 2 << 20;
  char* base = nullptr;
  check(cudaMalloc(&base, size_t(2 * bytes + slack)), "cudaMalloc (one allocation)");
  check(cudaMemset(base, 0x5a, size_t(bytes)), "cudaMemset");
  for (int64_t off : {0, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 1048576 + 4096}) {
    char name[64];
    std::snprintf(name, sizeof name, "one allocation, offset %lld", (long long)off);
    three(name, reinterpret_cast<const uint4*>(base), reinterpret_cast<uint4*>(base + bytes + off));
  }
  check(cudaFree(base), "cudaFree");
  std::vector<uint4*> pairs;
  for (int i = 0; i < 12; ++i) {
    uint4* p = nullptr;
    if (cudaMalloc(&p, size_t(bytes)) != cudaSuccess) break;
    pairs.push_back(p);
  }
  cudaGetLastError();
  for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
    check(cudaMemset(pairs[i], 0x5a, size_t(bytes)), "cudaMemset");
    char name[64];
    std::snprintf(name, sizeof name, "separate pair %zu", i / 2);
    three(name, pairs[i], pairs[i + 1]);
  }
  for (size_t i = 1; i + 2 < pairs.size(); i += 2) {
    char name[64];
    std::snprintf(name, sizeof name, "separate pair %zu->%zu", i, i + 1);
    three(name, pairs[i], pairs[i + 1]);
  }
  for (uint4* p : pairs) cudaFree(p);
}

int main(int argc, char** argv) {
  const bool place = argc > 1 && std::string(argv[1]) == "placement";
  if (place) {
    --argc;
    ++argv;
  }
  const int64_t row_bytes = argc > 2 ? std::atoll(argv[1]) : 8192;
  const int64_t rows = argc > 2 ? std::atoll(argv[2]) : 65536;
  if (row_bytes <= 0 || row_bytes % 16 != 0 || rows <= 0) {
    std::fprintf(stderr,
                 "copy_probe: ROW_BYTES must be a positive multiple of 16, ROWS positive\n");
    return 2;
  }
  const int64_t bytes = row_bytes * rows, row_words = row_bytes / 16;
  int sms = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "SM count");
  if (place) {
    placement(row_bytes, rows, sms);
    return 0;
  }
  uint4 *s = nullptr, *d = nullptr;
  check(cudaMalloc(&s, size_t(bytes)), "cudaMalloc (source)");
  check(cudaMalloc(&d, size_t(bytes)), "cudaMalloc (destination)");
  check(cudaMemset(s, 0x5a, size_t(bytes)), "cudaMemset");
  std::printf("grid: %lld rows of %lld bytes (%.1f MiB each way)\n", (long long)rows,
              (long long)row_bytes, double(bytes) / 1048576.0);
  const auto report = [&](const char* name, float ms) {
    std::printf("%-44s %8.4f ms  %6.3f TB/s\n", name, ms, 2.0 * double(bytes) / ms / 1e9);
  };
  report("cudaMemcpy (copy engines)",
         median_ms([&] { cudaMemcpyAsync(d, s, size_t(bytes), cudaMemcpyDeviceToDevice); }));
  for (int per_sm : {4, 16})
    for (int threads : {256, 512}) {
      char name[64];
      std::snprintf(name, sizeof name, "flat copy, %d blocks of %d an SM", per_sm, threads);
      report(name, median_ms([&] { flat_copy<<<sms * per_sm, threads>>>(s, d, bytes / 16); }));
    }
  // At the bit kernels' occupancy too: shared memory that leaves room for two 512-thread
  // blocks an SM (their 64 registers a thread allow no more).
  const size_t two_a_sm = 100 * 1024;
  const auto strips = [&](auto kernel, const char* what) {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(two_a_sm)),
          "shared memory opt-in");
    for (size_t shared : {size_t(0), two_a_sm})
      for (int run : {16, 64, 249}) {
        const dim3 grid(unsigned((row_words + 511) / 512), unsigned((rows + run - 1) / run));
        char name[96];
        std::snprintf(name, sizeof name, "%s, run %d%s", what, run,
                      shared ? ", 2 blocks an SM" : "");
        report(name, median_ms([&] { kernel<<<grid, 512, shared>>>(s, d, row_words, rows, run); }));
      }
  };
  strips(strip_copy<false, false>, "strip");
  strips(strip_copy<true, true>, "strip + neighbours + L2 ahead");
  check(cudaGetLastError(), "launches");
  cudaFree(s);
  cudaFree(d);
  return 0;
}
