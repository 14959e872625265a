// The menu bar's commands: menu, label, the shortcut shown beside it, and what it does (the same
// action the shortcut runs). No ImGui, so tests can check that each shortcut shown is one the
// keyboard handles.
#pragma once

#include <span>
#include <string_view>

namespace gpulife::app {

struct ViewerState;

struct MenuCommand {
  std::string_view menu;  // "File", "Edit", "View", "Control" or "Help"
  std::string_view label;
  std::string_view shortcut;  // as shown, e.g. "Ctrl+Shift+Z"; empty for none
  void (*run)(ViewerState&) = nullptr;
  bool (*enabled)(const ViewerState&) = nullptr;  // null: always
  bool (*checked)(const ViewerState&) = nullptr;  // null: not a toggle
  bool separator_before = false;
};

// In menu order.
std::span<const MenuCommand> menu_commands();
// The menus, left to right.
std::span<const std::string_view> menu_names();
// The command whose shortcut is `shortcut` exactly ("Ctrl+Shift+Z"); null for none.
const MenuCommand* command_for_shortcut(std::string_view shortcut);

}  // namespace gpulife::app
