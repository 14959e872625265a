// Editing actions: undoable edits through the simulation's engine, selection and clipboard,
// paste with a preview (growing the grid: file_actions.cpp).
#include <algorithm>
#include <cmath>

#include "app/viewer/edit_state.hpp"
#include "app/viewer/file_actions.hpp"
#include "app/viewer/grid_fit.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/clipboard.hpp"
#include "core/enum_names.hpp"
#include "core/error.hpp"

namespace gpulife::app {

const char* to_string(EditTool tool) {
  static constexpr const char* kNames[] = {"draw", "pick", "select"};
  return enum_name(tool, kNames, "?");
}

Cell cell_at(const ViewerState& s, double px_x, double px_y) {
  const Vec2d c = s.camera.screen_to_cell({px_x, px_y});
  return {int64_t(std::floor(c.x)), int64_t(std::floor(c.y))};
}

Box edit_bounds(const Edit& edit) {
  return edit.bounds();
}

bool apply_edit(ViewerState& s, const std::function<Edit(Engine&)>& op) {
  if (!s.sim.active()) return false;
  return s.attempt([&] {
    s.sim.edit_engine([&](Engine& e) {
      Edit edit = op(e);
      const Box touched = edit_bounds(edit);
      if (!s.edit.history.record(std::move(edit)))
        s.report("that edit is larger than the undo budget: undo history cleared", true);
      return touched;
    });
  });
}

namespace {

// Undo and redo replace the state, so running stops first (History asks for that).
void stop_for_history(ViewerState& s) {
  end_stroke(s);
  if (s.sim.running) toggle_running(s);
  s.sim.cancel_steps();  // single steps asked for the state being replaced as well
  history_end_run(s);
}

Box grid_bounds(const ViewerState& s) {
  return {0, 0, s.sim.width() - 1, s.sim.height() - 1};
}

// Replays one history step. An edit rewrites only its patches' rectangle, so the CPU backend
// refreshes just those rows of its copy of the grid; a run replaces the whole state.
bool replay(ViewerState& s, bool is_run, const Box& bounds,
            const std::function<bool(Engine&)>& step) {
  bool done = false;
  if (is_run) {
    s.sim.with_engine([&](Engine& e) { done = step(e); });
  } else {
    s.sim.edit_engine([&](Engine& e) {
      done = step(e);
      return bounds;
    });
  }
  return done;
}

}  // namespace

void flush_stroke(ViewerState& s) {
  if (!s.edit.stroke || s.edit.stroke_points.empty() || !s.sim.active()) return;
  s.attempt([&] {
    s.sim.edit_engine([&](Engine& e) {
      Box touched;
      for (const Cell& c : s.edit.stroke_points) {
        const Box b = box_from_corners(s.edit.stroke->last(), c);
        touched = touched.empty()
                      ? b
                      : Box{std::min(touched.min_x, b.min_x), std::min(touched.min_y, b.min_y),
                            std::max(touched.max_x, b.max_x), std::max(touched.max_y, b.max_y)};
        s.edit.stroke->to(e, c);
      }
      return touched;
    });
  });
  s.edit.stroke_points.clear();
}

void end_stroke(ViewerState& s) {
  if (!s.edit.stroke) return;
  flush_stroke(s);
  Edit edit = s.edit.stroke->finish();
  s.edit.stroke.reset();
  if (!s.edit.history.record(std::move(edit)))
    s.report("that stroke is larger than the undo budget: undo history cleared", true);
}

namespace {

// Undo (back) or redo one step of whichever kind it is; `say`: report it.
bool walk_history(ViewerState& s, bool back, bool say = true) {
  if (!s.sim.active()) return false;
  stop_for_history(s);
  History& h = s.edit.history;
  const std::string verb = back ? "undo" : "redo";
  if (back ? !h.can_undo() : !h.can_redo()) {
    s.report("nothing to " + verb);
    return false;
  }
  const std::string label = back ? h.undo_label() : h.redo_label();
  bool done = false;
  try {
    const auto restore = [&](const StateSnapshot& snap) { restore_snapshot(s, snap); };
    if (back ? h.undo_is_replace() : h.redo_is_replace()) {
      done = back ? h.undo_replace(current_snapshot(s), restore) : h.redo_replace(restore);
    } else {
      done = replay(s, back ? h.undo_is_run() : h.redo_is_run(),
                    back ? h.undo_bounds() : h.redo_bounds(),
                    [&](Engine& e) { return back ? h.undo(e) : h.redo(e); });
    }
  } catch (const std::exception& ex) {
    s.report("cannot " + verb + " " + label + ": " + ex.what(), true);
    return false;
  }
  if (done && say) s.report((back ? "undid " : "redid ") + label);
  return done;
}

}  // namespace

bool reset_to_start(ViewerState& s) {
  if (!s.sim.active()) return false;
  stop_for_history(s);
  const uint64_t from = s.sim.generation();
  int runs = 0;
  while (s.edit.history.undo_is_run()) {
    if (!walk_history(s, true, false)) return false;  // it said why
    ++runs;
  }
  if (runs == 0) {
    s.report("nothing to reset: no run since the last change (generation " + std::to_string(from) +
             ")");
    return false;
  }
  s.report("reset to generation " + std::to_string(s.sim.generation()) + " from " +
           std::to_string(from) + " (redo steps forward again)");
  return true;
}

bool undo(ViewerState& s) {
  return walk_history(s, true);
}

bool redo(ViewerState& s) {
  return walk_history(s, false);
}

void history_begin_run(ViewerState& s) {
  if (!s.sim.active() || s.edit.history.running()) return;
  bool ok = true;
  s.sim.edit_engine([&](Engine& e) {
    ok = s.edit.history.begin_run(e);
    return Box{};  // reads only
  });
  if (!ok) s.report("the grid is larger than the undo budget: this run cannot be undone", true);
}

void history_end_run(ViewerState& s) {
  if (!s.sim.active() || !s.edit.history.running()) return;
  s.sim.edit_engine([&](Engine& e) {
    s.edit.history.end_run(e);
    return Box{};  // reads only
  });
}

void edit_tick(ViewerState& s) {
  flush_stroke(s);
  // A single step (or a run just paused) is over once the worker has nothing queued.
  if (s.sim.active() && s.edit.history.running() && !s.sim.running && s.sim.backlog() == 0)
    history_end_run(s);
  if (s.edit.deferred && s.sim.active()) {
    Pattern p = std::move(*s.edit.deferred);
    s.edit.deferred.reset();
    open_pattern(s, std::move(p), s.edit.deferred_name);
  }
  if (!s.edit.dropped.empty()) {
    const std::vector<std::string> files = std::move(s.edit.dropped);
    s.edit.dropped.clear();
    load_file(s, files.front());
    if (files.size() > 1) s.report("loaded " + files.front() + " (one file at a time)");
  }
}

void history_reset(ViewerState& s) {
  s.edit.history.clear();
  s.edit.selection = {};
}

void select_all(ViewerState& s) {
  if (!s.sim.active()) return;
  const Box live = s.sim.live_bounds();
  s.edit.selection = live.empty() ? grid_bounds(s) : live;
  s.report(std::string(live.empty() ? "no live cells: selected the whole grid, " : "selected ") +
           std::to_string(s.edit.selection.width()) + " x " +
           std::to_string(s.edit.selection.height()));
}

namespace {

// Selection actions say why they did nothing rather than appear dead.
bool need_selection(ViewerState& s, const char* action) {
  if (!s.edit.selection.empty()) return true;
  s.report(std::string("nothing selected to ") + action +
           ": drag with the Select tool (S) or press Ctrl+A");
  return false;
}

}  // namespace

bool clear_selected(ViewerState& s) {
  if (!need_selection(s, "clear")) return false;
  const Box sel = s.edit.selection;
  return apply_edit(s, [&](Engine& e) { return clear_selection(e, sel); });
}

bool clear_outside_selected(ViewerState& s) {
  if (!need_selection(s, "clear around")) return false;
  const Box sel = s.edit.selection;
  return apply_edit(s, [&](Engine& e) { return clear_outside(e, sel); });
}

bool random_fill_selected(ViewerState& s) {
  if (!need_selection(s, "fill")) return false;
  const Box sel = s.edit.selection;
  const double density = s.edit.random_density;
  const uint64_t seed = s.edit.random_seed++;
  return apply_edit(s, [&](Engine& e) { return random_fill(e, sel, density, seed); });
}

bool transform_selected(ViewerState& s, Transform t) {
  if (!need_selection(s, "rotate or flip")) return false;
  const Box sel = s.edit.selection;
  Box next = sel;
  const bool ok = apply_edit(s, [&](Engine& e) {
    TransformResult r = transform_selection(e, sel, t);
    next = r.selection;
    return std::move(r.edit);
  });
  if (ok) s.edit.selection = next;
  return ok;
}

namespace {

void put_clipboard(ViewerState& s, const std::string& text) {
  if (s.edit.set_clipboard) {
    s.edit.set_clipboard(text);
  } else {
    s.edit.local_clipboard = text;
  }
}

std::string take_clipboard(ViewerState& s) {
  return s.edit.get_clipboard ? s.edit.get_clipboard() : s.edit.local_clipboard;
}

}  // namespace

bool copy_selected(ViewerState& s) {
  if (!s.sim.active() || !need_selection(s, "copy")) return false;
  Pattern p;
  const Box sel = s.edit.selection;
  s.sim.edit_engine([&](Engine& e) {
    p = copy_selection(e, sel);
    return Box{};
  });
  put_clipboard(s, pattern_to_clipboard(p));
  s.report("copied " + std::to_string(p.population()) + " cells as RLE");
  return true;
}

bool cut_selected(ViewerState& s) {
  if (!s.sim.active() || !need_selection(s, "cut")) return false;
  Pattern p;
  const Box sel = s.edit.selection;
  const bool ok = apply_edit(s, [&](Engine& e) {
    CutResult r = cut_selection(e, sel);
    p = std::move(r.pattern);
    return std::move(r.edit);
  });
  if (!ok) return false;
  put_clipboard(s, pattern_to_clipboard(p));
  s.report("cut " + std::to_string(p.population()) + " cells as RLE");
  return true;
}

bool paste_from_clipboard(ViewerState& s) {
  ClipboardPattern c = pattern_from_clipboard(take_clipboard(s));
  if (!c.ok()) {
    s.report(c.error, true);
    return false;
  }
  if (c.pattern->empty()) {
    s.report("the clipboard's pattern has no live cells", true);
    return false;
  }
  begin_paste(s, std::move(*c.pattern));
  return true;
}

void begin_paste(ViewerState& s, Pattern pattern) {
  pattern.move_to_origin();
  s.edit.paste = std::move(pattern);
  Cell at = s.edit.hover;
  if (!s.edit.hover_valid) {
    const Vec2d c = s.camera.center();
    at = {int64_t(std::floor(c.x)), int64_t(std::floor(c.y))};
  }
  move_paste(s, at);
  s.report("pasting " + std::to_string(s.edit.paste->population()) +
           " cells: click to place, R/Shift+R rotate, X/Y flip, Esc cancels");
}

void move_paste(ViewerState& s, Cell cell) {
  if (!s.edit.paste) return;
  const Box b = s.edit.paste->bounding_box();
  s.edit.paste_at = {cell.x - b.width() / 2, cell.y - b.height() / 2};
}

void transform_paste(ViewerState& s, Transform t) {
  if (!s.edit.paste) return;
  const Box before = s.edit.paste->bounding_box();
  Pattern next = transformed(*s.edit.paste, t);
  next.move_to_origin();
  const Box after = next.bounding_box();
  // Keep the preview's centre where it was.
  s.edit.paste_at.x += (before.width() - after.width()) / 2;
  s.edit.paste_at.y += (before.height() - after.height()) / 2;
  s.edit.paste = std::move(next);
}

bool place_paste(ViewerState& s) {
  if (!s.edit.paste || !s.sim.active()) return false;
  const Pattern& p = *s.edit.paste;
  const Cell at = s.edit.paste_at;
  bool fits = true;
  GridSize need;
  s.sim.edit_engine([&](Engine& e) {
    fits = paste_fits(e, p, at);
    if (!fits) need = size_to_fit(e, p, at);
    return Box{};
  });
  if (!fits && s.sim.bounded()) {
    // A bounded grid never grows, as in Golly: the part of the paste inside it goes in.
    const Box b = p.bounding_box();
    const Box window = paste_window(b.width(), b.height(), at, {s.sim.width(), s.sim.height()});
    const Pattern part = window.empty() ? Pattern() : clip_pattern(p, window);
    if (part.empty()) {
      s.report("the paste lies beyond the bounded grid: nothing to paste there", true);
      return false;
    }
    const uint64_t left_out = p.population() - part.population();
    const Cell to{at.x + window.min_x, at.y + window.min_y};
    const PasteMode mode = s.edit.paste_mode;
    if (!apply_edit(s, [&](Engine& e) { return paste(e, part, to, mode); })) return false;
    s.report("pasted " + std::to_string(part.population()) + " cells; " + std::to_string(left_out) +
             " beyond the bounded grid's edge were left out");
    s.edit.paste.reset();
    return true;
  }
  if (!fits) {
    s.edit.grow = plan_grow(s, PendingGrow::Kind::Paste, p, at, need, "the paste");
    return false;
  }
  const PasteMode mode = s.edit.paste_mode;
  const bool ok = apply_edit(s, [&](Engine& e) { return paste(e, p, at, mode); });
  if (ok) {
    s.report("pasted " + std::to_string(p.population()) + " cells (" +
             std::string(to_string(mode)) + ")");
    s.edit.paste.reset();
  }
  return ok;
}

void cancel_paste(ViewerState& s) {
  s.edit.paste.reset();
  s.edit.grow.reset();
}

}  // namespace gpulife::app
