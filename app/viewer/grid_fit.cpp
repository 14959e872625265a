// Memory and drawing checks for a grid size, the largest size that fits, and clip windows.
#include "app/viewer/grid_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "app/banded_run.hpp"

namespace gpulife::app {
namespace {

double bit_grid_bytes(GridSize s) {
  return double((s.width + 63) / 64) * 8.0 * double(s.height);
}

double drawn_bytes(const EngineInfo& info, GridSize s) {
  // GL-shared GPU engines are drawn in their own layout; everything else from a bit-packed copy.
  if (info.gpu && info.gl_shared && info.layout == CellLayout::BytePerCell)
    return std::ceil(double(s.width) / 16.0) * 16.0 * double(s.height);
  return bit_grid_bytes(s);
}

std::string shortfall(const char* where, double need, double free_bytes) {
  return "needs " + format_bytes(need) + " of " + where + " memory, " + format_bytes(free_bytes) +
         " free";
}

}  // namespace

std::string format_bytes(double bytes) {
  char text[32];
  if (bytes >= 1024.0 * 1048576.0) {
    std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1024.0 * 1048576.0));
  } else {
    std::snprintf(text, sizeof text, "%.0f MiB", std::ceil(bytes / 1048576.0));
  }
  return text;
}

FitCheck check_fit(const EngineInfo& info, GridSize size, const FitLimits& limits) {
  FitCheck c;
  c.size = size;
  c.gpu = info.gpu;
  const double state = memory_bytes(info, size.width, size.height);
  // The banded engine keeps its bands on several GPUs and checks them as it makes them; the
  // renderer fetches only what it draws, and the host holds no copy.
  const bool banded = is_banded_engine(info.name);
  const double copies = banded
                            ? 0.0
                            : double(info.gpu && info.gl_shared ? kHostCopiesGpu : kHostCopiesCpu) *
                                  bit_grid_bytes(size);
  c.device_bytes = info.gpu && !banded ? state : 0.0;
  c.host_bytes = (info.gpu ? 0.0 : state) + copies;
  c.drawn_bytes = banded ? 0.0 : drawn_bytes(info, size);
  if (limits.probe.host_free_bytes) c.host_free = limits.probe.host_free_bytes();
  if (info.gpu && limits.probe.device_free_bytes) c.device_free = limits.probe.device_free_bytes();
  constexpr int64_t kMaxSide = std::numeric_limits<int32_t>::max();  // the shader's sizes
  if (size.width <= 0 || size.height <= 0) {
    c.fits = false;
    c.why = "the grid has no cells";
  } else if (size.width > kMaxSide || size.height > kMaxSide) {
    c.fits = false;
    c.why = "sides are limited to " + std::to_string(kMaxSide) + " cells";
  } else if (limits.max_draw_bytes > 0 && c.drawn_bytes > double(limits.max_draw_bytes)) {
    c.fits = false;
    c.why = "one state is " + format_bytes(c.drawn_bytes) + ", over the " +
            format_bytes(double(limits.max_draw_bytes)) + " the viewer can draw";
  } else if (c.device_free && !fits_in_memory(c.device_bytes, *c.device_free)) {
    c.fits = false;
    c.why = shortfall("GPU", c.device_bytes, *c.device_free);
  } else if (c.host_free && !fits_in_memory(c.host_bytes, *c.host_free)) {
    c.fits = false;
    c.why = shortfall("host", c.host_bytes, *c.host_free);
  }
  return c;
}

std::optional<GridSize> largest_fit(const EngineInfo& info, GridSize wanted, GridSize minimum,
                                    const FitLimits& limits) {
  minimum.width = std::max<int64_t>(minimum.width, 1);
  minimum.height = std::max<int64_t>(minimum.height, 1);
  wanted.width = std::max(wanted.width, minimum.width);
  wanted.height = std::max(wanted.height, minimum.height);
  auto size_at = [&](double t) {
    auto side = [&](int64_t want, int64_t least) {
      const int64_t s = int64_t(std::floor(double(want) * t / 64.0)) * 64;
      return std::clamp<int64_t>(s, least, want);
    };
    return GridSize{side(wanted.width, minimum.width), side(wanted.height, minimum.height)};
  };
  if (check_fit(info, wanted, limits).fits) return wanted;
  if (!check_fit(info, minimum, limits).fits) return std::nullopt;
  double lo = 0.0, hi = 1.0;  // size_at(lo) fits (it is `minimum` or larger), size_at(hi) not
  for (int i = 0; i < 48; ++i) {
    const double mid = 0.5 * (lo + hi);
    (check_fit(info, size_at(mid), limits).fits ? lo : hi) = mid;
  }
  const GridSize best = size_at(lo);
  return check_fit(info, best, limits).fits ? best : minimum;
}

ClipWindow best_clip(const Pattern& pattern, GridSize clip) {
  ClipWindow best;
  const Box b = pattern.bounding_box();
  if (b.empty()) return best;
  const int64_t w = std::min(clip.width, b.width()), h = std::min(clip.height, b.height());
  const struct {
    const char* where;
    int64_t x, y;
  } candidates[] = {
      {"top-left", b.min_x, b.min_y},
      {"top-right", b.max_x - w + 1, b.min_y},
      {"bottom-left", b.min_x, b.max_y - h + 1},
      {"bottom-right", b.max_x - w + 1, b.max_y - h + 1},
      {"middle", b.min_x + (b.width() - w) / 2, b.min_y + (b.height() - h) / 2},
  };
  bool first = true;
  for (const auto& c : candidates) {
    const Box window{c.x, c.y, c.x + w - 1, c.y + h - 1};
    const uint64_t kept =
        uint64_t(std::count_if(pattern.cells().begin(), pattern.cells().end(),
                               [&](const Cell& cell) { return window.contains(cell); }));
    if (first || kept > best.kept) {
      best = {window, kept, c.where};
      first = false;
    }
  }
  return best;
}

Box paste_window(int64_t width, int64_t height, Cell at, GridSize grid) {
  const Box window{std::max<int64_t>(0, at.x) - at.x, std::max<int64_t>(0, at.y) - at.y,
                   std::min(grid.width - 1, at.x + width - 1) - at.x,
                   std::min(grid.height - 1, at.y + height - 1) - at.y};
  return window.empty() ? Box{} : window;
}

Pattern clip_pattern(const Pattern& pattern, const Box& window) {
  std::vector<Cell> cells;
  for (const Cell& c : pattern.cells())
    if (window.contains(c)) cells.push_back({c.x - window.min_x, c.y - window.min_y});
  Pattern out(std::move(cells));
  out.rule = pattern.rule;
  out.name = pattern.name;
  out.author = pattern.author;
  out.comments = pattern.comments;
  out.generation = pattern.generation;
  return out;
}

}  // namespace gpulife::app
