// Splits the window's key events between ImGui and the viewer's own shortcuts so that neither
// loses a key: ImGui gets keys only while a text field is being edited (and the modifiers
// always), so its keyboard navigation never takes Tab, Space or Enter from the viewer; the
// viewer's events are queued in order and handled once a frame; and since ImGui 1.86 reads key
// state once a frame, a release that follows its press within one frame is held back to the
// next, so even a tap shorter than a frame reaches a text field. No GLFW calls, no ImGui calls:
// the caller forwards what this decides (InputRouter).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace gpulife::app {

struct KeyEvent {
  int key = 0;     // GLFW_KEY_*
  int action = 0;  // GLFW_PRESS, GLFW_RELEASE or GLFW_REPEAT
  int mods = 0;    // GLFW_MOD_*
};

class KeyRouting {
 public:
  // One event as GLFW delivered it; `text_input` says whether ImGui is editing a text field
  // (its WantTextInput). Returns whether ImGui's key state must see this event now.
  bool on_key(const KeyEvent& e, bool text_input);
  // At the start of each frame, before events are polled: the events held back for ImGui's key
  // state (a release that followed its press within the last frame), at most one per key.
  std::vector<KeyEvent> begin_frame();
  // The viewer's events since the last call, oldest first.
  std::vector<KeyEvent> take_viewer_events();
  // Whether anything waits for the next frame (then it must not sleep until new events come).
  bool pending() const { return !held_.empty() || !queue_.empty(); }

  static bool is_modifier(int key);
  // Whether a text field being edited has a use for the key (F-keys and Ctrl+O, Ctrl+S and
  // Ctrl+Q it has not: they reach the viewer even then).
  static bool text_fields_use(const KeyEvent& e);

 private:
  static constexpr size_t kKeys = 512;  // ImGui 1.86's KeysDown[] size
  static bool in_range(int key) { return key >= 0 && size_t(key) < kKeys; }

  std::vector<KeyEvent> queue_;                  // for the viewer
  std::vector<KeyEvent> held_;                   // ImGui's events for later frames, oldest first
  std::array<int, kKeys> held_keys_{};           // how many of them each key has
  std::array<bool, kKeys> viewer_down_{};        // the viewer got the press
  std::array<bool, kKeys> imgui_changed_now_{};  // ImGui's state of the key changed this frame
  std::array<bool, kKeys> imgui_down_{};         // ImGui's state of the key, as last given
};

}  // namespace gpulife::app
