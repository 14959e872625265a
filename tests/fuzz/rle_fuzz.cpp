// libFuzzer target for the RLE reader: no crash, leak or hang, and write -> parse is lossless.
#include "core/error.hpp"
#include "core/rle.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  Pattern p;
  try {
    p = parse_rle(fuzz::as_text(data, size), "fuzz.rle", fuzz::kMaxCells);
  } catch (const Error&) {
    return 0;  // rejecting malformed input is fine; anything else is a bug
  }
  // A pattern the reader accepted must be writable and read back identically.
  const std::string written = write_rle(p);
  Pattern back;
  try {
    back = parse_rle(written, "written.rle", fuzz::kMaxCells);
  } catch (const Error& e) {
    fuzz::fail("written RLE does not parse", std::string(e.what()) + "\n" + written);
  }
  fuzz::check_same(p, back, written);
  fuzz::check(write_rle(back) == written, "writing is not stable", written);
  return 0;
}
