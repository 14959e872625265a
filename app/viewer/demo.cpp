// The demo scene, placed relative to the grid size so it works at any --size.
#include "app/viewer/demo.hpp"

#include <algorithm>

#include "app/grid_setup.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

DemoSetup make_demo(std::optional<GridSize> size, std::optional<Topology> topology) {
  const GridSize s = size.value_or(GridSize{480, 320});
  DemoSetup demo{Grid(s.width, s.height, topology.value_or(Topology::Torus)), Rule::life(),
                 "demo: Gosper gun, R-pentomino, acorn, soup"};
  Grid& g = demo.grid;
  // A square of random soup in the right third.
  const int64_t side = std::min<int64_t>({s.width / 4, s.height / 3, 512});
  if (side >= 8) {
    Grid soup(side, side);
    soup.randomize(0.35, 20261129);
    const int64_t ox = s.width - side - s.width / 12, oy = (s.height - side) / 2;
    for (int64_t y = 0; y < side; ++y)
      for (int64_t x = 0; x < side; ++x)
        if (soup.get(x, y)) g.set(ox + x, oy + y, true);
  }
  auto put = [&](const char* name, double fx, double fy) {
    try {
      Pattern p = load_named_pattern(name);
      p.move_to_origin();
      const Box b = p.bounding_box();
      const int64_t x = int64_t(fx * double(s.width)), y = int64_t(fy * double(s.height));
      if (x + b.width() <= s.width && y + b.height() <= s.height)
        g.place(p, Cell{x, y}, /*clear_first=*/false);
    } catch (const std::exception&) {
      // A missing bundled pattern only makes the demo plainer.
    }
  };
  put("gosper_glider_gun", 0.05, 0.08);
  put("r_pentomino", 0.30, 0.55);
  put("acorn", 0.15, 0.80);
  return demo;
}

}  // namespace gpulife::app
