// Tests for `gpulife bench --engines NAME:KEY=VALUE`: launch shapes are timed as given (and
// checked against the reference first); malformed items and unknown parameters fail before
// anything is timed, naming the item.
#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cmd_test_support.hpp"

namespace gpulife::app {
namespace {

std::vector<std::string> bench_with(const std::string& engines) {
  return {"bench", "--size",        "96", "--engines", engines, "--check-size",
          "64x48", "--generations", "4",  "--repeat",  "1"};
}

TEST(CmdBenchEnginesTest, TimesEachGivenShape) {
  std::string out, err;
  ASSERT_EQ(
      run_gpulife(bench_with("cpu-simd:isa=1:threads=1,cpu-simd:isa=1:threads=2"), &out, &err), 0)
      << err;
  EXPECT_NE(out.find("isa=1,threads=1 |"), std::string::npos) << out;
  EXPECT_NE(out.find("isa=1,threads=2 |"), std::string::npos) << out;
  EXPECT_NE(out.find("check cpu-simd: matches the reference"), std::string::npos) << out;
}

TEST(CmdBenchEnginesTest, MalformedItemsFailBeforeTiming) {
  for (const std::string item : {"cpu-simd:isa", "cpu-simd:=1", "cpu-simd:isa=x", "cpu-simd:isa=1x",
                                 "cpu-simd:isa=1:", "cpu-simd:isa="}) {
    std::string out, err;
    EXPECT_EQ(run_gpulife(bench_with(item), &out, &err), 2) << item;
    EXPECT_NE(err.find("--engines item \"" + item + "\""), std::string::npos)
        << item << ": " << err;
    EXPECT_EQ(out.find("time "), std::string::npos) << item;
  }
}

TEST(CmdBenchEnginesTest, UnknownParameterOrValueFailsBeforeTiming) {
  for (const std::string item : {"cpu-simd:no_such_param=1", "cpu-simd:isa=99", "nope:isa=1"}) {
    std::string out, err;
    EXPECT_EQ(run_gpulife(bench_with(item), &out, &err), 1) << item;
    EXPECT_FALSE(err.empty()) << item;
    EXPECT_EQ(out.find("time "), std::string::npos) << item;
  }
}

}  // namespace
}  // namespace gpulife::app
