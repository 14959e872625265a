// `gpulife demo` without a display: which engines the tour picks, the memory arithmetic, the soup,
// and the stage machine driven frame by frame on the CPU engines (skips, carried-over state,
// screenshot names).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "app/engines.hpp"
#include "app/viewer/demo_tour.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

constexpr double kGiB = 1073741824.0;

// A registry with the CPU engines and stand-ins for the GPU family, registered in the order the
// techniques were added (as gpu/gpu_engines.cu does), whose availability the test decides (the
// stand-ins are never created).
EngineRegistry registry_with_gpu(bool device) {
  EngineRegistry r;
  register_cpu_engines(r);
  for (const char* name : {"byte-naive", "byte-grouped", "bit32", "bit64", "bit-multistep"}) {
    EngineInfo info{.name = name,
                    .family = "gpu",
                    .description = "stand-in",
                    .gpu = true,
                    .caption = std::string("The ") + name + " stage.",
                    .gl_shared = true};
    r.add(
        info, []() -> std::unique_ptr<Engine> { return nullptr; },
        [device]() -> std::string { return device ? "" : "no CUDA device"; });
  }
  return r;
}

TEST(DemoTourEngines, FollowsTheKernelFamilyInOrderOnAGpu) {
  const TourEngines t = choose_tour_engines(registry_with_gpu(true));
  EXPECT_EQ(t.engines, (std::vector<std::string>{"byte-naive", "byte-grouped", "bit32", "bit64",
                                                 "bit-multistep"}));
  EXPECT_TRUE(t.note.empty());
}

TEST(DemoTourEngines, ShowsTheCpuEnginesWithANoteWithoutADevice) {
  for (bool gpu_registered : {false, true}) {
    EngineRegistry cpu_only;
    register_cpu_engines(cpu_only);
    const TourEngines t = choose_tour_engines(gpu_registered ? registry_with_gpu(false) : cpu_only);
    EXPECT_EQ(t.engines, (std::vector<std::string>{"reference", "cpu-simd"}));
    EXPECT_NE(t.note.find("no CUDA device"), std::string::npos) << t.note;
  }
}

TEST(DemoTourEngines, EveryStageHasItsOwnCaption) {
  // Every engine this build registers that the tour can show says what it changed.
  const EngineRegistry& registry = engine_registry();
  std::vector<std::string> names;
  for (const EngineInfo& info : registry.engines())
    if (!info.caption.empty()) names.push_back(info.name);
  EXPECT_GE(names.size(), 2u);  // reference and cpu-simd at least
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string a = stage_caption(registry, names[i]);
    EXPECT_GT(a.size(), 40u) << names[i];
    for (size_t j = 0; j < i; ++j) EXPECT_NE(a, stage_caption(registry, names[j]));
  }
  EXPECT_EQ(stage_caption(registry, "no-such-engine"), "Engine no-such-engine.");
}

TEST(DemoTourEngines, NoEngineWithoutACaptionJoinsTheTour) {
  EngineRegistry r = registry_with_gpu(true);
  EngineInfo quiet{.name = "quiet", .family = "gpu", .gpu = true, .gl_shared = true};
  r.add(
      quiet, []() -> std::unique_ptr<Engine> { return nullptr; },
      []() -> std::string { return ""; });
  const TourEngines t = choose_tour_engines(r);
  EXPECT_EQ(std::find(t.engines.begin(), t.engines.end(), "quiet"), t.engines.end());
}

TEST(DemoTourMemory, ByteEnginesNeedEightTimesTheBitEngines) {
  EngineInfo byte{"b", "byte", "", CellLayout::BytePerCell, true};
  EngineInfo bit{"w", "bit", "", CellLayout::BitPacked, true};
  const double n = 65536;
  // Two byte-per-cell buffers of 4 GiB each at 65536^2, two bit-packed ones of 512 MiB.
  EXPECT_GT(memory_bytes(byte, 65536, 65536), 2 * n * n);
  EXPECT_LT(memory_bytes(byte, 65536, 65536), 2.5 * n * n);
  EXPECT_GT(memory_bytes(bit, 65536, 65536), 2 * n * n / 8);
  EXPECT_LT(memory_bytes(bit, 65536, 65536), 0.5 * n * n);
}

TEST(DemoTourMemory, SkipsWhatDoesNotFitAndTriesWhatItCannotTell) {
  EngineInfo gpu{"byte-naive", "byte", "", CellLayout::BytePerCell, true};
  EngineInfo cpu{"reference", "cpu", "", CellLayout::BytePerCell, false};
  MemoryProbe probe;
  probe.device_free_bytes = [] { return std::optional<double>(4 * kGiB); };
  probe.host_free_bytes = [] { return std::optional<double>(); };
  const std::string why = memory_shortfall(gpu, 65536, 65536, probe);
  EXPECT_NE(why.find("GPU memory"), std::string::npos) << why;
  EXPECT_NE(why.find("4.0 GiB free"), std::string::npos) << why;
  EXPECT_EQ(memory_shortfall(gpu, 16384, 16384, probe), "");
  EXPECT_EQ(memory_shortfall(cpu, 65536, 65536, probe), "");  // unknown: try it
}

TEST(DemoTourMemory, DefaultSizeIsTheLargestThatFits) {
  EXPECT_EQ(default_tour_size(false, 139.8 * kGiB), 2048);
  EXPECT_EQ(default_tour_size(true, 139.8 * kGiB), 65536);
  EXPECT_EQ(default_tour_size(true, 20 * kGiB), 32768);
  EXPECT_EQ(default_tour_size(true, 2 * kGiB), 16384);
  EXPECT_EQ(default_tour_size(true, 1 * kGiB), 8192);
  EXPECT_EQ(default_tour_size(true, std::nullopt), 16384);
}

TEST(DemoTourSoup, HasTheAskedDensityAndNoCellsPastTheEdge) {
  for (double density : {0.5, 0.375, 0.25}) {
    const Grid g = make_soup(GridSize{1000, 700}, Topology::Torus, density, 7);
    EXPECT_NEAR(double(g.population()) / 700000.0, density, 0.01) << density;
    EXPECT_EQ(g.topology(), Topology::Torus);
    // Bits past column 999 in each row's last word stay clear.
    for (int64_t y = 0; y < g.height(); ++y)
      ASSERT_EQ(g.row(y)[g.words_per_row() - 1] & ~g.last_word_mask(), 0u);
  }
  EXPECT_EQ(make_soup(GridSize{300, 300}, Topology::Plane, 0.0, 1).population(), 0u);
  EXPECT_EQ(make_soup(GridSize{300, 300}, Topology::Plane, 1.0, 1).population(), 90000u);
  EXPECT_EQ(make_soup(GridSize{512, 512}, Topology::Plane, 0.4, 3),
            make_soup(GridSize{512, 512}, Topology::Plane, 0.4, 3));
  EXPECT_NE(make_soup(GridSize{512, 512}, Topology::Plane, 0.4, 3),
            make_soup(GridSize{512, 512}, Topology::Plane, 0.4, 4));
}

TEST(DemoTourStages, NamesScreenshotsByStage) {
  EXPECT_EQ(DemoTour::screenshot_name(0, "byte-naive"), "01-byte-naive.png");
  EXPECT_EQ(DemoTour::screenshot_name(11, "bit-multistep"), "12-bit-multistep.png");
}

MemoryProbe unknown_memory() {
  MemoryProbe p;
  p.device_free_bytes = [] { return std::optional<double>(); };
  p.host_free_bytes = [] { return std::optional<double>(); };
  return p;
}

// Runs the tour the way the viewer's loop does. Each frame waits (a while at most) for the CPU
// worker to finish a step, so a busy machine slows the test down instead of failing it.
std::vector<std::string> drive(DemoTour& tour, ViewerState& state, int max_frames = 4000) {
  std::vector<std::string> shots;
  for (int frame = 0; frame < max_frames && !tour.finished(); ++frame) {
    tour.before_frame(state, 0.01);
    state.sim.tick(0.01);
    if (std::string path = tour.screenshot_path(); !path.empty()) shots.push_back(path);
    const uint64_t steps = state.sim.backend().figures().steps_completed;
    for (int wait = 0; wait < 2000 && state.sim.backend().figures().steps_completed == steps;
         ++wait)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return shots;
}

TEST(DemoTourStages, SkipsAStageThatCannotStartAndCarriesTheSoupOn) {
  TourOptions o;
  o.engines = {"reference", "no-such-engine", "cpu-simd"};
  o.size = GridSize{192, 128};
  o.stage_seconds = 0.15;
  o.screenshot_dir = "shots";
  DemoTour tour(o, unknown_memory());
  ViewerState state;
  const std::vector<std::string> shots = drive(tour, state);
  ASSERT_TRUE(tour.finished());

  namespace fs = std::filesystem;
  EXPECT_EQ(shots, (std::vector<std::string>{(fs::path("shots") / "01-reference.png").string(),
                                             (fs::path("shots") / "03-cpu-simd.png").string(),
                                             (fs::path("shots") / "summary.png").string()}));
  const auto& r = tour.results();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_TRUE(r[0].shown);
  EXPECT_GT(r[0].ms_per_generation, 0);
  EXPECT_GT(r[0].gcells_per_second, 0);
  EXPECT_FALSE(r[1].shown);
  EXPECT_EQ(r[1].skip_reason, "unknown engine");
  ASSERT_EQ(tour.notes().size(), 1u);
  EXPECT_NE(tour.notes()[0].find("no-such-engine"), std::string::npos);
  EXPECT_TRUE(r[2].shown);
  EXPECT_GT(r[2].ms_per_generation, 0);
  // The soup went on where the first stage left it (a switch, not a restart).
  EXPECT_GT(r[0].last_generation, 0u);
  EXPECT_GE(r[2].first_generation, r[0].last_generation);
  EXPECT_GT(r[2].last_generation, r[2].first_generation);
  EXPECT_EQ(state.sim.engine_name(), "cpu-simd");
  EXPECT_EQ(state.sim.width(), 192);
  EXPECT_EQ(state.sim.height(), 128);
  state.sim.stop();
}

TEST(DemoTourStages, SkipsEnginesThatDoNotFitInMemory) {
  TourOptions o;
  o.engines = {"reference", "cpu-simd"};
  o.size = GridSize{128, 128};
  o.stage_seconds = 0.05;
  MemoryProbe tiny = unknown_memory();
  tiny.host_free_bytes = [] { return std::optional<double>(1024.0); };
  DemoTour tour(o, tiny);
  ViewerState state;
  try {
    tour.before_frame(state, 0.01);
    FAIL() << "a tour whose every stage is too big must stop with an error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("host memory"), std::string::npos) << what;
    EXPECT_NE(what.find("reference"), std::string::npos) << what;
    EXPECT_NE(what.find("cpu-simd"), std::string::npos) << what;
  }
  EXPECT_FALSE(state.sim.active());
}

TEST(DemoTourStages, WithoutScreenshotsAskForNoneAndStillFinish) {
  TourOptions o;
  o.engines = {"cpu-simd"};
  o.size = GridSize{128, 128};
  o.stage_seconds = 0.05;
  DemoTour tour(o, unknown_memory());
  ViewerState state;
  EXPECT_TRUE(drive(tour, state).empty());
  EXPECT_TRUE(tour.finished());
  EXPECT_TRUE(tour.results()[0].shown);
  state.sim.stop();
}

}  // namespace
}  // namespace gpulife::app
