// libFuzzer target for the MCell reader, which has no writer of its own: no crash, leak or
// hang, and what it reads survives RLE (cells, History states, rule with its board, comments).
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  const std::optional<Pattern> p =
      fuzz::parse_input({parse_mcell, write_rle, "MCell", "mcl"}, data, size);
  if (!p) return 0;
  std::string written;
  try {
    written = write_rle(*p);
  } catch (const Error&) {
    return 0;  // e.g. cells too far apart for RLE's runs
  }
  // The RLE reader counts a live History cell twice against its cap (a cell and a state), so it
  // reads back with room for that.
  Pattern back;
  try {
    back = parse_rle(written, "written.rle", 2 * fuzz::kMaxCells);
  } catch (const Error& e) {
    fuzz::fail("written RLE does not parse", std::string(e.what()) + "\n" + written);
  }
  fuzz::check_same(*p, back, written);
  fuzz::check(p->history() == back.history(), "History states differ after RLE", written);
  return 0;
}
