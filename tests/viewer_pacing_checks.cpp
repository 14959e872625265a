// The viewer's pacing (Auto in whole passes within the frame budget, a fixed step, a rate,
// Golly's +/-) and the choice of the memory GPU engines step in, without a window or a GPU.
#include <gtest/gtest.h>

#include "app/viewer/interop_path.hpp"
#include "app/viewer/step_pacer.hpp"
#include "app/viewer/viewer_options.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

PaceInput gpu_engine(double ms_per_generation, int depth, double budget_ms) {
  PaceInput in;
  in.ms_per_generation = ms_per_generation;
  in.pass_depth = depth;
  in.budget_ms = budget_ms;
  return in;
}

TEST(StepPacer, AutoFillsTheBudgetInWholePassesOfTheEnginesDepth) {
  StepPacer pacer;
  const PaceSettings automatic;
  // Unknown speed: one pass first.
  EXPECT_EQ(pacer.due(automatic, gpu_engine(0, 16, 14)), 16u);
  // 0.15 ms per generation, 16 per pass (2.4 ms): 5 passes fit 14 ms. It grows there at most
  // twofold a frame.
  uint64_t n = 0;
  for (int frame = 0; frame < 8; ++frame) n = pacer.due(automatic, gpu_engine(0.15, 16, 14));
  EXPECT_EQ(n, 80u);
  EXPECT_EQ(n % 16, 0u);
  EXPECT_LE(double(n) * 0.15, 14.0);
  EXPECT_EQ(pacer.chosen(), 80u);
  // A slower engine is followed at once, so frames stay short.
  EXPECT_EQ(pacer.due(automatic, gpu_engine(1.0, 16, 14)), 16u);  // never less than one pass
  for (int frame = 0; frame < 40; ++frame) n = pacer.due(automatic, gpu_engine(0.3, 1, 14));
  EXPECT_EQ(n, 46u);  // smoothed towards the new speed: 14 / 0.3
}

TEST(StepPacer, AutoKeepsACpuWorkerBusyForAboutAFrame) {
  StepPacer pacer;
  PaceInput in;
  in.asynchronous = true;
  in.dt_seconds = 0.02;
  EXPECT_EQ(pacer.due(PaceSettings{}, in), 1u);
  in.ms_per_generation = 0.5;
  EXPECT_EQ(pacer.due(PaceSettings{}, in), 40u);
}

TEST(StepPacer, AFixedStepAndARateAreKept) {
  StepPacer pacer;
  EXPECT_EQ(pacer.due({PaceMode::PerFrame, 7, 0}, gpu_engine(0.1, 16, 14)), 7u);
  // 30 generations a second at 100 frames a second: 3 every 10 frames.
  const PaceSettings rate{PaceMode::Rate, 1, 30.0};
  PaceInput in = gpu_engine(0.1, 16, 14);
  in.dt_seconds = 0.01;
  uint64_t total = 0;
  for (int frame = 0; frame < 100; ++frame) total += pacer.due(rate, in);
  EXPECT_EQ(total, 30u);
  // A long stall does not pile up more than a quarter second of generations.
  in.dt_seconds = 10;
  EXPECT_EQ(pacer.due(rate, in), 7u);
}

TEST(StepPacer, PlusAndMinusDoubleAndHalveAndTakeOverFromAuto) {
  PaceSettings s;
  s.faster(24);  // Auto was stepping 24 a frame
  EXPECT_EQ(s.mode, PaceMode::PerFrame);
  EXPECT_EQ(s.step, 48);
  s.slower(0);
  s.slower(0);
  EXPECT_EQ(s.step, 12);
  PaceSettings r{PaceMode::Rate, 1, 60};
  r.faster(0);
  EXPECT_EQ(r.rate, 120.0);
  r.slower(0);
  r.slower(0);
  EXPECT_EQ(r.rate, 30.0);
  EXPECT_EQ(PaceSettings{}.describe(), "auto");
  EXPECT_EQ((PaceSettings{PaceMode::PerFrame, 16, 0}).describe(), "2^4 = 16 gens/frame");
  EXPECT_EQ((PaceSettings{PaceMode::PerFrame, 24, 0}).describe(), "24 gens/frame");
}

TEST(StepPacer, TheStepExponentGoesBelowOneGenerationAFrame) {
  PaceSettings s{PaceMode::PerFrame, 2, 0};
  s.slower(0);
  EXPECT_EQ(s.step, 1);
  s.slower(0);  // Golly's exponent -1: a quarter second between generations
  EXPECT_EQ(s.describe(), "1 gen every 0.25 s");
  StepPacer pacer;
  PaceInput in;
  in.dt_seconds = 0.05;
  uint64_t total = 0;
  for (int frame = 0; frame < 20; ++frame) total += pacer.due(s, in);  // one second
  EXPECT_EQ(total, 4u);
  s.faster(0);
  EXPECT_EQ(s.describe(), "2^0 = 1 gens/frame");
  EXPECT_EQ(pacer.due(s, in), 1u);
  // Base 10, as Golly's default for QuickLife.
  s.exponent.set_base(10);
  s.faster(0);
  s.faster(0);
  EXPECT_EQ(s.step, 100);
  EXPECT_EQ(s.describe(), "10^2 = 100 gens/frame");
}

TEST(StepPacer, HyperspeedGrowsThePerFrameStep) {
  PaceSettings s{PaceMode::PerFrame, 1, 0};
  s.exponent.hyperspeed = true;
  for (int i = 0; i < 64 * 3; ++i) StepPacer::note_step(s, 0.001, 14);
  EXPECT_EQ(s.step, 8);
  PaceSettings r{PaceMode::Rate, 1, 60};
  r.exponent.hyperspeed = true;
  for (int i = 0; i < 64 * 3; ++i) StepPacer::note_step(r, 0.001, 14);
  EXPECT_EQ(r.step, 1);  // only PerFrame's step grows
}

TEST(StepPacer, GensPerFrameIsAutoOrACount) {
  EXPECT_EQ(parse_gens_per_frame("auto").mode, PaceMode::Auto);
  EXPECT_EQ(parse_gens_per_frame("32").step, 32);
  for (const char* bad : {"0", "-3", "12x", "", "9999999999"})
    EXPECT_THROW(parse_gens_per_frame(bad), Error) << bad;
}

TEST(StepPacer, APatternStartsAtAWatchableRateAndASoupAsFastAsItGoes) {
  ViewerOptions o;
  EXPECT_EQ(starting_pace(o).mode, PaceMode::Auto);  // the built-in demo
  o.pattern = "glider";
  EXPECT_EQ(starting_pace(o).mode, PaceMode::Rate);
  EXPECT_EQ(starting_pace(o).rate, kWatchableRate);
  o.random_density = 0.5;
  EXPECT_EQ(starting_pace(o).mode, PaceMode::Auto);
  o.pace = PaceSettings{PaceMode::PerFrame, 8, 0};
  EXPECT_EQ(starting_pace(o).step, 8);
}

TEST(InteropPath, AContextWithoutTheExtensionsGetsTheFallbackNamed) {
  const std::string missing = "the OpenGL driver lacks GL_EXT_memory_object_fd";
  const InteropChoice fallback = choose_interop_path(InteropRequest::Auto, missing);
  EXPECT_EQ(fallback.path, InteropPath::Registered);
  EXPECT_EQ(fallback.why, missing);
  EXPECT_NE(describe(fallback).find("registered"), std::string::npos);
  EXPECT_NE(describe(fallback).find(missing), std::string::npos);  // the panel says why

  const InteropChoice shared = choose_interop_path(InteropRequest::Auto, "");
  EXPECT_EQ(shared.path, InteropPath::Shared);
  EXPECT_NE(describe(shared).find("shared"), std::string::npos);

  EXPECT_EQ(choose_interop_path(InteropRequest::Registered, "").path, InteropPath::Registered);
  EXPECT_THROW(choose_interop_path(InteropRequest::Shared, missing), Error);
  EXPECT_EQ(parse_interop_request("registered"), InteropRequest::Registered);
  EXPECT_THROW(parse_interop_request("fast"), Error);
}

}  // namespace
}  // namespace gpulife::app
