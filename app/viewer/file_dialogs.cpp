// File → Open (an in-app browser with a preview), File → Save, the recent files, the pattern
// library and the Help window (F1).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <utility>

#include "app/grid_setup.hpp"
#include "app/viewer/menu_commands.hpp"
#include "app/viewer/panels.hpp"
#include "app/viewer/pattern_files.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace fs = std::filesystem;
namespace {

struct OpenDialog {
  fs::path dir;
  std::vector<DirEntry> entries;
  std::string list_error;
  bool patterns_only = true;
  fs::path selected;
  std::optional<PatternPreview> preview;
  char path_input[1024] = "";

  void go(const fs::path& to) {
    std::error_code ec;
    fs::path abs = fs::absolute(to, ec);
    dir = ec ? to : abs.lexically_normal();
    refresh();
  }
  void refresh() {
    list_error.clear();
    try {
      entries = list_directory(dir, patterns_only);
    } catch (const std::exception& ex) {
      entries.clear();
      list_error = ex.what();
    }
    std::snprintf(path_input, sizeof path_input, "%s", dir.string().c_str());
  }
};

std::string human_size(uintmax_t bytes) {
  char buf[32];
  if (bytes < 10240) {
    std::snprintf(buf, sizeof buf, "%ju B", bytes);
  } else if (bytes < (uintmax_t{10} << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f KiB", double(bytes) / 1024.0);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1 << 20));
  }
  return buf;
}

fs::path start_folder() {
  std::error_code ec;
  try {
    return assets_dir() / "patterns";
  } catch (const std::exception&) {
    return fs::current_path(ec);
  }
}

// The folder of the file opened last (the recent list survives between sessions), else the
// bundled patterns.
fs::path last_folder(const RecentFiles& recent) {
  std::error_code ec;
  for (const fs::path& p : recent.paths())
    if (fs::is_directory(p.parent_path(), ec)) return p.parent_path();
  return start_folder();
}

// A typed path: a folder is entered, a file is opened (closing the dialog); "~" is the home
// folder.
void go_typed(OpenDialog& d, bool& show_open, const FileActions& actions) {
  std::string text = d.path_input;
  if (!text.empty() && text[0] == '~')
    if (const char* home = std::getenv("HOME")) text = home + text.substr(1);
  fs::path path = text;
  if (path.is_relative()) path = d.dir / path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    d.go(path);
  } else if (fs::exists(path, ec)) {
    if (actions.load(path.string())) {
      show_open = false;
      d.go(path.parent_path());
    }
  } else {
    actions.report("no such file or folder: " + path.string(), true);
  }
}

struct SaveInputs {
  char folder[1024] = "";
  char name[256] = "pattern";
  int format = 0;
  bool selection_only = false;
};

struct LibraryInputs {
  std::vector<LibraryEntry> entries;
  bool scanned = false;
  char query[128] = "";
};

}  // namespace

struct DialogState {
  OpenDialog open;
  bool open_shown_last_frame = false;  // so the Open window knows when it appears
  SaveInputs save;
  LibraryInputs library;
};

namespace {

DialogState& dialog_state(std::shared_ptr<DialogState>& dialogs) {
  if (!dialogs) dialogs = std::make_shared<DialogState>();
  return *dialogs;
}

void open_window(DialogState& dialogs, EditState& edit, float ui_scale,
                 const FileActions& actions) {
  OpenDialog& d = dialogs.open;
  const bool appearing = !dialogs.open_shown_last_frame;
  dialogs.open_shown_last_frame = true;
  if (appearing) {
    d.go(last_folder(edit.recent));
    d.selected.clear();
    d.preview.reset();
  }
  ImGui::SetNextWindowSize(ImVec2(620 * ui_scale, 460 * ui_scale), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.55f, display.y * 0.45f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  if (!ImGui::Begin("Open pattern", &edit.show_open)) {
    ImGui::End();
    return;
  }
  if (ImGui::Button("Parent")) d.go(d.dir.parent_path());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-160 * ui_scale);
  // Ready for a typed path as soon as the dialog opens; Enter opens a file or enters a folder,
  // Esc closes the dialog.
  if (appearing) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputText("##dir", d.path_input, sizeof d.path_input,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll))
    go_typed(d, edit.show_open, actions);
  if (ImGui::IsItemHovered())
    wrapped_tooltip(
        "type a folder or a file (absolute, ~/..., or relative to this folder) and "
        "press Enter");
  if (ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    edit.show_open = false;
  ImGui::SameLine();
  if (ImGui::Checkbox("patterns only", &d.patterns_only)) d.refresh();
  if (!d.list_error.empty())
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", d.list_error.c_str());
  const float preview_h = 90 * ui_scale;
  ImGui::BeginChild("##files", ImVec2(0, -preview_h), true);
  std::optional<fs::path> enter, load;
  for (const DirEntry& e : d.entries) {
    const std::string label = e.is_dir ? "[" + e.name + "]" : e.name;
    if (ImGui::Selectable(label.c_str(), e.path == d.selected,
                          ImGuiSelectableFlags_AllowDoubleClick)) {
      if (e.is_dir) {
        enter = e.path;
      } else {
        d.selected = e.path;
        d.preview = preview_pattern(e.path);
        if (ImGui::IsMouseDoubleClicked(0)) load = e.path;
      }
    }
    if (!e.is_dir) {
      ImGui::SameLine(ImGui::GetContentRegionAvail().x - 80 * ui_scale);
      ImGui::TextDisabled("%s", human_size(e.size).c_str());
    }
  }
  ImGui::EndChild();
  if (enter) d.go(*enter);
  if (d.preview) {
    const PatternPreview& p = *d.preview;
    if (p.ok) {
      ImGui::Text("%s  -  %lld x %lld, %llu cells, rule %s, %s", p.name.c_str(),
                  static_cast<long long>(p.width), static_cast<long long>(p.height),
                  static_cast<unsigned long long>(p.population), p.rule.c_str(),
                  human_size(p.file_bytes).c_str());
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
      ImGui::TextWrapped("%s", p.error.c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::BeginDisabled(d.selected.empty());
  if (ImGui::Button("Open  (Enter)")) load = d.selected;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel  (Esc)")) edit.show_open = false;
  ImGui::End();
  if (std::exchange(edit.open_accept, false)) {
    if (d.selected.empty()) {
      actions.report("no file selected: click one, or type its path and press Enter", false);
    } else {
      load = d.selected;
    }
  }
  // The dialog closes once the file is in, or the question about it is asked.
  if (load && (actions.load(load->string()) || edit.grow || edit.confirm)) edit.show_open = false;
}

void save_window(SaveInputs& in, EditState& edit, float ui_scale, const FileActions& actions) {
  char(&folder)[1024] = in.folder;
  char(&name)[256] = in.name;
  int& format = in.format;
  bool& selection_only = in.selection_only;
  if (folder[0] == '\0') {
    std::error_code ec;
    std::snprintf(folder, sizeof folder, "%s", fs::current_path(ec).string().c_str());
  }
  ImGui::SetNextWindowSize(ImVec2(520 * ui_scale, 0), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.55f, display.y * 0.4f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  if (!ImGui::Begin("Save pattern", &edit.show_save, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  ImGui::InputText("folder", folder, sizeof folder);
  ImGui::InputText("file name", name, sizeof name);
  const char* formats[] = {"RLE (.rle)", "plaintext (.cells)"};
  ImGui::Combo("format", &format, formats, 2);
  ImGui::BeginDisabled(edit.selection.empty());
  ImGui::Checkbox("selection only", &selection_only);
  ImGui::EndDisabled();
  fs::path path = fs::path(folder) / name;
  const std::string ext = format == 0 ? ".rle" : ".cells";
  if (path.extension() != ext) path += ext;
  ImGui::TextDisabled("%s", path.string().c_str());
  if (ImGui::Button("Save")) {
    if (actions.save(path.string(), selection_only && !edit.selection.empty()))
      edit.show_save = false;
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) edit.show_save = false;
  ImGui::End();
}

// `show` is the window's flag; `covered_right` gets where it covers the right edge.
void library_window(LibraryInputs& lib, bool& show, double& covered_right, float top,
                    float ui_scale, const FileActions& actions) {
  std::vector<LibraryEntry>& entries = lib.entries;
  char(&query)[128] = lib.query;
  if (!lib.scanned) {
    entries = scan_library(start_folder());
    lib.scanned = true;
  }
  ImGui::SetNextWindowSize(ImVec2(470 * ui_scale, 520 * ui_scale), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 480 * ui_scale, top), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Pattern library", &show)) {
    covered_right = 0;
    ImGui::End();
    return;
  }
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##search", "search name, rule, discoverer", query, sizeof query);
  const std::vector<size_t> hits = search_library(entries, query);
  ImGui::TextDisabled("%zu of %zu patterns; click to load, Shift+click to paste", hits.size(),
                      entries.size());
  if (ImGui::BeginTable(
          "##lib", 3,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed, 95 * ui_scale);
    ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, 70 * ui_scale);
    ImGui::TableHeadersRow();
    std::optional<size_t> clicked;
    for (size_t i : hits) {
      const LibraryEntry& e = entries[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(int(i));
      if (ImGui::Selectable(e.name.c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
        clicked = i;
      if (!e.comment.empty() && ImGui::IsItemHovered()) wrapped_tooltip(e.comment);
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.rule.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lldx%lld", static_cast<long long>(e.width), static_cast<long long>(e.height));
    }
    ImGui::EndTable();
    if (clicked) {
      const LibraryEntry& e = entries[*clicked];
      if (ImGui::GetIO().KeyShift) {
        actions.paste(e.path);
      } else {
        actions.load_from_library(e.path);
      }
    }
  }
  // Fits leave the library's side free while it is open at the right.
  const ImVec2 pos = ImGui::GetWindowPos();
  const float right_edge = pos.x + ImGui::GetWindowSize().x;
  covered_right = show && right_edge >= ImGui::GetIO().DisplaySize.x - 40.0f
                      ? double(pos.x) * ImGui::GetIO().DisplayFramebufferScale.x
                      : 0.0;
  ImGui::End();
}

void help_window(bool& show, float ui_scale) {
  ImGui::SetNextWindowSize(ImVec2(560 * ui_scale, 0), ImGuiCond_FirstUseEver);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_FirstUseEver,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x * 0.95f, display.y * 0.9f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  if (!ImGui::Begin("Keyboard map (F1)", &show)) {
    ImGui::End();
    return;
  }
  // The menu bar's commands with their keys, then what only the mouse and held keys do.
  static const char* const kMore[][2] = {
      {"wheel", "zoom around the cursor"},
      {"right or middle drag, Space + left drag, arrows", "pan"},
      {"left drag (Draw)", "draw; starting on a live cell or with Shift erases"},
      {"Ctrl+Y", "redo"},
      {"Ctrl+V, then click", "place the paste (Esc cancels)"},
      {"Shift+click in the library", "paste the pattern"},
      {"F2 / F3 / F4", "draw / pick / select tool"},
      {"Enter / Esc", "answer the open question; Esc also leaves a text field, closes a window"},
  };
  if (ImGui::BeginTable("##keys", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
    for (const MenuCommand& c : menu_commands()) {
      if (c.shortcut.empty()) continue;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.shortcut.data(), c.shortcut.data() + c.shortcut.size());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.label.data(), c.label.data() + c.label.size());
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%.*s", int(c.menu.size()), c.menu.data());
    }
    for (const auto& row : kMore) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace

void file_panel(EditState& edit, const FileActions& actions) {
  // Shortcuts: Ctrl+O, Ctrl+S, L, F1.
  if (ImGui::Button("Open...")) edit.show_open = true;
  ImGui::SameLine();
  if (ImGui::Button("Save...")) edit.show_save = true;
  ImGui::SameLine();
  if (ImGui::Button("Library")) edit.show_library = !edit.show_library;
  ImGui::SameLine();
  if (ImGui::Button("Keys (F1)")) edit.show_help = !edit.show_help;
  if (!edit.recent.paths().empty()) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##recent", "recent files")) {
      std::optional<std::string> pick;
      for (const fs::path& p : edit.recent.paths())
        if (ImGui::Selectable(p.filename().string().c_str())) pick = p.string();
      ImGui::EndCombo();
      if (pick) actions.load(*pick);
    }
  }
}

void draw_file_windows(EditState& edit, std::shared_ptr<DialogState>& dialogs,
                       double& covered_right, float top, float ui_scale,
                       const FileActions& actions) {
  if (edit.show_open) {
    open_window(dialog_state(dialogs), edit, ui_scale, actions);
  } else {
    if (dialogs) dialogs->open_shown_last_frame = false;
    edit.open_accept = false;
  }
  if (edit.show_save) save_window(dialog_state(dialogs).save, edit, ui_scale, actions);
  if (edit.show_library) {
    library_window(dialog_state(dialogs).library, edit.show_library, covered_right, top, ui_scale,
                   actions);
  } else {
    covered_right = 0;
  }
  if (edit.show_help) help_window(edit.show_help, ui_scale);
}

}  // namespace gpulife::app
