// Viewer actions used by both the keyboard and the panels: fitting, running, stepping, zooming.
#include "app/viewer/viewer_state.hpp"

#include <algorithm>

#include "core/rule.hpp"

namespace gpulife::app {
void free_screen_area(const ViewerState& s, Vec2d& lo, Vec2d& hi) {
  const Vec2d vp = s.camera.viewport();
  lo = {0, 0};
  hi = vp;
  if (s.tile_size.x > 0) return;  // tiles: each is a view of its own, the panel floats over one
  if (s.show_panel && s.panel_max.x > s.panel_min.x && s.panel_max.x < vp.x * 0.6)
    lo.x = s.panel_max.x;
}

void fit_pattern(ViewerState& s, bool animate) {
  if (!s.sim.active()) return;
  const Box b = s.sim.live_bounds();
  if (b.empty()) {
    fit_grid(s, animate);
    return;
  }
  Vec2d lo, hi;
  free_screen_area(s, lo, hi);
  s.camera.fit_in({double(b.min_x), double(b.min_y), double(b.max_x + 1), double(b.max_y + 1)}, lo,
                  hi, 0.06, 32.0 * s.ui_scale, animate);
}

void fit_grid(ViewerState& s, bool animate) {
  if (!s.sim.active()) return;
  Vec2d lo, hi;
  free_screen_area(s, lo, hi);
  s.camera.fit_in({0, 0, double(s.sim.width()), double(s.sim.height())}, lo, hi, 0.02,
                  Camera::kMaxZoom, animate);
}

void toggle_running(ViewerState& s) {
  if (!s.sim.running) history_begin_run(s);  // undo returns here ("run from here")
  s.sim.running = !s.sim.running;
  if (!s.sim.running && s.sim.active()) {
    s.sim.backend().cancel();
    history_end_run(s);
  }
}

void step_once(ViewerState& s, uint64_t generations) {
  if (s.sim.running) {
    toggle_running(s);
    return;
  }
  history_begin_run(s);  // closed by edit_tick() once the step has run
  if (s.compare.active()) {
    s.compare.request_step(std::max<uint64_t>(1, generations));
  } else {
    s.sim.request_step(std::max<uint64_t>(1, generations));
  }
}

void zoom_step(ViewerState& s, double factor) {
  Vec2d lo, hi;
  free_screen_area(s, lo, hi);
  s.camera.animate_zoom_at({(lo.x + hi.x) * 0.5, (lo.y + hi.y) * 0.5}, factor);
}

std::string window_title(const ViewerState& s) {
  const Rule rule = s.sim.rule();
  std::string rule_text = rule.to_string();
  if (auto name = rule_name(rule)) rule_text += " (" + std::string(*name) + ")";
  return "gpulife — " + (s.pattern_name.empty() ? std::string("untitled") : s.pattern_name) +
         " — " + rule_text;
}

}  // namespace gpulife::app
