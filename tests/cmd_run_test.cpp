// Tests for `gpulife run` through the dispatcher: results written, usage errors, exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/commands.hpp"
#include "cmd_test_support.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace {
namespace fs = std::filesystem;

fs::path temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("gpulife_cmd_run_test_" + name);
}

TEST(CmdRunTest, GliderMovesOneCellDiagonallyEveryFourGenerations) {
  const fs::path out = temp_file("glider.rle");
  ASSERT_EQ(run_gpulife({"run", std::string(GPULIFE_ASSETS) + "/patterns/glider.rle", "-g", "40",
                         "-o", out.string(), "--engine", "reference"}),
            0);
  Pattern start = load_pattern_file(std::string(GPULIFE_ASSETS) + "/patterns/glider.rle");
  Pattern end = load_pattern_file(out);
  EXPECT_EQ(end.generation, 40u);
  EXPECT_EQ(end.rule.rule, Rule::life());
  // Same coordinates system as the input: ten diagonal steps away.
  const Box a = start.bounding_box(), b = end.bounding_box();
  const int64_t dx = b.min_x - a.min_x, dy = b.min_y - a.min_y;
  EXPECT_EQ(std::abs(dx), 10);
  EXPECT_EQ(std::abs(dy), 10);
  end.translate(-dx, -dy);
  EXPECT_TRUE(end.same_cells(start));
  fs::remove(out);
}

TEST(CmdRunTest, BundledNameAndCellsOutput) {
  const fs::path out = temp_file("blinker.cells");
  ASSERT_EQ(run_gpulife({"run", "blinker", "-g", "1", "-o", out.string()}), 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("O\nO\nO"), std::string::npos) << text.str();
  fs::remove(out);
}

TEST(CmdRunTest, TorusRuleSuffixAndSizeOption) {
  // On an 8x8 torus a glider comes back to where it started after 32 generations.
  const fs::path in = temp_file("torus_in.rle"), out = temp_file("torus_out.rle");
  std::ofstream(in) << "x = 3, y = 3, rule = B3/S23:T8,8\nbo$2bo$3o!\n";
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "32", "-o", out.string()}), 0);
  EXPECT_TRUE(load_pattern_file(out).same_cells(load_pattern_file(in)));
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "32", "--size", "9", "-o", out.string()}), 0);
  EXPECT_FALSE(load_pattern_file(out).same_cells(load_pattern_file(in)));
  fs::remove(in);
  fs::remove(out);
}

TEST(CmdRunTest, BadArgumentsExitWithTwoAndSayWhy) {
  std::string err;
  EXPECT_EQ(run_gpulife({"run"}, nullptr, &err), 2);
  EXPECT_NE(err.find("missing PATTERN"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "-g", "many"}, nullptr, &err), 2);
  EXPECT_NE(err.find("--generations"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--bogus"}, nullptr, &err), 2);
  EXPECT_NE(err.find("--bogus"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"frobnicate"}, nullptr, &err), 2);
}

TEST(CmdRunTest, UserErrorsExitWithOneAndNameTheProblem) {
  std::string err;
  EXPECT_EQ(run_gpulife({"run", "/nonexistent/x.rle", "-g", "1"}, nullptr, &err), 1);
  EXPECT_NE(err.find("/nonexistent/x.rle"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "gosper_glider_gun", "--size", "10x10"}, nullptr, &err), 1);
  EXPECT_NE(err.find("larger --size"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--engine", "warp-drive"}, nullptr, &err), 1);
  EXPECT_NE(err.find("unknown engine"), std::string::npos) << err;
  const fs::path bad = temp_file("bad.rle");
  std::ofstream(bad) << "x = 3, y = 1\n2oZ!\n";
  EXPECT_EQ(run_gpulife({"run", bad.string()}, nullptr, &err), 1);
  EXPECT_NE(err.find(bad.string() + ":2:3"), std::string::npos) << err;
  fs::remove(bad);
}

TEST(CmdRunTest, HelpExitsZero) {
  EXPECT_EQ(run_gpulife({"--help"}), 0);
  EXPECT_EQ(run_gpulife({"run", "--help"}), 0);
}

}  // namespace
}  // namespace gpulife::app
