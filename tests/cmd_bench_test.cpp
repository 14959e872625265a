// Tests for `gpulife bench` without a GPU: a CPU engine whose timing would take longer than
// --max-seconds is skipped and says why; the others are timed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/commands.hpp"
#include "cmd_test_support.hpp"

namespace gpulife::app {
namespace {

std::vector<std::string> small_bench(const std::string& max_seconds) {
  return {"bench",
          "--size",
          "256",
          "--engines",
          "reference,cpu-simd",
          "--check-size",
          "48x32",
          "--generations",
          "4",
          "--repeat",
          "1",
          "--max-seconds",
          max_seconds};
}

TEST(CmdBenchTest, SkipsCpuEnginesThatWouldTakeTooLongAndSaysWhy) {
  std::string out;
  ASSERT_EQ(run_gpulife(small_bench("0"), &out), 0) << out;
  EXPECT_NE(out.find("skip reference: would take about"), std::string::npos) << out;
  EXPECT_NE(out.find("Mcell/s on the check grid"), std::string::npos) << out;
  // The table still lists it, as skipped.
  EXPECT_NE(out.find("| reference | - | - | - | - | skipped: would take"), std::string::npos)
      << out;
  // The check against the reference still ran.
  EXPECT_NE(out.find("check cpu-simd: matches the reference"), std::string::npos) << out;
}

TEST(CmdBenchTest, TimesThemWithinTheLimit) {
  std::string out;
  ASSERT_EQ(run_gpulife(small_bench("100000"), &out), 0) << out;
  EXPECT_NE(out.find("time reference"), std::string::npos) << out;
  EXPECT_NE(out.find("time cpu-simd"), std::string::npos) << out;
  EXPECT_EQ(out.find("skip "), std::string::npos) << out;
}

// A topology given empty is named as unknown, as any other (bench's own default is torus).
TEST(CmdBenchTest, AnEmptyTopologyIsAnError) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"bench", "--size", "64", "--engines", "cpu-simd", "--check-size", "32x32",
                         "--topology", ""},
                        &out, &err),
            1);
  EXPECT_NE(err.find("unknown topology"), std::string::npos) << err;
}

// A soup too large for the host is refused before it is made, saying what it needs.
TEST(CmdBenchTest, RefusesASizeTheHostCannotHold) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"bench", "--size", "2000000", "--engines", "cpu-simd", "--check-size",
                         "32x32", "--generations", "1"},
                        &out, &err),
            1);
  EXPECT_NE(err.find("2000000x2000000 soup needs"), std::string::npos) << err;
  EXPECT_NE(err.find("GiB of host memory"), std::string::npos) << err;
}

// A rule's bounded-grid suffix gives the timed grid, as it does for run: its topology, and the
// sides it bounds (an unbounded side takes the default). --size and --topology override it.
TEST(CmdBenchTest, ARulesBoundedGridSuffixGivesTheTimedGrid) {
  auto bench = [](std::vector<std::string> extra) {
    std::vector<std::string> args = {"bench", "--engines",     "cpu-simd", "--check-size",
                                     "32x32", "--generations", "1",        "--repeat",
                                     "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::string out;
    EXPECT_EQ(run_gpulife(args, &out), 0) << out;
    return out;
  };
  EXPECT_NE(bench({"-r", "B36/S23:K300*,200"})
                .find("rule B36/S23, Klein bottle (horizontal edges "
                      "twisted) 300x200,"),
            std::string::npos);
  EXPECT_NE(bench({"-r", "B3/S23:S96"}).find("rule B3/S23, sphere 96x96,"), std::string::npos);
  // The timed topology is checked against the reference too, on a grid it can have.
  EXPECT_NE(bench({"-r", "B3/S23:S96", "--check-size", "40x32"})
                .find("matches the reference on 40x32 plane, torus and sphere (32x32)"),
            std::string::npos);
  EXPECT_NE(bench({"-r", "B3/S23:T96,0"}).find("tube (unbounded height) 96x2048,"),
            std::string::npos);
  EXPECT_NE(bench({"-r", "B3/S23:T300,200", "--size", "100"}).find("torus 100x100,"),
            std::string::npos);
  EXPECT_NE(bench({"-r", "B3/S23:T300,200", "-t", "plane"}).find("plane 300x200,"),
            std::string::npos);
}

}  // namespace
}  // namespace gpulife::app
