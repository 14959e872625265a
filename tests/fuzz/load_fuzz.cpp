// libFuzzer target for the whole load path of `gpulife run`, every format at once (gzip
// included): parse -> size the grid within a small memory budget -> place -> a few generations
// -> write in every format -> read back. No crash, hang or unbounded memory; refusals are
// Errors; what is written reads back as the same cells.
#include "app/grid_setup.hpp"
#include "app/universe.hpp"
#include "core/error.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "core/simd_engine.hpp"
#include "tests/fuzz/fuzz_common.hpp"

namespace {

// Each input runs ten parses and writes under the sanitizers; this many cells keeps one well
// inside the fuzzer's timeout on a slow machine (a few million take a minute there).
constexpr uint64_t kMaxLoadCells = 1 << 14;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  Pattern p;
  try {
    p = parse_pattern(fuzz::as_text(data, size), "fuzz", kMaxLoadCells);
  } catch (const Error&) {
    return 0;
  }
  // The last byte picks the engine and the number of generations, so both engines and several
  // lengths are reached from the same inputs.
  const unsigned pick = size ? data[size - 1] : 0;
  std::unique_ptr<Engine> engine = pick & 1 ? make_simd_engine() : make_reference_engine();
  const uint64_t generations = (pick >> 1) % 4;
  app::GridRequest request;
  request.engine = &engine->info();
  // Small enough to refuse large patterns at once and to keep each input fast: past a CPU
  // engine's fixed 16 MiB this leaves about 1 MiB of state (4M cells bit-packed, stepped in a
  // second or two under the sanitizers).
  request.budget = app::MemoryBudget{double(20 << 20), std::nullopt};
  request.grows = true;
  app::GridSetup setup;
  try {
    setup = app::choose_grid(p, request, generations);
  } catch (const Error&) {
    return 0;  // too large for the budget, or an impossible grid: refused, and that is fine
  }
  engine->set_rule(p.rule.rule);
  Pattern result;
  try {
    app::Universe universe(*engine, p, setup, request.budget, app::AtTheLimit::KeepGoing);
    const uint64_t placed = p.population() - universe.dropped();
    // As Golly shows them: a B0 rule with Smax holds the complement of the file's cells.
    fuzz::check(universe.population() == placed, "placed cells differ from the pattern's");
    universe.step(generations);
    if (universe.population() > kMaxLoadCells) return 0;  // a Macrocell square too large to list
    result = universe.cells();
  } catch (const Error&) {
    return 0;
  }
  result.rule = p.rule;
  for (PatternFormat format : {PatternFormat::Rle, PatternFormat::Cells, PatternFormat::Life106,
                               PatternFormat::Life105, PatternFormat::Macrocell}) {
    std::string written;
    try {
      written = write_pattern(result, format);
    } catch (const Error&) {
      continue;  // e.g. cells too far apart for RLE's runs
    }
    Pattern back;
    try {
      back = parse_pattern(written, "written", kMaxLoadCells);
    } catch (const Error& e) {
      fuzz::fail("a written pattern does not parse", std::string(e.what()) + "\n" + written);
    }
    Pattern a = result, b = back;
    if (format == PatternFormat::Cells) {
      a.move_to_origin();
      b.move_to_origin();
    }
    fuzz::check(a.same_cells(b), "cells differ after write -> parse", written);
  }
  return 0;
}
