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
#include "app/viewer/demo_tour_style.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/host_memory.hpp"
#include "core/median.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"

namespace gpulife::app {

using namespace demo_style;

namespace {

namespace fs = std::filesystem;

constexpr double kGiB = 1073741824.0;

std::string file_safe(const std::string& name) {
  std::string out = name;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return out;
}

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
          state.sim.set_bounded_plane(false);  // a soup on the infinite plane
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
  if (!options_.report.empty()) {
    Json doc = {{"command", "demo"},
                {"width", options_.size.width},
                {"height", options_.size.height},
                {"topology", std::string(to_string(options_.topology))},
                {"density", options_.density},
                {"stages", Json::array()}};
    for (const StageResult& r : results_) doc["stages"].push_back(to_json(r));
    write_report(options_.report, doc);
    std::printf("report: %s\n", options_.report.c_str());
  }
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

}  // namespace gpulife::app
