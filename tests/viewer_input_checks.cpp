// Tests the viewer's navigation tool (app/viewer/input_tools.hpp) without a window: wheel zoom
// around the cursor, drag panning with each button, space + drag, keys for zoom, pan and run.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cmath>

#include "app/viewer/input_tools.hpp"
#include "imgui.h"

namespace gpulife::app {
namespace {

class NavigateToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    state.camera.set_viewport(1000, 800);
    state.camera.set_view({100, 100}, 4.0);
  }
  void settle() {
    for (int i = 0; i < 400 && state.camera.animating(); ++i) state.camera.update(1.0 / 60.0);
  }
  MouseButtonEvent button(int b, bool pressed, Vec2d px = {500, 400}) {
    return MouseButtonEvent{b, pressed, 0, px};
  }

  ViewerState state;
  NavigateTool tool;
};

TEST_F(NavigateToolTest, WheelZoomsAroundTheCursor) {
  const Vec2d cursor{800, 200};
  const Vec2d under = state.camera.screen_to_cell(cursor);
  EXPECT_TRUE(tool.scroll(state, cursor, 2.0));
  settle();
  EXPECT_NEAR(state.camera.zoom(), 4.0 * 1.25 * 1.25, 1e-9);
  EXPECT_NEAR(state.camera.screen_to_cell(cursor).x, under.x, 1e-9);
  EXPECT_NEAR(state.camera.screen_to_cell(cursor).y, under.y, 1e-9);
}

TEST_F(NavigateToolTest, RightAndMiddleDragPan) {
  for (int b : {GLFW_MOUSE_BUTTON_RIGHT, GLFW_MOUSE_BUTTON_MIDDLE}) {
    state.camera.set_view({100, 100}, 4.0);
    EXPECT_TRUE(tool.mouse_button(state, button(b, true)));
    EXPECT_TRUE(tool.mouse_move(state, {540, 400}, {40, 0}));
    EXPECT_TRUE(tool.mouse_button(state, button(b, false)));
    EXPECT_NEAR(state.camera.center().x, 90.0, 1e-12);  // picture moved right by 10 cells
    // Released: moving no longer pans.
    EXPECT_FALSE(tool.mouse_move(state, {600, 400}, {60, 0}));
    EXPECT_NEAR(state.camera.center().x, 90.0, 1e-12);
  }
}

TEST_F(NavigateToolTest, LeftDragAloneDoesNotPan) {
  EXPECT_FALSE(tool.mouse_button(state, button(GLFW_MOUSE_BUTTON_LEFT, true)));
  EXPECT_FALSE(tool.mouse_move(state, {540, 400}, {40, 0}));
  EXPECT_NEAR(state.camera.center().x, 100.0, 1e-12);
}

TEST_F(NavigateToolTest, SpaceWithLeftDragPansAndDoesNotStep) {
  EXPECT_TRUE(tool.key(state, GLFW_KEY_SPACE, GLFW_PRESS, 0));
  EXPECT_TRUE(tool.mouse_button(state, button(GLFW_MOUSE_BUTTON_LEFT, true)));
  EXPECT_TRUE(tool.mouse_move(state, {500, 440}, {0, 40}));
  EXPECT_TRUE(tool.mouse_button(state, button(GLFW_MOUSE_BUTTON_LEFT, false)));
  state.sim.running = true;  // a step would pause a running simulation; a pan must not
  EXPECT_TRUE(tool.key(state, GLFW_KEY_SPACE, GLFW_RELEASE, 0));
  EXPECT_NEAR(state.camera.center().y, 90.0, 1e-12);
  EXPECT_TRUE(state.sim.running);
}

TEST_F(NavigateToolTest, SpaceTapStepsWhichPausesARunningSimulation) {
  state.sim.running = true;
  tool.key(state, GLFW_KEY_SPACE, GLFW_PRESS, 0);
  tool.key(state, GLFW_KEY_SPACE, GLFW_RELEASE, 0);
  EXPECT_FALSE(state.sim.running);
}

TEST_F(NavigateToolTest, EnterTogglesRunning) {
  EXPECT_TRUE(tool.key(state, GLFW_KEY_ENTER, GLFW_PRESS, 0));
  EXPECT_TRUE(state.sim.running);
  tool.key(state, GLFW_KEY_ENTER, GLFW_PRESS, 0);
  EXPECT_FALSE(state.sim.running);
}

TEST_F(NavigateToolTest, BracketsZoomByTwo) {
  tool.key(state, GLFW_KEY_RIGHT_BRACKET, GLFW_PRESS, 0);
  settle();
  EXPECT_NEAR(state.camera.zoom(), 8.0, 1e-9);
  tool.key(state, GLFW_KEY_LEFT_BRACKET, GLFW_PRESS, 0);
  tool.key(state, GLFW_KEY_LEFT_BRACKET, GLFW_REPEAT, 0);
  settle();
  EXPECT_NEAR(state.camera.zoom(), 2.0, 1e-9);
}

TEST_F(NavigateToolTest, ArrowsPanByATenthOfTheView) {
  tool.key(state, GLFW_KEY_RIGHT, GLFW_PRESS, 0);
  // 10% of the smaller side (800 px) at 4 px per cell: 20 cells, looking further right.
  EXPECT_NEAR(state.camera.center().x, 120.0, 1e-12);
  tool.key(state, GLFW_KEY_UP, GLFW_REPEAT, 0);
  EXPECT_NEAR(state.camera.center().y, 80.0, 1e-12);
}

TEST_F(NavigateToolTest, F10TogglesThePanel) {
  EXPECT_TRUE(state.show_panel);
  tool.key(state, GLFW_KEY_F10, GLFW_PRESS, 0);
  EXPECT_FALSE(state.show_panel);
  tool.key(state, GLFW_KEY_F10, GLFW_PRESS, 0);
  EXPECT_TRUE(state.show_panel);
}

// A press is kept from the grid where an ImGui window drawn in the last frame covers the
// pointer, whatever WantCaptureMouse says: ImGui set that from where the pointer was then.
TEST(ImGuiWindowAtTest, CoversTheWindowsOfTheLastFrameOnly) {
  EXPECT_FALSE(imgui_window_at(10, 10)) << "no ImGui context";
  ImGuiContext* context = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(800, 600);
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  auto frame = [&](bool panel, bool overlay) {
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = ImVec2(700, 500);  // the pointer last seen away from every window
    ImGui::NewFrame();
    if (panel) {
      ImGui::SetNextWindowPos(ImVec2(20, 30));
      ImGui::SetNextWindowSize(ImVec2(200, 300));
      ImGui::Begin("panel");
      ImGui::TextUnformatted("x");
      ImGui::End();
    }
    if (overlay) {  // a caption that lets clicks through
      ImGui::SetNextWindowPos(ImVec2(400, 30));
      ImGui::SetNextWindowSize(ImVec2(200, 100));
      ImGui::Begin("caption", nullptr, ImGuiWindowFlags_NoInputs);
      ImGui::TextUnformatted("y");
      ImGui::End();
    }
    ImGui::Render();
  };
  frame(true, true);
  EXPECT_FALSE(ImGui::GetIO().WantCaptureMouse);
  EXPECT_TRUE(imgui_window_at(100, 100));
  EXPECT_TRUE(imgui_window_at(219, 329));
  EXPECT_FALSE(imgui_window_at(221, 100));
  EXPECT_FALSE(imgui_window_at(500, 80)) << "NoInputs windows let the press through";
  EXPECT_FALSE(imgui_window_at(700, 500));
  frame(false, true);  // the panel closed: its place is the grid's again
  EXPECT_FALSE(imgui_window_at(100, 100));
  ImGui::DestroyContext(context);
  EXPECT_FALSE(imgui_window_at(100, 100));
}

}  // namespace
}  // namespace gpulife::app
