// libFuzzer target for the Life 1.05 reader: no crash, leak or hang, and write -> parse is
// lossless.
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  // Life 1.05 has no generation line.
  return fuzz::round_trip({parse_life105, write_life105, "Life 1.05", "lif"}, data, size,
                          /*same_position=*/true, /*same_generation=*/false);
}
