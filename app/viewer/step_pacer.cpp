// Step pacing: Auto fills a frame budget in whole passes; PerFrame and Rate as asked.
#include "app/viewer/step_pacer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

constexpr int kMaxStep = 1 << 20;
constexpr double kMaxRate = 1e9;

}  // namespace

std::string PaceSettings::describe() const {
  char text[64];
  switch (mode) {
    case PaceMode::Auto:
      return "auto";
    case PaceMode::PerFrame:
      if (exponent.delay_seconds() > 0) return exponent.describe(1);
      return exponent.describe(uint64_t(std::max(step, 1))) + " gens/frame";
    case PaceMode::Rate:
      std::snprintf(text, sizeof text, "%.3g gens/s", rate);
      return text;
  }
  return "auto";
}

void PaceSettings::faster(uint64_t current) {
  if (mode == PaceMode::Rate) {
    rate = std::min(rate * 2, kMaxRate);
    return;
  }
  if (mode == PaceMode::Auto) {
    mode = PaceMode::PerFrame;
    step = int(std::clamp<uint64_t>(current, 1, kMaxStep));
  }
  step = int(exponent.faster(uint64_t(step)));
}

void PaceSettings::slower(uint64_t current) {
  if (mode == PaceMode::Rate) {
    rate = std::max(rate / 2, 0.5);
    return;
  }
  if (mode == PaceMode::Auto) {
    mode = PaceMode::PerFrame;
    step = int(std::clamp<uint64_t>(current, 1, kMaxStep));
  }
  step = int(exponent.slower(uint64_t(step)));
}

void StepPacer::note_step(PaceSettings& s, double ms_per_generation, double budget_ms) {
  if (s.mode != PaceMode::PerFrame) return;
  s.step = int(s.exponent.note_step(uint64_t(std::max(s.step, 1)), ms_per_generation, budget_ms));
}

PaceSettings parse_gens_per_frame(const std::string& text) {
  PaceSettings s;
  if (text == "auto") return s;
  size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || n < 1 || n > kMaxStep)
    throw Error("--gens-per-frame is \"auto\" or a number in [1, " + std::to_string(kMaxStep) +
                "], not \"" + text + "\"");
  s.mode = PaceMode::PerFrame;
  s.step = int(n);
  return s;
}

uint64_t StepPacer::fitting_generations(double budget_ms, double ms_per_generation, int depth) {
  const uint64_t d = uint64_t(std::max(depth, 1));
  if (ms_per_generation <= 0) return d;
  const double passes = std::floor(budget_ms / (ms_per_generation * double(d)));
  return d * uint64_t(std::clamp(passes, 1.0, double(kMaxStep)));
}

uint64_t StepPacer::auto_generations(const PaceInput& in) {
  if (in.ms_per_generation > 0) {
    // Smoothed so one slow step (a busy machine) does not halve the rate, but a slower engine
    // (a denser pattern, a switch) is followed at once so frames stay short.
    smoothed_ms_ = smoothed_ms_ <= 0 || in.ms_per_generation > 1.5 * smoothed_ms_
                       ? in.ms_per_generation
                       : 0.7 * smoothed_ms_ + 0.3 * in.ms_per_generation;
  }
  if (in.asynchronous) {
    // The worker steps beside the frame: keep it busy for about one frame.
    if (smoothed_ms_ <= 0) return 1;
    return uint64_t(
        std::clamp(std::ceil(in.dt_seconds * 1e3 / smoothed_ms_), 1.0, double(kMaxStep)));
  }
  const uint64_t fit = fitting_generations(in.budget_ms, smoothed_ms_, in.pass_depth);
  // Growing at most twofold a frame: the first measurements of a new engine are its slowest.
  const uint64_t depth = uint64_t(std::max(in.pass_depth, 1));
  return chosen_ > 0 ? std::min(fit, std::max(2 * chosen_, depth)) : std::min(fit, depth);
}

uint64_t StepPacer::due(const PaceSettings& s, const PaceInput& in) {
  uint64_t n = 0;
  switch (s.mode) {
    case PaceMode::Auto:
      rate_credit_ = 0;
      n = auto_generations(in);
      break;
    case PaceMode::PerFrame:
      if (const double delay = s.exponent.delay_seconds(); delay > 0) {
        // Below one generation a frame: one generation every `delay` seconds.
        rate_credit_ = std::min(rate_credit_ + in.dt_seconds / delay, 1.0);
        n = rate_credit_ >= 1.0 - 1e-9 ? 1 : 0;
        if (n) rate_credit_ = 0;
        break;
      }
      rate_credit_ = 0;
      n = uint64_t(std::max(1, s.step));
      break;
    case PaceMode::Rate: {
      const double rate = std::max(s.rate, 0.0);
      rate_credit_ = std::min(rate_credit_ + rate * in.dt_seconds, std::max(1.0, rate * 0.25));
      n = uint64_t(rate_credit_ + 1e-9);  // 0.3 ten times is 3, not 2.9999
      rate_credit_ = std::max(0.0, rate_credit_ - double(n));
      break;
    }
  }
  if (n > 0 || (s.mode != PaceMode::Rate && s.exponent.delay_seconds() == 0)) chosen_ = n;
  return n;
}

void StepPacer::reset() {
  smoothed_ms_ = 0;
  rate_credit_ = 0;
  chosen_ = 0;
}

}  // namespace gpulife::app
