// The viewer's main loop, shared by the window and the headless EGL path: simulate, lay out the
// panels, draw the grid and the UI, report timing, save the last frame.
#include "app/viewer/viewer.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include "app/banded_run.hpp"
#include "app/engines.hpp"
#include "app/fonts.hpp"
#include "app/grid_setup.hpp"
#include "app/png_writer.hpp"
#include "app/viewer/demo.hpp"
#include "app/viewer/egl_context.hpp"
#include "app/viewer/frame_driver.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/glfw_window.hpp"
#include "app/viewer/grid_ops.hpp"
#include "app/viewer/grid_renderer.hpp"
#include "app/viewer/input_tools.hpp"
#include "app/viewer/panels.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/error.hpp"
#include "core/grid_recipe.hpp"
#include "core/host_memory.hpp"
#include "core/recent_files.hpp"
#include "core/rule_phases.hpp"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#if GPULIFE_HAVE_CUDA
#include "app/viewer/interop_backend.hpp"
#include "gpu/bandwidth.hpp"
#endif

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

void setup_simulation(ViewerState& s) {
  const ViewerOptions& o = s.options;
  Grid grid;
  Rule rule;
  std::vector<std::string> compare_engines = o.compare_engines;
  if (o.compare && compare_engines.empty()) compare_engines = Comparison::default_engines();
  const std::string engine = o.compare          ? compare_engines.front()
                             : o.engine.empty() ? default_engine_name()
                                                : o.engine;
  // Engines whose bands live on several GPUs build the grid there from a recipe: the host never
  // holds it (the demo, a host grid of its own, only when nothing else is asked for).
  const bool banded = !o.compare && is_banded_engine(engine) &&
                      (!o.pattern.empty() || o.random_density > 0 || o.size);
  std::vector<std::string> script_comments;  // the pattern's, for its LifeViewer script
  bool bounded_plane = false;
  std::optional<GridRecipe> recipe;
  std::optional<Pattern> opened_history;  // a LifeHistory file's pattern, states and all
  // Every engine keeps a copy of the state in compare mode: the largest size that fits them all,
  // chosen before the scene is laid out on it.
  auto fit_for_compare = [&](GridSize wanted) {
    std::vector<std::string> notes;
    const GridSize fit =
        Comparison::fitting_size(compare_engines, wanted, GridRenderer::kMaxStateBytes, notes);
    for (const std::string& note : notes) std::printf("compare: %s\n", note.c_str());
    if (fit.width != wanted.width || fit.height != wanted.height)
      s.report("compare mode picked " + std::to_string(fit.width) + "x" +
               std::to_string(fit.height) + ", the largest size at which all engines fit");
    return fit;
  };
  std::optional<GridSize> size = o.size;
  if (o.compare && size) size = fit_for_compare(*size);
  if (o.pattern.empty() && !banded) {
    DemoSetup demo = make_demo(size, o.topology);
    grid = std::move(demo.grid);
    rule = demo.rule;
    s.pattern_name = demo.name;
  } else {
    Pattern pattern = o.pattern.empty() ? Pattern() : load_named_pattern(o.pattern);
    if (o.rule) pattern.rule = parse_rule(*o.rule);
    // A History rule's states are the file's while no other rule or soup replaces it.
    if (pattern.history_rule && !o.rule && o.random_density <= 0 && !banded)
      opened_history = pattern;
    GridRequest request{size, o.topology};
    const GridSetup setup = choose_view_grid(s, pattern, request);
    for (const std::string& note : setup.notes) std::cerr << "gpulife view: " << note << "\n";
    // The file's own (a file cut short) are shown in the window too.
    for (const std::string& note : pattern.notes) s.report(note);
    rule = pattern.rule.rule;
    s.pattern_name = o.pattern.empty()      ? "random soup"
                     : pattern.name.empty() ? fs::path(o.pattern).stem().string()
                                            : pattern.name;
    if (banded) {
      recipe = make_recipe(setup.size, setup.topology, pattern, setup.origin, o.random_density,
                           kDefaultSoupSeed);
    } else {
      grid = Grid(setup.size.width, setup.size.height, setup.topology);
      const Box box = pattern.bounding_box();  // cells beyond a bounded grid are dropped
      draw_pattern(pattern, grid, Cell{setup.origin.x - box.min_x, setup.origin.y - box.min_y});
      convert_golly_cells(grid, pattern.rule.rule, pattern.generation);  // B0: Golly's cells
    }
    set_pattern_info(s, pattern, o.pattern);
    script_comments = pattern.comments;
    // A ":Pw,h" file's plane is bounded (saved with its suffix); others stand for the infinite.
    bounded_plane =
        pattern.rule.bounds && setup.topology == Topology::Plane && !setup.open_x && !setup.open_y;
  }
  if (o.rule && o.pattern.empty()) rule = parse_rule(*o.rule).rule;
  if (o.compare && !o.size) {
    // The size the pattern asked for may still be too large for all of them.
    const GridSize fit = fit_for_compare({grid.width(), grid.height()});
    if (fit.width != grid.width() || fit.height != grid.height())
      grid = regrid(grid, fit, grid.topology());
  }
  // The soup comes after compare mode's size choice, so a smaller grid is filled whole.
  if (o.random_density > 0 && !recipe) {
    Grid soup(grid.width(), grid.height(), grid.topology());
    soup.randomize(o.random_density, kDefaultSoupSeed);
    for (size_t i = 0; i < soup.words().size(); ++i) grid.words()[i] |= soup.words()[i];
    s.pattern_name = soup_name(o.pattern.empty() ? "" : s.pattern_name, o.random_density);
  }
  if (o.verify && recipe) require_host_memory(recipe->bytes(), "--verify's copy of the grid");
  if (o.verify) s.initial = recipe ? make_grid(*recipe) : grid;
  s.sim.interop = o.interop;
  if (recipe) {
    // Parameters first: the bands they ask for are made once, on the GPUs.
    s.sim.start(engine, *recipe, rule, parse_params(o.params));
  } else {
    s.sim.start(engine, grid, rule);
    if (!o.params.empty()) s.sim.set_params(parse_params(o.params));
  }
  s.sim.set_bounded_plane(bounded_plane);
  if (opened_history) remember_opened_history(s, *opened_history);
  s.sim.pace = starting_pace(o);
  apply_watch_options(s, o.watch);
  s.sim.running = o.run || (o.pattern.empty() && o.frames == 0);
  if (!o.compare) take_lifeviewer_script(s, script_comments, true);
  if (o.compare) {
    s.compare.check_every = o.check_every;
    if (!o.script.fault_engine.empty())
      s.compare.fault = InjectedFault{o.script.fault_engine, o.script.fault_generation};
    for (const std::string& note : s.compare.begin(s.sim, compare_engines)) {
      std::printf("compare: %s\n", note.c_str());
      s.report(note, true);
    }
    const int lanes = int(s.compare.size());
    s.tiles.count =
        o.tiles > 0 ? std::min(o.tiles, tiles_for(size_t(lanes))) : tiles_for(size_t(lanes));
    std::printf("compare: %d engines (", lanes);
    for (int i = 0; i < lanes; ++i)
      std::printf("%s%s", i ? ", " : "", s.compare.lane(s.sim, size_t(i)).engine_name().c_str());
    std::printf("), grid %lldx%lld, %d tiles, agreement checked every %llu generations\n",
                static_cast<long long>(s.sim.width()), static_cast<long long>(s.sim.height()),
                s.tiles.count, static_cast<unsigned long long>(s.compare.check_every));
  }
  s.show_panel = s.show_menu_bar = !o.hide_panel;
  s.edit.show_library = o.script.show_library;
  s.edit.show_help = o.script.show_help;
  s.edit.show_open = o.script.show_open;
  if (const fs::path list = recent_files_path(); !list.empty())
    s.edit.recent = RecentFiles::load(list);
  if (!o.pattern.empty()) remember_file(s, o.pattern);
}

// ImGui context and style; the platform backend (GLFW) is optional so headless runs show the
// same panel.
class ImGuiSession {
 public:
  ImGuiSession(float scale, void* glfw_window) : glfw_(glfw_window != nullptr) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini dropped into the user's folder
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.ScaleAllSizes(scale);
    if (const fs::path font = find_font("DejaVuSans.ttf"); !font.empty()) {
      io.Fonts->AddFontFromFileTTF(font.c_str(), 14.0f * scale);
    } else {
      ImFontConfig config;
      config.SizePixels = 13.0f * scale;
      io.Fonts->AddFontDefault(&config);
    }
    if (glfw_ && !ImGui_ImplGlfw_InitForOpenGL(static_cast<GLFWwindow*>(glfw_window), false))
      throw Error("cannot initialise the ImGui GLFW backend");
    renderer_ = ImGui_ImplOpenGL3_Init("#version 450");
    if (!renderer_) {
      if (glfw_) ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
      throw Error("cannot initialise the ImGui OpenGL backend (it loads libGL.so.1)");
    }
  }
  ~ImGuiSession() {
    ImGui_ImplOpenGL3_Shutdown();
    if (glfw_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

 private:
  bool glfw_;
  bool renderer_ = false;
};

// Frees the simulation's GL buffers while the context is still current (declared after the
// context, so destroyed before it, on every path out).
struct StopSimulation {
  ViewerState& state;
  ~StopSimulation() {
    state.compare.end();
    state.sim.stop();
  }
};

// The desktop window as a frame surface; its events pass through the input router.
class WindowSurface final : public FrameSurface {
 public:
  WindowSurface(GlfwWindow& window, InputRouter& input) : window_(window), input_(input) {}
  bool closed() override { return window_.should_close(); }
  bool take_events(bool idle, double timeout_s) override {
    input_.begin_events();
    if ((!idle || input_.events_pending()) && !window_.minimised()) {
      glfwPollEvents();
      input_.end_events();
      return false;
    }
    // Nothing to draw (or nothing new): sleep until something happens instead of spinning.
    const double t0 = glfwGetTime();
    glfwWaitEventsTimeout(window_.minimised() ? 0.1 : timeout_s);
    input_.end_events();
    return glfwGetTime() - t0 < timeout_s * 0.9;
  }
  void framebuffer_size(int& w, int& h) override { window_.framebuffer_size(w, h); }
  void begin_frame(bool imgui, double) override {
    if (imgui) {
      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  void end_frame() override { window_.swap_buffers(); }
  void bind_for_read() override {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
  }
  void set_title(const std::string& title) override { window_.set_title(title); }
  bool reports_frames() const override { return false; }

 private:
  GlfwWindow& window_;
  InputRouter& input_;
};

// An offscreen framebuffer of a headless EGL context as a frame surface.
class HeadlessSurface final : public FrameSurface {
 public:
  HeadlessSurface(int w, int h) : target_(w, h), w_(w), h_(h) {
    if (!target_.complete()) throw Error("cannot create a headless framebuffer");
  }
  bool closed() override { return false; }
  bool take_events(bool, double) override { return false; }
  void framebuffer_size(int& w, int& h) override {
    w = w_;
    h = h_;
  }
  void begin_frame(bool imgui, double dt) override {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.id());
    if (!imgui) return;
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(w_), float(h_));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = float(std::max(dt, 1e-4));
  }
  void end_frame() override {}  // the driver waits for the GPU (glFinish) for exact timings
  void bind_for_read() override { glBindFramebuffer(GL_READ_FRAMEBUFFER, target_.id()); }
  void set_title(const std::string&) override {}
  bool reports_frames() const override { return true; }

 private:
  GlFramebuffer target_;
  int w_, h_;
};

int run_windowed(ViewerState& s) {
  GlfwWindow window(s.options.width, s.options.height, "gpulife", s.options.vsync);
  int fb_w = 0, fb_h = 0, win_w = 0, win_h = 0;
  window.framebuffer_size(fb_w, fb_h);
  window.window_size(win_w, win_h);
  // Fonts follow the monitor's content scale; on platforms whose framebuffer is already scaled
  // (framebuffer larger than the window) ImGui scales by that itself.
  const float fb_scale = win_w > 0 ? float(fb_w) / float(win_w) : 1.0f;
  s.ui_scale = std::max(1.0f, window.content_scale() / std::max(fb_scale, 1.0f));
  InputRouter input(window.handle(), s);
  input.set_tool(std::make_unique<EditorTool>());
  GLFWwindow* handle = window.handle();
  s.edit.set_clipboard = [handle](const std::string& text) {
    glfwSetClipboardString(handle, text.c_str());
  };
  s.edit.get_clipboard = [handle]() {
    const char* text = glfwGetClipboardString(handle);
    return std::string(text ? text : "");
  };
  ImGuiSession imgui(s.ui_scale, window.handle());
  StopSimulation stop{s};
  setup_simulation(s);
  WindowSurface surface(window, input);
  return drive_frames(s, surface, true);
}

int run_headless(ViewerState& s) {
  EglContext context;
  std::printf("headless: %s\n", context.description().c_str());
  HeadlessSurface surface(s.options.width, s.options.height);
  s.ui_scale = 1.0f;
  std::optional<ImGuiSession> imgui;
  try {
    imgui.emplace(1.0f, nullptr);
  } catch (const Error& e) {
    std::fprintf(stderr, "gpulife view: %s; rendering without the panel\n", e.what());
  }
  StopSimulation stop{s};
  setup_simulation(s);
  if (!imgui) s.show_panel = s.show_menu_bar = false;
  std::printf("headless: %s, grid %lldx%lld (%s), rule %s, state in %s\n",
              s.sim.engine_name().c_str(), static_cast<long long>(s.sim.width()),
              static_cast<long long>(s.sim.height()),
              std::string(to_string(s.sim.topology())).c_str(), s.sim.rule().to_string().c_str(),
              s.sim.backend().memory_description().c_str());
#if GPULIFE_HAVE_CUDA
  // What the engine steps in, next to the cudaMalloc memory the bandwidth limit (and
  // gpulife bench) use.
  if (auto* gpu = dynamic_cast<InteropBackend*>(&s.sim.backend())) {
    const double in_state = gpu->state_buffer_copy_bandwidth();
    std::printf("interop: copying the state buffer: %.0f GB/s; cudaMalloc memory: %.0f GB/s\n",
                in_state / 1e9, gpu::copy_bandwidth().bytes_per_second / 1e9);
  }
#endif
  return drive_frames(s, surface, imgui.has_value());
}

}  // namespace

int run_viewer(const ViewerOptions& options, std::unique_ptr<FrameScript> script) {
  ViewerState state(options);
  state.script = std::move(script);
  if (options.headless) return run_headless(state);
  return run_windowed(state);
}

}  // namespace gpulife::app
