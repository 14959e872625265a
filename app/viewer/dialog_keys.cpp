// The Esc and Enter chain over prompts, notices, the paste and the dialogs.
#include "app/viewer/dialog_keys.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {
namespace {

bool escape(ViewerState& s) {
  EditState& e = s.edit;
  if (e.confirm) {
    cancel_confirm(s);
  } else if (e.grow) {
    e.grow.reset();
    s.report("cancelled: the grid was left as it was");
  } else if (s.notices.dismiss_newest_error()) {
  } else if (e.paste) {
    cancel_paste(s);
  } else if (e.show_open) {
    e.show_open = false;
  } else if (e.show_save) {
    e.show_save = false;
  } else if (e.show_help) {
    e.show_help = false;
  } else if (e.show_library) {
    e.show_library = false;
    s.covered_right = 0;
  } else if (!e.selection.empty()) {
    e.selection = {};
  } else {
    return false;
  }
  return true;
}

}  // namespace

bool dialog_key(ViewerState& s, const KeyEvent& ev) {
  if (ev.action != GLFW_PRESS || (ev.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)))
    return false;
  if (ev.key == GLFW_KEY_ESCAPE) return escape(s);
  if (ev.key != GLFW_KEY_ENTER && ev.key != GLFW_KEY_KP_ENTER) return false;
  if (s.edit.confirm) {
    accept_confirm(s);
    return true;
  }
  if (s.edit.grow) {
    accept_grow(s);
    return true;
  }
  if (s.edit.show_open) {
    s.edit.open_accept = true;  // the dialog knows which file is selected
    return true;
  }
  return false;
}

}  // namespace gpulife::app
