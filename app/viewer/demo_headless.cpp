// `gpulife demo --headless`: the tour drawn offscreen through EGL with the viewer's renderer and
// panels. The viewer's own headless loop switches back to its engine list every frame, which
// would undo each stage's switch, so the demo runs its frames here.
#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "app/png_writer.hpp"
#include "app/viewer/demo_tour.hpp"
#include "app/viewer/egl_context.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/grid_renderer.hpp"
#include "app/viewer/panels.hpp"
#include "core/error.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace gpulife::app {
namespace {

using Clock = std::chrono::steady_clock;

// ImGui without a platform backend, styled like the viewer's so --show-panel looks the same.
class HeadlessImGui {
 public:
  HeadlessImGui() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.0f;
    ImGui::GetStyle().FrameRounding = 3.0f;
    if (const std::filesystem::path font = tour_font_path("DejaVuSans.ttf"); !font.empty()) {
      io.Fonts->AddFontFromFileTTF(font.c_str(), 14.0f);
    } else {
      io.Fonts->AddFontDefault();
    }
    if (!ImGui_ImplOpenGL3_Init("#version 450")) {
      ImGui::DestroyContext();
      throw Error("cannot initialise the ImGui OpenGL backend (it loads libGL.so.1)");
    }
  }
  ~HeadlessImGui() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
  }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

// Frees the simulation's GL buffers while the context is still current.
struct StopSimulation {
  Simulation& sim;
  ~StopSimulation() { sim.stop(); }
};

void save_frame(GLuint framebuffer, const std::string& path, int w, int h) {
  std::vector<uint8_t> pixels(size_t(w) * size_t(h) * 3);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL rows run bottom-up; PNG rows top-down.
  std::vector<uint8_t> flipped(pixels.size());
  const size_t stride = size_t(w) * 3;
  for (int y = 0; y < h; ++y)
    std::copy_n(pixels.data() + size_t(h - 1 - y) * stride, stride,
                flipped.data() + size_t(y) * stride);
  write_png(path, flipped.data(), w, h, 3);
  std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
  std::fflush(stdout);
}

// The first view: --zoom around the grid's centre (in the middle of the area beside the panel),
// or the whole grid.
void place_camera(ViewerState& s) {
  if (s.options.zoom <= 0) {
    fit_grid(s, false);
    return;
  }
  const Vec2d vp = s.camera.viewport();
  const double left = s.show_panel ? s.panel_max.x : 0.0;
  const double zoom = s.options.zoom;
  const Vec2d target{double(s.sim.width()) * 0.5, double(s.sim.height()) * 0.5};
  s.camera.set_view({target.x - ((left + vp.x) * 0.5 - vp.x * 0.5) / zoom, target.y}, zoom);
}

}  // namespace

int run_tour_headless(const ViewerOptions& options, std::unique_ptr<FrameScript> script) {
  EglContext context;
  std::printf("headless: %s\n", context.description().c_str());
  const int w = options.width, h = options.height;
  GlFramebuffer target(w, h);
  if (!target.complete()) throw Error("cannot create a headless framebuffer");
  HeadlessImGui imgui;
  GridRenderer renderer;
  ViewerState s;
  s.options = options;
  s.ui_scale = 1.0f;
  s.show_panel = !options.hide_panel;
  StopSimulation stop{s.sim};
  FrameScript& tour = *script;

  std::vector<double> frame_ms;
  double dt = 1.0 / 60.0;
  for (int frame = 0;; ++frame) {
    const auto t0 = Clock::now();
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(w), float(h));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = float(std::max(dt, 1e-4));
    s.camera.set_viewport(w, h);
    s.camera.update(dt);
    tour.before_frame(s, dt);  // the first call starts the soup
    s.sim.tick(dt);
    ImGui::NewFrame();
    if (s.show_panel) draw_control_window(s);
    tour.draw_ui(s);
    ImGui::Render();
    // The first placement waits for the panel's size, as in the viewer.
    if (frame == 0) place_camera(s);
    glViewport(0, 0, w, h);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.draw(s.sim.view(), s.camera);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glFinish();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    s.frame.frame_ms = ms;
    s.frame.render_gpu_ms = renderer.last_gpu_ms();
    frame_ms.push_back(ms);
    dt = ms * 1e-3;
    if (const std::string path = tour.screenshot_path(); !path.empty())
      save_frame(target.id(), path, w, h);
    if (tour.finished()) break;
  }
  std::sort(frame_ms.begin(), frame_ms.end());
  std::printf("headless: %zu frames, median frame %.3f ms\n", frame_ms.size(),
              frame_ms[frame_ms.size() / 2]);
  return 0;
}

}  // namespace gpulife::app
