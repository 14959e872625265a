// Actions that replace the whole state — loading a file, growing or re-creating the grid, a rule
// with a bounded grid — kept undoable (or asked about first when the undo memory cannot hold
// the state), checked against free memory first; and saving. No GL, no GLFW.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "app/grid_setup.hpp"
#include "app/viewer/edit_state.hpp"
#include "core/history.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

struct ViewerState;
class Simulation;

// Runs `replace` (which swaps the whole state, and throws having changed nothing when it cannot)
// with the current state recorded for undo under `label`. When the current state is larger than
// the undo memory and there is history to lose, asks first (s.edit.confirm) and returns false:
// the user's yes runs it. Errors are reported; true when the state was replaced.
bool replace_state(ViewerState& s, const std::string& label,
                   std::function<void(ViewerState&)> replace);
// The whole current state, for undoing a replacement (and redoing it).
StateSnapshot current_snapshot(ViewerState& s);
// Puts a snapshot back as the whole state (undo and redo of a replacement).
void restore_snapshot(ViewerState& s, const StateSnapshot& snapshot);

// The memory figures of `size` for the current engine (and whether it can be drawn).
FitCheck fit_for(const ViewerState& s, GridSize size);
FitLimits fit_limits(const ViewerState& s);

// The "grow the grid?" offer, with each choice's memory need against what is free.
PendingGrow plan_grow(ViewerState& s, PendingGrow::Kind kind, Pattern pattern, Cell top_left,
                      GridSize size, std::string source);
// What Enter (or the first button) picks: the offered grid when it fits, else the largest that
// does, else the clipped load.
GrowChoice primary_choice(const PendingGrow& g);
// Accepts the pending offer; false (with a notice saying why) when that choice is not there.
bool accept_grow(ViewerState& s);
bool accept_grow(ViewerState& s, GrowChoice choice);
// Accepts / declines the pending confirmation.
void accept_confirm(ViewerState& s);
void cancel_confirm(ViewerState& s);

// Loads a pattern file, replacing the state: its rule is applied (a bounded grid in it too),
// the grid is kept when the pattern fits and growing it is offered when not. Errors (with file,
// line and column) are reported and the current state is kept. True when it was loaded.
bool load_file(ViewerState& s, const std::string& path);
// The same for a pattern already read; `name` names it in the title and the messages.
bool open_pattern(ViewerState& s, Pattern pattern, const std::string& name);
// A click in the pattern library: loads the file with the library closed, so the fit that
// follows has its room (it stays open when the load fails, for another pick).
bool load_from_library(ViewerState& s, const std::filesystem::path& path);
// Puts `pattern` into a fresh grid of `size` (its box's top-left at `origin`, else centred) and
// applies its rule; a plane unless a topology is given. A pattern whose rule has a
// bounded-grid suffix makes a plane grid a bounded plane (Simulation::bounded_plane()).
bool load_pattern_into(ViewerState& s, const Pattern& pattern, GridSize size,
                       const std::string& name, std::optional<Topology> topology = {},
                       std::optional<Cell> origin = {});
// Re-creates the grid at another size or topology with the live cells kept (centred).
bool recreate_grid(ViewerState& s, GridSize size, Topology topology);
// Applies a rule as typed: the rule, and with a bounded-grid suffix (":T100,100", ":P30,20")
// the grid it names. Refuses with a reason (an error notice) what cannot be applied.
bool apply_rule_text(ViewerState& s, std::string_view text);
// The current rule with the grid's suffix when it is a torus (what Save writes).
RuleSpec current_rule_spec(const Simulation& sim);
// Empty when gpulife's grids can be what `bounds` asks for, otherwise why not.
std::string bounds_problem(const GridBounds& bounds);

// choose_grid() for the viewer's command line, checked against memory: a grid asked for with
// --size that cannot be held throws Error with the numbers; a pattern too large for the grid
// chosen for it is moved out of `pattern` into s.edit.deferred (the viewer starts on an empty
// grid and asks "grow the grid?" on its first frame, where it can offer a clipped load).
GridSetup choose_view_grid(ViewerState& s, Pattern& pattern, const GridRequest& request);

// Starts a paste of a pattern file or bundled name (--paste); false, with the error shown,
// when it cannot be read.
bool begin_paste_named(ViewerState& s, const std::string& name_or_path);

// Adds a pattern (a file, or a bundled name) to the recent files and saves the list.
void remember_file(ViewerState& s, const std::string& name_or_path);

// The whole pattern or the selection as a Pattern with name, rule (a torus's suffix included)
// and generation.
Pattern pattern_for_save(ViewerState& s, bool selection_only);
// Remembers `pattern`, just started as the current state, as ViewerState::opened_history when
// its file named a History rule; forgets the last one otherwise.
void remember_opened_history(ViewerState& s, const Pattern& pattern);
// Saves (format from the extension: .rle or .cells); reports and returns false on errors.
bool save_file(ViewerState& s, const std::string& path, bool selection_only);

}  // namespace gpulife::app
