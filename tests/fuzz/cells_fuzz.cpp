// libFuzzer target for the .cells reader: no crash, leak or hang, and write -> parse is lossless.
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  const fuzz::Format cells{parse_cells, write_cells, ".cells", "cells"};
  // A few bytes of dblife counts ("790168620.O") make a row of any width; writing it out as
  // .cells text, a byte a cell, is the writer's size question (CellsWrite tests), not the
  // reader's, and too slow to read back here.
  const std::optional<Pattern> p = fuzz::parse_input(cells, data, size);
  if (!p) return 0;
  const Box box = p->bounding_box();
  if (double(box.width()) * double(box.height()) > double(1 << 22)) return 0;
  // .cells has no position: the cells read back are compared from their top-left corner.
  return fuzz::round_trip(cells, data, size, /*same_position=*/false);
}
