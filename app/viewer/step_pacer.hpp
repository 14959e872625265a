// How many generations to step each frame: the one pacing mechanism of the viewer, the demo and
// compare mode (plain C++, tested without a window).
#pragma once

#include <cstdint>
#include <string>

#include "app/step_exponent.hpp"

namespace gpulife::app {

enum class PaceMode {
  Auto,      // as many whole passes of the engine's depth as fit the frame's step budget
  PerFrame,  // `step` generations every frame
  Rate,      // `rate` generations per second, whatever the frame rate
};

struct PaceSettings {
  PaceMode mode = PaceMode::Auto;
  int step = 1;        // generations per frame (PerFrame); also Tab's step size
  double rate = 60.0;  // generations per second (Rate)
  // PerFrame's step as Golly's base^exponent: + and - multiply and divide it by the base, and
  // below one generation a frame they add a delay between generations; hyperspeed grows it.
  StepExponent exponent;

  // "auto", "2^4 = 16 gens/frame", "24 gens/frame", "1 gen every 0.5 s", "60 gens/s".
  std::string describe() const;
  // Golly's +/-: the step times (or over) the base, or the rate doubled (halved); Auto first
  // becomes PerFrame at the value Auto was using (`current`, at least 1).
  void faster(uint64_t current);
  void slower(uint64_t current);
};

// Parses --gens-per-frame: "auto" or a count in [1, 2^20]; throws Error otherwise.
PaceSettings parse_gens_per_frame(const std::string& text);

// What the pacer knows about the engine and the frame when it decides.
struct PaceInput {
  double dt_seconds = 1.0 / 60;  // since the last frame
  double ms_per_generation = 0;  // of the engine's recent steps; 0 while unknown
  int pass_depth = 1;            // generations one pass over memory computes
  double budget_ms = 14.0;       // time the step may take this frame
  bool asynchronous = false;     // the engine steps on a worker beside the frame (CPU engines)
};

class StepPacer {
 public:
  // Generations to step this frame (0: none yet, e.g. a slow rate between generations).
  uint64_t due(const PaceSettings& settings, const PaceInput& in);
  // Generations the last due() chose: what Auto picked, for the panel.
  uint64_t chosen() const { return chosen_; }
  // Forgets the engine's speed and the rate's credit (a new engine or grid).
  void reset();
  // Hyperspeed: after each PerFrame step, grows `settings.step` (see StepExponent::note_step).
  static void note_step(PaceSettings& settings, double ms_per_generation, double budget_ms);
  // Paused: a rate's credit does not pile up meanwhile.
  void pause() { rate_credit_ = 0; }

  // Whole passes of `depth` generations that fit `budget_ms` at `ms_per_generation` (at least
  // one pass), as generations.
  static uint64_t fitting_generations(double budget_ms, double ms_per_generation, int depth);

 private:
  uint64_t auto_generations(const PaceInput& in);

  double smoothed_ms_ = 0;
  double rate_credit_ = 0;
  uint64_t chosen_ = 0;
};

}  // namespace gpulife::app
