// Enter and Esc answer what is open before the tools see them: the confirmation, the "grow the
// grid?" offer, error notices, the pending paste, the Open dialog and the other windows, then
// the selection. No GL, no ImGui.
#pragma once

#include "app/viewer/key_routing.hpp"

namespace gpulife::app {

struct ViewerState;

// True when the key was used. Esc closes the newest thing (confirmation, grow offer, error
// notice, paste, Open / Save / keyboard map / library window) and last drops the selection;
// Enter accepts the confirmation or the grow offer, or opens the Open dialog's selected file.
bool dialog_key(ViewerState& s, const KeyEvent& e);

}  // namespace gpulife::app
