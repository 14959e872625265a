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

#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/png_writer.hpp"
#include "app/viewer/demo.hpp"
#include "app/viewer/egl_context.hpp"
#include "app/viewer/glfw_window.hpp"
#include "app/viewer/grid_ops.hpp"
#include "app/viewer/grid_renderer.hpp"
#include "app/viewer/input_tools.hpp"
#include "app/viewer/panels.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/error.hpp"
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
  if (o.pattern.empty()) {
    DemoSetup demo = make_demo(size, o.topology);
    grid = std::move(demo.grid);
    rule = demo.rule;
    s.pattern_name = demo.name;
  } else {
    Pattern pattern = load_named_pattern(o.pattern);
    if (o.rule) pattern.rule = parse_rule(*o.rule);
    GridRequest request{size, o.topology};
    const GridSetup setup = choose_grid(pattern, request, 1024);
    for (const std::string& note : setup.notes) std::cerr << "gpulife view: " << note << "\n";
    grid = Grid(setup.size.width, setup.size.height, setup.topology);
    grid.place(pattern, setup.origin);
    convert_golly_cells(grid, pattern.rule.rule, pattern.generation);  // B0: Golly's cells
    rule = pattern.rule.rule;
    s.pattern_name = pattern.name.empty() ? fs::path(o.pattern).stem().string() : pattern.name;
  }
  if (o.rule && o.pattern.empty()) rule = parse_rule(*o.rule).rule;
  if (o.compare && !o.size) {
    // The size the pattern asked for may still be too large for all of them.
    const GridSize fit = fit_for_compare({grid.width(), grid.height()});
    if (fit.width != grid.width() || fit.height != grid.height())
      grid = regrid(grid, fit, grid.topology());
  }
  // The soup comes after compare mode's size choice, so a smaller grid is filled whole.
  if (o.random_density > 0) {
    Grid soup(grid.width(), grid.height(), grid.topology());
    soup.randomize(o.random_density, 20261129);
    for (size_t i = 0; i < soup.words().size(); ++i) grid.words()[i] |= soup.words()[i];
  }
  if (o.verify) s.initial = grid;
  const std::string engine = o.compare          ? compare_engines.front()
                             : o.engine.empty() ? default_engine_name()
                                                : o.engine;
  s.sim.start(engine, grid, rule);
  if (!o.params.empty()) s.sim.set_params(parse_params(o.params));
  s.sim.gens_per_frame = o.gens_per_frame;
  if (o.target_rate > 0) {
    s.sim.limit_rate = true;
    s.sim.target_rate = o.target_rate;
  }
  s.sim.running = o.run || (o.pattern.empty() && o.frames == 0);
  if (o.compare) {
    s.compare.check_every = o.check_every;
    if (!o.fault_engine.empty())
      s.compare.fault = InjectedFault{o.fault_engine, o.fault_generation};
    for (const std::string& note : s.compare.begin(s.sim, compare_engines)) {
      std::printf("compare: %s\n", note.c_str());
      s.report(note, true);
    }
    const int lanes = int(s.compare.size());
    s.tiles = o.tiles > 0 ? std::min(o.tiles, tiles_for(size_t(lanes))) : tiles_for(size_t(lanes));
    std::printf("compare: %d engines (", lanes);
    for (int i = 0; i < lanes; ++i)
      std::printf("%s%s", i ? ", " : "", s.compare.lane(s.sim, size_t(i)).engine_name().c_str());
    std::printf("), grid %lldx%lld, %d tiles, agreement checked every %llu generations\n",
                static_cast<long long>(s.sim.width()), static_cast<long long>(s.sim.height()),
                s.tiles, static_cast<unsigned long long>(s.compare.check_every));
  }
  s.show_panel = !o.hide_panel;
  s.edit.show_library = o.show_library;
  s.edit.show_help = o.show_help;
  s.edit.show_open = o.show_open;
  if (const fs::path list = recent_files_path(); !list.empty())
    s.edit.recent = RecentFiles::load(list);
}

// --paste: the pattern goes where --paste-at says (or the middle of the view) once the first
// frame has placed the camera; --paste-preview leaves it following the (absent) cursor.
void scripted_edits(ViewerState& s) {
  const ViewerOptions& o = s.options;
  if (o.paste.empty()) return;
  if (o.paste_mode == "copy") s.edit.paste_mode = PasteMode::Copy;
  if (o.paste_mode == "xor") s.edit.paste_mode = PasteMode::Xor;
  begin_paste(s, load_named_pattern(o.paste));
  if (o.paste_at) {
    s.edit.paste_at = {o.paste_at->first, o.paste_at->second};
  } else {
    const Vec2d vp = s.camera.viewport();
    const double left = s.show_panel ? s.panel_max.x : 0.0;
    const Vec2d mid = s.camera.screen_to_cell({(left + vp.x) * 0.5, vp.y * 0.5});
    move_paste(s, {int64_t(std::floor(mid.x)), int64_t(std::floor(mid.y))});
  }
  const Box b = s.edit.paste->bounding_box();
  std::printf("paste: %lldx%lld at (%lld, %lld)%s\n", static_cast<long long>(b.width()),
              static_cast<long long>(b.height()), static_cast<long long>(s.edit.paste_at.x),
              static_cast<long long>(s.edit.paste_at.y), o.paste_preview ? ", preview" : "");
  if (!o.paste_preview && !place_paste(s)) {
    std::fprintf(stderr, "gpulife view: %s\n",
                 s.edit.grow ? "the paste does not fit the grid" : s.message.c_str());
  }
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
    const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    std::error_code ec;
    if (fs::exists(font, ec)) {
      io.Fonts->AddFontFromFileTTF(font, 14.0f * scale);
    } else {
      ImFontConfig config;
      config.SizePixels = 13.0f * scale;
      io.Fonts->AddFontDefault(&config);
    }
    if (glfw_ && !ImGui_ImplGlfw_InitForOpenGL(static_cast<GLFWwindow*>(glfw_window), true))
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

// One grid renderer per tile (each keeps its own density pyramid); the first always exists.
class Renderers {
 public:
  GridRenderer& at(size_t i) {
    while (extra_.size() < i) extra_.push_back(std::make_unique<GridRenderer>());
    return i == 0 ? first_ : *extra_[i - 1];
  }
  double gpu_ms(size_t count) {
    double ms = 0;
    for (size_t i = 0; i < count; ++i) ms += at(i).last_gpu_ms();
    return ms;
  }

 private:
  GridRenderer first_;
  std::vector<std::unique_ptr<GridRenderer>> extra_;
};

struct FrameTiming {
  double step_ms = 0;  // ms/generation of the last step
  uint64_t step_gens = 0;
  double upload_ms = 0;
};

// One frame: advance the simulation, lay out the panels, draw grid and UI into the bound
// framebuffer of size fb_w x fb_h.
FrameTiming run_frame(ViewerState& s, Renderers& renderers, bool imgui, double dt, int fb_w,
                      int fb_h, int frame_index) {
  // Tiles share one camera whose viewport is a tile (laid out after the panels, below).
  if (s.tile_size.x > 0) {
    s.camera.set_viewport(s.tile_size.x, s.tile_size.y);
  } else {
    s.camera.set_viewport(fb_w, fb_h);
  }
  s.camera.update(dt);
  if (s.script) s.script->before_frame(s, dt);
  if (s.compare.active()) {
    s.compare.tick(s.sim, dt);
  } else {
    s.sim.tick(dt);
  }
  edit_tick(s);
  if (imgui) {
    ImGui::NewFrame();
    draw_control_window(s);
    if (s.script) s.script->draw_ui(s);
    ImGui::Render();
  }
  const bool tiled = s.compare.active() && s.tiles > 1;
  const int cols = tiled ? 2 : 1, rows = tiled && s.tiles == 4 ? 2 : 1;
  if (tiled) {
    // Beside the panel and above the comparison window, so no tile hides under them.
    const double x0 = s.show_panel ? std::min(s.panel_max.x, fb_w * 0.5) : 0.0;
    const double y1 = std::max(fb_h * 0.5, fb_h - s.compare_window_height);
    s.tile_origin = {x0, 0};
    s.tile_size = {std::floor((fb_w - x0) / cols), std::floor(y1 / rows)};
    s.camera.set_viewport(s.tile_size.x, s.tile_size.y);
  } else {
    s.tile_origin = s.tile_size = {0, 0};
    s.camera.set_viewport(fb_w, fb_h);
  }
  if (frame_index == 0) {
    // The first fit waits for the panel's size so the picture is not hidden under it.
    if (s.options.pattern.empty()) {
      fit_grid(s, false);
    } else {
      fit_pattern(s, false);
    }
    if (s.options.zoom > 0 || s.options.center) {
      // Keep the fitted view's centre on screen where the fit put it (beside the panel).
      const Vec2d vp = s.camera.viewport();
      const double zoom = s.options.zoom > 0 ? s.options.zoom : s.camera.zoom();
      const double left = s.show_panel ? s.panel_max.x : 0.0;
      const Vec2d mid{(left + vp.x) * 0.5, vp.y * 0.5};
      const Vec2d target = s.options.center
                               ? Vec2d{s.options.center->first, s.options.center->second}
                               : s.camera.screen_to_cell(mid);
      s.camera.set_view({target.x - (mid.x - vp.x * 0.5) / zoom, target.y}, zoom);
    }
    scripted_edits(s);
  }
  FrameTiming t;
  const auto u0 = Clock::now();
  const int tiles = tiled ? s.tiles : 1;
  if (tiled) {
    glClearColor(0.085f, 0.09f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  for (int i = 0; i < tiles; ++i) {
    const size_t lane = tiled ? size_t(s.tile_lane[size_t(i)]) % s.compare.size() : 0;
    const GridView view = s.compare.active() ? s.compare.lane(s.sim, lane).view() : s.sim.view();
    // GL counts rows from the bottom of the framebuffer.
    const double top = s.tile_origin.y + (i / cols) * s.tile_size.y;
    const Vec2d area{s.tile_origin.x + (i % cols) * s.tile_size.x,
                     tiled ? fb_h - top - s.tile_size.y : 0.0};
    renderers.at(size_t(i)).draw(view, s.camera, area);
  }
  t.upload_ms = std::chrono::duration<double, std::milli>(Clock::now() - u0).count();
  glViewport(0, 0, fb_w, fb_h);
  if (imgui) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  s.frame.render_gpu_ms = renderers.gpu_ms(size_t(tiles));
  s.frame.upload_ms = s.sim.gpu() ? 0.0 : t.upload_ms;
  t.step_ms = s.sim.figures().ms_per_generation;
  return t;
}

void save_screenshot(const std::string& path, int w, int h) {
  std::vector<uint8_t> pixels(size_t(w) * size_t(h) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL rows run bottom-up; PNG rows top-down.
  std::vector<uint8_t> flipped(pixels.size());
  const size_t stride = size_t(w) * 3;
  for (int y = 0; y < h; ++y)
    std::copy_n(pixels.data() + size_t(h - 1 - y) * stride, stride,
                flipped.data() + size_t(y) * stride);
  write_png(path, flipped.data(), w, h, 3);
}

// Where things ended up on screen, for scripts and the screenshot test.
void print_layout(ViewerState& s, int fb_w, int fb_h) {
  const Box live = s.sim.live_bounds();
  const Vec2d origin = s.camera.cell_to_screen({0, 0});
  std::printf(
      "view: framebuffer %dx%d, zoom %.9g px/cell, cell (0,0) at (%.4f, %.4f), grid %lldx%lld",
      fb_w, fb_h, s.camera.zoom(), origin.x, origin.y, static_cast<long long>(s.sim.width()),
      static_cast<long long>(s.sim.height()));
  if (s.show_panel)
    std::printf(", panel (%.0f, %.0f)-(%.0f, %.0f)", s.panel_min.x, s.panel_min.y, s.panel_max.x,
                s.panel_max.y);
  std::printf("\n");
  if (s.compare.active() && !s.options.compare_chart.empty())
    export_compare_chart(s, s.options.compare_chart);
  if (s.compare.active()) {
    std::printf("compare: at exit");
    for (size_t i = 0; i < s.compare.size(); ++i)
      std::printf("%s %s generation %llu%s", i ? "," : "",
                  s.compare.lane(s.sim, i).engine_name().c_str(),
                  static_cast<unsigned long long>(s.compare.lane(s.sim, i).generation()),
                  s.compare.lane_info(i).diverged ? " (diverged)" : "");
    std::printf("\n");
  }
  if (s.tile_size.x > 0)
    std::printf("view: %d tiles from (%.0f, %.0f), each %.0fx%.0f\n", s.tiles, s.tile_origin.x,
                s.tile_origin.y, s.tile_size.x, s.tile_size.y);
  if (live.empty()) {
    std::printf("view: no live cells\n");
  } else {
    std::printf("view: live cells in (%lld, %lld)-(%lld, %lld)\n",
                static_cast<long long>(live.min_x), static_cast<long long>(live.min_y),
                static_cast<long long>(live.max_x), static_cast<long long>(live.max_y));
  }
}

// Steps the start state on a CPU engine to the same generation and compares hashes: proves the
// engines (and every live switch between them) kept the state intact.
int verify_against_cpu(ViewerState& s) {
  s.sim.running = false;
  s.sim.backend().cancel();
  uint64_t generation = 0;
  const Grid now = s.sim.state(&generation);
  EngineRegistry& registry = engine_registry();
  const std::string cpu = registry.contains("cpu-simd") ? "cpu-simd" : "reference";
  std::unique_ptr<Engine> check = registry.create(cpu);
  check->set_rule(s.sim.rule());
  check->load(s.initial);
  check->step(generation);
  const bool same = check->hash() == now.hash();
  std::printf("verify: %s after %llu generations against %s (hash %016llx vs %016llx)\n",
              same ? "OK, identical" : "MISMATCH", static_cast<unsigned long long>(generation),
              cpu.c_str(), static_cast<unsigned long long>(now.hash()),
              static_cast<unsigned long long>(check->hash()));
  return same ? 0 : 1;
}

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
  Renderers renderers;
  StopSimulation stop{s};
  setup_simulation(s);
  std::string title;

  auto last = Clock::now();
  int frame = 0;
  while (!window.should_close() && !s.quit) {
    glfwPollEvents();
    if (window.minimised()) {
      // Nothing to draw into; sleep until something happens instead of spinning.
      glfwWaitEventsTimeout(0.1);
      last = Clock::now();
      continue;
    }
    const auto now = Clock::now();
    const double dt = std::min(std::chrono::duration<double>(now - last).count(), 0.25);
    last = now;
    s.frame.frame_ms = dt * 1e3;
    window.framebuffer_size(fb_w, fb_h);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    run_frame(s, renderers, true, dt, fb_w, fb_h, frame);
    if (const std::string t = window_title(s); t != title) {
      title = t;
      window.set_title(title);
    }
    ++frame;
    if (s.script) {
      if (const std::string path = s.script->screenshot_path(); !path.empty()) {
        glReadBuffer(GL_BACK);
        save_screenshot(path, fb_w, fb_h);
        std::printf("screenshot: %s (%dx%d)\n", path.c_str(), fb_w, fb_h);
      }
      if (s.script->finished()) break;
    }
    if (s.options.frames > 0 && frame >= s.options.frames) {
      glFinish();
      if (!s.options.screenshot.empty()) {
        glReadBuffer(GL_BACK);
        save_screenshot(s.options.screenshot, fb_w, fb_h);
        std::printf("screenshot: %s (%dx%d)\n", s.options.screenshot.c_str(), fb_w, fb_h);
      }
      print_layout(s, fb_w, fb_h);
      break;
    }
    window.swap_buffers();
  }
  return 0;
}

int run_headless(ViewerState& s) {
  EglContext context;
  std::printf("headless: %s\n", context.description().c_str());
  const int w = s.options.width, h = s.options.height;
  GlFramebuffer target(w, h);
  if (!target.complete()) throw Error("cannot create a headless framebuffer");
  s.ui_scale = 1.0f;
  std::optional<ImGuiSession> imgui;
  try {
    imgui.emplace(1.0f, nullptr);
  } catch (const Error& e) {
    std::fprintf(stderr, "gpulife view: %s; rendering without the panel\n", e.what());
    s.options.hide_panel = true;
  }
  Renderers renderers;
  GridRenderer& renderer = renderers.at(0);
  StopSimulation stop{s};
  setup_simulation(s);
  std::printf("headless: %s, grid %lldx%lld (%s), rule %s\n", s.sim.engine_name().c_str(),
              static_cast<long long>(s.sim.width()), static_cast<long long>(s.sim.height()),
              std::string(to_string(s.sim.topology())).c_str(), s.sim.rule().to_string().c_str());
  // A script decides itself when it is done; the frame count then only bounds it.
#if GPULIFE_HAVE_CUDA
  // What the engine steps in: GL buffer memory, next to the cudaMalloc memory the bandwidth
  // limit (and gpulife bench) use.
  if (auto* gl = dynamic_cast<InteropBackend*>(&s.sim.backend())) {
    const double in_gl = gl->state_buffer_copy_bandwidth();
    std::printf("interop: copying the GL state buffer: %.0f GB/s; cudaMalloc memory: %.0f GB/s\n",
                in_gl / 1e9, gpu::copy_bandwidth().bytes_per_second / 1e9);
  }
#endif
  const int frames = s.options.frames > 0 ? s.options.frames : s.script ? 1000000 : 60;
  std::vector<std::string> engines = {s.sim.engine_name()};
  engines.insert(engines.end(), s.options.more_engines.begin(), s.options.more_engines.end());
  const int per_engine = std::max(1, frames / int(engines.size()));
  double dt = 1.0 / 60.0;
  std::vector<double> frame_ms, step_ms, draw_ms;
  auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  auto summary = [&](int n) {
    const LiveFigures& f = s.sim.figures();
    std::printf(
        "summary: engine %s, grid %lldx%lld, %d frames: median frame %.3f ms, median draw %.3f "
        "ms GPU, median %.4f ms/gen, %.1f Gcell/s, %.1f%% of %.0f GB/s, generation %llu\n",
        s.sim.engine_name().c_str(), static_cast<long long>(s.sim.width()),
        static_cast<long long>(s.sim.height()), n, median(frame_ms), median(draw_ms),
        median(step_ms), f.gcells_per_second, f.percent_of_limit, f.limit_gbytes_per_second,
        static_cast<unsigned long long>(s.sim.generation()));
    std::fflush(stdout);
    frame_ms.clear();
    step_ms.clear();
    draw_ms.clear();
  };
  // With several engines each one's last frame is saved as well, as NAME-ENGINE.png.
  auto save_phase_screenshot = [&] {
    if (s.options.screenshot.empty() || engines.size() < 2) return;
    fs::path path = s.options.screenshot;
    path.replace_filename(path.stem().string() + "-" + s.sim.engine_name() +
                          path.extension().string());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target.id());
    save_screenshot(path.string(), w, h);
    std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
  };
  int phase_frames = 0;
  for (int frame = 0; frame < frames; ++frame) {
    const size_t phase = std::min(engines.size() - 1, size_t(frame / per_engine));
    // A script (gpulife demo) switches engines itself.
    if (!s.script && engines[phase] != s.sim.engine_name()) {
      summary(phase_frames);
      save_phase_screenshot();
      phase_frames = 0;
      const auto t0 = Clock::now();
      s.sim.switch_engine(engines[phase]);
      std::printf("switched to %s at generation %llu in %.1f ms\n", engines[phase].c_str(),
                  static_cast<unsigned long long>(s.sim.generation()),
                  std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    const auto t0 = Clock::now();
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    if (imgui) {
      ImGui_ImplOpenGL3_NewFrame();
      ImGuiIO& io = ImGui::GetIO();
      io.DisplaySize = ImVec2(float(w), float(h));
      io.DisplayFramebufferScale = ImVec2(1, 1);
      io.DeltaTime = float(std::max(dt, 1e-4));
    }
    const FrameTiming t = run_frame(s, renderers, imgui.has_value(), dt, w, h, frame);
    glFinish();
    renderer.finish_timing();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    s.frame.frame_ms = ms;
    s.frame.render_gpu_ms = renderer.last_gpu_ms();
    dt = ms * 1e-3;
    // The first frames of each engine carry one-off costs (shaders, the first fit, warm-up).
    if (++phase_frames > 2) {
      frame_ms.push_back(ms);
      draw_ms.push_back(renderer.last_gpu_ms());
      if (t.step_ms > 0) step_ms.push_back(t.step_ms);
    }
    std::printf("frame %d: %.3f ms frame, draw %.3f ms GPU (pyramid %.3f), %.4f ms/gen, gen %llu\n",
                frame, ms, renderer.last_gpu_ms(), renderer.last_pyramid_ms(), t.step_ms,
                static_cast<unsigned long long>(s.sim.generation()));
    if (s.script) {
      if (const std::string path = s.script->screenshot_path(); !path.empty()) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, target.id());
        save_screenshot(path, w, h);
        std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
      }
      if (s.script->finished()) break;
    }
  }
  if (!s.script) summary(phase_frames);  // a script prints its own figures per stage
  save_phase_screenshot();
  int status = 0;
  if (s.options.verify) status = verify_against_cpu(s);
  if (!s.options.screenshot.empty()) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target.id());
    save_screenshot(s.options.screenshot, w, h);
    std::printf("screenshot: %s (%dx%d)\n", s.options.screenshot.c_str(), w, h);
  }
  print_layout(s, w, h);
  return status;
}

}  // namespace

int run_viewer(const ViewerOptions& options, std::unique_ptr<FrameScript> script) {
  ViewerState state;
  state.options = options;
  state.script = std::move(script);
  if (options.headless) return run_headless(state);
  return run_windowed(state);
}

}  // namespace gpulife::app
