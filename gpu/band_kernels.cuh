// Kernels on one band of a banded grid (internal to gpu/): building it from a recipe (soup and
// cells), its population and hash terms, and the bounding box of its live cells. Rows are
// given by their first own row, a pitch in 64-bit words and the grid row y0 of that first row.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "core/soup.hpp"

namespace gpulife::gpu::band {

struct Rows {
  uint64_t* data = nullptr;  // the band's first own row
  int64_t pitch_words = 0;
  int64_t words_per_row = 0;  // canonical words holding cells: ceil(width / 64)
  int64_t count = 0;          // rows
  int64_t y0 = 0;             // grid row of the first
};

// Every row of `rows` from the soup (word index counted over the whole grid, as
// Grid::randomize does), bits past the width cleared; the pitch's padding words are zeroed.
void fill_soup(const Rows& rows, uint64_t seed, soup::Density density, uint64_t last_mask,
               cudaStream_t stream);

// Sets the cells whose grid coordinates are xy[2i], xy[2i + 1] (device memory, `count` cells,
// all on the band's rows).
void place_cells(const Rows& rows, const int64_t* xy, int64_t count, cudaStream_t stream);

// out[0] += population, out[1] += the sum of the hash's word terms (grid rows from y0).
void stats(const Rows& rows, unsigned long long* out, cudaStream_t stream);

// Live cells' bounds, combined into out[0..3] = min y, max y + 1, min x, max x + 1 with
// atomicMin/atomicMax: set out to {~0, 0, ~0, 0} first.
void bounds(const Rows& rows, unsigned long long* out, cudaStream_t stream);

}  // namespace gpulife::gpu::band
