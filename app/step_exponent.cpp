// The step exponent: Faster/Slower by the base, delays below one generation, hyperspeed.
#include "app/step_exponent.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpulife::app {

void StepExponent::set_base(int base) {
  base_ = std::clamp(base, kMinBase, kMaxBase);
}

int StepExponent::exponent(uint64_t step, bool* exact) const {
  if (delay_level_ > 0) {
    if (exact) *exact = true;
    return -delay_level_;
  }
  int e = 0;
  uint64_t v = 1;
  while (v < step && v <= kMaxStep) {
    v *= uint64_t(base_);
    ++e;
  }
  if (exact) *exact = v == step;
  return v == step ? e : -1;
}

double StepExponent::delay_seconds() const {
  return delay_level_ == 0 ? 0.0 : kMinDelaySeconds * std::ldexp(1.0, delay_level_ - 1);
}

std::string StepExponent::describe(uint64_t step) const {
  char text[64];
  bool exact = false;
  const int e = exponent(step, &exact);
  if (delay_level_ > 0) {
    std::snprintf(text, sizeof text, "1 gen every %.3g s", delay_seconds());
  } else if (exact) {
    std::snprintf(text, sizeof text, "%d^%d = %llu", base_, e,
                  static_cast<unsigned long long>(step));
  } else {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(step));
  }
  return text;
}

uint64_t StepExponent::faster(uint64_t step) {
  steps_at_size_ = 0;
  if (delay_level_ > 0) {
    --delay_level_;
    return 1;
  }
  return std::min(std::max<uint64_t>(step, 1) * uint64_t(base_), kMaxStep);
}

uint64_t StepExponent::slower(uint64_t step) {
  steps_at_size_ = 0;
  if (step <= 1) {
    delay_level_ = std::min(delay_level_ + 1, kMaxDelayLevel);
    return 1;
  }
  return std::max<uint64_t>(step / uint64_t(base_), 1);
}

uint64_t StepExponent::note_step(uint64_t step, double ms_per_generation, double budget_ms) {
  if (!hyperspeed || delay_level_ > 0) return step;
  if (++steps_at_size_ < kHyperspeedSteps) return step;
  steps_at_size_ = 0;
  const uint64_t next = std::min(step * uint64_t(base_), kMaxStep);
  if (ms_per_generation > 0 && double(next) * ms_per_generation > budget_ms) return step;
  return next;
}

}  // namespace gpulife::app
