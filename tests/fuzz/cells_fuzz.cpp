// libFuzzer target for the .cells reader: no crash, leak or hang, and write -> parse is lossless.
#include "core/cells.hpp"
#include "core/error.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  Pattern p;
  try {
    p = parse_cells(fuzz::as_text(data, size), "fuzz.cells", fuzz::kMaxCells);
  } catch (const Error&) {
    return 0;
  }
  const std::string written = write_cells(p);
  Pattern back;
  try {
    back = parse_cells(written, "written.cells", fuzz::kMaxCells);
  } catch (const Error& e) {
    fuzz::fail("written .cells does not parse", std::string(e.what()) + "\n" + written);
  }
  fuzz::check_same(p, back, written, /*same_position=*/false);
  fuzz::check(write_cells(back) == written, "writing is not stable", written);
  return 0;
}
