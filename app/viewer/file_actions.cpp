// Loading, growing, re-creating and saving: each replacement of the state is checked against
// free memory first and recorded for undo (or asked about when it cannot be).
#include "app/viewer/file_actions.hpp"

#include <algorithm>
#include <filesystem>

#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/error.hpp"
#include "core/history_rule.hpp"
#include "core/pattern_io.hpp"
#include "core/rule_phases.hpp"

namespace gpulife::app {
namespace fs = std::filesystem;
namespace {

// Stops running (closing the run's undo step) so the state holds still while it is replaced.
void hold_still(ViewerState& s) {
  end_stroke(s);
  if (s.sim.running) toggle_running(s);
  if (s.sim.active()) s.sim.cancel_steps();  // single steps asked for the old state as well
  history_end_run(s);
}

bool do_replace(ViewerState& s, const std::string& label,
                const std::function<void(ViewerState&)>& replace, bool keep) {
  StateSnapshot before;
  const size_t lost = s.edit.history.undo_count() + s.edit.history.redo_count();
  const bool replaced = s.attempt([&] {
    if (keep) before = current_snapshot(s);
    replace(s);
  });
  if (!replaced) return false;
  if (keep) {
    s.edit.history.record_replace(std::move(before), label);
  } else {
    s.edit.history.clear();
    s.report(label + ": this cannot be undone (the grid is larger than the undo memory)" +
             (lost > 0 ? "; the undo history was cleared" : ""));
  }
  s.edit.selection = {};
  return true;
}

// The state of `grid` with `rule`, as the current engine, counting from `generation`;
// `bounded_plane`: a plane grid is a bounded plane (Simulation::bounded_plane()).
void start_state(ViewerState& s, const Grid& grid, const Rule& rule, uint64_t generation,
                 const std::string& name, bool bounded_plane) {
  s.sim.running = false;
  s.sim.start(s.sim.engine_name(), grid, rule);  // throws, keeping the old state, when it cannot
  if (generation > 0) s.sim.with_engine([&](Engine& e) { e.set_generation(generation); });
  s.sim.set_bounded_plane(bounded_plane);
  s.pattern_name = name;
  cancel_paste(s);
}

// The refusal when a grid cannot be held, with the numbers.
bool refuse_size(ViewerState& s, const std::string& what, const FitCheck& fit) {
  s.report(what + " needs a " + size_text(fit.size) + " grid, which " + s.sim.engine_name() +
               " cannot hold here: " + fit.why,
           true);
  return false;
}

}  // namespace

FitLimits fit_limits(const ViewerState& s) {
  return FitLimits{s.memory, s.max_draw_bytes};
}

FitCheck fit_for(const ViewerState& s, GridSize size) {
  return check_fit(engine_registry().info(s.sim.engine_name()), size, fit_limits(s));
}

bool replace_state(ViewerState& s, const std::string& label,
                   std::function<void(ViewerState&)> replace) {
  if (!s.sim.active()) return s.attempt([&] { replace(s); });
  hold_still(s);
  const bool keep = s.edit.history.snapshot_fits(s.sim.width(), s.sim.height());
  const size_t steps = s.edit.history.undo_count() + s.edit.history.redo_count();
  if (!keep && steps > 0) {
    s.edit.confirm = PendingConfirm{
        "Clear the undo history?",
        label + " cannot be undone: the current " + size_text({s.sim.width(), s.sim.height()}) +
            " grid is larger than the undo memory (" +
            format_bytes(double(s.edit.history.budget())) + ", set in the Edit section), so the " +
            std::to_string(steps) + " steps of undo history would be lost.",
        "Continue", [label, replace](ViewerState& st) { do_replace(st, label, replace, false); }};
    return false;
  }
  return do_replace(s, label, replace, keep);
}

StateSnapshot current_snapshot(ViewerState& s) {
  StateSnapshot now;
  now.grid = s.sim.state(&now.generation);
  now.rule = s.sim.rule();
  now.name = s.pattern_name;
  now.bounded_plane = s.sim.bounded_plane();
  return now;
}

void restore_snapshot(ViewerState& s, const StateSnapshot& snap) {
  start_state(s, snap.grid, snap.rule, snap.generation, snap.name, snap.bounded_plane);
  s.edit.selection = {};
  fit_pattern(s, true);
}

PendingGrow plan_grow(ViewerState& s, PendingGrow::Kind kind, Pattern pattern, Cell top_left,
                      GridSize size, std::string source) {
  PendingGrow g;
  g.kind = kind;
  g.top_left = top_left;
  g.size = size;
  g.source = std::move(source);
  const FitLimits limits = fit_limits(s);
  EngineRegistry& registry = engine_registry();
  const EngineInfo& info = registry.info(s.sim.engine_name());
  g.fit = check_fit(info, size, limits);
  for (const EngineInfo& e : registry.engines())
    if (registry.unavailable_reason(e.name).empty())
      g.engines.emplace_back(e.name, check_fit(e, size, limits));
  const Box b = pattern.bounding_box();
  if (!g.fit.fits && kind == PendingGrow::Kind::Load) {
    g.largest = largest_fit(info, size, {b.width(), b.height()}, limits);
    if (!g.largest) {
      // A clip the size an automatic grid may have, or what fits when that is less.
      const GridSize cap{std::min(b.width(), kAutoGridMaxSide),
                         std::min(b.height(), kAutoGridMaxSide)};
      if (const std::optional<GridSize> clip = largest_fit(info, cap, {64, 64}, limits)) {
        g.clip_size = *clip;
        g.clip = best_clip(pattern, *clip);
      }
    }
  } else if (!g.fit.fits) {
    // The paste's cells that land inside the current grid.
    ClipWindow clip;
    clip.window = paste_window(b.width(), b.height(), top_left, {s.sim.width(), s.sim.height()});
    for (const Cell& c : pattern.cells()) clip.kept += clip.window.contains(c) ? 1 : 0;
    clip.where = "inside the grid";
    if (clip.kept > 0) {
      g.clip = clip;
      g.clip_size = {s.sim.width(), s.sim.height()};
    }
  }
  g.pattern = std::move(pattern);
  return g;
}

GrowChoice primary_choice(const PendingGrow& g) {
  if (g.fit.fits) return GrowChoice::Offered;
  return g.largest ? GrowChoice::Largest : GrowChoice::Clipped;
}

bool accept_grow(ViewerState& s) {
  return s.edit.grow ? accept_grow(s, primary_choice(*s.edit.grow)) : false;
}

bool accept_grow(ViewerState& s, GrowChoice choice) {
  if (!s.edit.grow || !s.sim.active()) return false;
  PendingGrow g = std::move(*s.edit.grow);
  s.edit.grow.reset();
  const bool load = g.kind == PendingGrow::Kind::Load;
  if ((choice == GrowChoice::Offered && !g.fit.fits) ||
      (choice == GrowChoice::Largest && !g.largest) || (choice == GrowChoice::Clipped && !g.clip)) {
    s.report(choice == GrowChoice::Offered
                 ? "a " + size_text(g.size) + " grid cannot be held here: " + g.fit.why
                 : std::string("no smaller grid or clip of it fits in the memory free now"),
             true);
    return false;
  }
  if (choice == GrowChoice::Clipped) {
    const Pattern part = clip_pattern(g.pattern, g.clip->window);
    const std::string of = std::to_string(g.clip->kept) + " of " +
                           std::to_string(g.pattern.population()) + " cells of " + g.source;
    if (load) {
      if (!load_pattern_into(s, part, g.clip_size, g.source + " (clipped)")) return false;
      s.report("loaded " + of + ": the " + g.clip->where + " " +
               size_text({g.clip->window.width(), g.clip->window.height()}) + " of it");
      return true;
    }
    const Cell at{g.top_left.x + g.clip->window.min_x, g.top_left.y + g.clip->window.min_y};
    const PasteMode mode = s.edit.paste_mode;
    if (!apply_edit(s, [&](Engine& e) { return paste(e, part, at, mode); })) return false;
    s.edit.paste.reset();
    s.report("pasted " + of + " (the part inside the grid)");
    return true;
  }
  if (load) {
    const GridSize size = choice == GrowChoice::Largest ? *g.largest : g.size;
    if (!load_pattern_into(s, g.pattern, size, g.source)) return false;
    s.report("loaded " + g.source + " into a " + size_text(size) + " grid");
    return true;
  }
  // Grow so the old grid and the paste both fit, keeping every old cell where it was relative
  // to the paste; the paste itself is an edit of its own after that.
  const int64_t dx = std::max<int64_t>(0, -g.top_left.x);
  const int64_t dy = std::max<int64_t>(0, -g.top_left.y);
  const Box pb = g.pattern.bounding_box();
  const int64_t w = std::max(s.sim.width(), g.top_left.x + pb.width()) + dx;
  const int64_t h = std::max(s.sim.height(), g.top_left.y + pb.height()) + dy;
  const bool grown =
      replace_state(s, "grow the grid to " + size_text({w, h}), [&](ViewerState& st) {
        uint64_t generation = 0;
        const Grid old = st.sim.state(&generation);
        Pattern cells = old.extract();
        Grid grid(w, h, old.topology());
        if (!cells.empty()) {
          const Box ob = cells.bounding_box();
          grid.place(cells, Cell{ob.min_x + dx, ob.min_y + dy});
        }
        // The same pattern at the same time, only with more room: the count goes on.
        start_state(st, grid, st.sim.rule(), generation, st.pattern_name, st.sim.bounded_plane());
        st.camera.pan_pixels({-double(dx) * st.camera.zoom(), -double(dy) * st.camera.zoom()});
      });
  if (!grown) {
    if (s.edit.confirm) s.edit.paste = g.pattern;  // asked first: the paste waits for the answer
    return false;
  }
  const Cell at{g.top_left.x + dx, g.top_left.y + dy};
  const PasteMode mode = s.edit.paste_mode;
  apply_edit(s, [&](Engine& e) { return paste(e, g.pattern, at, mode); });
  s.edit.paste.reset();
  s.report("grid grown to " + size_text({w, h}) + " for the paste");
  return true;
}

void accept_confirm(ViewerState& s) {
  if (!s.edit.confirm) return;
  const PendingConfirm c = std::move(*s.edit.confirm);
  s.edit.confirm.reset();
  if (c.accept) c.accept(s);
}

void cancel_confirm(ViewerState& s) {
  if (s.edit.confirm) s.report("cancelled: " + s.edit.confirm->title);
  s.edit.confirm.reset();
}

bool load_pattern_into(ViewerState& s, const Pattern& pattern, GridSize size,
                       const std::string& name, std::optional<Topology> topology,
                       std::optional<Cell> origin) {
  // A file without a bounded grid is on Golly's unbounded plane, whatever the grid was before.
  const Topology topo = topology.value_or(Topology::Plane);
  return replace_state(s, "load " + name, [=](ViewerState& st) {
    Grid grid(size.width, size.height, topo);
    if (!pattern.empty() && origin) {
      // Golly's place on a bounded grid: cells beyond its edge are dropped, as Golly drops them
      // (choose_grid noted it).
      const Box box = pattern.bounding_box();
      draw_pattern(pattern, grid, Cell{origin->x - box.min_x, origin->y - box.min_y});
    } else if (!pattern.empty()) {
      grid.place(pattern);  // centred; throws rather than clip
    }
    convert_golly_cells(grid, pattern.rule.rule, pattern.generation);  // B0: Golly's cells
    start_state(st, grid, pattern.rule.rule, pattern.generation, name,
                pattern.rule.bounds && pattern.rule.bounds->topology == Topology::Plane);
    set_pattern_info(st, pattern, name);
    fit_pattern(st, true);
    take_lifeviewer_script(st, pattern.comments, false);
    remember_opened_history(st, pattern);
  });
}

std::string bounds_problem(const GridBounds& b) {
  if (b.width <= 0 || b.height <= 0)
    return "a grid unbounded in one direction (a size of 0) is not supported: give both sizes "
           "(`gpulife run` runs it)";
  return {};
}

bool open_pattern(ViewerState& s, Pattern pattern, const std::string& name) {
  // What reading the file found (a file cut short) is told whatever grid the pattern goes to.
  for (const std::string& note : pattern.notes) s.report(name + ": " + note);
  pattern.notes.clear();
  const Box b = pattern.bounding_box();
  if (const std::optional<GridBounds>& bounds = pattern.rule.bounds) {
    // The file names its own grid.
    if (const std::string why = bounds_problem(*bounds); !why.empty()) {
      s.report(name + ": cannot use the rule's grid " + pattern.rule.to_string() + ": " + why,
               true);
      return false;
    }
    const GridSize size{bounds->width, bounds->height};
    if (b.width() > size.width || b.height() > size.height) {
      s.report(name + ": the pattern (" + size_text({b.width(), b.height()}) +
                   ") does not fit its own bounded grid " + size_text(size),
               true);
      return false;
    }
    if (const FitCheck fit = fit_for(s, size); !fit.fits) return refuse_size(s, name, fit);
    // Where Golly puts it: the grid centred on Golly's (0, 0), cells beyond its edges dropped
    // (with a note), as `gpulife view FILE` and `run` place it.
    GridSetup setup;
    if (!s.attempt([&] { setup = choose_grid(pattern, GridRequest{}, 0); })) return false;
    for (const std::string& note : setup.notes) s.report(name + ": " + note);
    return load_pattern_into(s, pattern, setup.size, name, setup.topology, setup.origin);
  }
  const GridSize current{s.sim.width(), s.sim.height()};
  if (b.width() <= current.width && b.height() <= current.height)
    return load_pattern_into(s, pattern, current, name);
  // Twice the pattern, rounded up to a multiple of 64, leaves room to grow.
  auto side = [](int64_t cells, int64_t now) { return std::max(now, (cells * 2 + 63) / 64 * 64); };
  const GridSize size{side(b.width(), current.width), side(b.height(), current.height)};
  s.edit.grow = plan_grow(s, PendingGrow::Kind::Load, std::move(pattern), {}, size, name);
  return false;  // the prompt asks
}

bool load_file(ViewerState& s, const std::string& path) {
  Pattern pattern;
  if (!s.attempt([&] { pattern = load_pattern_file(path); })) return false;
  const std::string name = pattern.name.empty() ? fs::path(path).filename().string() : pattern.name;
  remember_file(s, path);
  const std::string rule = pattern.rule.to_string();
  if (!open_pattern(s, std::move(pattern), name)) return false;
  s.report("loaded " + path + " (rule " + rule + ")");
  return true;
}

bool load_from_library(ViewerState& s, const fs::path& path) {
  s.edit.show_library = false;
  s.covered_right = 0;
  const bool loaded = load_file(s, path.string());
  // A question about it (grow, the undo memory) counts as taken; a failure leaves the list up.
  if (!loaded && !s.edit.grow && !s.edit.confirm) s.edit.show_library = true;
  return loaded;
}

bool recreate_grid(ViewerState& s, GridSize size, Topology topology) {
  const std::string what =
      "re-create the grid as " + size_text(size) + " " + std::string(to_string(topology));
  if (const FitCheck fit = fit_for(s, size); !fit.fits)
    return refuse_size(s, "re-creating the grid", fit);
  return replace_state(s, what, [=](ViewerState& st) {
    st.sim.recreate(size, topology);
    cancel_paste(st);
    fit_grid(st, true);
  });
}

bool apply_rule_text(ViewerState& s, std::string_view text) {
  RuleSpec spec;
  if (!s.attempt([&] { spec = parse_rule(text); })) return false;
  if (!spec.bounds) {
    // An engine may refuse the rule (e.g. no NVRTC to compile it).
    if (!s.attempt([&] { s.sim.set_rule(spec.rule); })) return false;
    s.sim.set_bounded_plane(false);  // as in Golly, a rule without a suffix is unbounded
    s.report("rule " + spec.rule.to_string());
    return true;
  }
  const std::string shown = spec.to_string();
  if (const std::string why = bounds_problem(*spec.bounds); !why.empty()) {
    s.report("cannot apply the rule " + shown + ": " + why, true);
    return false;
  }
  const GridSize size{spec.bounds->width, spec.bounds->height};
  if (const FitCheck fit = fit_for(s, size); !fit.fits) return refuse_size(s, "rule " + shown, fit);
  const Topology topology = spec.bounds->topology;
  const Rule rule = spec.rule;
  const bool done = replace_state(s, "rule " + shown, [=](ViewerState& st) {
    st.sim.recreate(size, topology);  // throws when the pattern does not fit the new grid
    st.sim.set_rule(rule);
    st.sim.set_bounded_plane(topology == Topology::Plane);
    cancel_paste(st);
    fit_grid(st, true);
  });
  if (done)
    s.report("rule " + shown + ": the grid is now a " + size_text(size) + " " +
             std::string(to_string(topology)));
  return done;
}

RuleSpec current_rule_spec(const Simulation& sim) {
  RuleSpec spec;
  spec.rule = sim.rule();
  if (sim.active() && (sim.topology() != Topology::Plane || sim.bounded_plane()))
    spec.bounds = bounds_for(sim.topology(), sim.width(), sim.height());
  return spec;
}

GridSetup choose_view_grid(ViewerState& s, Pattern& pattern, const GridRequest& request) {
  GridSetup setup = choose_grid(pattern, request, 1024);
  const ViewerOptions& o = s.options;
  const std::string engine = o.compare || o.engine.empty() ? default_engine_name() : o.engine;
  if (o.compare || !engine_registry().contains(engine)) return setup;  // checked where it starts
  const FitCheck fit = check_fit(engine_registry().info(engine), setup.size, fit_limits(s));
  if (fit.fits) return setup;
  const std::string name =
      pattern.name.empty() ? fs::path(o.pattern).stem().string() : pattern.name;
  if (request.size || pattern.rule.bounds)
    throw Error(name + " needs a " + size_text(setup.size) + " grid, which " + engine +
                " cannot hold here: " + fit.why);
  s.edit.deferred = std::move(pattern);
  s.edit.deferred_name = name;
  pattern = Pattern();
  setup.size = {1024, 1024};
  setup.origin = {};
  setup.notes.push_back(name + " needs a " + size_text(fit.size) + " grid (" + fit.why +
                        "): asking in the window what to do");
  return setup;
}

bool begin_paste_named(ViewerState& s, const std::string& name_or_path) {
  // A failure shows over the grid, as for a paste from the window.
  return s.attempt([&] { begin_paste(s, load_named_pattern(name_or_path)); });
}

void remember_file(ViewerState& s, const std::string& name_or_path) {
  const std::optional<fs::path> path = resolve_pattern_path(name_or_path);
  if (!path) return;
  s.edit.recent.add(*path);
  try {
    if (const fs::path list = recent_files_path(); !list.empty()) s.edit.recent.save(list);
  } catch (const std::exception&) {
    // A read-only config folder must not stop loading.
  }
}

void remember_opened_history(ViewerState& s, const Pattern& pattern) {
  s.opened_history.reset();
  if (pattern.history_rule)
    s.opened_history = ViewerState::OpenedHistory{
        .pattern = pattern, .serial = s.sim.edits().serial, .generation = s.sim.generation()};
}

namespace {

// The opened History pattern's extra states, on `p` (the whole grid, in the coordinates it is
// saved in), when the state is still the one it was started as: the same live cells, moved as
// a whole. False otherwise.
bool restore_history_states(const ViewerState& s, Pattern& p) {
  const std::optional<ViewerState::OpenedHistory>& h = s.opened_history;
  if (!h || h->serial != s.sim.edits().serial || h->generation != p.generation) return false;
  const std::vector<Cell>& was = h->pattern.cells();
  const std::vector<Cell>& now = p.cells();
  if (was.empty() || was.size() != now.size()) return false;
  const int64_t dx = now.front().x - was.front().x, dy = now.front().y - was.front().y;
  for (size_t i = 0; i < was.size(); ++i)
    if (now[i].x != was[i].x + dx || now[i].y != was[i].y + dy) return false;
  std::vector<StateCell> states = h->pattern.history();
  for (StateCell& c : states) c.cell = Cell{c.cell.x + dx, c.cell.y + dy};
  p.set_history(std::move(states));
  p.history_rule = true;
  return true;
}

}  // namespace

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
    Grid cells = s.sim.state(&generation);
    convert_golly_cells(cells, s.sim.rule(), generation);  // B0 rules as Golly writes them
    p = cells.extract();
  }
  p.name = s.pattern_name;
  // A bounded grid is part of the rule in Golly's notation, so it survives a reload there and
  // here; the cells go in Golly's coordinates for it (the grid centred on (0, 0)), since on a
  // bounded plane or a Klein bottle where they are matters.
  p.rule = selection_only ? RuleSpec{s.sim.rule(), std::nullopt} : current_rule_spec(s.sim);
  if (!selection_only && p.rule.bounds)
    p.translate(-(s.sim.width() / 2), -(s.sim.height() / 2));
  else if (!selection_only)
    p.move_to_origin();
  p.generation = generation;
  if (!selection_only) restore_history_states(s, p);
  return p;
}

bool save_file(ViewerState& s, const std::string& path, bool selection_only) {
  return s.attempt([&] {
    // A name that is an extension alone (the field emptied) would make a hidden file.
    const fs::path file = fs::path(path).filename();
    if (file.empty() || (file.string().front() == '.' && file.extension().empty()))
      throw Error("give the file a name: \"" + file.string() + "\" is only an extension");
    const Pattern p = pattern_for_save(s, selection_only && !s.edit.selection.empty());
    save_pattern(p, path);
    std::string note;
    const PatternFormat format = format_for_saving(path);
    if (p.rule.bounds && format == PatternFormat::Cells)
      note = " (.cells keeps no position: on the bounded grid it loads centred; .rle keeps it)";
    if (s.opened_history && (!p.history_rule || format == PatternFormat::Cells))
      note += " (the live cells alone, under " + p.rule.to_string() + ": " +
              history_rule_text(RuleSpec{p.rule.rule, std::nullopt}) +
              "'s other states are known only while the pattern is as it was opened" +
              (format == PatternFormat::Cells ? ", and .cells holds none" : "") + ")";
    s.report("saved " + std::to_string(p.population()) + " cells to " + path + note);
  });
}

}  // namespace gpulife::app
