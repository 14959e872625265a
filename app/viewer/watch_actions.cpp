// The watch's frame work and actions: samples into the graph, stop conditions, Track/Autofit,
// Identify on the pattern or the selection, colour themes.
#include <algorithm>

#include "app/viewer/viewer_state.hpp"
#include "core/error.hpp"

namespace gpulife::app {

void watch_tick(ViewerState& s, double dt) {
  WatchState& w = s.watch;
  Simulation& sim = s.sim;
  if (w.identify.poll()) {
    w.show_identify = true;
    if (w.track_when_identified && !track_identified(s))
      s.report("Track: Identify found no spaceship to follow", true);
    w.track_when_identified = false;
  }
  if (!sim.active()) return;
  // A plane sized for the pattern (not by the rule, --size or a soup) stands for Golly's
  // unbounded universe: its edge is watched.
  const bool edge_watched =
      !sim.bounded() && !s.options.size && s.options.random_density <= 0 && !s.options.compare;
  StatsRequest request;
  request.changes = w.show_graph || w.stop.needs_changes();
  request.shape = w.stop.needs_shape() || w.follow.mode() == FollowMode::Autofit || edge_watched;
  request.population = w.stop.settings.when_dies;
  sim.set_stats_request(request);
  sim.stop_at = w.stop.settings.at_generation;

  // The states seen before an edit, a rule change or a new pattern do not lead to this one.
  const Simulation::Edits& edits = sim.edits();
  if (edits.serial != w.seen_edits || edits.restart_serial != w.seen_restarts) {
    w.seen_edits = edits.serial;
    w.seen_restarts = edits.restart_serial;
    w.stop.reset();
  }
  const LiveFigures& f = sim.figures();
  if (f.samples != w.seen_samples) {
    w.seen_samples = f.samples;
    GraphSample sample;
    sample.generation = f.stats_generation;
    sample.population = f.stats.population;
    sample.changes_known = f.stats.changes_known;
    sample.births = f.stats.births;
    sample.deaths = f.stats.deaths;
    if (w.show_graph) w.graph.add(sample);
    if (f.stats.shape_known) w.live = f.stats.bounds;
    if (edge_watched && f.stats.shape_known) {
      // Cells move a cell a generation at most: the next frame may reach the edge from here.
      const int64_t reach = int64_t(std::max<uint64_t>(f.gens_per_frame, 1)) + 1;
      const Box& b = f.stats.bounds;
      const bool clear =
          b.empty() || (b.min_x >= reach && b.min_y >= reach && b.max_x < sim.width() - reach &&
                        b.max_y < sim.height() - reach);
      if (sim.running && w.edge_clear && !clear) {
        toggle_running(s);
        w.stop_message = "the pattern nears the edge of the " +
                         size_text(sim.width(), sim.height()) + " grid at generation " +
                         std::to_string(f.stats_generation) +
                         "; beyond it cells are lost, where Golly's universe has no edge (a "
                         "larger grid, or `gpulife run`, whose grid grows, goes on exactly)";
        s.report("stopped: " + w.stop_message);
      }
      w.edge_clear = clear;
    }
    if (sim.running) {
      if (const StopEvent e = w.stop.check(f.stats_generation, f.stats)) {
        toggle_running(s);
        w.stop_message = describe(e);
        s.report("stopped: " + w.stop_message);
        // The exact period and what it is come from Identify, bounded by the repeat seen.
        if (e.reason == StopReason::Periodic) {
          w.identify_max_period = int(std::min<uint64_t>(e.repeat_after, kMaxIdentifyPeriod));
          identify_now(s);
        }
      }
    }
  }
  // Run-until needs no counting: the simulation holds there and the run pauses.
  if (sim.held_at_stop()) {
    toggle_running(s);
    StopEvent e;
    e.reason = StopReason::ReachedGeneration;
    e.generation = sim.generation();
    w.stop_message = describe(e);
    s.report("stopped: " + w.stop_message);
  }
  Vec2d lo, hi;
  free_screen_area(s, lo, hi);
  if (!w.follow.apply(s.camera, sim.generation(), w.live, lo, hi, dt, 32.0 * s.ui_scale))
    s.report("Autofit is off: the view was moved by hand");
}

void identify_now(ViewerState& s) {
  WatchState& w = s.watch;
  if (!s.sim.active()) return;
  const bool selection = !s.edit.selection.empty();
  Box box = s.edit.selection;
  const IdentifyOptions limits;
  bool too_big = false;
  Pattern p;
  // One engine call for the box, the copy and the generation: a worker that steps between two
  // calls would leave a box the pattern has already moved out of.
  s.sim.with_engine([&](Engine& e) {
    // The live cells' box first, counted where the state lives, so only that box is copied.
    if (!selection) box = e.cell_stats(false, true).bounds;
    w.identify_generation = s.sim.generation_of(e.generation());
    too_big = box.width() > limits.max_side || box.height() > limits.max_side;
    if (too_big || box.empty()) return;
    p = e.read_region(box).extract();
    p.translate(box.min_x, box.min_y);
  });
  if (too_big) {
    s.report("Identify follows patterns of up to " + std::to_string(limits.max_side) +
                 " cells a side; this one is " + std::to_string(box.width()) + "x" +
                 std::to_string(box.height()) + (selection ? "" : ": select a part of it"),
             true);
    return;
  }
  const uint64_t max_period =
      uint64_t(std::clamp<int64_t>(w.identify_max_period, 1, int64_t(kMaxIdentifyPeriod)));
  w.identify.start(std::move(p), s.sim.rule(), max_period,
                   selection ? "the selection" : "the pattern");
  w.show_identify = true;
}

bool track_identified(ViewerState& s) {
  WatchState& w = s.watch;
  const auto& r = w.identify.result();
  if (!r || r->kind != PatternKind::Spaceship) return false;
  w.track_input = TrackSpeed{r->dx, r->dy, r->period};
  // From the generation Identify looked at: the view catches up with where the ship is now.
  w.follow.track(w.track_input, w.identify_generation);
  s.report("tracking " + r->speed + " " + r->heading);
  return true;
}

bool set_theme(ViewerState& s, ColourTheme theme) {
  try {
    s.sim.set_history(theme_colours(theme).history_plane);
  } catch (const Error& e) {
    s.report(e.what(), true);
    return false;
  }
  s.watch.theme = theme;
  return true;
}

void set_pattern_info(ViewerState& s, const Pattern& pattern, const std::string& source) {
  s.watch.info = pattern_info(pattern, source);
}

}  // namespace gpulife::app
