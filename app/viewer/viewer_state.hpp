// The viewer's state shared by the main loop, the input tools and the panels (no GL, no GLFW).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer/camera.hpp"
#include "app/viewer/comparison.hpp"
#include "app/viewer/edit_state.hpp"
#include "app/viewer/file_actions.hpp"
#include "app/viewer/grid_fit.hpp"
#include "app/viewer/lifeviewer_actions.hpp"
#include "app/viewer/memory_probe.hpp"
#include "app/viewer/notices.hpp"
#include "app/viewer/simulation.hpp"
#include "app/viewer/viewer_options.hpp"
#include "app/viewer/watch.hpp"

namespace gpulife::app {

struct FrameFigures {
  double frame_ms = 0;       // wall time between frames
  double render_gpu_ms = 0;  // grid shader (and density pyramid) on the GPU
  double upload_ms = 0;      // CPU engines: row-diffed upload of the last result
  std::vector<float> frame_history;
};

// How compare mode is shown: 1, 2 (left | right), 4 (2x2) or 6 (3x2) tiles, each showing a lane
// on the same camera, and the comparison window below them.
struct CompareTiles {
  int count = 1;
  std::array<int, 6> lane{0, 1, 2, 3, 4, 5};  // the lane each tile shows (past the last: none)
  // While tiled, the tiles fill the area beside the panel and above the comparison window:
  // origin is its top-left corner and size one tile's (the camera's viewport then), in
  // framebuffer pixels; size is zero otherwise.
  Vec2d origin, size;
  bool show_window = true;
  double window_height = 0;  // framebuffer pixels, from the last frame
};

// Says something to the user: ViewerState::report, for the pieces that get no ViewerState.
using Report = std::function<void(std::string text, bool error)>;

struct ViewerState;
struct DialogState;     // what the Open, Save and library windows keep (file_dialogs.cpp)
struct GridPanelEdits;  // the grid panel's unapplied size, topology and rule (grid_panel.cpp)

// Drives the viewer frame by frame (the scripted `gpulife demo`): it may switch engines, draw its
// own overlay and ask for frames to be saved; the viewer exits once it is finished.
class FrameScript {
 public:
  virtual ~FrameScript() = default;
  // Called once per frame before the simulation ticks (the first call comes after the viewer has
  // set up its simulation, so it may replace it).
  virtual void before_frame(ViewerState& state, double dt) = 0;
  // Called inside the ImGui frame after the panels, to draw captions and figures.
  virtual void draw_ui(ViewerState& state) = 0;
  // After the frame is drawn: where to save it as PNG, or empty for no screenshot.
  virtual std::string screenshot_path() { return {}; }
  virtual bool finished() const = 0;
};

struct ViewerState {
  ViewerState() = default;
  explicit ViewerState(ViewerOptions o) : options(std::move(o)) {}

  // What the command line asked for, fixed for the session: panels and actions read it, and
  // what the viewer changes as it runs lives in the members below.
  const ViewerOptions options;
  Camera camera;
  Simulation sim;
  EditState edit;
  WatchState watch;  // graph, stop conditions, Identify, Track/Autofit, theme, pattern info

  // Compare mode (see comparison.hpp) and its tiles.
  Comparison compare;
  CompareTiles tiles;

  // The file windows' and the grid panel's inputs between frames, made when first shown.
  std::shared_ptr<DialogState> dialogs;
  std::shared_ptr<GridPanelEdits> grid_edits;

  std::string pattern_name;  // for the window title
  // The pattern last opened, when its file named a History rule (LifeHistory): its extra states
  // (2 to 5) and the state it was started as (edit serial and generation). While that state is
  // unchanged, Save writes the states back with the rule (pattern_for_save); once the pattern
  // runs or changes only its live cells are known, and Save says it wrote those.
  struct OpenedHistory {
    Pattern pattern;
    uint64_t serial = 0;
    uint64_t generation = 0;
  };
  std::optional<OpenedHistory> opened_history;
  bool show_panel = true;
  bool show_menu_bar = true;
  float ui_scale = 1.0f;
  // Screen areas windows cover (framebuffer pixels), so fits can avoid them: the panel, the
  // menu bar's height, and where a window kept at the right edge (the library) begins (0: none).
  Vec2d panel_min, panel_max;
  double menu_bar_height = 0;
  double covered_right = 0;

  // The last message for the user (errors in red), and every message as a notice over the grid.
  std::string message;
  bool message_is_error = false;
  Notices notices;

  // What "grow the grid?" and re-creating the grid check a size against.
  MemoryProbe memory = system_memory_probe();
  size_t max_draw_bytes = kMaxDrawBytes;

  FrameFigures frame;
  std::unique_ptr<FrameScript> script;  // null unless a script drives the viewer
  // The opened pattern's LifeViewer script, until the next frame places the camera.
  std::optional<PendingLifeViewerScript> pending_lifeviewer_script;
  bool quit = false;
  Grid initial;  // the start state, kept only for --verify

  // Shows a message over the grid (errors stay until dismissed, and are written to stderr too).
  void report(std::string text, bool error = false);
  // Runs `action`; false when it threw, after reporting the exception's message as an error (the
  // message says what went wrong: a ParseError names file, line and column).
  bool attempt(const std::function<void()>& action);
  Report reporter() {
    return [this](std::string text, bool error) { report(std::move(text), error); };
  }
};

// Actions shared by keyboard shortcuts and panel buttons.
void fit_pattern(ViewerState& state, bool animate);
void fit_grid(ViewerState& state, bool animate);
void toggle_running(ViewerState& state);
// Steps `generations` (pauses instead when running): Space steps one generation, Tab the step
// size (gens/frame), as in Golly.
void step_once(ViewerState& state, uint64_t generations = 1);
void zoom_step(ViewerState& state, double factor);  // around the free area's centre
// The part of the framebuffer the menu bar, the panel and a window kept at the right edge leave
// free (all of it while tiled).
void free_screen_area(const ViewerState& state, Vec2d& lo, Vec2d& hi);
// Golly's + and -: double or halve the step or the rate (see PaceSettings), said in a notice.
void change_step_size(ViewerState& state, bool faster);
// 0: the fastest pace (auto), or back to the one before.
void toggle_fastest_pace(ViewerState& state);
void choose_tool(ViewerState& state, EditTool tool);
// F10: the panel on or off (bringing back the menu bar with it).
void toggle_panel(ViewerState& state);
// "gpulife — NAME — generation G, population P — RULE": what a window list shows, panel or not.
std::string window_title(const ViewerState& state);
// The name of a --random soup (on its own, or sown over the pattern `base`).
std::string soup_name(const std::string& base, double density);

}  // namespace gpulife::app
