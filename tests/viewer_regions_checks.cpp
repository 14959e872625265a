// The renderer's region path (what it draws of grids held in no one buffer, such as bands on
// several GPUs) against its whole-grid path: a host-side region source serves the cells or
// block counts the renderer asks for, and every zoom and position must give the same pixels as
// drawing the whole grid's buffer. Runs on any EGL device (llvmpipe too); exit 77 = skipped.
#include <glad/gl.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/viewer/egl_context.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/grid_renderer.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"

namespace gpulife::app {
namespace {

// Serves regions of a host grid: rows of words for cells, counts for blocks.
class HostRegions final : public RegionSource {
 public:
  explicit HostRegions(const Grid& g) : g_(g) {}
  RegionData fetch(const RegionRequest& r) override {
    ++fetches;
    last = r;
    RegionData d;
    d.x0 = r.x0;
    d.y0 = r.y0;
    d.height = r.y1 - r.y0;
    std::vector<uint32_t> data;
    if (r.level < 0) {
      if (r.x0 % 64 != 0) throw Error("cells region not on a word");
      const int64_t words = (r.x1 - r.x0 + 63) / 64;
      d.width = words * 64;
      d.row_pitch_bytes = size_t(words) * 8;
      data.resize(size_t(words * d.height) * 2);
      for (int64_t y = 0; y < d.height; ++y)
        std::copy_n(reinterpret_cast<const uint32_t*>(g_.row(r.y0 + y) + r.x0 / 64),
                    size_t(words) * 2, data.data() + size_t(y * words) * 2);
    } else {
      const int64_t side = int64_t{16} << r.level;
      d.width = r.x1 - r.x0;
      d.row_pitch_bytes = size_t(d.width) * 4;
      data.assign(size_t(d.width * d.height), 0);
      for (int64_t by = 0; by < d.height; ++by)
        for (int64_t bx = 0; bx < d.width; ++bx) {
          uint32_t n = 0;
          for (int64_t y = (r.y0 + by) * side; y < std::min((r.y0 + by + 1) * side, g_.height());
               ++y)
            for (int64_t x = (r.x0 + bx) * side; x < std::min((r.x0 + bx + 1) * side, g_.width());
                 ++x)
              n += g_.get(x, y);
          data[size_t(by * d.width + bx)] = n;
        }
    }
    buffer_ = GlBuffer(std::max<size_t>(data.size() * 4, 16), 0, data.data());
    d.buffer = buffer_.id();
    d.buffer_bytes = buffer_.bytes();
    return d;
  }
  int fetches = 0;
  RegionRequest last;

 private:
  const Grid& g_;
  GlBuffer buffer_;
};

std::vector<uint8_t> render(GridRenderer& r, const GridView& view, const Camera& camera,
                            const GlFramebuffer& fb) {
  glBindFramebuffer(GL_FRAMEBUFFER, fb.id());
  r.draw(view, camera);
  glFinish();
  std::vector<uint8_t> px(size_t(fb.width()) * size_t(fb.height()) * 4);
  glReadPixels(0, 0, fb.width(), fb.height(), GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  return px;
}

int check() {
  Grid g(3000, 2000);
  g.randomize(0.3, 41);
  for (int64_t x = 0; x < 3000; ++x) g.set(x, 1000, true);  // a line across every block row
  for (int64_t y = 0; y < 2000; ++y) g.set(2999, y, true);  // and down the last column
  const size_t pitch = size_t(g.words_per_row()) * 8;
  GlBuffer whole(pitch * size_t(g.height()), 0, g.row(0));
  GridView full;
  full.buffer = whole.id();
  full.buffer_bytes = whole.bytes();
  full.row_pitch_bytes = pitch;
  full.width = g.width();
  full.height = g.height();
  full.version = 1;
  HostRegions source(g);
  GridView regional = full;
  regional.buffer = 0;
  regional.buffer_bytes = 0;
  regional.regions = &source;

  const int w = 320, h = 240;
  GlFramebuffer fb(w, h);
  if (!fb.complete()) {
    std::printf("FAIL: framebuffer incomplete\n");
    return 1;
  }
  GridRenderer a, b;
  Camera camera;
  camera.set_viewport(w, h);
  int failures = 0, cases = 0;
  int levels_seen[2] = {0, 0};  // cells, blocks
  for (double zoom : {8.0, 1.5, 1.0, 0.7, 0.2, 1.0 / 16, 1.0 / 40, 1.0 / 150, 1.0 / 900, 1e-4})
    for (const Vec2d centre : {Vec2d{1500, 1000}, Vec2d{10, 10}, Vec2d{2995, 1990},
                               Vec2d{-300, 700}, Vec2d{1234.5, 999.25}}) {
      camera.set_view(centre, zoom);
      const int before = source.fetches;
      const std::vector<uint8_t> want = render(a, full, camera, fb);
      const std::vector<uint8_t> got = render(b, regional, camera, fb);
      ++cases;
      if (source.fetches > before) ++levels_seen[source.last.level < 0 ? 0 : 1];
      // Only what is visible is asked for: the viewport's cells (or blocks) and a small margin.
      const RegionRequest& r = source.last;
      const double unit = r.level < 0 ? 1.0 : double(int64_t{16} << r.level);
      if (source.fetches > before &&
          (double(r.x1 - r.x0) > w / zoom / unit + 6 + (r.level < 0 ? 128 : 0) ||
           double(r.y1 - r.y0) > h / zoom / unit + 6)) {
        std::printf("FAIL: zoom %g asked for %lld x %lld units, more than is visible\n", zoom,
                    static_cast<long long>(r.x1 - r.x0), static_cast<long long>(r.y1 - r.y0));
        ++failures;
      }
      if (got != want) {
        size_t first = 0;
        while (first < got.size() && got[first] == want[first]) ++first;
        std::printf("FAIL: zoom %g at (%g, %g): pixel %zu differs (level %d)\n", zoom, centre.x,
                    centre.y, first / 4, source.last.level);
        ++failures;
      }
    }
  if (levels_seen[0] == 0 || levels_seen[1] == 0) {
    std::printf("FAIL: the region source was not asked for both cells and blocks\n");
    ++failures;
  }
  std::printf("%d of %d views drew the same pixels from regions as from the whole grid\n",
              cases - failures, cases);
  return failures ? 1 : 0;
}

}  // namespace
}  // namespace gpulife::app

int main() {
  std::unique_ptr<gpulife::app::EglContext> context;
  try {
    context = std::make_unique<gpulife::app::EglContext>();
  } catch (const gpulife::Error& e) {
    std::printf("skipped: no EGL device (%s)\n", e.what());
    return 77;
  }
  try {
    return gpulife::app::check();
  } catch (const gpulife::Error& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
}
