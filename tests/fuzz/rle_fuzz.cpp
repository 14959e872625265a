// libFuzzer target for the RLE reader: no crash, leak or hang, and write -> parse is lossless.
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  return fuzz::round_trip({parse_rle, write_rle, "RLE", "rle"}, data, size);
}
