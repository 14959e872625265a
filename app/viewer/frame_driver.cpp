// The frame loop shared by the window and the headless path (see frame_driver.hpp).
#include "app/viewer/frame_driver.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/png_writer.hpp"
#include "app/report.hpp"
#include "app/viewer/grid_renderer.hpp"
#include "app/viewer/input_tools.hpp"
#include "app/viewer/panels.hpp"
#include "app/viewer/watch_options.hpp"
#include "core/error.hpp"
#include "core/median.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

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
  void finish_timing(size_t count) {
    for (size_t i = 0; i < count; ++i) at(i).finish_timing();
  }

 private:
  GridRenderer first_;
  std::vector<std::unique_ptr<GridRenderer>> extra_;
};

struct FrameTiming {
  double step_wall_ms = 0;  // spent stepping (the engines' share of the frame)
  int tiles = 1;
};

// --paste: the pattern goes where --paste-at says (or the middle of the view) once the first
// frame has placed the camera; --paste-preview leaves it following the (absent) cursor.
void scripted_edits(ViewerState& s) {
  const ViewerOptions& o = s.options;
  if (o.script.paste.empty()) return;
  if (o.script.paste_mode == "copy") s.edit.paste_mode = PasteMode::Copy;
  if (o.script.paste_mode == "xor") s.edit.paste_mode = PasteMode::Xor;
  if (!begin_paste_named(s, o.script.paste)) return;
  if (o.script.paste_at) {
    s.edit.paste_at = {o.script.paste_at->first, o.script.paste_at->second};
  } else {
    const Vec2d vp = s.camera.viewport();
    const double left = s.show_panel ? s.panel_max.x : 0.0;
    const Vec2d mid = s.camera.screen_to_cell({(left + vp.x) * 0.5, vp.y * 0.5});
    move_paste(s, {int64_t(std::floor(mid.x)), int64_t(std::floor(mid.y))});
  }
  const Box b = s.edit.paste->bounding_box();
  std::printf("paste: %lldx%lld at (%lld, %lld)%s\n", static_cast<long long>(b.width()),
              static_cast<long long>(b.height()), static_cast<long long>(s.edit.paste_at.x),
              static_cast<long long>(s.edit.paste_at.y), o.script.paste_preview ? ", preview" : "");
  if (!o.script.paste_preview && !place_paste(s)) {
    std::fprintf(stderr, "gpulife view: %s\n",
                 s.edit.grow ? "the paste does not fit the grid" : s.message.c_str());
  }
}

// The first frame's view: fitted beside the panel (whose size is known only now).
void first_view(ViewerState& s) {
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
    const Vec2d target = s.options.center ? Vec2d{s.options.center->first, s.options.center->second}
                                          : s.camera.screen_to_cell(mid);
    s.camera.set_view({target.x - (mid.x - vp.x * 0.5) / zoom, target.y}, zoom);
  }
  scripted_edits(s);
}

// One frame: advance the simulation, lay out the panels, draw grid and UI into the bound
// framebuffer of size fb_w x fb_h.
FrameTiming run_frame(ViewerState& s, Renderers& renderers, bool imgui, double dt, int fb_w,
                      int fb_h, int frame_index) {
  // Tiles share one camera whose viewport is a tile (laid out after the panels, below).
  if (s.tiles.size.x > 0) {
    s.camera.set_viewport(s.tiles.size.x, s.tiles.size.y);
  } else {
    s.camera.set_viewport(fb_w, fb_h);
  }
  s.camera.update(std::min(dt, 0.25));  // a long pause does not make an animation jump
  if (s.script) s.script->before_frame(s, dt);
  FrameTiming t;
  const auto step_start = Clock::now();
  if (s.compare.active()) {
    s.compare.tick(s.sim, dt, s.sim.step_budget());
  } else {
    s.sim.tick(dt);
  }
  t.step_wall_ms = ms_since(step_start);
  edit_tick(s);
  watch_tick(s, dt);
  if (imgui) {
    ImGui::NewFrame();
    draw_control_window(s);
    if (s.script) s.script->draw_ui(s);
    ImGui::Render();
  }
  const bool tiled = s.compare.active() && s.tiles.count > 1;
  const int cols = tiled ? tile_columns(s.tiles.count) : 1,
            rows = tiled ? tile_rows(s.tiles.count) : 1;
  if (tiled) {
    // Beside the panel, below the menu bar and above the comparison window, so no tile (nor
    // its label) hides under them.
    const double x0 = s.show_panel ? std::min(s.panel_max.x, fb_w * 0.5) : 0.0;
    const double y0 = s.show_menu_bar ? std::min(s.menu_bar_height, fb_h * 0.25) : 0.0;
    const double y1 = std::max(fb_h * 0.5, fb_h - s.tiles.window_height);
    s.tiles.origin = {x0, y0};
    s.tiles.size = {std::floor((fb_w - x0) / cols), std::floor((y1 - y0) / rows)};
    s.camera.set_viewport(s.tiles.size.x, s.tiles.size.y);
  } else {
    s.tiles.origin = s.tiles.size = {0, 0};
    s.camera.set_viewport(fb_w, fb_h);
  }
  if (frame_index == 0) {
    first_view(s);
    start_watch_actions(s, s.options.watch);
  }
  apply_pending_lifeviewer_script(s);
  t.tiles = tiled ? cols * rows : 1;
  if (tiled) {
    glClearColor(0.085f, 0.09f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  std::vector<SimBackend*> drawn;
  for (int i = 0; i < t.tiles; ++i) {
    const size_t lane = tiled ? size_t(s.tiles.lane[size_t(i)]) % s.compare.size() : 0;
    // Six tiles for five engines: the spare one stays empty rather than repeat an engine.
    if (tiled && size_t(s.tiles.lane[size_t(i)]) >= s.compare.size()) continue;
    Simulation& sim = s.compare.active() ? s.compare.lane(s.sim, lane) : s.sim;
    const GridView view = sim.view();
    if (sim.active()) drawn.push_back(&sim.backend());
    // GL counts rows from the bottom of the framebuffer.
    const double top = s.tiles.origin.y + (i / cols) * s.tiles.size.y;
    const Vec2d area{s.tiles.origin.x + (i % cols) * s.tiles.size.x,
                     tiled ? fb_h - top - s.tiles.size.y : 0.0};
    renderers.at(size_t(i)).set_theme(s.watch.theme);
    renderers.at(size_t(i)).draw(view, s.camera, area);
    if (i == 0) s.watch.theme_problem = renderers.at(0).theme_problem();
  }
  // Every draw that reads the state buffers is issued: the next step waits for these.
  for (SimBackend* b : drawn) b->frame_drawn();
  glViewport(0, 0, fb_w, fb_h);
  if (imgui) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
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
  std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
}

// Where things ended up on screen, for scripts and the screenshot tests: printed, and returned as
// data for --report (the layout, compare mode's lanes and tiles, the live cells' bounds).
Json print_layout(ViewerState& s, int fb_w, int fb_h) {
  const Box live = s.sim.live_bounds();
  const Vec2d origin = s.camera.cell_to_screen({0, 0});
  Json layout = {{"framebuffer", {fb_w, fb_h}},
                 {"zoom", s.camera.zoom()},
                 {"origin", {origin.x, origin.y}},
                 {"grid", {s.sim.width(), s.sim.height()}}};
  std::printf(
      "view: framebuffer %dx%d, zoom %.9g px/cell, cell (0,0) at (%.4f, %.4f), grid %lldx%lld",
      fb_w, fb_h, s.camera.zoom(), origin.x, origin.y, static_cast<long long>(s.sim.width()),
      static_cast<long long>(s.sim.height()));
  if (s.show_panel) {
    std::printf(", panel (%.0f, %.0f)-(%.0f, %.0f)", s.panel_min.x, s.panel_min.y, s.panel_max.x,
                s.panel_max.y);
    layout["panel"] = {s.panel_min.x, s.panel_min.y, s.panel_max.x, s.panel_max.y};
  }
  if (s.show_menu_bar) layout["menu_bar_height"] = s.menu_bar_height;
  std::printf("\n");
  if (s.compare.active() && !s.options.compare_chart.empty())
    export_compare_chart(s.compare, s.sim, s.options.compare_chart, s.reporter());
  if (s.compare.active()) {
    Json lanes = Json::array();
    std::printf("compare: at exit");
    for (size_t i = 0; i < s.compare.size(); ++i) {
      const LiveFigures& f = s.compare.lane(s.sim, i).figures();
      const Json lane = {{"engine", s.compare.lane(s.sim, i).engine_name()},
                         {"generation", s.compare.lane_generation(s.sim, i)},
                         {"ms_per_generation", f.ms_per_generation},
                         {"diverged", s.compare.lane_info(i).diverged}};
      std::printf("%s %s generation %llu (%.4f ms/gen)%s", i ? "," : "",
                  lane["engine"].get<std::string>().c_str(),
                  static_cast<unsigned long long>(lane["generation"].get<uint64_t>()),
                  f.ms_per_generation, lane["diverged"].get<bool>() ? " (diverged)" : "");
      lanes.push_back(lane);
    }
    std::printf("\n");
    const Agreement& a = s.compare.agreement();
    layout["compare"] = {{"lanes", lanes}, {"checks", a.checks}, {"agreement", a.text}};
  }
  if (s.tiles.size.x > 0) {
    std::printf("view: %d tiles from (%.0f, %.0f), each %.0fx%.0f\n", s.tiles.count,
                s.tiles.origin.x, s.tiles.origin.y, s.tiles.size.x, s.tiles.size.y);
    layout["tiles"] = {{"count", s.tiles.count},
                       {"origin", {s.tiles.origin.x, s.tiles.origin.y}},
                       {"size", {s.tiles.size.x, s.tiles.size.y}}};
  }
  if (live.empty()) {
    std::printf("view: no live cells\n");
  } else {
    std::printf("view: live cells in (%lld, %lld)-(%lld, %lld)\n",
                static_cast<long long>(live.min_x), static_cast<long long>(live.min_y),
                static_cast<long long>(live.max_x), static_cast<long long>(live.max_y));
    layout["live"] = {live.min_x, live.min_y, live.max_x, live.max_y};
  }
  return layout;
}

// Steps the start state on a CPU engine to the same generation and compares hashes: proves the
// engines (and every live switch between them) kept the state intact.
int verify_against_cpu(ViewerState& s) {
  s.sim.running = false;
  s.sim.cancel_steps();
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

// Nothing on screen would change without input: paused, no animation, no queued work.
bool nothing_changes(ViewerState& s) {
  if (s.sim.running || s.camera.animating() || s.script || s.compare.active()) return false;
  if (s.watch.identify.running()) return false;
  if (s.edit.stroke || s.edit.paste || s.notices.fading()) return false;
  return !s.sim.active() || s.sim.backlog() == 0;
}

// Per-engine figures of a headless run, printed when the engine changes and at the end.
struct PhaseStats {
  std::vector<double> frame_ms, step_ms, draw_ms;
  int frames = 0;
  uint64_t first_generation = 0;
  Clock::time_point start = Clock::now();

  void begin(uint64_t generation) {
    *this = PhaseStats{};
    first_generation = generation;
  }
  // Prints the summary line and returns the same figures as data (for --report).
  ViewPhase print(ViewerState& s) {
    const LiveFigures& f = s.sim.figures();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    ViewPhase v;
    v.engine = s.sim.engine_name();
    v.width = s.sim.width();
    v.height = s.sim.height();
    v.frames = int(frame_ms.size());
    v.median_frame_ms = median(frame_ms);
    v.median_draw_ms = median(draw_ms);
    v.ms_per_generation = median(step_ms);
    v.gcells_per_second = f.gcells_per_second;
    v.percent_of_limit = f.percent_of_limit;
    v.limit_gbytes_per_second = f.limit_gbytes_per_second;
    v.generation = s.sim.generation();
    v.frames_per_second = seconds > 0 ? double(frame_ms.size()) / seconds : 0.0;
    v.generations_per_second = seconds > 0 ? double(v.generation - first_generation) / seconds : 0;
    v.gens_per_frame = f.gens_per_frame;
    v.pace = s.sim.pace.describe();
    v.memory = s.sim.active() ? s.sim.backend().memory_description() : "";
    const double cells = double(v.width) * double(v.height);
    std::printf(
        "summary: engine %s, grid %lldx%lld, %d frames: median frame %.3f ms, median draw %.3f "
        "ms GPU, median %.4f ms/gen, %.1f Gcell/s, %.1f%% of %.0f GB/s, generation %llu; "
        "%.1f frames/s, %.0f gens/s achieved (%.1f Gcell/s), last %llu gens/frame (%s); %s\n",
        v.engine.c_str(), static_cast<long long>(v.width), static_cast<long long>(v.height),
        v.frames, v.median_frame_ms, v.median_draw_ms, v.ms_per_generation, v.gcells_per_second,
        v.percent_of_limit, v.limit_gbytes_per_second,
        static_cast<unsigned long long>(v.generation), v.frames_per_second,
        v.generations_per_second, v.generations_per_second * cells / 1e9,
        static_cast<unsigned long long>(v.gens_per_frame), v.pace.c_str(), v.memory.c_str());
    std::fflush(stdout);
    return v;
  }
};

}  // namespace

int drive_frames(ViewerState& s, FrameSurface& surface, bool imgui) {
  Renderers renderers;
  const bool report = surface.reports_frames();
  const int frames = s.options.frames > 0 ? s.options.frames
                     : report             ? (s.script ? 1000000 : 60)
                                          : 0;  // 0: until the window closes
  // Headless runs may switch engines live: the frames are split evenly between them.
  std::vector<std::string> engines = {s.sim.engine_name()};
  engines.insert(engines.end(), s.options.more_engines.begin(), s.options.more_engines.end());
  const int per_engine = frames > 0 ? std::max(1, frames / int(engines.size())) : INT_MAX;
  auto save_phase_screenshot = [&](int w, int h) {
    if (s.options.screenshot.empty() || engines.size() < 2) return;
    fs::path path = s.options.screenshot;
    path.replace_filename(path.stem().string() + "-" + s.sim.engine_name() +
                          path.extension().string());
    surface.bind_for_read();
    save_screenshot(path.string(), w, h);
  };

  PhaseStats phase;
  std::vector<ViewPhase> phases;  // one per engine, for --report
  phase.begin(s.sim.generation());
  std::string title;
  double other_ms = 2.0;  // frame work besides stepping, smoothed: drawing, the UI
  int idle_frames = 0;
  int fb_w = 0, fb_h = 0;
  auto last = Clock::now();
  size_t staged = 0;  // the stage of the engine list last switched to
  for (int frame = 0; frames == 0 || frame < frames; ++frame) {
    if (surface.closed() || s.quit) break;
    const size_t stage = std::min(engines.size() - 1, size_t(frame / per_engine));
    // A script (gpulife demo) switches engines itself. The list's next engine takes over when
    // its stage comes, and only then: an engine the user picks in between stays.
    const bool next_stage = !s.script && stage != staged;
    if (next_stage) staged = stage;
    if (next_stage && engines[stage] != s.sim.engine_name()) {
      phases.push_back(phase.print(s));
      save_phase_screenshot(fb_w, fb_h);
      const auto t0 = Clock::now();
      s.sim.switch_engine(engines[stage]);
      std::printf("switched to %s at generation %llu in %.1f ms\n", engines[stage].c_str(),
                  static_cast<unsigned long long>(s.sim.generation()), ms_since(t0));
      phase.begin(s.sim.generation());
    }
    // Idle: sleep until input instead of redrawing the same picture (a few frames after the
    // last change still run, so the UI settles). A run of a set number of frames (--frames, for
    // screenshots and checks) never waits: it would only take longer to end.
    const bool idle = !report && s.options.frames == 0 && frame > 2 && nothing_changes(s);
    const bool woke = surface.take_events(idle && idle_frames >= 3, 0.5);
    idle_frames = idle && !woke ? idle_frames + 1 : 0;

    const auto now = Clock::now();
    const double dt = std::max(std::chrono::duration<double>(now - last).count(), 1e-4);
    last = now;
    s.frame.frame_ms = dt * 1e3;  // the real frame time, however long
    surface.framebuffer_size(fb_w, fb_h);
    const double target = s.compare.active() ? kCompareFrameTargetMs : kFrameTargetMs;
    s.sim.set_step_budget(std::clamp(target - other_ms, 0.3 * target, target));
    surface.begin_frame(imgui, dt);
    const auto work_start = Clock::now();
    const FrameTiming t = run_frame(s, renderers, imgui, dt, fb_w, fb_h, frame);
    const double work_ms = ms_since(work_start);
    const bool last_frame = frames > 0 && frame + 1 >= frames;
    std::string shot = s.script ? s.script->screenshot_path() : std::string();
    if (shot.empty() && last_frame) shot = s.options.screenshot;
    if (!shot.empty() || report) glFinish();
    if (!shot.empty()) {
      surface.bind_for_read();
      save_screenshot(shot, fb_w, fb_h);
    }
    surface.end_frame();
    if (report) renderers.finish_timing(size_t(t.tiles));
    s.frame.render_gpu_ms = renderers.gpu_ms(size_t(t.tiles));
    s.frame.upload_ms = s.sim.gpu() ? 0.0 : std::max(0.0, work_ms - t.step_wall_ms);
    if (frame > 2) {
      const double other = std::max(0.0, work_ms - t.step_wall_ms) + s.frame.render_gpu_ms;
      other_ms = 0.8 * other_ms + 0.2 * other;
    }
    if (const std::string now_title = window_title(s); now_title != title) {
      title = now_title;
      surface.set_title(title);
    }
    const double step_ms = s.sim.figures().ms_per_generation;
    if (report) {
      std::printf(
          "frame %d: %.3f ms frame, draw %.3f ms GPU (pyramid %.3f), %.4f ms/gen, gen %llu\n",
          frame, s.frame.frame_ms, s.frame.render_gpu_ms, renderers.at(0).last_pyramid_ms(),
          step_ms, static_cast<unsigned long long>(s.sim.generation()));
      // The first frames of each engine carry one-off costs (shaders, the first fit, warm-up).
      if (++phase.frames > 3) {
        phase.frame_ms.push_back(s.frame.frame_ms);
        phase.draw_ms.push_back(s.frame.render_gpu_ms);
        if (step_ms > 0) phase.step_ms.push_back(step_ms);
      } else {
        phase.start = Clock::now();
        phase.first_generation = s.sim.generation();
      }
    }
    if (s.script && s.script->finished()) break;
  }
  if (report && !s.script) phases.push_back(phase.print(s));  // a script reports its own stages
  save_phase_screenshot(fb_w, fb_h);
  int status = 0;
  if (s.options.verify) status = verify_against_cpu(s);
  Json layout = print_layout(s, fb_w, fb_h);
  Json watch = print_watch_report(s);
  if (!s.options.report.empty() && !s.script) {
    Json doc = {{"command", "view"},
                {"verified", s.options.verify ? Json(status == 0) : Json()},
                {"layout", std::move(layout)},
                {"watch", std::move(watch)},
                {"phases", Json::array()}};
    for (const ViewPhase& v : phases) doc["phases"].push_back(to_json(v));
    write_report(s.options.report, doc);
  }
  return status;
}

}  // namespace gpulife::app
