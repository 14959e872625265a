// Key routing between ImGui and the viewer, with the viewer's queue and ImGui's held releases.
#include "app/viewer/key_routing.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <utility>

namespace gpulife::app {

bool KeyRouting::is_modifier(int key) {
  switch (key) {
    case GLFW_KEY_LEFT_SHIFT:
    case GLFW_KEY_RIGHT_SHIFT:
    case GLFW_KEY_LEFT_CONTROL:
    case GLFW_KEY_RIGHT_CONTROL:
    case GLFW_KEY_LEFT_ALT:
    case GLFW_KEY_RIGHT_ALT:
    case GLFW_KEY_LEFT_SUPER:
    case GLFW_KEY_RIGHT_SUPER:
      return true;
    default:
      return false;
  }
}

bool KeyRouting::text_fields_use(const KeyEvent& e) {
  if (e.key >= GLFW_KEY_F1 && e.key <= GLFW_KEY_F25) return false;
  const bool ctrl = e.mods & (GLFW_MOD_CONTROL | GLFW_MOD_SUPER);
  // Open, save and quit work from inside a field too; ImGui's fields use Ctrl with A, C, V, X,
  // Z, Y, the arrows, Home, End, Backspace, Delete and Enter.
  return !(ctrl && (e.key == GLFW_KEY_O || e.key == GLFW_KEY_S || e.key == GLFW_KEY_Q));
}

bool KeyRouting::on_key(const KeyEvent& e, bool text_input) {
  if (!in_range(e.key)) return true;  // unknown keys: ImGui ignores them too
  const size_t k = size_t(e.key);
  text_input = text_input && text_fields_use(e);
  bool to_imgui = true;
  if (e.action == GLFW_RELEASE) {
    // The viewer hears the release of every press it heard, even once a field took the keys,
    // so nothing it holds (Space for panning) can stick.
    if (viewer_down_[k]) {
      viewer_down_[k] = false;
      queue_.push_back(e);
    }
  } else {
    // Modifiers count for ImGui's clicks (Ctrl+click on a slider, Shift+click in the library).
    to_imgui = text_input || is_modifier(e.key);
    if (!to_imgui) {
      if (e.action == GLFW_PRESS) viewer_down_[k] = true;
      queue_.push_back(e);
    }
  }
  // ImGui sees one change of a key per frame: later changes wait their turn, in order. (Repeats
  // change nothing there: ImGui times its own.)
  if (!to_imgui || e.action == GLFW_REPEAT) return to_imgui;
  const bool down = e.action == GLFW_PRESS;
  if (held_keys_[k] == 0 && !down && !imgui_down_[k]) return false;  // ImGui never saw it down
  if (held_keys_[k] > 0 || (!down && imgui_changed_now_[k])) {
    held_.push_back(e);
    ++held_keys_[k];
    return false;
  }
  imgui_changed_now_[k] = true;
  imgui_down_[k] = down;
  return true;
}

std::vector<KeyEvent> KeyRouting::begin_frame() {
  imgui_changed_now_.fill(false);
  std::vector<KeyEvent> now, later;
  for (const KeyEvent& e : held_) {
    const size_t k = size_t(e.key);
    if (imgui_changed_now_[k]) {
      later.push_back(e);
      continue;
    }
    imgui_changed_now_[k] = true;
    imgui_down_[k] = e.action == GLFW_PRESS;
    --held_keys_[k];
    now.push_back(e);
  }
  held_ = std::move(later);
  return now;
}

std::vector<KeyEvent> KeyRouting::take_viewer_events() {
  return std::exchange(queue_, {});
}

}  // namespace gpulife::app
