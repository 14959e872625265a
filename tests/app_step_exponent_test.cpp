// The step exponent model: Golly's base^exponent steps, delays below zero, and hyperspeed.
#include "app/step_exponent.hpp"

#include <gtest/gtest.h>

namespace gpulife::app {
namespace {

TEST(StepExponent, FasterAndSlowerGoThroughThePowersOfTheBase) {
  StepExponent e;
  uint64_t step = 1;
  EXPECT_EQ(e.describe(step), "2^0 = 1");
  for (int i = 0; i < 3; ++i) step = e.faster(step);
  EXPECT_EQ(step, 8u);
  EXPECT_EQ(e.exponent(step), 3);
  EXPECT_EQ(e.describe(step), "2^3 = 8");
  e.set_base(10);
  step = 1;
  step = e.faster(e.faster(e.faster(step)));
  EXPECT_EQ(step, 1000u);
  EXPECT_EQ(e.describe(step), "10^3 = 1000");
  EXPECT_EQ(e.slower(step), 100u);
  // A step that is no power of the base (Auto's choice, a typed number) is shown as it is, and
  // Faster multiplies it by the base all the same.
  e.set_base(2);
  bool exact = true;
  EXPECT_EQ(e.exponent(24, &exact), -1);
  EXPECT_FALSE(exact);
  EXPECT_EQ(e.describe(24), "24");
  EXPECT_EQ(e.faster(24), 48u);
  EXPECT_EQ(e.slower(24), 12u);
}

TEST(StepExponent, StepsStayWithinLimits) {
  StepExponent e;
  uint64_t step = 1;
  for (int i = 0; i < 100; ++i) step = e.faster(step);
  EXPECT_EQ(step, StepExponent::kMaxStep);
  EXPECT_EQ(e.exponent(step), 20);
  e.set_base(1);  // clamped
  EXPECT_EQ(e.base(), 2);
  e.set_base(int(StepExponent::kMaxBase) * 2);
  EXPECT_EQ(e.base(), StepExponent::kMaxBase);
  EXPECT_EQ(e.faster(7), StepExponent::kMaxStep);
}

TEST(StepExponent, BelowOneGenerationAStepComesADelay) {
  StepExponent e;
  EXPECT_EQ(e.delay_seconds(), 0.0);
  EXPECT_EQ(e.slower(2), 1u);
  EXPECT_EQ(e.delay_seconds(), 0.0);
  EXPECT_EQ(e.slower(1), 1u);
  EXPECT_DOUBLE_EQ(e.delay_seconds(), 0.25);
  EXPECT_EQ(e.exponent(1), -1);
  EXPECT_EQ(e.describe(1), "1 gen every 0.25 s");
  for (int i = 0; i < 10; ++i) e.slower(1);
  EXPECT_EQ(e.exponent(1), -4);
  EXPECT_DOUBLE_EQ(e.delay_seconds(), 2.0);
  // Faster takes the delay away one level at a time before the step grows.
  EXPECT_EQ(e.faster(1), 1u);
  EXPECT_DOUBLE_EQ(e.delay_seconds(), 1.0);
  e.reset();
  EXPECT_EQ(e.delay_seconds(), 0.0);
  EXPECT_EQ(e.faster(1), 2u);
}

TEST(StepExponent, HyperspeedGrowsEvery64StepsWhileTheFrameHoldsIt) {
  StepExponent e;
  uint64_t step = 1;
  for (int i = 0; i < 200; ++i) step = e.note_step(step, 0.001, 16);
  EXPECT_EQ(step, 1u);  // off by default
  e.hyperspeed = true;
  int grew_at = -1;
  for (int i = 1; i <= 64 && grew_at < 0; ++i) {
    step = e.note_step(step, 0.001, 16);
    if (step != 1) grew_at = i;
  }
  EXPECT_EQ(grew_at, 64);
  EXPECT_EQ(step, 2u);
  // At 1 ms a generation a 16 ms frame holds 16 generations: the step stops there.
  for (int i = 0; i < 64 * 10; ++i) step = e.note_step(step, 1.0, 16.0);
  EXPECT_EQ(step, 16u);
  // Changing the step by hand starts the count again.
  for (int i = 0; i < 63; ++i) step = e.note_step(step, 0.001, 16);
  step = e.slower(step);
  EXPECT_EQ(e.note_step(step, 0.001, 16), 8u);
  // No growth while delayed.
  StepExponent d;
  d.hyperspeed = true;
  d.slower(1);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(d.note_step(1, 0.001, 16), 1u);
}

}  // namespace
}  // namespace gpulife::app
