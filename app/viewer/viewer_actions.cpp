// Viewer actions used by both the keyboard and the panels: fitting, running, stepping, zooming.
#include "app/viewer/viewer_state.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/rule.hpp"

namespace gpulife::app {

// The part of the framebuffer not covered by the menu bar, the panel or the library window.
void free_screen_area(const ViewerState& s, Vec2d& lo, Vec2d& hi) {
  const Vec2d vp = s.camera.viewport();
  lo = {0, 0};
  hi = vp;
  if (s.tiles.size.x > 0) return;  // tiles: each is a view of its own, the panel floats over one
  if (s.show_menu_bar && s.menu_bar_height < vp.y * 0.5) lo.y = s.menu_bar_height;
  if (s.show_panel && s.panel_max.x > s.panel_min.x && s.panel_max.x < vp.x * 0.6)
    lo.x = s.panel_max.x;
  if (s.covered_right > lo.x + (vp.x - lo.x) * 0.4 && s.covered_right < vp.x)
    hi.x = s.covered_right;
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

void change_step_size(ViewerState& s, bool faster) {
  const std::string before = s.sim.pace.describe();
  if (faster) {
    s.sim.pace.faster(s.sim.step_size());
  } else {
    s.sim.pace.slower(s.sim.step_size());
  }
  const std::string now = s.sim.pace.describe();
  s.report(now == before ? "the pace stays at " + now + " (its limit)" : "pace " + now);
}

void toggle_fastest_pace(ViewerState& s) {
  s.sim.toggle_fastest();
  s.report("pace: " + s.sim.pace.describe());
}

void choose_tool(ViewerState& s, EditTool tool) {
  s.edit.tool = tool;
  s.report(std::string(to_string(tool)) + " tool");
}

void toggle_panel(ViewerState& s) {
  s.show_panel = !s.show_panel;
  if (s.show_panel) s.show_menu_bar = true;
}

std::string window_title(const ViewerState& s) {
  const RuleSpec spec = current_rule_spec(s.sim);
  std::string rule_text = spec.to_string();
  if (auto name = rule_name(spec.rule)) rule_text += " (" + std::string(*name) + ")";
  const LiveFigures& f = s.sim.figures();
  char figures[80];
  if (f.population_known) {
    std::snprintf(figures, sizeof figures, "generation %" PRIu64 ", population %" PRIu64,
                  f.generation, f.population);
  } else {
    std::snprintf(figures, sizeof figures, "generation %" PRIu64, f.generation);
  }
  return "gpulife — " + (s.pattern_name.empty() ? std::string("untitled") : s.pattern_name) +
         " — " + figures + " — " + rule_text;
}

std::string soup_name(const std::string& base, double density) {
  char text[64];
  std::snprintf(text, sizeof text, "random soup, density %.3g", density);
  return base.empty() ? std::string(text) : base + " + " + text;
}

void ViewerState::report(std::string text, bool error) {
  if (error) std::fprintf(stderr, "gpulife view: %s\n", text.c_str());
  notices.add(text, error ? NoticeKind::Error : NoticeKind::Info);
  message = std::move(text);
  message_is_error = error;
}

bool ViewerState::attempt(const std::function<void()>& action) {
  try {
    action();
    return true;
  } catch (const std::exception& ex) {
    report(ex.what(), true);
    return false;
  }
}

}  // namespace gpulife::app
