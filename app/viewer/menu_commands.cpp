// The command table behind the menu bar and the keyboard map.
#include "app/viewer/menu_commands.hpp"

#include <array>
#include <string>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {
namespace {

bool has_selection(const ViewerState& s) {
  return !s.edit.selection.empty();
}
bool selection_or_paste(const ViewerState& s) {
  return !s.edit.selection.empty() || s.edit.paste.has_value();
}
void transform(ViewerState& s, Transform t) {
  s.edit.paste ? transform_paste(s, t) : (void)transform_selected(s, t);
}

constexpr std::string_view kFile = "File", kEdit = "Edit", kView = "View", kControl = "Control",
                           kHelp = "Help";

const MenuCommand kCommands[] = {
    {kFile, "Open...", "Ctrl+O", [](ViewerState& s) { s.edit.show_open = true; }},
    {kFile, "Save...", "Ctrl+S", [](ViewerState& s) { s.edit.show_save = true; }},
    {kFile, "Pattern library", "L",
     [](ViewerState& s) { s.edit.show_library = !s.edit.show_library; }, nullptr,
     [](const ViewerState& s) { return s.edit.show_library; }},
    {kFile, "Quit", "Ctrl+Q", [](ViewerState& s) { s.quit = true; }, nullptr, nullptr, true},

    {kEdit, "Undo", "Ctrl+Z", [](ViewerState& s) { undo(s); },
     [](const ViewerState& s) { return s.edit.history.can_undo(); }},
    {kEdit, "Redo", "Ctrl+Shift+Z", [](ViewerState& s) { redo(s); },
     [](const ViewerState& s) { return s.edit.history.can_redo(); }},
    {kEdit, "Cut", "Ctrl+X", [](ViewerState& s) { cut_selected(s); }, has_selection, nullptr, true},
    {kEdit, "Copy", "Ctrl+C", [](ViewerState& s) { copy_selected(s); }, has_selection},
    {kEdit, "Paste", "Ctrl+V", [](ViewerState& s) { paste_from_clipboard(s); }},
    {kEdit, "Select all", "Ctrl+A", select_all, nullptr, nullptr, true},
    {kEdit, "Remove selection", "Esc", [](ViewerState& s) { s.edit.selection = {}; },
     has_selection},
    {kEdit, "Clear", "Delete", [](ViewerState& s) { clear_selected(s); }, has_selection},
    {kEdit, "Clear outside", "Shift+Delete", [](ViewerState& s) { clear_outside_selected(s); },
     has_selection},
    {kEdit, "Random fill", "5", [](ViewerState& s) { random_fill_selected(s); }, has_selection},
    {kEdit, "Rotate clockwise", "R",
     [](ViewerState& s) { transform(s, Transform::RotateClockwise); }, selection_or_paste, nullptr,
     true},
    {kEdit, "Rotate anticlockwise", "Shift+R",
     [](ViewerState& s) { transform(s, Transform::RotateAnticlockwise); }, selection_or_paste},
    {kEdit, "Flip left-right", "X", [](ViewerState& s) { transform(s, Transform::FlipHorizontal); },
     selection_or_paste},
    {kEdit, "Flip top-bottom", "Y", [](ViewerState& s) { transform(s, Transform::FlipVertical); },
     selection_or_paste},
    {kEdit, "Draw", "D", [](ViewerState& s) { choose_tool(s, EditTool::Draw); }, nullptr,
     [](const ViewerState& s) { return s.edit.tool == EditTool::Draw; }, true},
    {kEdit, "Pick (toggle cells)", "P", [](ViewerState& s) { choose_tool(s, EditTool::Pick); },
     nullptr, [](const ViewerState& s) { return s.edit.tool == EditTool::Pick; }},
    {kEdit, "Select", "S", [](ViewerState& s) { choose_tool(s, EditTool::Select); }, nullptr,
     [](const ViewerState& s) { return s.edit.tool == EditTool::Select; }},

    {kView, "Fit pattern", "F", [](ViewerState& s) { fit_pattern(s, true); }},
    {kView, "Fit grid", "Home", [](ViewerState& s) { fit_grid(s, true); }},
    {kView, "Zoom in", "]", [](ViewerState& s) { zoom_step(s, 2.0); }},
    {kView, "Zoom out", "[", [](ViewerState& s) { zoom_step(s, 0.5); }},
    {kView, "Panel", "F10", toggle_panel, nullptr,
     [](const ViewerState& s) { return s.show_panel; }, true},

    {kControl, "Run / pause", "Enter", toggle_running, nullptr,
     [](const ViewerState& s) { return s.sim.running; }},
    {kControl, "Step one generation", "Space", [](ViewerState& s) { step_once(s, 1); }},
    {kControl, "Reset to the start", "Ctrl+R", [](ViewerState& s) { reset_to_start(s); },
     [](const ViewerState& s) { return s.edit.history.running() || s.edit.history.undo_is_run(); }},
    {kControl, "Step by the step size", "Tab",
     [](ViewerState& s) { step_once(s, s.sim.step_size()); }},
    {kControl, "Faster (double the step or rate)", "+",
     [](ViewerState& s) { change_step_size(s, true); }, nullptr, nullptr, true},
    {kControl, "Slower (halve it)", "-", [](ViewerState& s) { change_step_size(s, false); }},
    {kControl, "Fastest, or back", "0", toggle_fastest_pace, nullptr,
     [](const ViewerState& s) { return s.sim.pace.mode == PaceMode::Auto; }},

    {kHelp, "Keyboard map", "F1", [](ViewerState& s) { s.edit.show_help = !s.edit.show_help; },
     nullptr, [](const ViewerState& s) { return s.edit.show_help; }},
    {kHelp, "About gpulife", "",
     [](ViewerState& s) {
       s.report(std::string("gpulife ") + GPULIFE_VERSION +
                ": Game of Life on CUDA and CPU engines. The viewer's guide is docs/viewer.md; "
                "F1 lists every key.");
     }},
};

constexpr std::array<std::string_view, 5> kMenus = {kFile, kEdit, kView, kControl, kHelp};

}  // namespace

std::span<const MenuCommand> menu_commands() {
  return kCommands;
}

std::span<const std::string_view> menu_names() {
  return kMenus;
}

const MenuCommand* command_for_shortcut(std::string_view shortcut) {
  for (const MenuCommand& c : kCommands)
    if (!shortcut.empty() && c.shortcut == shortcut) return &c;
  return nullptr;
}

}  // namespace gpulife::app
