// Event routing (keys through KeyRouting, everything forwarded to ImGui as it should see it),
// the navigation tool and the edit tool.
#include "app/viewer/input_tools.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>

#include "app/viewer/dialog_keys.hpp"
#include "app/viewer/menu_commands.hpp"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_internal.h"

namespace gpulife::app {

bool NavigateTool::mouse_button(ViewerState&, const MouseButtonEvent& e) {
  const bool pan_button = e.button == GLFW_MOUSE_BUTTON_RIGHT ||
                          e.button == GLFW_MOUSE_BUTTON_MIDDLE ||
                          (e.button == GLFW_MOUSE_BUTTON_LEFT && space_held_);
  if (!pan_button) return false;
  dragging_ = e.pressed;
  return true;
}

bool NavigateTool::mouse_move(ViewerState& s, Vec2d, Vec2d delta) {
  if (!dragging_) return false;
  if (space_held_) space_dragged_ = true;
  s.camera.pan_pixels(delta);
  return true;
}

bool NavigateTool::scroll(ViewerState& s, Vec2d px, double steps) {
  s.camera.animate_zoom_at(px, std::pow(1.25, steps));
  return true;
}

bool NavigateTool::key(ViewerState& s, int key, int action, int mods) {
  const bool press = action == GLFW_PRESS;
  const bool repeat = action == GLFW_REPEAT;
  if (key == GLFW_KEY_SPACE) {
    // Space alone steps (on release); held while dragging with the left button it pans.
    if (press) {
      space_held_ = true;
      space_dragged_ = false;
    } else if (action == GLFW_RELEASE) {
      if (space_held_ && !space_dragged_) step_once(s);
      space_held_ = false;
      dragging_ = false;
    }
    return true;
  }
  if (!press && !repeat) return false;
  const Vec2d vp = s.camera.viewport();
  const double pan = 0.1 * std::min(vp.x, vp.y);
  switch (key) {
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
      if (press) toggle_running(s);
      return true;
    case GLFW_KEY_LEFT:
      s.camera.pan_pixels({pan, 0});
      return true;
    case GLFW_KEY_RIGHT:
      s.camera.pan_pixels({-pan, 0});
      return true;
    case GLFW_KEY_UP:
      s.camera.pan_pixels({0, pan});
      return true;
    case GLFW_KEY_DOWN:
      s.camera.pan_pixels({0, -pan});
      return true;
    case GLFW_KEY_LEFT_BRACKET:
      zoom_step(s, 0.5);
      return true;
    case GLFW_KEY_RIGHT_BRACKET:
      zoom_step(s, 2.0);
      return true;
    case GLFW_KEY_F:
      if (press && !(mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT))) fit_pattern(s, true);
      return press;
    case GLFW_KEY_HOME:
      if (press) fit_grid(s, true);
      return true;
    case GLFW_KEY_TAB:
      if (press) step_once(s, s.sim.step_size());
      return true;
    case GLFW_KEY_F10:
      if (press) toggle_panel(s);
      return true;
    case GLFW_KEY_ESCAPE:
      return false;
    default:
      return false;
  }
}

bool EditorTool::mouse_button(ViewerState& s, const MouseButtonEvent& e) {
  if (e.button != GLFW_MOUSE_BUTTON_LEFT || !s.sim.active()) return false;
  const Cell cell = cell_at(s, e.px.x, e.px.y);
  s.edit.hover = cell;
  s.edit.hover_valid = true;
  if (!e.pressed) {
    // Releases end whatever the press started, even over the panel.
    if (s.edit.stroke) {
      s.edit.stroke_points.push_back(cell);
      end_stroke(s);
      return true;
    }
    if (selecting_) {
      selecting_ = false;
      return true;
    }
    return false;
  }
  if (s.edit.paste) {
    move_paste(s, cell);
    place_paste(s);
    return true;
  }
  switch (s.edit.tool) {
    case EditTool::Draw: {
      // Shift erases; otherwise a stroke starting on a live cell erases, as Golly's pencil.
      s.sim.edit_engine([&](Engine& eng) {
        const bool alive = (e.mods & GLFW_MOD_SHIFT) ? false : !cell_alive(eng, cell);
        s.edit.stroke.emplace(eng, cell, alive);
        s.edit.stroke_points.clear();
        return box_from_corners(cell, cell);
      });
      return true;
    }
    case EditTool::Pick:
      apply_edit(s, [&](Engine& eng) { return toggle_cell(eng, cell); });
      return true;
    case EditTool::Select:
      selecting_ = true;
      anchor_ = cell;
      s.edit.selection = clip_box(box_from_corners(cell, cell), s.sim.width(), s.sim.height());
      return true;
  }
  return false;
}

bool EditorTool::mouse_move(ViewerState& s, Vec2d px, Vec2d) {
  if (!s.sim.active()) return false;
  const Cell cell = cell_at(s, px.x, px.y);
  s.edit.hover = cell;
  s.edit.hover_valid = true;
  if (s.edit.paste) move_paste(s, cell);
  if (s.edit.stroke) {
    // Drawn once a frame (edit_tick): each engine access may wait for a CPU worker's batch.
    if (s.edit.stroke_points.empty() || !(s.edit.stroke_points.back() == cell))
      s.edit.stroke_points.push_back(cell);
    return true;
  }
  if (selecting_) {
    s.edit.selection = clip_box(box_from_corners(anchor_, cell), s.sim.width(), s.sim.height());
    return true;
  }
  return false;
}

bool EditorTool::key(ViewerState& s, int key, int action, int mods) {
  if (action != GLFW_PRESS && action != GLFW_REPEAT) return false;
  const bool ctrl = mods & (GLFW_MOD_CONTROL | GLFW_MOD_SUPER);
  const bool shift = mods & GLFW_MOD_SHIFT;
  // Ctrl (or Cmd) with a letter: the menus' command of that shortcut, Shift ignored where the
  // menus have none with it; Ctrl+Y is redo as well.
  if (ctrl) {
    if (key < GLFW_KEY_A || key > GLFW_KEY_Z) return false;
    const std::string letter(1, char(key));  // GLFW_KEY_A .. GLFW_KEY_Z are ASCII
    const MenuCommand* c = key == GLFW_KEY_Y ? command_for_shortcut("Ctrl+Shift+Z") : nullptr;
    if (!c && shift) c = command_for_shortcut("Ctrl+Shift+" + letter);
    if (!c) c = command_for_shortcut("Ctrl+" + letter);
    if (!c) return false;
    c->run(s);
    return true;
  }
  if (action != GLFW_PRESS && key != GLFW_KEY_EQUAL && key != GLFW_KEY_MINUS) return false;
  switch (key) {
    case GLFW_KEY_F1:
      s.edit.show_help = !s.edit.show_help;
      return true;
    case GLFW_KEY_F2:
    case GLFW_KEY_D:
      choose_tool(s, EditTool::Draw);
      return true;
    case GLFW_KEY_F3:
    case GLFW_KEY_P:
      choose_tool(s, EditTool::Pick);
      return true;
    case GLFW_KEY_F4:
    case GLFW_KEY_S:
      choose_tool(s, EditTool::Select);
      return true;
    case GLFW_KEY_L:
      s.edit.show_library = !s.edit.show_library;
      return true;
    case GLFW_KEY_DELETE:
    case GLFW_KEY_BACKSPACE:
      shift ? clear_outside_selected(s) : clear_selected(s);
      return true;
    case GLFW_KEY_5:
      random_fill_selected(s);
      return true;
    case GLFW_KEY_R: {
      const Transform t = shift ? Transform::RotateAnticlockwise : Transform::RotateClockwise;
      s.edit.paste ? transform_paste(s, t) : (void)transform_selected(s, t);
      return true;
    }
    case GLFW_KEY_X:
      s.edit.paste ? transform_paste(s, Transform::FlipHorizontal)
                   : (void)transform_selected(s, Transform::FlipHorizontal);
      return true;
    case GLFW_KEY_Y:
      s.edit.paste ? transform_paste(s, Transform::FlipVertical)
                   : (void)transform_selected(s, Transform::FlipVertical);
      return true;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD:
      change_step_size(s, true);
      return true;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT:
      change_step_size(s, false);
      return true;
    case GLFW_KEY_0:
    case GLFW_KEY_KP_0:
      toggle_fastest_pace(s);
      return true;
    default:
      return false;
  }
}

bool dispatch_key(ViewerState& s, InputTool* tool, NavigateTool& navigate, const KeyEvent& e) {
  if (dialog_key(s, e)) return true;
  if (tool && tool->key(s, e.key, e.action, e.mods)) return true;
  return navigate.key(s, e.key, e.action, e.mods);
}

InputRouter::InputRouter(GLFWwindow* window, ViewerState& state) : window_(window), state_(state) {
  // Every callback is the router's: it decides what ImGui sees (ImGui's backend is set up
  // without callbacks of its own).
  glfwSetWindowUserPointer(window_, this);
  glfwSetMouseButtonCallback(window_, on_mouse_button);
  glfwSetCursorPosCallback(window_, on_cursor);
  glfwSetScrollCallback(window_, on_scroll);
  glfwSetKeyCallback(window_, on_key);
  glfwSetCharCallback(window_, on_char);
  glfwSetDropCallback(window_, on_drop);
  glfwSetWindowFocusCallback(window_, on_focus);
  glfwSetCursorEnterCallback(window_, on_cursor_enter);
}

InputRouter::~InputRouter() {
  glfwSetWindowUserPointer(window_, nullptr);
}

InputRouter* InputRouter::self(GLFWwindow* w) {
  return static_cast<InputRouter*>(glfwGetWindowUserPointer(w));
}

bool InputRouter::imgui_ready() {
  return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().BackendPlatformUserData;
}

void InputRouter::begin_events() {
  if (const int delay = state_.options.script.frame_delay_ms; delay > 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
  if (imgui_ready())
    for (const KeyEvent& e : keys_.begin_frame())
      ImGui_ImplGlfw_KeyCallback(window_, e.key, 0, e.action, e.mods);
}

void InputRouter::end_events() {
  for (const KeyEvent& e : keys_.take_viewer_events())
    dispatch_key(state_, tool_.get(), navigate_, e);
  // The cell under a still cursor changes as the view pans, zooms or fits.
  if (have_cursor_ && state_.sim.active()) {
    state_.edit.hover = cell_at(state_, last_cursor_.x, last_cursor_.y);
    state_.edit.hover_valid = true;
  }
}

Vec2d InputRouter::to_framebuffer(double x, double y) const {
  int ww = 1, wh = 1, fw = 1, fh = 1;
  glfwGetWindowSize(window_, &ww, &wh);
  glfwGetFramebufferSize(window_, &fw, &fh);
  Vec2d px{x * double(fw) / std::max(ww, 1), y * double(fh) / std::max(wh, 1)};
  // Compare mode's tiles share one camera whose viewport is a tile: the cursor acts on the cell
  // under it in whichever tile it is over.
  const Vec2d tile = state_.tiles.size, o = state_.tiles.origin;
  if (tile.x > 0 && tile.y > 0)
    px = {std::fmod(std::max(px.x - o.x, 0.0), tile.x),
          std::fmod(std::max(px.y - o.y, 0.0), tile.y)};
  return px;
}

bool imgui_window_at(double x, double y) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g) return false;
  const ImVec2 p{float(x), float(y)};
  // Active until the next NewFrame: the windows Begin() drew in the last frame.
  for (const ImGuiWindow* w : g->Windows)
    if (w->Active && !w->Hidden && !(w->Flags & ImGuiWindowFlags_NoMouseInputs) &&
        w->OuterRectClipped.Contains(p))
      return true;
  return false;
}

void InputRouter::on_mouse_button(GLFWwindow* w, int button, int action, int mods) {
  InputRouter* r = self(w);
  if (!r) return;
  if (imgui_ready()) ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
  // A release is always delivered so drags end even when they finish over the panel.
  double x, y;
  glfwGetCursorPos(w, &x, &y);
  if (action == GLFW_PRESS && imgui_ready() &&
      (ImGui::GetIO().WantCaptureMouse || imgui_window_at(x, y)))
    return;
  const MouseButtonEvent e{button, action == GLFW_PRESS, mods, r->to_framebuffer(x, y)};
  if (r->tool_ && !r->navigate_.space_held() && r->tool_->mouse_button(r->state_, e)) return;
  r->navigate_.mouse_button(r->state_, e);
}

void InputRouter::on_cursor(GLFWwindow* w, double x, double y) {
  InputRouter* r = self(w);
  if (!r) return;
  const Vec2d px = r->to_framebuffer(x, y);
  const Vec2d delta =
      r->have_cursor_ ? Vec2d{px.x - r->last_cursor_.x, px.y - r->last_cursor_.y} : Vec2d{0, 0};
  r->last_cursor_ = px;
  r->have_cursor_ = true;
  if (r->tool_ && r->tool_->mouse_move(r->state_, px, delta)) return;
  r->navigate_.mouse_move(r->state_, px, delta);
}

void InputRouter::on_scroll(GLFWwindow* w, double dx, double dy) {
  InputRouter* r = self(w);
  if (!r) return;
  if (imgui_ready()) ImGui_ImplGlfw_ScrollCallback(w, dx, dy);
  if (imgui_ready() && ImGui::GetIO().WantCaptureMouse) return;
  double x, y;
  glfwGetCursorPos(w, &x, &y);
  const Vec2d px = r->to_framebuffer(x, y);
  if (r->tool_ && r->tool_->scroll(r->state_, px, dy)) return;
  r->navigate_.scroll(r->state_, px, dy);
}

void InputRouter::on_drop(GLFWwindow* w, int count, const char** paths) {
  InputRouter* r = self(w);
  if (!r) return;
  for (int i = 0; i < count; ++i) r->state_.edit.dropped.emplace_back(paths[i]);
}

void InputRouter::on_key(GLFWwindow* w, int key, int scancode, int action, int mods) {
  InputRouter* r = self(w);
  if (!r) return;
  // Decided with ImGui's state of the last frame; the viewer's share runs in end_events().
  const bool text_input = imgui_ready() && ImGui::GetIO().WantTextInput;
  if (r->keys_.on_key(KeyEvent{key, action, mods}, text_input) && imgui_ready())
    ImGui_ImplGlfw_KeyCallback(w, key, scancode, action, mods);
}

void InputRouter::on_char(GLFWwindow* w, unsigned int c) {
  if (self(w) && imgui_ready()) ImGui_ImplGlfw_CharCallback(w, c);
}

void InputRouter::on_focus(GLFWwindow* w, int focused) {
  if (self(w) && imgui_ready()) ImGui_ImplGlfw_WindowFocusCallback(w, focused);
}

void InputRouter::on_cursor_enter(GLFWwindow* w, int entered) {
  InputRouter* r = self(w);
  if (!r) return;
  if (imgui_ready()) ImGui_ImplGlfw_CursorEnterCallback(w, entered);
  if (!entered) {
    r->have_cursor_ = false;  // no cell is under the cursor any more
    r->state_.edit.hover_valid = false;
  }
}

}  // namespace gpulife::app
