// The viewer's editing state (tool, selection, pending paste, undo history, dialogs) and the
// editing actions shared by keys, mouse and panels. No GL, no GLFW: tests drive it directly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer/grid_fit.hpp"
#include "core/edit.hpp"
#include "core/grid.hpp"
#include "core/history.hpp"
#include "core/pattern.hpp"
#include "core/recent_files.hpp"

namespace gpulife::app {

struct ViewerState;

enum class EditTool { Draw, Pick, Select };
const char* to_string(EditTool tool);

// A loaded pattern (or a paste) waiting for the user to accept a larger grid, with what each
// choice would cost in memory (see plan_grow in file_actions.hpp).
struct PendingGrow {
  enum class Kind { Paste, Load } kind = Kind::Paste;
  Pattern pattern;
  Cell top_left;  // Paste: where it was to go in the current grid
  GridSize size;  // the grid that would hold it with room to grow
  std::string source;

  // The current engine at `size`, and every available engine there (name, figures).
  FitCheck fit;
  std::vector<std::pair<std::string, FitCheck>> engines;
  // When `size` does not fit: the largest grid holding the whole pattern that does ...
  std::optional<GridSize> largest;
  // ... and when none does, a clipped load into `clip_size` keeping the cells of `clip`
  // (Paste: the part of the paste inside the current grid).
  std::optional<ClipWindow> clip;
  GridSize clip_size;
};
enum class GrowChoice { Offered, Largest, Clipped };

// An action that would lose something (the undo history), waiting for the user to agree.
struct PendingConfirm {
  std::string title;
  std::string text;
  std::string accept_label;
  std::function<void(ViewerState&)> accept;
};

struct EditState {
  EditTool tool = EditTool::Draw;
  Box selection;                 // empty: nothing selected
  std::optional<Pattern> paste;  // a pending paste following the cursor (cells from 0,0)
  Cell paste_at;                 // where the pending paste's top-left goes
  PasteMode paste_mode = PasteMode::Or;
  float random_density = 0.3f;
  uint64_t random_seed = 1;
  History history;
  std::optional<PendingGrow> grow;        // asks "grow the grid?" over the grid
  std::optional<PendingConfirm> confirm;  // asks before losing the undo history

  // The mouse drag being drawn, and the positions it reached since it was last drawn.
  std::optional<Stroke> stroke;
  std::vector<Cell> stroke_points;

  // The cell under the cursor (for the hover outline and paste preview).
  Cell hover;
  bool hover_valid = false;

  // The system clipboard; the window sets GLFW's, tests and headless runs keep a string.
  std::function<void(const std::string&)> set_clipboard;
  std::function<std::string()> get_clipboard;
  std::string local_clipboard;

  RecentFiles recent;
  std::vector<std::string> dropped;  // files dropped on the window, loaded next frame
  // A pattern from the command line too large for its grid, offered on the first frame.
  std::optional<Pattern> deferred;
  std::string deferred_name;

  bool show_help = false;
  bool show_open = false;
  bool open_accept = false;  // Enter in the Open dialog: open the selected file next frame
  bool show_save = false;
  bool show_library = false;
};

// `box` clipped to a width x height grid (empty when they do not meet).
inline Box clip_box(const Box& box, int64_t width, int64_t height) {
  Box b{std::max<int64_t>(box.min_x, 0), std::max<int64_t>(box.min_y, 0),
        std::min<int64_t>(box.max_x, width - 1), std::min<int64_t>(box.max_y, height - 1)};
  return b.empty() ? Box{} : b;
}

// The cell containing framebuffer pixel `px`.
Cell cell_at(const ViewerState& s, double px_x, double px_y);

// The box holding every patch of the edit (empty when it has none).
Box edit_bounds(const Edit& edit);
// Runs `op` on the engine and records its Edit for undo; reports errors, returns false on one.
bool apply_edit(ViewerState& s, const std::function<Edit(Engine&)>& op);

// Draws the stroke's pending positions in one engine access; end_stroke() also records the
// whole drag as one undo step.
void flush_stroke(ViewerState& s);
void end_stroke(ViewerState& s);

bool undo(ViewerState& s);
bool redo(ViewerState& s);
// Golly's Reset (Ctrl+R): back to where the runs since the last change started (a load, an
// edit, a new rule), by undoing them, so redo steps forward again. Pauses first. False, with a
// note, when no run is there to undo.
bool reset_to_start(ViewerState& s);
// "Run from here": call when stepping starts / after it stops (toggle_running and step_once do).
void history_begin_run(ViewerState& s);
void history_end_run(ViewerState& s);
// Once a frame: closes a single step's history entry once the step has run.
void edit_tick(ViewerState& s);
// After the whole state was replaced (load, resize, engine switch).
void history_reset(ViewerState& s);

void select_all(ViewerState& s);  // the live cells' bounding box, or the grid when empty
bool clear_selected(ViewerState& s);
bool clear_outside_selected(ViewerState& s);
bool random_fill_selected(ViewerState& s);
bool transform_selected(ViewerState& s, Transform t);
bool copy_selected(ViewerState& s);
bool cut_selected(ViewerState& s);

// Starts a paste of the clipboard's pattern (RLE, .cells or Life 1.06 text).
bool paste_from_clipboard(ViewerState& s);
// Starts a paste of `pattern`, centred on the hovered cell (or the view's centre).
void begin_paste(ViewerState& s, Pattern pattern);
// Moves the pending paste so its centre is on `cell`.
void move_paste(ViewerState& s, Cell cell);
void transform_paste(ViewerState& s, Transform t);
// Places the pending paste; when it does not fit, offers to grow the grid instead.
bool place_paste(ViewerState& s);
void cancel_paste(ViewerState& s);

}  // namespace gpulife::app
