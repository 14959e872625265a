// libFuzzer target for the .cells reader: no crash, leak or hang, and write -> parse is lossless.
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  // .cells has no position: the cells read back are compared from their top-left corner.
  return fuzz::round_trip({parse_cells, write_cells, ".cells", "cells"}, data, size,
                          /*same_position=*/false);
}
