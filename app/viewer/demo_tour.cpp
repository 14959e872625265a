// The tour's stages, memory checks, figures and overlays (see demo_tour.hpp).
#include "app/viewer/demo_tour.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include "app/engines.hpp"
#include "app/fonts.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

constexpr double kGiB = 1073741824.0;
// Stepping's share of a frame when the generations per frame are chosen automatically: enough
// for the fast engines to show their rate, little enough that the view stays smooth.
// The first steps of an engine carry one-off costs (conversion, caches, launch-shape choice).
constexpr size_t kWarmupSamples = 2;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The stage's samples without its warm-up, unless that would leave too few.
std::vector<double> settled(const std::vector<double>& v) {
  if (v.size() <= kWarmupSamples + 2) return v;
  return {v.begin() + kWarmupSamples, v.end()};
}

std::string format(const char* fmt, double value) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, value);
  return text;
}

std::string format_ms(double ms) {
  return format(ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f", ms);
}

std::string format_gcells(double g) {
  return format(g >= 100 ? "%.0f" : g >= 10 ? "%.1f" : "%.2f", g);
}

// Slower stages (a tour in another order) keep two significant digits instead of "0.00".
std::string plain_speedup(double x) {
  return format(x >= 100 ? "%.0f" : x >= 10 ? "%.1f" : x >= 1 ? "%.2f" : "%.2g", x);
}

std::string format_speedup(double x) {
  return plain_speedup(x) + "\xc3\x97";  // ×
}

std::string size_text(int64_t w, int64_t h) {
  return std::to_string(w) + " \xc3\x97 " + std::to_string(h);
}

std::string file_safe(const std::string& name) {
  std::string out = name;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return out;
}

const ImVec4 kAccent(1.0f, 0.78f, 0.24f, 1.0f);
const ImVec4 kText(0.90f, 0.92f, 0.95f, 1.0f);
const ImVec4 kDim(0.62f, 0.66f, 0.72f, 1.0f);
const ImVec4 kWarn(1.0f, 0.62f, 0.35f, 1.0f);

// Pushes `font` when it was loaded (the panel's font otherwise) and pops it on scope exit.
struct FontScope {
  explicit FontScope(ImFont* font) : pushed(font != nullptr) {
    if (pushed) ImGui::PushFont(font);
  }
  ~FontScope() {
    if (pushed) ImGui::PopFont();
  }
  FontScope(const FontScope&) = delete;
  FontScope& operator=(const FontScope&) = delete;
  bool pushed;
};

// Rounded, padded, translucent overlay windows with no title bar.
struct OverlayStyle {
  explicit OverlayStyle(float s) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 12.0f * s);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(24.0f * s, 16.0f * s));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f * s, 6.0f * s));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.05f, 0.06f, 0.09f, 0.86f));
  }
  ~OverlayStyle() {
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(4);
  }
  OverlayStyle(const OverlayStyle&) = delete;
  OverlayStyle& operator=(const OverlayStyle&) = delete;
};

constexpr ImGuiWindowFlags kOverlayFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs |
    ImGuiWindowFlags_AlwaysAutoResize;

}  // namespace

TourEngines choose_tour_engines(const EngineRegistry& registry) {
  // Registration order is the order each technique was added; engines without a caption are
  // not part of the story.
  auto pick = [&](bool gpu) {
    std::vector<std::string> names;
    for (const EngineInfo& info : registry.engines()) {
      if (info.gpu != gpu || info.caption.empty() || (gpu && !info.gl_shared)) continue;
      if (registry.unavailable_reason(info.name).empty()) names.push_back(info.name);
    }
    return names;
  };
  TourEngines t;
  t.engines = pick(true);
  if (!t.engines.empty()) return t;
  t.engines = pick(false);
  t.note = "no CUDA device: showing the CPU engines";
  return t;
}

std::string stage_caption(const EngineRegistry& registry, const std::string& engine) {
  if (!registry.contains(engine)) return "Engine " + engine + ".";
  const EngineInfo& info = registry.info(engine);
  return info.caption.empty() ? info.description + "." : info.caption;
}

std::string memory_shortfall(const EngineInfo& info, int64_t width, int64_t height,
                             const MemoryProbe& probe) {
  const auto& source = info.gpu ? probe.device_free_bytes : probe.host_free_bytes;
  const std::optional<double> free_bytes = source ? source() : std::nullopt;
  if (!free_bytes) return {};
  const double need = memory_bytes(info, width, height);
  if (fits_in_memory(need, *free_bytes)) return {};
  char text[160];
  std::snprintf(text, sizeof text, "needs about %.1f GiB of %s memory at %lldx%lld, %.1f GiB free",
                need / kGiB, info.gpu ? "GPU" : "host", static_cast<long long>(width),
                static_cast<long long>(height), *free_bytes / kGiB);
  return text;
}

int64_t default_tour_size(bool gpu, std::optional<double> device_free_bytes) {
  if (!gpu) return 2048;
  if (!device_free_bytes) return 16384;
  // The byte engines need the most, and a switch holds two engines' states for a moment.
  EngineInfo byte_engine;
  byte_engine.layout = CellLayout::BytePerCell;
  byte_engine.gpu = true;
  for (int64_t n = 65536; n > 1024; n /= 2) {
    if (fits_in_memory(2 * memory_bytes(byte_engine, n, n), *device_free_bytes)) return n;
  }
  return 1024;
}

Grid make_soup(GridSize size, Topology topology, double density, uint64_t seed) {
  Grid grid(size.width, size.height, topology);
  const int q = int(std::lround(std::clamp(density, 0.0, 1.0) * 256.0));
  if (q == 0) return grid;
  // P(bit) = q / 256: fold the binary digits of q from the lowest set one up, OR for a 1 and
  // AND for a 0 with a fresh random word each time.
  int lowest = 0;
  while (!((q >> lowest) & 1)) ++lowest;
  const uint64_t mask = grid.last_word_mask();
  const int64_t wpr = grid.words_per_row();
  auto fill_rows = [&](int64_t y0, int64_t y1) {
    for (int64_t y = y0; y < y1; ++y) {
      uint64_t* row = grid.row(y);
      for (int64_t j = 0; j < wpr; ++j) {
        const uint64_t index = (uint64_t(y) * uint64_t(wpr) + uint64_t(j)) * 9;
        uint64_t w = q == 256 ? ~uint64_t{0} : 0;
        for (int bit = lowest; bit < 8 && q < 256; ++bit) {
          const uint64_t r = hash::mix64(seed ^ hash::mix64(index + uint64_t(bit)));
          w = ((q >> bit) & 1) ? (r | w) : (r & w);
        }
        row[j] = w;
      }
      row[wpr - 1] &= mask;
    }
  };
  const int64_t threads = std::clamp<int64_t>(int64_t(std::thread::hardware_concurrency()), 1, 16);
  if (size.height < 256 || threads == 1) {
    fill_rows(0, size.height);
    return grid;
  }
  std::vector<std::thread> workers;
  const int64_t band = (size.height + threads - 1) / threads;
  for (int64_t t = 0; t < threads; ++t) {
    const int64_t y0 = t * band, y1 = std::min(size.height, y0 + band);
    if (y0 < y1) workers.emplace_back(fill_rows, y0, y1);
  }
  for (std::thread& w : workers) w.join();
  return grid;
}

DemoTour::DemoTour(TourOptions options, MemoryProbe probe)
    : options_(std::move(options)), probe_(std::move(probe)) {
  if (options_.engines.empty()) throw Error("the demo needs at least one engine");
  for (const std::string& e : options_.engines) results_.push_back(StageResult{e});
}

std::string DemoTour::screenshot_name(int stage_index, const std::string& engine) {
  char prefix[16];
  std::snprintf(prefix, sizeof prefix, "%02d-", stage_index + 1);
  return prefix + file_safe(engine) + ".png";
}

void DemoTour::load_fonts(ViewerState& state) {
  if (fonts_tried_) return;
  fonts_tried_ = true;
  // Without a renderer (tests, a headless run whose GL could not host ImGui) there is no UI.
  if (!ImGui::GetCurrentContext() || !ImGui::GetIO().BackendRendererUserData) return;
  ImGuiIO& io = ImGui::GetIO();
  const float s = std::max(1.0f, state.ui_scale);
  auto load = [&](const char* file, float px) -> ImFont* {
    if (const fs::path path = find_font(file); !path.empty())
      return io.Fonts->AddFontFromFileTTF(path.c_str(), px * s);
    ImFontConfig config;
    config.SizePixels = px * s;
    return io.Fonts->AddFontDefault(&config);
  };
  title_font_ = load("DejaVuSans-Bold.ttf", 30.0f);
  figure_font_ = load("DejaVuSans-Bold.ttf", 27.0f);
  text_font_ = load("DejaVuSans.ttf", 20.0f);
  label_font_ = load("DejaVuSans.ttf", 16.0f);
  // The atlas was uploaded at the first frame; upload it again with the new sizes.
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void DemoTour::start(ViewerState& state) {
  load_fonts(state);
  const GridSize size = options_.size;
  std::printf("demo: grid %lldx%lld %s, density %.3g, %zu stages of %.3g s:",
              static_cast<long long>(size.width), static_cast<long long>(size.height),
              std::string(to_string(options_.topology)).c_str(), options_.density,
              options_.engines.size(), options_.stage_seconds);
  for (const std::string& e : options_.engines) std::printf(" %s", e.c_str());
  std::printf("\ndemo: %s\n", compute_device_summary().c_str());
  if (!options_.note.empty()) std::printf("demo: %s\n", options_.note.c_str());
  std::fflush(stdout);
  const Grid soup = make_soup(size, options_.topology, options_.density, options_.seed);
  if (!enter_stage(state, 0, &soup)) {
    std::string why;
    for (const std::string& n : notes_) why += "\n  " + n;
    throw Error("no stage of the demo could start:" + why);
  }
  state.sim.running = true;
}

void DemoTour::skip(int index, const std::string& why) {
  const std::string& engine = options_.engines[size_t(index)];
  results_[size_t(index)].skip_reason = why;
  notes_.push_back("Stage " + std::to_string(index + 1) + " (" + engine + ") skipped: " + why);
  std::printf("stage %d/%zu %s: skipped: %s\n", index + 1, options_.engines.size(), engine.c_str(),
              why.c_str());
  std::fflush(stdout);
}

bool DemoTour::enter_stage(ViewerState& state, int from, const Grid* soup) {
  const EngineRegistry& registry = engine_registry();
  const int64_t w = options_.size.width, h = options_.size.height;
  for (int i = from; i < int(options_.engines.size()); ++i) {
    const std::string& engine = options_.engines[size_t(i)];
    std::string why;
    if (!registry.contains(engine)) {
      why = "unknown engine";
    } else if (std::string reason = registry.unavailable_reason(engine); !reason.empty()) {
      why = "cannot run here: " + reason;
    } else {
      why = memory_shortfall(registry.info(engine), w, h, probe_);
    }
    if (why.empty()) {
      try {
        if (soup) {
          state.sim.start(engine, *soup, Rule::life());
        } else {
          state.sim.switch_engine(engine);
        }
      } catch (const std::exception& e) {
        why = e.what();
      }
    }
    if (!why.empty()) {
      skip(i, why);
      continue;
    }
    phase_ = Phase::Stage;
    stage_ = i;
    elapsed_ = 0;
    frames_in_phase_ = 0;
    ms_.clear();
    percent_.clear();
    gcells_.clear();
    last_generation_ = state.sim.generation();
    StageResult& r = results_[size_t(i)];
    r.shown = true;
    r.first_generation = r.last_generation = last_generation_;
    // The viewer's pacing: Auto fills the frame in whole passes of this engine's depth.
    state.sim.pace = options_.gens_per_frame > 0
                         ? PaceSettings{PaceMode::PerFrame, options_.gens_per_frame, 60.0}
                         : PaceSettings{};
    return true;
  }
  return false;
}

void DemoTour::sample(ViewerState& state) {
  // Right after a switch the figures are cleared until this engine's first step.
  // Only this stage's engine counts (a loop that switched engines itself would be caught here).
  if (state.sim.engine_name() != options_.engines[size_t(stage_)]) return;
  const LiveFigures& f = state.sim.figures();
  if (f.generation == last_generation_ || f.ms_per_generation <= 0) return;
  last_generation_ = f.generation;
  ms_.push_back(f.ms_per_generation);
  percent_.push_back(f.percent_of_limit);
  gcells_.push_back(f.gcells_per_second);
  limit_gbytes_ = f.limit_gbytes_per_second;
  results_[size_t(stage_)].last_generation = f.generation;
}

void DemoTour::finish_stage() {
  StageResult& r = results_[size_t(stage_)];
  r.ms_per_generation = median(settled(ms_));
  r.percent_of_limit = median(settled(percent_));
  r.gcells_per_second = median(settled(gcells_));
  r.limit_gbytes_per_second = limit_gbytes_;
  double base = 0;
  int base_index = -1;
  for (size_t i = 0; i < results_.size(); ++i) {
    if (results_[i].shown && results_[i].ms_per_generation > 0) {
      base = results_[i].ms_per_generation;
      base_index = int(i);
      break;
    }
  }
  std::printf(
      "stage %d/%zu %s: %.4f ms/gen, %.1f%% of %.0f GB/s limit, %.2f Gcell/s, %sx stage %d, "
      "generations %llu-%llu\n",
      stage_ + 1, options_.engines.size(), r.engine.c_str(), r.ms_per_generation,
      r.percent_of_limit, r.limit_gbytes_per_second, r.gcells_per_second,
      plain_speedup(r.ms_per_generation > 0 && base > 0 ? base / r.ms_per_generation : 0.0).c_str(),
      base_index + 1, static_cast<unsigned long long>(r.first_generation),
      static_cast<unsigned long long>(r.last_generation));
  std::fflush(stdout);
}

void DemoTour::print_summary() const {
  std::printf("summary: %-3s %-16s %12s %12s %12s %10s\n", "#", "engine", "ms/gen", "% of limit",
              "Gcell/s", "speed-up");
  double base = 0;
  for (const StageResult& r : results_) {
    if (r.shown && r.ms_per_generation > 0 && base == 0) base = r.ms_per_generation;
  }
  for (size_t i = 0; i < results_.size(); ++i) {
    const StageResult& r = results_[i];
    if (!r.shown) {
      std::printf("summary: %-3zu %-16s skipped: %s\n", i + 1, r.engine.c_str(),
                  r.skip_reason.c_str());
      continue;
    }
    std::printf("summary: %-3zu %-16s %12.4f %11.1f%% %12.2f %9sx\n", i + 1, r.engine.c_str(),
                r.ms_per_generation, r.percent_of_limit, r.gcells_per_second,
                plain_speedup(r.ms_per_generation > 0 ? base / r.ms_per_generation : 0.0).c_str());
  }
  std::fflush(stdout);
}

void DemoTour::before_frame(ViewerState& state, double dt) {
  switch (phase_) {
    case Phase::Done:
      return;
    case Phase::Starting:
      start(state);
      return;
    case Phase::Stage:
    case Phase::Summary:
      break;
  }
  if (ending_) {
    // The previous frame closed the phase and has been drawn (and saved): move on.
    ending_ = false;
    if (phase_ == Phase::Stage && !enter_stage(state, stage_ + 1, nullptr)) {
      phase_ = Phase::Summary;
      stage_ = -1;
      elapsed_ = 0;
      frames_in_phase_ = 0;
    }
    return;
  }
  // The first frames of a phase carry the switch itself; the hold starts after them.
  if (++frames_in_phase_ > 2) elapsed_ += dt;
  if (phase_ == Phase::Stage) {
    sample(state);
  }
  if (elapsed_ < options_.stage_seconds) return;
  ending_ = true;
  std::string name;
  if (phase_ == Phase::Stage) {
    finish_stage();
    name = screenshot_name(stage_, options_.engines[size_t(stage_)]);
  } else {
    print_summary();
    name = "summary.png";
  }
  if (!options_.screenshot_dir.empty())
    pending_shot_ = (fs::path(options_.screenshot_dir) / name).string();
}

std::string DemoTour::screenshot_path() {
  std::string path = std::move(pending_shot_);
  pending_shot_.clear();
  if (ending_ && phase_ == Phase::Summary) phase_ = Phase::Done;
  return path;
}

void DemoTour::draw_ui(ViewerState& state) {
  if (phase_ == Phase::Starting || phase_ == Phase::Done) return;
  draw_status_line(state);
  if (phase_ == Phase::Summary) {
    draw_summary(state);
  } else {
    draw_stage_caption(state);
  }
}

void DemoTour::draw_status_line(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  const Vec2d vp = state.camera.viewport();
  const double left = state.show_panel ? state.panel_max.x : 0.0;
  ImGui::SetNextWindowPos(ImVec2(float((left + vp.x) * 0.5), 14.0f * s), ImGuiCond_Always,
                          ImVec2(0.5f, 0.0f));
  OverlayStyle style(s);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(16.0f * s, 8.0f * s));
  if (ImGui::Begin("##demo-status", nullptr, kOverlayFlags)) {
    FontScope font(text_font_);
    const LiveFigures& f = state.sim.figures();
    char text[256];
    std::snprintf(text, sizeof text,
                  "generation %llu  \xc2\xb7  %llu gens/frame  \xc2\xb7  %.0f gens/s",
                  static_cast<unsigned long long>(state.sim.generation()),
                  static_cast<unsigned long long>(f.gens_per_frame), f.generations_per_second);
    // Shorter forms when the free area is narrow (a small window, or the panel shown).
    const float room = float(vp.x - left) - 60.0f * s;
    const std::string grid = size_text(state.sim.width(), state.sim.height());
    const std::string forms[3] = {grid + " cells, random soup on a torus  \xc2\xb7  " + text,
                                  grid + "  \xc2\xb7  " + text, text};
    const float title = ImGui::CalcTextSize("gpulife demo").x + ImGui::GetStyle().ItemSpacing.x;
    const std::string* line = &forms[2];
    for (const std::string& form : forms) {
      if (title + ImGui::CalcTextSize(form.c_str()).x <= room) {
        line = &form;
        break;
      }
    }
    ImGui::TextColored(kAccent, "gpulife demo");
    ImGui::SameLine();
    ImGui::TextColored(kText, "%s", line->c_str());
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

void DemoTour::draw_stage_caption(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  const Vec2d vp = state.camera.viewport();
  const double left = state.show_panel ? state.panel_max.x : 0.0;
  const float width = std::min(float(vp.x - left) - 48.0f * s, 1080.0f * s);
  ImGui::SetNextWindowPos(ImVec2(float((left + vp.x) * 0.5), float(vp.y) - 24.0f * s),
                          ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, float(vp.y)));
  OverlayStyle style(s);
  if (!ImGui::Begin("##demo-caption", nullptr, kOverlayFlags)) {
    ImGui::End();
    return;
  }
  const std::string& engine = options_.engines[size_t(stage_)];
  {
    FontScope font(title_font_);
    ImGui::TextColored(kDim, "Stage %d of %zu", stage_ + 1, options_.engines.size());
    ImGui::SameLine(0, 18.0f * s);
    ImGui::TextColored(kAccent, "%s", engine.c_str());
  }
  {
    FontScope font(text_font_);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kText, "%s", stage_caption(engine_registry(), engine).c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Dummy(ImVec2(0, 4.0f * s));

  // Figures: medians of this stage so far, steadier to read than the last step alone.
  const bool have = !ms_.empty();
  const double ms = median(settled(ms_)), percent = median(settled(percent_)),
               gcells = median(settled(gcells_));
  double base = 0;
  int base_index = -1;
  // The baseline is the first stage that measured something, as in the printed lines.
  for (size_t i = 0; i < results_.size() && base_index < 0; ++i) {
    if (int(i) == stage_) {
      base_index = stage_;
      base = ms;
    } else if (results_[i].shown && results_[i].ms_per_generation > 0) {
      base_index = int(i);
      base = results_[i].ms_per_generation;
    }
  }
  const std::string dash = "\xe2\x80\x93";  // shown while the first steps run
  const std::string values[4] = {
      have ? format_ms(ms) : dash, have ? format("%.1f %%", percent) : dash,
      have ? format_gcells(gcells) : dash, have && base > 0 ? format_speedup(base / ms) : dash};
  const std::string labels[4] = {
      "ms per generation",
      limit_gbytes_ > 0 ? "of the " + format("%.0f", limit_gbytes_) + " GB/s limit"
                        : "of the bandwidth limit",
      "Gcell/s",
      base_index == stage_ ? "speed-up: the baseline"
                           : "speed-up over stage " + std::to_string(base_index + 1)};
  if (ImGui::BeginTable("##figures", 4, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    for (int c = 0; c < 4; ++c) {
      ImGui::TableSetColumnIndex(c);
      {
        FontScope font(figure_font_);
        ImGui::TextColored(c == 3 ? kAccent : kText, "%s", values[c].c_str());
      }
      FontScope font(label_font_);
      ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      ImGui::TextWrapped("%s", labels[c].c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  if (!options_.note.empty() || !notes_.empty()) {
    ImGui::Dummy(ImVec2(0, 2.0f * s));
    FontScope font(text_font_);
    draw_notes();
  }
  draw_progress_and_end(s);
}

// The notes (skipped stages, no GPU) under a caption, in its current font.
void DemoTour::draw_notes() const {
  ImGui::PushTextWrapPos(0.0f);
  if (!options_.note.empty()) ImGui::TextColored(kWarn, "%s", options_.note.c_str());
  for (const std::string& n : notes_) ImGui::TextColored(kWarn, "%s", n.c_str());
  ImGui::PopTextWrapPos();
}

// How much of the stage (or the summary's hold) has passed, then the caption window ends.
void DemoTour::draw_progress_and_end(float s) const {
  ImGui::Dummy(ImVec2(0, 2.0f * s));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kAccent);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(1, 1, 1, 0.08f));
  ImGui::ProgressBar(float(std::clamp(elapsed_ / options_.stage_seconds, 0.0, 1.0)),
                     ImVec2(-1.0f, 3.0f * s), "");
  ImGui::PopStyleColor(2);
  ImGui::End();
}

void DemoTour::draw_summary(ViewerState& state) {
  const float s = std::max(1.0f, state.ui_scale);
  const Vec2d vp = state.camera.viewport();
  const double left = state.show_panel ? state.panel_max.x : 0.0;
  const float width = std::min(float(vp.x - left) - 48.0f * s, 1080.0f * s);
  ImGui::SetNextWindowPos(ImVec2(float((left + vp.x) * 0.5), float(vp.y * 0.5)), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, float(vp.y)));
  OverlayStyle style(s);
  if (!ImGui::Begin("##demo-summary", nullptr, kOverlayFlags)) {
    ImGui::End();
    return;
  }
  {
    FontScope font(title_font_);
    ImGui::TextColored(kAccent, "Summary");
    ImGui::SameLine(0, 18.0f * s);
    ImGui::TextColored(kText, "one soup through every stage");
  }
  {
    FontScope font(text_font_);
    ImGui::TextColored(kDim, "%s cells, the state carried over at each switch; medians per stage",
                       size_text(state.sim.width(), state.sim.height()).c_str());
  }
  ImGui::Dummy(ImVec2(0, 6.0f * s));
  double base = 0, best_gcells = 0;
  for (const StageResult& r : results_) {
    if (r.shown && r.ms_per_generation > 0 && base == 0) base = r.ms_per_generation;
    best_gcells = std::max(best_gcells, r.gcells_per_second);
  }
  ImGui::PushFont(text_font_ ? text_font_ : ImGui::GetFont());
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_PadOuterX | ImGuiTableFlags_BordersInnerH;
  ImGui::PushStyleColor(ImGuiCol_TableRowBg, ImVec4(1, 1, 1, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_TableRowBgAlt, ImVec4(1, 1, 1, 0.04f));
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(8.0f * s, 6.0f * s));
  if (ImGui::BeginTable("##summary", 7, flags)) {
    const char* heads[7] = {"#", "engine", "ms/gen", "% of limit", "Gcell/s", "speed-up", ""};
    const float weights[7] = {0.4f, 2.0f, 1.2f, 1.2f, 1.2f, 1.2f, 2.6f};
    for (int c = 0; c < 7; ++c)
      ImGui::TableSetupColumn(heads[c], ImGuiTableColumnFlags_WidthStretch, weights[c]);
    ImGui::TableNextRow();
    for (int c = 0; c < 7; ++c) {
      ImGui::TableSetColumnIndex(c);
      ImGui::TextColored(kDim, "%s", heads[c]);
    }
    for (size_t i = 0; i < results_.size(); ++i) {
      const StageResult& r = results_[i];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextColored(kDim, "%zu", i + 1);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextColored(r.shown ? kAccent : kDim, "%s", r.engine.c_str());
      if (!r.shown || r.ms_per_generation <= 0) {
        ImGui::TableSetColumnIndex(2);
        ImGui::TextColored(kWarn, "%s", r.shown ? "no step finished" : "skipped");
        continue;
      }
      ImGui::TableSetColumnIndex(2);
      ImGui::TextColored(kText, "%s", format_ms(r.ms_per_generation).c_str());
      ImGui::TableSetColumnIndex(3);
      ImGui::TextColored(kText, "%.1f %%", r.percent_of_limit);
      ImGui::TableSetColumnIndex(4);
      ImGui::TextColored(kText, "%s", format_gcells(r.gcells_per_second).c_str());
      ImGui::TableSetColumnIndex(5);
      ImGui::TextColored(kAccent, "%s", format_speedup(base / r.ms_per_generation).c_str());
      ImGui::TableSetColumnIndex(6);
      // Cell rate against the fastest stage, to scale: the early stages barely show.
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kAccent);
      ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(1, 1, 1, 0.06f));
      ImGui::ProgressBar(
          best_gcells > 0 ? std::max(0.004f, float(r.gcells_per_second / best_gcells)) : 0.0f,
          ImVec2(-1.0f, ImGui::GetTextLineHeight() * 0.7f), "");
      ImGui::PopStyleColor(2);
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  if (!options_.note.empty() || !notes_.empty()) {
    ImGui::Dummy(ImVec2(0, 4.0f * s));
    draw_notes();
  }
  ImGui::PopFont();
  draw_progress_and_end(s);
}

}  // namespace gpulife::app
