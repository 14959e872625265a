// LifeViewer scripts applied to the viewer.
#include "app/viewer/lifeviewer_actions.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {
namespace {

std::string listed(const std::vector<std::string>& items) {
  std::string s;
  for (const std::string& item : items) s += (s.empty() ? "" : ", ") + item;
  return s;
}

// (X, Y) cells a generation as Track's whole cells every so many generations.
TrackSpeed track_speed(Fraction x, Fraction y) {
  const int64_t lcm = std::lcm(x.den, y.den);
  constexpr int64_t kMaxGenerations = int64_t{1} << 20;
  if (lcm <= kMaxGenerations) return {x.num * (lcm / x.den), y.num * (lcm / y.den), uint64_t(lcm)};
  return {std::llround(x.value() * double(kMaxGenerations)),
          std::llround(y.value() * double(kMaxGenerations)), uint64_t(kMaxGenerations)};
}

}  // namespace

void take_lifeviewer_script(ViewerState& s, const std::vector<std::string>& comments,
                            bool startup) {
  const LifeViewerScript v = parse_lifeviewer_script(comments);
  if (!v.present) return;
  const ViewerOptions& o = s.options;
  if ((v.gps || v.step) && !(startup && o.pace)) {
    // LifeViewer shows every STEP-th generation GPS times a second (60 when not given).
    const uint64_t step = v.step.value_or(1);
    s.sim.pace.mode = PaceMode::Rate;
    s.sim.pace.rate = v.gps.value_or(60.0) * double(step);
    s.sim.pace.step = int(std::min<uint64_t>(step, INT_MAX));
  }
  if (v.stop && !(startup && o.watch.stop.at_generation)) {
    s.watch.stop.settings.at_generation = *v.stop;
    s.sim.stop_at = *v.stop;
  }
  if (v.autostart && !s.sim.running) {
    if (startup)
      s.sim.running = true;
    else
      toggle_running(s);
  }
  s.pending_lifeviewer_script = PendingLifeViewerScript{v, startup};
  std::string note = "LifeViewer script: ";
  note += v.applied.empty() ? "nothing gpulife applies" : listed(v.applied);
  if (!v.not_done.empty()) note += "; not done here: " + listed(v.not_done);
  if (!v.unknown.empty()) note += "; not commands gpulife knows: " + listed(v.unknown);
  s.report(note);
  if (!v.errors.empty()) s.report("LifeViewer script: " + listed(v.errors), true);
}

void apply_pending_lifeviewer_script(ViewerState& s) {
  if (!s.pending_lifeviewer_script || !s.sim.active()) return;
  const PendingLifeViewerScript pending = std::move(*s.pending_lifeviewer_script);
  s.pending_lifeviewer_script.reset();
  const LifeViewerScript& v = pending.script;
  const ViewerOptions& o = s.options;
  if ((v.zoom || v.x || v.y) && !(pending.startup && (o.zoom > 0 || o.center))) {
    // X and Y are cells from the pattern's middle; that cell goes to the free area's middle.
    const Box b = s.sim.live_bounds();
    const Vec2d middle = b.empty() ? Vec2d{s.sim.width() * 0.5, s.sim.height() * 0.5}
                                   : Vec2d{(double(b.min_x) + double(b.max_x) + 1) * 0.5,
                                           (double(b.min_y) + double(b.max_y) + 1) * 0.5};
    const Vec2d cell{middle.x + v.x.value_or(0), middle.y + v.y.value_or(0)};
    const double zoom = v.zoom.value_or(s.camera.zoom()) * s.ui_scale;
    Vec2d lo, hi;
    free_screen_area(s, lo, hi);
    const Vec2d vp = s.camera.viewport();
    const Vec2d at{(lo.x + hi.x) * 0.5, (lo.y + hi.y) * 0.5};
    s.camera.set_view({cell.x - (at.x - vp.x * 0.5) / zoom, cell.y - (at.y - vp.y * 0.5) / zoom},
                      zoom);
  }
  const bool follow_asked = pending.startup && (o.watch.track || o.watch.autofit);
  if (follow_asked) return;
  if (v.autofit) s.watch.follow.autofit();
  if (v.track_x && v.track_y)
    s.watch.follow.track(track_speed(*v.track_x, *v.track_y), s.sim.generation());
}

}  // namespace gpulife::app
