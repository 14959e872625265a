// The input layer: GLFW events are routed to the active tool first (drawing, selection, ...),
// then to navigation (pan, zoom) and the global shortcuts; keys reach ImGui only while one of
// its text fields is being edited (see key_routing.hpp), mouse input whenever it is over ImGui.
#pragma once

#include <memory>
#include <optional>

#include "app/viewer/key_routing.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/edit.hpp"

struct GLFWwindow;

namespace gpulife::app {

struct MouseButtonEvent {
  int button = 0;  // GLFW_MOUSE_BUTTON_*
  bool pressed = false;
  int mods = 0;  // GLFW_MOD_*
  Vec2d px;      // framebuffer pixels
};

// A way of interpreting mouse and keys over the grid. Each handler returns true when it used
// the event, so it is not passed on.
class InputTool {
 public:
  virtual ~InputTool() = default;
  virtual const char* name() const = 0;
  virtual bool mouse_button(ViewerState&, const MouseButtonEvent&) { return false; }
  virtual bool mouse_move(ViewerState&, Vec2d /*px*/, Vec2d /*delta*/) { return false; }
  virtual bool scroll(ViewerState&, Vec2d /*px*/, double /*steps*/) { return false; }
  virtual bool key(ViewerState&, int /*key*/, int /*action*/, int /*mods*/) { return false; }
};

// Pan (right/middle drag, space + left drag, arrow keys), zoom (wheel, [ and ]), and the
// shortcuts Enter (run/pause), Space (step), Tab (step by the step size), F (fit pattern),
// Home (fit grid), F10 (panel).
class NavigateTool final : public InputTool {
 public:
  const char* name() const override { return "navigate"; }
  bool mouse_button(ViewerState& s, const MouseButtonEvent& e) override;
  bool mouse_move(ViewerState& s, Vec2d px, Vec2d delta) override;
  bool scroll(ViewerState& s, Vec2d px, double steps) override;
  bool key(ViewerState& s, int key, int action, int mods) override;
  // Space + left drag pans, so the edit tool leaves the left button alone meanwhile.
  bool space_held() const { return space_held_; }

 private:
  bool dragging_ = false;
  bool space_held_ = false;
  bool space_dragged_ = false;
};

// Drawing, picking, selecting and pasting with the left button, and the editing shortcuts:
// Ctrl+Z/Ctrl+Shift+Z/Ctrl+Y undo/redo, Ctrl+A/C/X/V, Delete (Shift: clear outside), 5 random
// fill, R/Shift+R rotate, X/Y flip (the pending paste, else the selection), F1 help,
// Ctrl+O/Ctrl+S open/save, Ctrl+Q quit, L library, F2/D draw, F3/P pick, F4/S select, +/- gens
// per step. (Esc and Enter over dialogs: dialog_keys.hpp.)
class EditorTool final : public InputTool {
 public:
  const char* name() const override { return "edit"; }
  bool mouse_button(ViewerState& s, const MouseButtonEvent& e) override;
  bool mouse_move(ViewerState& s, Vec2d px, Vec2d delta) override;
  bool key(ViewerState& s, int key, int action, int mods) override;
  bool selecting() const { return selecting_; }

 private:
  bool selecting_ = false;
  Cell anchor_;
};

// One key event for the viewer: the open dialog's keys first (dialog_keys.hpp), then the tool,
// then navigation. True when something used it.
bool dispatch_key(ViewerState& s, InputTool* tool, NavigateTool& navigate, const KeyEvent& e);

// Whether an ImGui window drawn in the last frame (a panel, the menu bar, an open menu or popup)
// covers (x, y) in window coordinates. A press is decided with this as well as WantCaptureMouse,
// which ImGui set from where the pointer was at the last frame: a pointer that arrives over the
// panel and presses before the next frame would otherwise also edit the cell under the panel.
bool imgui_window_at(double x, double y);

class InputRouter {
 public:
  InputRouter(GLFWwindow* window, ViewerState& state);
  ~InputRouter();
  InputRouter(const InputRouter&) = delete;
  InputRouter& operator=(const InputRouter&) = delete;

  // The tool that sees events before navigation; nullptr for navigation only.
  void set_tool(std::unique_ptr<InputTool> tool) { tool_ = std::move(tool); }
  InputTool* tool() const { return tool_.get(); }

  // Around each frame's glfwPollEvents() or glfwWaitEvents*(): begin_events() gives ImGui the
  // key changes held back from the last frame (with --frame-delay it first sleeps, to try the
  // viewer at a low frame rate); end_events() runs the viewer's key events in the order they
  // came.
  void begin_events();
  void end_events();
  // Whether key events wait for a later frame (then the loop must not sleep until new input).
  bool events_pending() const { return keys_.pending(); }

 private:
  static InputRouter* self(GLFWwindow* w);
  static void on_mouse_button(GLFWwindow* w, int button, int action, int mods);
  static void on_cursor(GLFWwindow* w, double x, double y);
  static void on_scroll(GLFWwindow* w, double dx, double dy);
  static void on_key(GLFWwindow* w, int key, int scancode, int action, int mods);
  static void on_char(GLFWwindow* w, unsigned int c);
  static void on_drop(GLFWwindow* w, int count, const char** paths);
  static void on_focus(GLFWwindow* w, int focused);
  static void on_cursor_enter(GLFWwindow* w, int entered);
  static bool imgui_ready();  // ImGui's GLFW backend is there to forward to
  Vec2d to_framebuffer(double x, double y) const;

  GLFWwindow* window_;
  ViewerState& state_;
  NavigateTool navigate_;
  std::unique_ptr<InputTool> tool_;
  KeyRouting keys_;
  Vec2d last_cursor_;
  bool have_cursor_ = false;
};

}  // namespace gpulife::app
