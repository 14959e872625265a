// The grid state hash: one definition shared by host and device code so engines cross-check.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define GPULIFE_HD __host__ __device__ __forceinline__
#else
#define GPULIFE_HD inline
#endif

namespace gpulife::hash {

// splitmix64 finaliser: a cheap, well-mixed 64-bit bijection.
GPULIFE_HD uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Contribution of one 64-cell word of the canonical bit-packed layout (row y, word j, cells
// 64j..64j+63, bit i = cell 64j+i). Zero words contribute nothing, and contributions are summed
// modulo 2^64, so any engine can compute the hash in any order, e.g. by a parallel reduction.
GPULIFE_HD uint64_t word_term(uint64_t y, uint64_t j, uint64_t word) {
  return word ? mix64(word ^ mix64((y << 24) ^ j ^ (y >> 40))) : 0;
}

// Combines the summed word terms with the grid's dimensions.
GPULIFE_HD uint64_t finish(uint64_t sum, uint64_t width, uint64_t height) {
  return mix64(sum ^ mix64(width * 0x100000001b3ull + height));
}

}  // namespace gpulife::hash
