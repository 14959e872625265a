// libFuzzer target for the Life 1.05 reader: no crash, leak or hang, and write -> parse is
// lossless.
#include "core/error.hpp"
#include "core/life105.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  Pattern p;
  try {
    p = parse_life105(fuzz::as_text(data, size), "fuzz.lif", fuzz::kMaxCells);
  } catch (const Error&) {
    return 0;
  }
  const std::string written = write_life105(p);
  Pattern back;
  try {
    back = parse_life105(written, "written.lif", fuzz::kMaxCells);
  } catch (const Error& e) {
    fuzz::fail("written Life 1.05 does not parse", std::string(e.what()) + "\n" + written);
  }
  fuzz::check_same(p, back, written, true, false);
  fuzz::check(write_life105(back) == written, "writing is not stable", written);
  return 0;
}
