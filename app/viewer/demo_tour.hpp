// The scripted tour behind `gpulife demo`: which engines it shows, the memory check before each
// stage, the captions with live figures, the closing summary and the per-stage screenshots.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/report.hpp"
#include "app/viewer/memory_probe.hpp"
#include "app/viewer/viewer_state.hpp"
#include "core/engine.hpp"
#include "core/grid.hpp"

struct ImFont;

namespace gpulife::app {

// The stages the tour walks through when none are named: the GPU kernel family in the order
// each technique was added, or the CPU engines (with a note saying so) when no CUDA device can
// run them.
struct TourEngines {
  std::vector<std::string> engines;
  std::string note;  // shown on every caption; empty on the GPU path
};
TourEngines choose_tour_engines(const EngineRegistry& registry);

// One or two sentences on what this stage changed against the one before (the engine's caption).
std::string stage_caption(const EngineRegistry& registry, const std::string& engine);

// Empty when the engine fits in what the probe reports free, otherwise why it does not (a probe
// that cannot tell lets the stage be tried: a failure to start it is what skips it then).
std::string memory_shortfall(const EngineInfo& info, int64_t width, int64_t height,
                             const MemoryProbe& probe);

// --size default: the largest power of two up to 65536 whose byte-per-cell state fits twice
// (during a switch two engines live at once) in 70 % of the free GPU memory; 2048 on the CPU.
int64_t default_tour_size(bool gpu, std::optional<double> device_free_bytes);

// A random soup of about `density` live cells, fast enough for 2^32 cells: each cell's bit is
// built from eight random words (density rounded to 1/256).
Grid make_soup(GridSize size, Topology topology, double density, uint64_t seed);

struct TourOptions {
  std::vector<std::string> engines;
  std::string note;  // shown on every caption (the CPU fallback)
  GridSize size{2048, 2048};
  Topology topology = Topology::Torus;
  double density = 0.5;
  uint64_t seed = 20261129;
  double stage_seconds = 6;
  int gens_per_frame = 0;      // 0: Auto pacing (whole passes filling the frame's step budget)
  std::string screenshot_dir;  // empty: no screenshots
  std::string report;          // empty: no --report file
  double zoom = 2;             // px per cell around the centre; 0: the whole grid
};

// What one stage measured (medians over the stage, after its first steps), or why it was skipped:
// the demo's --report holds these.
using StageResult = DemoStage;

class DemoTour : public FrameScript {
 public:
  DemoTour(TourOptions options, MemoryProbe probe);

  void before_frame(ViewerState& state, double dt) override;
  void draw_ui(ViewerState& state) override;
  std::string screenshot_path() override;
  bool finished() const override { return phase_ == Phase::Done; }

  // For tests and the printed lines.
  const std::vector<StageResult>& results() const { return results_; }
  int current_stage() const { return stage_; }  // -1 before the first and during the summary
  bool in_summary() const { return phase_ == Phase::Summary; }
  const std::vector<std::string>& notes() const { return notes_; }
  // "01-byte-naive.png"; the summary's is "summary.png".
  static std::string screenshot_name(int stage_index, const std::string& engine);

 private:
  enum class Phase { Starting, Stage, Summary, Done };

  void start(ViewerState& state);
  // Starts `soup` on (the first call) or switches to the first stage from `from` on that fits
  // and runs; skipped stages get a note. Returns false when none is left.
  bool enter_stage(ViewerState& state, int from, const Grid* soup);
  void skip(int index, const std::string& why);
  void sample(ViewerState& state);
  void finish_stage();
  void print_summary() const;
  void load_fonts(ViewerState& state);
  void draw_stage_caption(ViewerState& state);
  void draw_summary(ViewerState& state);
  void draw_status_line(ViewerState& state);
  void draw_notes() const;
  void draw_progress_and_end(float s) const;

  TourOptions options_;
  MemoryProbe probe_;
  Phase phase_ = Phase::Starting;
  int stage_ = -1;
  double elapsed_ = 0;
  int frames_in_phase_ = 0;
  bool ending_ = false;       // this frame is the phase's last: print, save, then move on
  std::string pending_shot_;  // path to save after this frame is drawn
  std::vector<StageResult> results_;
  std::vector<std::string> notes_;  // skipped stages, shown on the next captions
  // Samples of the current stage.
  std::vector<double> ms_, percent_, gcells_;
  uint64_t last_generation_ = 0;
  int samples_seen_ = 0;
  double limit_gbytes_ = 0;
  ImFont* title_font_ = nullptr;
  ImFont* text_font_ = nullptr;
  ImFont* figure_font_ = nullptr;
  ImFont* label_font_ = nullptr;
  bool fonts_tried_ = false;
};

}  // namespace gpulife::app
