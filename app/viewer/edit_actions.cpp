// Editing actions: undoable edits through the simulation's engine, selection and clipboard,
// paste with a preview and "grow the grid", loading and saving files.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "app/viewer/edit_state.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/clipboard.hpp"
#include "core/error.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;

const char* to_string(EditTool tool) {
  switch (tool) {
    case EditTool::Draw:
      return "draw";
    case EditTool::Pick:
      return "pick";
    case EditTool::Select:
      return "select";
  }
  return "?";
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
  try {
    s.sim.edit_engine([&](Engine& e) {
      Edit edit = op(e);
      const Box touched = edit_bounds(edit);
      if (!s.edit.history.record(std::move(edit)))
        s.report("that edit is larger than the undo budget: undo history cleared", true);
      return touched;
    });
    return true;
  } catch (const std::exception& ex) {
    s.report(ex.what(), true);
    return false;
  }
}

namespace {

// Undo and redo replace the state, so running stops first (History asks for that).
void stop_for_history(ViewerState& s) {
  end_stroke(s);
  if (s.sim.running) toggle_running(s);
  s.sim.backend().cancel();
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
  try {
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
  } catch (const std::exception& ex) {
    s.report(ex.what(), true);
  }
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

bool undo(ViewerState& s) {
  if (!s.sim.active()) return false;
  stop_for_history(s);
  if (!s.edit.history.can_undo()) {
    s.report("nothing to undo");
    return false;
  }
  const std::string label = s.edit.history.undo_label();
  const bool done = replay(s, s.edit.history.undo_is_run(), s.edit.history.undo_bounds(),
                           [&](Engine& e) { return s.edit.history.undo(e); });
  if (done) s.report("undid " + label);
  return done;
}

bool redo(ViewerState& s) {
  if (!s.sim.active()) return false;
  stop_for_history(s);
  if (!s.edit.history.can_redo()) {
    s.report("nothing to redo");
    return false;
  }
  const std::string label = s.edit.history.redo_label();
  const bool done = replay(s, s.edit.history.redo_is_run(), s.edit.history.redo_bounds(),
                           [&](Engine& e) { return s.edit.history.redo(e); });
  if (done) s.report("redid " + label);
  return done;
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
  if (s.sim.active() && s.edit.history.running() && !s.sim.running &&
      s.sim.backend().backlog() == 0)
    history_end_run(s);
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
}

bool clear_selected(ViewerState& s) {
  if (s.edit.selection.empty()) return false;
  const Box sel = s.edit.selection;
  return apply_edit(s, [&](Engine& e) { return clear_selection(e, sel); });
}

bool clear_outside_selected(ViewerState& s) {
  if (s.edit.selection.empty()) return false;
  const Box sel = s.edit.selection;
  return apply_edit(s, [&](Engine& e) { return clear_outside(e, sel); });
}

bool random_fill_selected(ViewerState& s) {
  if (s.edit.selection.empty()) return false;
  const Box sel = s.edit.selection;
  const double density = s.edit.random_density;
  const uint64_t seed = s.edit.random_seed++;
  return apply_edit(s, [&](Engine& e) { return random_fill(e, sel, density, seed); });
}

bool transform_selected(ViewerState& s, Transform t) {
  if (s.edit.selection.empty()) return false;
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
  if (s.edit.selection.empty() || !s.sim.active()) return false;
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
  if (s.edit.selection.empty() || !s.sim.active()) return false;
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
  if (!fits) {
    s.edit.grow = PendingGrow{PendingGrow::Kind::Paste, p, at, need, "paste"};
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

void load_pattern_into(ViewerState& s, const Pattern& pattern, GridSize size,
                       const std::string& name) {
  Grid grid(size.width, size.height, s.sim.active() ? s.sim.topology() : Topology::Plane);
  if (!pattern.empty()) grid.place(pattern);  // centred
  const std::string engine = s.sim.engine_name();
  const Rule rule = pattern.rule.rule;
  s.sim.running = false;
  s.sim.start(engine, grid, rule);  // throws, keeping the old state, when it cannot
  s.pattern_name = name;
  set_pattern_info(s, pattern, name);
  history_reset(s);
  cancel_paste(s);
  fit_pattern(s, true);
}

bool accept_grow(ViewerState& s) {
  if (!s.edit.grow || !s.sim.active()) return false;
  PendingGrow g = std::move(*s.edit.grow);
  s.edit.grow.reset();
  try {
    if (g.kind == PendingGrow::Kind::Load) {
      load_pattern_into(s, g.pattern, g.size, g.source);
      s.report("loaded " + g.source + " into a " + std::to_string(g.size.width) + " x " +
               std::to_string(g.size.height) + " grid");
      return true;
    }
    // Grow so the old grid and the paste both fit, keeping every old cell where it was
    // relative to the paste.
    const int64_t dx = std::max<int64_t>(0, -g.top_left.x);
    const int64_t dy = std::max<int64_t>(0, -g.top_left.y);
    const Box pb = g.pattern.bounding_box();
    const int64_t w = std::max(s.sim.width(), g.top_left.x + pb.width()) + dx;
    const int64_t h = std::max(s.sim.height(), g.top_left.y + pb.height()) + dy;
    uint64_t generation = 0;
    const Grid old = s.sim.state(&generation);
    Pattern cells = old.extract();
    Grid grid(w, h, old.topology());
    if (!cells.empty()) {
      const Box ob = cells.bounding_box();
      grid.place(cells, Cell{ob.min_x + dx, ob.min_y + dy});
    }
    s.sim.start(s.sim.engine_name(), grid, s.sim.rule());
    // The same pattern at the same time, only with more room: the count goes on from where it
    // was (a new engine starts at 0, and the simulation counts from its engine).
    s.sim.with_engine([&](Engine& e) { e.set_generation(generation); });
    history_reset(s);
    const Cell at{g.top_left.x + dx, g.top_left.y + dy};
    const PasteMode mode = s.edit.paste_mode;
    s.camera.pan_pixels({-double(dx) * s.camera.zoom(), -double(dy) * s.camera.zoom()});
    apply_edit(s, [&](Engine& e) { return paste(e, g.pattern, at, mode); });
    s.edit.paste.reset();
    s.report("grid grown to " + std::to_string(w) + " x " + std::to_string(h) + " for the paste");
    return true;
  } catch (const std::exception& ex) {
    s.report(ex.what(), true);
    return false;
  }
}

bool load_file(ViewerState& s, const std::string& path) {
  Pattern pattern;
  try {
    pattern = load_pattern_file(path);
  } catch (const std::exception& ex) {
    // ParseError's message already names file, line and column.
    s.report(ex.what(), true);
    return false;
  }
  const std::string name = pattern.name.empty() ? fs::path(path).filename().string() : pattern.name;
  s.edit.recent.add(path);
  try {
    if (const fs::path list = recent_files_path(); !list.empty()) s.edit.recent.save(list);
  } catch (const std::exception&) {
    // A read-only config folder must not stop loading.
  }
  const Box b = pattern.bounding_box();
  const GridSize current{s.sim.width(), s.sim.height()};
  if (b.width() > current.width || b.height() > current.height) {
    // Twice the pattern, rounded up to a multiple of 64, leaves room to grow.
    auto side = [](int64_t cells, int64_t now) {
      return std::max(now, (cells * 2 + 63) / 64 * 64);
    };
    s.edit.grow = PendingGrow{PendingGrow::Kind::Load,
                              std::move(pattern),
                              {},
                              {side(b.width(), current.width), side(b.height(), current.height)},
                              name};
    s.report(name + " (" + std::to_string(b.width()) + " x " + std::to_string(b.height()) +
                 ") is larger than the grid: grow it?",
             true);
    return false;
  }
  try {
    load_pattern_into(s, pattern, current, name);
  } catch (const std::exception& ex) {
    s.report(ex.what(), true);
    return false;
  }
  s.report("loaded " + path + " (rule " + pattern.rule.rule.to_string() + ")");
  return true;
}

Pattern pattern_for_save(ViewerState& s, bool selection_only) {
  uint64_t generation = 0;
  Pattern p;
  if (selection_only && !s.edit.selection.empty()) {
    const Box sel = s.edit.selection;
    s.sim.edit_engine([&](Engine& e) {
      p = copy_selection(e, sel);
      return Box{};
    });
    generation = s.sim.generation();
  } else {
    p = s.sim.state(&generation).extract();
    p.move_to_origin();
  }
  p.name = s.pattern_name;
  p.rule.rule = s.sim.rule();
  p.generation = generation;
  return p;
}

bool save_file(ViewerState& s, const std::string& path, bool selection_only) {
  try {
    const Pattern p = pattern_for_save(s, selection_only);
    save_pattern(p, path);
    s.report("saved " + std::to_string(p.population()) + " cells to " + path);
    return true;
  } catch (const std::exception& ex) {
    s.report(ex.what(), true);
    return false;
  }
}

}  // namespace gpulife::app
