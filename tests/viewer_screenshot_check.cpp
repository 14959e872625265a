// Runs `gpulife view` under xvfb-run on a known pattern (reference engine, 256x256 grid, 3
// frames), reads the screenshot back and checks every cell of the pattern's box: live cells
// bright, dead cells dark, all inside the free area beside the panel. Exit 77 = skipped.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "xvfb_check_support.hpp"

namespace fs = std::filesystem;

namespace {
using namespace gpulife::xvfb_check;

// An asymmetric shape, so mirrored or shifted drawing is caught.
const char* const kPattern[] = {
    "O.....OO", "........", "..OOO...", "O.......", "....O..O",
};
constexpr int kRows = 5, kCols = 8;

// Zoomed far out (50 cells per pixel, drawn from the density pyramid) a lone live cell must
// still light the pixel that covers it, and the rest of the grid must stay dark: on a byte
// engine (reference), and on a bit-packed one (cpu-simd) with the cell in the upper half of a
// 32-bit word (the pyramid counts two 16-cell blocks per word there).
int check_far_zoom(const std::string& gpulife, const fs::path& dir, const std::string& engine,
                   int size) {
  const fs::path pattern = dir / "lone.cells";
  {
    std::ofstream f(pattern);
    f << "!Name: one cell\nO\n";
  }
  const fs::path png = dir / ("far-" + engine + ".png");
  fs::remove(png);
  std::string output;
  ViewLayout l;
  const std::string command = "xvfb-run -a -s '-screen 0 1280x800x24' '" + gpulife + "' view '" +
                              pattern.string() + "' --engine " + engine + " --size " +
                              std::to_string(size) + " --zoom 0.02 --hide-panel --frames 3 " +
                              "--screenshot '" + png.string() + "'";
  if (const std::string e = run_view(command, dir / ("far-" + engine + ".json"), output, l);
      !e.empty())
    return fail(e + " (far zoom)");
  if (!l.has_live) return fail("no live cells in the report (far zoom)");
  const double zoom = l.zoom, ox = l.ox, oy = l.oy;
  int w = 0, h = 0;
  const std::vector<unsigned char> rgb = read_rgb(png, w, h);
  if (rgb.empty()) return fail("no far-zoom screenshot");
  const int px = int(l.pixel_x(l.live[0])), py = int(l.pixel_y(l.live[1]));
  int brightest = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int x = px + dx, y = py + dy;
      if (x >= 0 && y >= 0 && x < w && y < h)
        brightest = std::max(brightest, int(rgb[(size_t(y) * w + x) * 3]));
    }
  // Grid pixels away from the cell (still inside the grid) must be dark.
  int stray = 0;
  for (int y = int(oy) + 2; y < int(oy + size * zoom) - 2 && y < h; y += 3)
    for (int x = int(ox) + 2; x < int(ox + size * zoom) - 2 && x < w; x += 3) {
      if (x < 0 || y < 0 || (std::abs(x - px) <= 2 && std::abs(y - py) <= 2)) continue;
      if (rgb[(size_t(y) * w + x) * 3] > 40) ++stray;
    }
  std::cout << "far zoom: cell at pixel (" << px << ", " << py << "), brightest red " << brightest
            << ", stray lit pixels " << stray << "\n";
  if (brightest < 60) return fail("a lone live cell vanished when zoomed far out");
  if (stray > 0) return fail("pixels without live cells are lit when zoomed far out");
  std::cout << "ok: the lone cell stays visible at " << 1.0 / zoom << " cells per pixel\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (int code = check_setup(argc, argv, "viewer_screenshot_check")) return code;
  const fs::path dir = argv[2];
  const fs::path pattern = dir / "shape.cells";
  {
    std::ofstream f(pattern);
    f << "!Name: screenshot test shape\n";
    for (const char* row : kPattern) f << row << "\n";
  }
  const fs::path png = dir / "shot.png";
  fs::remove(png);
  const std::string command = "xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(argv[1]) +
                              "' view '" + pattern.string() +
                              "' --engine reference --size 256 --frames 3 --screenshot '" +
                              png.string() + "'";
  std::string output;
  ViewLayout l;
  if (const std::string e = run_view(command, dir / "shot.json", output, l); !e.empty())
    return fail(e);
  if (!l.has_live) return fail("no live cells in the report");
  const double zoom = l.zoom, ox = l.ox, oy = l.oy;
  const int bx0 = int(l.live[0]), by0 = int(l.live[1]);
  const int bx1 = int(l.live[2]), by1 = int(l.live[3]);
  if (bx1 - bx0 + 1 != kCols || by1 - by0 + 1 != kRows)
    return fail("the live cells' box is not the pattern's size");
  const double panel_right = l.has_panel ? l.panel[2] : 0;

  int w = 0, h = 0;
  const std::vector<unsigned char> rgb = read_rgb(png, w, h);
  if (rgb.empty()) return fail("cannot read the screenshot " + png.string());
  std::cout << "screenshot " << w << "x" << h << ", zoom " << zoom << ", pattern at (" << bx0
            << ", " << by0 << ")\n";
  if (zoom < 4) return fail("the pattern was not zoomed in to (zoom " + std::to_string(zoom) + ")");

  int errors = 0;
  // One ring of dead cells around the pattern is checked too.
  for (int cy = -1; cy <= kRows; ++cy) {
    for (int cx = -1; cx <= kCols; ++cx) {
      const bool alive = cy >= 0 && cy < kRows && cx >= 0 && cx < kCols && kPattern[cy][cx] == 'O';
      const int px = int(ox + (bx0 + cx + 0.5) * zoom);
      const int py = int(oy + (by0 + cy + 0.5) * zoom);
      if (px < 0 || py < 0 || px >= w || py >= h) {
        ++errors;
        std::cerr << "cell (" << cx << ", " << cy << ") is off screen at " << px << ", " << py
                  << "\n";
        continue;
      }
      if (px < panel_right) {
        ++errors;
        std::cerr << "cell (" << cx << ", " << cy << ") lies under the panel\n";
        continue;
      }
      const unsigned char* p = &rgb[(size_t(py) * w + px) * 3];
      const bool lit = p[0] > 180 && p[1] > 120;
      const bool dark = p[0] < 60 && p[1] < 60 && p[2] < 80;
      if (alive ? !lit : !dark) {
        ++errors;
        std::cerr << "cell (" << cx << ", " << cy << ") should be " << (alive ? "lit" : "dark")
                  << " at pixel (" << px << ", " << py << "): rgb " << int(p[0]) << " " << int(p[1])
                  << " " << int(p[2]) << "\n";
      }
    }
  }
  if (errors) return fail(std::to_string(errors) + " cells drawn wrongly");
  std::cout << "ok: all " << (kRows + 2) * (kCols + 2) << " cells drawn as expected\n";
  if (int rc = check_far_zoom(argv[1], dir, "reference", 8192)) return rc;
  // 8224 columns: the centred cell is x = 4112, bit 16 of its 32-bit word.
  return check_far_zoom(argv[1], dir, "cpu-simd", 8224);
}
