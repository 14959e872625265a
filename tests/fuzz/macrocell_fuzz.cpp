// libFuzzer target for the Macrocell reader: no crash, leak or hang; sizes and population come
// from the tree without listing it; small patterns write back to the same cells and states.
#include "core/grid.hpp"
#include "core/pattern_formats.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  const fuzz::Format format{parse_macrocell, write_macrocell, "Macrocell", "mc"};
  const std::optional<Pattern> read = fuzz::parse_input(format, data, size);
  if (!read) return 0;
  const Pattern& p = *read;
  const Box box = p.bounding_box();
  fuzz::check(p.empty() == box.empty(), "empty pattern with a box, or the reverse");
  if (p.population() > fuzz::kMaxCells) return 0;  // too many to list; the tree is enough
  const std::vector<Cell>& cells = p.cells();
  fuzz::check(cells.size() == p.population(), "listed cells differ from the population");
  for (const Cell& c : cells) fuzz::check(box.contains(c), "a cell lies outside the box");
  // Drawing the tree into a grid gives the listed cells.
  if (!box.empty() && box.width() <= 512 && box.height() <= 512) {
    Grid g(box.width(), box.height());
    g.place(p, Cell{0, 0});
    fuzz::check(g.population() == p.population(), "drawing the tree loses cells");
  }
  const std::string written = write_macrocell(p);
  const Pattern back = fuzz::parse_written(format, written);
  fuzz::check_same(p, back, written);
  fuzz::check(p.history() == back.history(), "history states differ after write -> parse", written);
  return 0;
}
