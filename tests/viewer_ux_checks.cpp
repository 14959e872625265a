// Tests the viewer's keyboard and messages without a window: which key events ImGui and the
// viewer each get (so Tab, Space and Enter are never taken by ImGui's navigation, and a tap
// shorter than a frame is still seen), Esc and Enter over dialogs, notices, the menu bar's
// shortcuts, the window title, tooltips' width, and bundled names matched loosely.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "app/grid_setup.hpp"
#include "app/viewer/dialog_keys.hpp"
#include "app/viewer/input_tools.hpp"
#include "app/viewer/key_routing.hpp"
#include "app/viewer/menu_commands.hpp"
#include "app/viewer/panels.hpp"
#include "core/error.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "viewer_test_support.hpp"

namespace gpulife::app {
namespace {

KeyEvent press(int key, int mods = 0) {
  return {key, GLFW_PRESS, mods};
}
KeyEvent release(int key, int mods = 0) {
  return {key, GLFW_RELEASE, mods};
}

TEST(KeyRouting, WithoutATextFieldTheViewerGetsTheKeysAndImGuiNone) {
  KeyRouting r;
  // The repro of the report: Tab, then Space Space Enter. None of them may reach ImGui, whose
  // keyboard navigation would move focus into the panel's fields.
  for (int key : {GLFW_KEY_TAB, GLFW_KEY_SPACE, GLFW_KEY_SPACE, GLFW_KEY_ENTER}) {
    EXPECT_FALSE(r.on_key(press(key), false)) << key;
    r.on_key(release(key), false);
  }
  const std::vector<KeyEvent> got = r.take_viewer_events();
  ASSERT_EQ(got.size(), 8u);
  EXPECT_EQ(got[0].key, GLFW_KEY_TAB);
  EXPECT_EQ(got[0].action, GLFW_PRESS);
  EXPECT_EQ(got[1].action, GLFW_RELEASE);
  EXPECT_EQ(got[6].key, GLFW_KEY_ENTER);
  EXPECT_TRUE(r.take_viewer_events().empty()) << "taken once";
  EXPECT_TRUE(r.begin_frame().empty());
}

TEST(KeyRouting, ModifiersAlwaysReachImGuiForItsClicks) {
  KeyRouting r;
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_LEFT_SHIFT), false));  // Shift+click in the library
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_LEFT_CONTROL), false));
  EXPECT_TRUE(r.take_viewer_events().empty());
}

TEST(KeyRouting, WhileEditingATextFieldImGuiGetsTheKeysAndTheViewerNone) {
  KeyRouting r;
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_S), true));
  EXPECT_TRUE(r.take_viewer_events().empty()) << "S typed in a field must not pick the tool";
}

TEST(KeyRouting, FKeysAndCtrlOSQReachTheViewerEvenFromAField) {
  KeyRouting r;
  EXPECT_FALSE(r.on_key(press(GLFW_KEY_Q, GLFW_MOD_CONTROL), true));
  EXPECT_FALSE(r.on_key(press(GLFW_KEY_F1), true));
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_A, GLFW_MOD_CONTROL), true)) << "select all in the field";
  EXPECT_EQ(r.take_viewer_events().size(), 2u);
}

TEST(KeyRouting, ATapWithinOneFrameReachesImGuiOverTwoFrames) {
  KeyRouting r;
  // Enter pressed and released before ImGui's next frame: it must see it down for one frame.
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_ENTER), true));
  EXPECT_FALSE(r.on_key(release(GLFW_KEY_ENTER), true));
  EXPECT_TRUE(r.pending());
  const std::vector<KeyEvent> next = r.begin_frame();
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].action, GLFW_RELEASE);
  EXPECT_TRUE(r.begin_frame().empty());
  EXPECT_FALSE(r.pending());
}

TEST(KeyRouting, TwoTapsWithinOneFrameAreEachSeen) {
  KeyRouting r;
  EXPECT_TRUE(r.on_key(press(GLFW_KEY_BACKSPACE), true));
  EXPECT_FALSE(r.on_key(release(GLFW_KEY_BACKSPACE), true));
  EXPECT_FALSE(r.on_key(press(GLFW_KEY_BACKSPACE), true));
  EXPECT_FALSE(r.on_key(release(GLFW_KEY_BACKSPACE), true));
  // One change of the key per frame: release, press, release.
  for (int action : {GLFW_RELEASE, GLFW_PRESS, GLFW_RELEASE}) {
    const std::vector<KeyEvent> frame = r.begin_frame();
    ASSERT_EQ(frame.size(), 1u);
    EXPECT_EQ(frame[0].action, action);
  }
  EXPECT_TRUE(r.begin_frame().empty());
}

TEST(KeyRouting, TheViewerHearsTheReleaseOfEveryPressItHeard) {
  KeyRouting r;
  r.on_key(press(GLFW_KEY_SPACE), false);   // held to pan ...
  r.on_key(release(GLFW_KEY_SPACE), true);  // ... released once a field had the keys
  const std::vector<KeyEvent> got = r.take_viewer_events();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].action, GLFW_RELEASE);
  // A release whose press went to the field is not the viewer's.
  r.on_key(press(GLFW_KEY_X), true);
  r.on_key(release(GLFW_KEY_X), false);
  EXPECT_TRUE(r.take_viewer_events().empty());
}

class ViewerKeysTest : public ::testing::Test {
 protected:
  void SetUp() override {
    keep_config_in_temp("gpulife_ux_test_cfg");
    start_in_view(state, Grid(64, 64), {32, 32});
    Pattern blinker({{30, 31}, {31, 31}, {32, 31}});
    state.sim.with_engine([&](Engine& e) {
      Grid g(64, 64);
      g.place(blinker, Cell{30, 31});
      e.load(g);
    });
  }
  void TearDown() override { state.sim.stop(); }
  bool key(const KeyEvent& e) { return dispatch_key(state, &tool, nav, e); }
  bool tap(int k, int mods = 0) {
    const bool used = key(press(k, mods));
    key(release(k, mods));
    return used;
  }
  void wait_for_generation(uint64_t g) {
    for (int i = 0; i < 5000 && state.sim.generation() < g; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      state.sim.tick(0.0);
    }
    edit_tick(state);
  }

  ViewerState state;
  EditorTool tool;
  NavigateTool nav;
};

TEST_F(ViewerKeysTest, QuickTapsWithinOneFrameEachStep) {
  // Three Space taps and a Tab all arrive between two frames at a low frame rate.
  KeyRouting r;
  state.sim.pace = PaceSettings{PaceMode::PerFrame, 4, 60.0};
  for (int k : {GLFW_KEY_SPACE, GLFW_KEY_SPACE, GLFW_KEY_SPACE, GLFW_KEY_TAB}) {
    r.on_key(press(k), false);
    r.on_key(release(k), false);
  }
  for (const KeyEvent& e : r.take_viewer_events()) key(e);
  wait_for_generation(7);
  EXPECT_EQ(state.sim.generation(), 7u);
}

TEST_F(ViewerKeysTest, EscapeClosesTheNewestThingFirst) {
  state.edit.selection = {1, 1, 5, 5};
  state.edit.show_library = true;
  state.edit.show_help = true;
  state.edit.show_save = true;
  state.edit.show_open = true;
  begin_paste(state, Pattern({{0, 0}}));
  state.report("something went wrong", true);
  state.edit.grow = PendingGrow{};
  state.edit.confirm = PendingConfirm{"Sure?", "", "Yes", nullptr};
  auto closed = [&](const char* what, const std::function<bool()>& now) {
    ASSERT_TRUE(tap(GLFW_KEY_ESCAPE)) << what;
    EXPECT_TRUE(now()) << what << " should close, and only it";
  };
  closed("confirmation", [&] { return !state.edit.confirm && state.edit.grow; });
  closed("grow offer", [&] { return !state.edit.grow && state.notices.has_error(); });
  closed("error notice", [&] { return !state.notices.has_error() && state.edit.paste; });
  closed("paste", [&] { return !state.edit.paste && state.edit.show_open; });
  closed("Open dialog", [&] { return !state.edit.show_open && state.edit.show_save; });
  closed("Save dialog", [&] { return !state.edit.show_save && state.edit.show_help; });
  closed("keyboard map", [&] { return !state.edit.show_help && state.edit.show_library; });
  closed("library", [&] { return !state.edit.show_library && !state.edit.selection.empty(); });
  closed("selection", [&] { return state.edit.selection.empty(); });
  EXPECT_FALSE(tap(GLFW_KEY_ESCAPE)) << "nothing left to close";
}

TEST_F(ViewerKeysTest, EnterAnswersWhatIsOpenBeforeItRuns) {
  bool accepted = false;
  state.edit.confirm = PendingConfirm{"Sure?", "", "Yes", [&](ViewerState&) { accepted = true; }};
  tap(GLFW_KEY_ENTER);
  EXPECT_TRUE(accepted);
  EXPECT_FALSE(state.sim.running);
  state.edit.show_open = true;
  tap(GLFW_KEY_ENTER);
  EXPECT_TRUE(state.edit.open_accept) << "the Open dialog opens its selected file";
  EXPECT_FALSE(state.sim.running);
  state.edit.show_open = false;
  tap(GLFW_KEY_ENTER);
  EXPECT_TRUE(state.sim.running);
}

TEST_F(ViewerKeysTest, SelectionActionsWithoutASelectionSayWhy) {
  for (int k : {GLFW_KEY_DELETE, GLFW_KEY_5, GLFW_KEY_R}) {
    state.message.clear();
    tap(k);
    EXPECT_NE(state.message.find("nothing selected"), std::string::npos) << k;
  }
  state.message.clear();
  tap(GLFW_KEY_C, GLFW_MOD_CONTROL);
  EXPECT_NE(state.message.find("nothing selected"), std::string::npos);
  state.message.clear();
  tap(GLFW_KEY_EQUAL);
  EXPECT_EQ(state.message.rfind("pace ", 0), 0u) << state.message;
}

// "Ctrl+Shift+Z" -> key and mods, as a user types them.
KeyEvent parse_shortcut(std::string_view text) {
  KeyEvent e{0, GLFW_PRESS, 0};
  std::string rest(text);
  for (auto [prefix, mod] :
       {std::pair{"Ctrl+", GLFW_MOD_CONTROL}, std::pair{"Shift+", GLFW_MOD_SHIFT}}) {
    while (rest.rfind(prefix, 0) == 0 && rest.size() > std::string(prefix).size()) {
      e.mods |= mod;
      rest = rest.substr(std::string(prefix).size());
    }
  }
  static const std::pair<const char*, int> kNamed[] = {
      {"Enter", GLFW_KEY_ENTER},    {"Space", GLFW_KEY_SPACE},   {"Tab", GLFW_KEY_TAB},
      {"Esc", GLFW_KEY_ESCAPE},     {"Delete", GLFW_KEY_DELETE}, {"Home", GLFW_KEY_HOME},
      {"+", GLFW_KEY_KP_ADD},       {"-", GLFW_KEY_MINUS},       {"[", GLFW_KEY_LEFT_BRACKET},
      {"]", GLFW_KEY_RIGHT_BRACKET}};
  for (const auto& [name, key] : kNamed)
    if (rest == name) e.key = key;
  if (rest.size() == 1 && std::isalnum(static_cast<unsigned char>(rest[0])))
    e.key = std::toupper(static_cast<unsigned char>(rest[0]));  // GLFW_KEY_A.. and 0..9 are ASCII
  if (rest.size() >= 2 && rest[0] == 'F' && std::isdigit(static_cast<unsigned char>(rest[1])))
    e.key = GLFW_KEY_F1 + std::stoi(rest.substr(1)) - 1;
  return e;
}

TEST_F(ViewerKeysTest, EveryShortcutInTheMenusIsOneTheKeyboardHandles) {
  size_t checked = 0;
  for (const MenuCommand& c : menu_commands()) {
    if (c.shortcut.empty()) continue;
    const KeyEvent e = parse_shortcut(c.shortcut);
    ASSERT_NE(e.key, 0) << "cannot read the shortcut " << c.shortcut;
    // With something selected and nothing open, as the menu entry expects.
    state.edit = EditState();
    state.edit.selection = {28, 29, 34, 33};
    state.quit = false;
    state.sim.running = false;
    const bool used = key(e);
    if (e.key == GLFW_KEY_SPACE) key(release(e.key));  // Space acts on release
    EXPECT_TRUE(used) << c.menu << " > " << c.label << " shows " << c.shortcut
                      << " but the key does nothing";
    ++checked;
  }
  EXPECT_GT(checked, 25u);
}

TEST_F(ViewerKeysTest, TogglesDoTheSameFromTheMenuAndTheKeyboard) {
  const PaceSettings pace = state.sim.pace;
  auto reset = [&] {
    state.edit = EditState();
    state.show_panel = true;
    state.sim.running = false;
    state.sim.pace = pace;
  };
  for (const MenuCommand& c : menu_commands()) {
    if (!c.checked || c.shortcut.empty()) continue;
    reset();
    const bool before = c.checked(state);
    c.run(state);
    const bool by_menu = c.checked(state);
    EXPECT_TRUE(before || by_menu) << c.label << " does nothing";
    reset();
    key(parse_shortcut(c.shortcut));
    EXPECT_EQ(c.checked(state), by_menu) << c.label << " (" << c.shortcut << ")";
  }
  reset();
  tap(GLFW_KEY_Q, GLFW_MOD_CONTROL);
  EXPECT_TRUE(state.quit);
}

TEST(Notices, ErrorsStayUntilDismissedAndOthersFade) {
  Notices n;
  n.add("loaded glider", NoticeKind::Info);
  n.add("cannot read x.rle", NoticeKind::Error);
  n.add("loaded glider", NoticeKind::Info);  // a repeat counts, and comes to the top
  ASSERT_EQ(n.items().size(), 2u);
  EXPECT_EQ(n.items().back().text, "loaded glider");
  EXPECT_EQ(n.items().back().count, 2);
  n.tick(Notices::kInfoSeconds + 0.5);
  ASSERT_EQ(n.items().size(), 1u);
  EXPECT_EQ(n.items().front().kind, NoticeKind::Error);
  n.tick(1000);
  EXPECT_TRUE(n.has_error());
  EXPECT_TRUE(n.dismiss_newest_error());
  EXPECT_FALSE(n.dismiss_newest_error());
  for (int i = 0; i < 20; ++i) n.add("error " + std::to_string(i), NoticeKind::Error);
  EXPECT_EQ(n.items().size(), Notices::kMaxShown);
  EXPECT_EQ(n.items().back().text, "error 19");
}

TEST(Notices, ReportShowsEveryMessageAsANotice) {
  ViewerState s;
  s.report("pasted 5 cells");
  s.report("bad.rle:3:1: unexpected 'q'", true);
  ASSERT_EQ(s.notices.items().size(), 2u);
  EXPECT_EQ(s.notices.items().back().kind, NoticeKind::Error);
  EXPECT_EQ(s.notices.items().back().text, "bad.rle:3:1: unexpected 'q'");
  EXPECT_TRUE(s.message_is_error);
}

TEST_F(ViewerKeysTest, TheTitleNamesThePatternGenerationAndPopulation) {
  state.pattern_name = "blinker";
  step_once(state, 3);
  wait_for_generation(3);
  // The figures (population included) come from the worker a tick after the step.
  for (int i = 0; i < 5000 && !(state.sim.figures().generation == 3 &&
                                 state.sim.figures().population_known);
       ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    state.sim.tick(0.0);
  }
  const std::string title = window_title(state);
  EXPECT_NE(title.find("blinker"), std::string::npos) << title;
  EXPECT_NE(title.find("generation 3"), std::string::npos) << title;
  EXPECT_NE(title.find("population 3"), std::string::npos) << title;
  EXPECT_NE(title.find("B3/S23"), std::string::npos) << title;
  EXPECT_EQ(soup_name("", 0.5), "random soup, density 0.5");
  EXPECT_EQ(soup_name("glider", 0.25), "glider + random soup, density 0.25");
}

// ImGui without a window or GL: enough to lay out a frame and measure what it made.
class ImGuiFrame {
 public:
  explicit ImGuiFrame(float width = 800, float height = 500) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~ImGuiFrame() { ImGui::DestroyContext(); }
  ImGuiFrame(const ImGuiFrame&) = delete;
  ImGuiFrame& operator=(const ImGuiFrame&) = delete;
};

TEST(Tooltips, ALongTooltipStaysInsideTheWindowWhereverTheCursorIs) {
  ImGuiFrame frame(800, 500);
  const std::string text(600, 'w');  // far wider than the window on one line
  for (float x : {5.0f, 400.0f, 795.0f}) {
    for (int i = 0; i < 3; ++i) {  // tooltips settle their size over a frame or two
      ImGui::GetIO().MousePos = ImVec2(x, 250);
      ImGui::NewFrame();
      const std::string words = [&] {
        std::string t;
        for (int w = 0; w < 80; ++w) t += "word" + std::to_string(w) + " ";
        return t;
      }();
      wrapped_tooltip(words + text.substr(0, 10));
      ImGui::Render();
    }
    ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_NE(tip, nullptr);
    EXPECT_GE(tip->Pos.x, 0.0f) << "cursor at x " << x;
    EXPECT_LE(tip->Pos.x + tip->Size.x, 800.0f) << "cursor at x " << x;
  }
}

TEST(BundledNames, MatchLooselyAndSuggestTheClosest) {
  ASSERT_TRUE(find_bundled_pattern("gosper_glider_gun"));
  for (const char* name : {"gosper-glider-gun", "Gosper Glider Gun", "GOSPER_GLIDER_GUN.rle"}) {
    const auto path = find_bundled_pattern(name);
    ASSERT_TRUE(path) << name;
    EXPECT_EQ(path->filename(), "gosper_glider_gun.rle") << name;
  }
  EXPECT_FALSE(find_bundled_pattern("gosper-gun"));
  const std::vector<std::string> near = suggest_bundled_patterns("gosper-gun", 3);
  ASSERT_FALSE(near.empty());
  EXPECT_EQ(near.front(), "gosper_glider_gun");
  EXPECT_EQ(suggest_bundled_patterns("glidr", 3).front(), "glider");
  try {
    load_named_pattern("gosper-gun");
    FAIL() << "loaded a pattern that does not exist";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean gosper_glider_gun"), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(suggest_bundled_patterns("zzzzqqqq", 3).empty());
}

}  // namespace
}  // namespace gpulife::app
