// The byte-per-cell pass for rules outside the byte kernels' counts (any table, B0 phases):
// each cell looks its 3x3 neighbourhood up in the rule's 512-entry table (plain C++).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/rule.hpp"

namespace gpulife::gpu {

// One generation from `src` to `dst` (rows of `pitch` bytes, 0 dead and 1 alive, padding
// zero), with `table`; launches asynchronously on `stream` (a cudaStream_t).
void launch_byte_table(const uint8_t* src, uint8_t* dst, int64_t width, int64_t height,
                       size_t pitch, bool torus, const RuleTable& table, void* stream);

}  // namespace gpulife::gpu
