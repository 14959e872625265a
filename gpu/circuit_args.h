// The parameter block of the run-time compiled circuit kernels: plain C, included by the host
// code and prepended to the kernels' source for NVRTC, so both sides agree on its layout.
#ifndef GPULIFE_GPU_CIRCUIT_ARGS_H
#define GPULIFE_GPU_CIRCUIT_ARGS_H

struct CircuitArgs {
  const void* src;
  void* dst;
  long long width, height;
  long long pitch;               // words (of the kernel's size) per row in memory
  long long words;               // words holding cells: ceil(width / word bits)
  unsigned long long last_mask;  // the valid bits of word words - 1
  int last_bit;                  // bit of the row's last cell in its word
  int torus;
  int aligned;                            // width is a multiple of the word size
  int run;                                // one-generation kernels: rows per thread
  long long warp_cols, tile_rows, tiles;  // multistep: warps across a row, tile shape
};

// Multistep: the words a warp outputs, its 32 lanes' words less half a word at each edge (the
// halves that neighbouring warps share), so ceil((pitch + 1) / 31) warps cover a row.
enum { kCircuitWarpWords = 31 };

#endif
