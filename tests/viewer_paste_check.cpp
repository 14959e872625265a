// Runs `gpulife view --paste` under xvfb-run: a shape pasted at a given cell must appear there on
// the screenshot (lit cells, dark ring) and in the engine's live cells; with --paste-preview the
// translucent preview is drawn at that place while the grid stays unchanged. Exit 77 = skipped.
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

const char* const kShape[] = {"OO..O", "O....", "..OOO"};
constexpr int kRows = 3, kCols = 5;
constexpr int kAtX = 30, kAtY = 34;

struct Shot {
  std::string output;
  std::vector<unsigned char> rgb;
  int w = 0, h = 0;
  double zoom = 0, ox = 0, oy = 0;
  ViewLayout layout;
};

// Runs the viewer and reads its screenshot and layout line; an error message on failure.
std::string run(const std::string& gpulife, const fs::path& dir, const std::string& extra,
                Shot& shot) {
  const fs::path png = dir / "paste.png";
  fs::remove(png);
  const std::string command = "xvfb-run -a -s '-screen 0 1280x800x24' '" + gpulife +
                              "' view block --engine reference --size 128 --zoom 10 --center "
                              "40,40 --paste '" +
                              (dir / "shape.cells").string() + "' --paste-at " +
                              std::to_string(kAtX) + "," + std::to_string(kAtY) + " " + extra +
                              " --frames 3 --screenshot '" + png.string() + "'";
  ViewLayout& l = shot.layout;
  if (std::string e = run_view(command, dir / "paste.json", shot.output, l); !e.empty()) return e;
  if (!l.has_live) return "no live cells in the report";
  shot.zoom = l.zoom;
  shot.ox = l.ox;
  shot.oy = l.oy;
  shot.rgb = read_rgb(png, shot.w, shot.h);
  if (shot.rgb.empty()) return "cannot read the screenshot " + png.string();
  return {};
}

// Checks the shape's cells and a ring around them; `preview` accepts the translucent colour.
int check_cells(const Shot& s, bool preview) {
  int errors = 0;
  for (int cy = -1; cy <= kRows; ++cy) {
    for (int cx = -1; cx <= kCols; ++cx) {
      const bool alive = cy >= 0 && cy < kRows && cx >= 0 && cx < kCols && kShape[cy][cx] == 'O';
      const int px = int(s.ox + (kAtX + cx + 0.5) * s.zoom);
      const int py = int(s.oy + (kAtY + cy + 0.5) * s.zoom);
      if (px < 0 || py < 0 || px >= s.w || py >= s.h) {
        ++errors;
        std::cerr << "cell (" << cx << ", " << cy << ") is off screen\n";
        continue;
      }
      const unsigned char* p = &s.rgb[(size_t(py) * s.w + px) * 3];
      // Placed cells are bright; the preview is amber over the dark grid, inside a faint box.
      const bool lit = preview ? (p[0] > 110 && p[0] > p[2] + 60) : (p[0] > 180 && p[1] > 120);
      const bool dark = preview ? (p[0] < 100) : (p[0] < 60 && p[1] < 60 && p[2] < 80);
      if (alive ? !lit : !dark) {
        ++errors;
        std::cerr << "cell (" << cx << ", " << cy << ") should be " << (alive ? "lit" : "dark")
                  << " at pixel (" << px << ", " << py << "): rgb " << int(p[0]) << " " << int(p[1])
                  << " " << int(p[2]) << "\n";
      }
    }
  }
  return errors;
}

}  // namespace

int main(int argc, char** argv) {
  if (int code = check_setup(argc, argv, "viewer_paste_check")) return code;
  const fs::path dir = argv[2];
  {
    std::ofstream f(dir / "shape.cells");
    f << "!Name: paste test shape\n";
    for (const char* row : kShape) f << row << "\n";
  }
  Shot placed;
  if (std::string e = run(argv[1], dir, "--hide-panel", placed); !e.empty()) return fail(e);
  // The block sits in the middle of the 128x128 grid; the shape joins it in the engine.
  if (placed.layout.live[0] != kAtX || placed.layout.live[1] != kAtY)
    return fail("the engine's live cells do not start at the paste's corner");
  if (int errors = check_cells(placed, false))
    return fail(std::to_string(errors) + " pasted cells drawn wrongly");
  std::cout << "ok: the placed paste is drawn where it was pasted\n";

  Shot preview;
  if (std::string e = run(argv[1], dir, "--hide-panel --paste-preview", preview); !e.empty())
    return fail(e);
  if (preview.layout.live[0] == kAtX) return fail("the preview changed the grid");
  if (int errors = check_cells(preview, true))
    return fail(std::to_string(errors) + " preview cells drawn wrongly");
  std::cout << "ok: the preview is drawn and the grid is unchanged\n";
  return 0;
}
