// Golly's step exponent: + and - multiply or divide the step by its base (so a step of 1 grows
// through base^1, base^2, ...), below one generation a step they slow generating down with a
// delay between generations instead (Golly's negative exponents), and hyperspeed raises the
// exponent by itself while a pattern keeps running. The step itself is the caller's (the
// viewer's PaceSettings::step); this holds the base, the delay and hyperspeed's count.
#pragma once

#include <cstdint>
#include <string>

namespace gpulife::app {

class StepExponent {
 public:
  static constexpr int kMinBase = 2;
  static constexpr int kMaxBase = 1 << 20;
  static constexpr uint64_t kMaxStep = uint64_t{1} << 20;  // generations in one step
  // Golly's default delays: 0.25 s at exponent -1, doubling down to 2 s at -4.
  static constexpr double kMinDelaySeconds = 0.25;
  static constexpr int kMaxDelayLevel = 4;
  // Hyperspeed raises the exponent after this many steps at one size (Golly's 64).
  static constexpr int kHyperspeedSteps = 64;

  int base() const { return base_; }
  // The base is clamped to [kMinBase, kMaxBase].
  void set_base(int base);

  // The exponent of `step`: e when step is base^e, -delay level while delayed, otherwise
  // nothing exact (-1 with `exact` false: the step came from elsewhere, e.g. Auto's choice).
  int exponent(uint64_t step, bool* exact = nullptr) const;
  // Seconds to wait between generations: 0 unless slowed below one generation a step.
  double delay_seconds() const;
  int delay_level() const { return delay_level_; }
  // "2^4 = 16", "10^2 = 100", "24", "1 gen every 0.5 s" for a step of `step` generations.
  std::string describe(uint64_t step) const;

  // Golly's Faster and Slower, returning the new step: times or over the base, within
  // [1, kMaxStep]; Slower at 1 adds delay, Faster first takes it away. Both restart hyperspeed's
  // count.
  uint64_t faster(uint64_t step);
  uint64_t slower(uint64_t step);
  // Back to one generation a step without delay (a new pattern).
  void reset() {
    delay_level_ = 0;
    steps_at_size_ = 0;
  }

  bool hyperspeed = false;
  // Called after each step of `step` generations: with hyperspeed on, every kHyperspeedSteps
  // steps the step is multiplied by the base, as long as the larger step would still take less
  // than `budget_ms` at the measured `ms_per_generation` (0: unknown, no limit), so the frame
  // rate holds. Returns the step to use from now on.
  uint64_t note_step(uint64_t step, double ms_per_generation, double budget_ms);

 private:
  int base_ = 2;
  int delay_level_ = 0;
  int steps_at_size_ = 0;
};

}  // namespace gpulife::app
