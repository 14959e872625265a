// Word helpers shared by the nvcc-compiled multistep kernels (gpu/bit_multistep.hpp) and the
// run-time compiled circuit kernels (prepended to their NVRTC source, as gpu/circuit_args.h
// is): plain C++ without includes, so one text serves both.
#ifndef GPULIFE_GPU_TORUS_WORDS_H
#define GPULIFE_GPU_TORUS_WORDS_H

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define GPULIFE_TORUS_WORDS_FN __host__ __device__ __forceinline__
#else
#define GPULIFE_TORUS_WORDS_FN inline
#endif

// a modulo m in 0 .. m - 1 for either sign of a (m > 0): a row or word index on a torus.
GPULIFE_TORUS_WORDS_FN long long floor_mod(long long a, long long m) {
  const long long r = a % m;
  return r < 0 ? r + m : r;
}

// Cells x .. x + 31 of a torus row of `width` cells, modulo the width (bit i is cell
// (x + i) mod width): the word a lane loads when the width is not a multiple of 32.
GPULIFE_TORUS_WORDS_FN unsigned gather32(const unsigned* row, unsigned x, unsigned width) {
  unsigned v = 0;
  unsigned filled = 0;
  while (filled < 32) {
    const unsigned n = (32 - filled < width - x) ? 32 - filled : width - x;
    const unsigned off = x & 31u;
    const unsigned lo = row[x >> 5];
    const unsigned hi = off + n > 32 ? row[(x >> 5) + 1] : 0u;
    unsigned bits = off ? (lo >> off) | (hi << (32 - off)) : lo;
    if (n < 32) bits &= (1u << n) - 1u;
    v |= bits << filled;
    filled += n;
    x += n;
    if (x == width) x = 0;
  }
  return v;
}

#endif  // GPULIFE_GPU_TORUS_WORDS_H
