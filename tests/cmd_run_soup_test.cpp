// Tests for `gpulife run --random` and the options of runs spread over processes and GPUs:
// soups are Grid::randomize's (checked against bgolly where it is installed), host memory is
// checked before a grid is allocated, and bad rank setups fail before anything starts.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cmd_test_support.hpp"
#include "core/grid_recipe.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"

namespace gpulife::app {
namespace {
namespace fs = std::filesystem;

fs::path temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("gpulife_cmd_run_soup_test_" + name);
}

std::string line_after(const std::string& text, const std::string& key) {
  const size_t at = text.find(key);
  if (at == std::string::npos) return "";
  const size_t end = text.find('\n', at);
  return text.substr(at + key.size(), end - at - key.size());
}

TEST(CmdRunSoupTest, SoupAloneIsGridRandomize) {
  std::string out;
  ASSERT_EQ(run_gpulife({"run", "--random", "0.4", "--seed", "99", "-s", "200x150", "-t", "torus",
                         "-g", "30", "-e", "reference"},
                        &out),
            0)
      << out;
  Grid start(200, 150, Topology::Torus);
  start.randomize(0.4, 99);
  auto ref = make_reference_engine();
  ref->load(start);
  // The line about the start counts the soup's cells.
  EXPECT_NE(out.find("random soup (" + std::to_string(ref->population()) + " cells"),
            std::string::npos)
      << out;
  ref->step(30);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(ref->hash()));
  EXPECT_EQ(line_after(out, "hash:       "), hash) << out;
  EXPECT_EQ(line_after(out, "population: "), std::to_string(ref->population())) << out;
  EXPECT_NE(out.find("random soup"), std::string::npos) << out;
}

TEST(CmdRunSoupTest, SeedsAndPatternsOverTheSoup) {
  std::string a, b, c;
  ASSERT_EQ(run_gpulife({"run", "--random", "0.5", "-s", "128", "-e", "cpu-simd"}, &a), 0);
  ASSERT_EQ(run_gpulife({"run", "--random", "0.5", "-s", "128", "-e", "reference"}, &b), 0);
  ASSERT_EQ(
      run_gpulife({"run", "--random", "0.5", "--seed", "1", "-s", "128", "-e", "reference"}, &c),
      0);
  EXPECT_EQ(line_after(a, "hash:"), line_after(b, "hash:"));  // default seed, any engine
  EXPECT_NE(line_after(b, "hash:"), line_after(c, "hash:"));
  // The pattern goes over the soup, as in the viewer: a glider on an empty soup of density 0+.
  std::string g;
  ASSERT_EQ(run_gpulife({"run", "glider", "--random", "1", "-s", "64", "-e", "reference"}, &g), 0);
  EXPECT_EQ(line_after(g, "population: "), "4096") << g;
}

// A soup stepped by gpulife equals the same soup stepped by Golly's bgolly.
TEST(CmdRunSoupTest, SoupEvolvesAsInGolly) {
  const char* bgolly = "/usr/games/bgolly";
  if (!fs::exists(bgolly)) bgolly = "/usr/bin/bgolly";
  if (!fs::exists(bgolly)) GTEST_SKIP() << "skipped: bgolly is not installed";
  const fs::path soup = temp_file("soup.rle"), ours = temp_file("ours.rle"),
                 theirs = temp_file("theirs.rle");
  ASSERT_EQ(run_gpulife({"run", "--random", "0.37", "--seed", "5", "-s", "48x40", "-g", "0", "-o",
                         soup.string(), "-e", "reference"}),
            0);
  // Grown to room enough that the edge is never reached: the unbounded plane bgolly steps.
  ASSERT_EQ(run_gpulife({"run", soup.string(), "-g", "60", "-o", ours.string()}), 0);
  const std::string cmd = std::string(bgolly) + " -q -q -m 60 -o " + theirs.string() + " " +
                          soup.string() + " > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  Pattern a = load_pattern_file(ours), b = load_pattern_file(theirs);
  ASSERT_GT(a.population(), 0u);
  const Box ba = a.bounding_box(), bb = b.bounding_box();
  EXPECT_EQ(ba.width(), bb.width());
  EXPECT_EQ(ba.height(), bb.height());
  a.move_to_origin();
  b.move_to_origin();
  EXPECT_TRUE(a.same_cells(b));
  for (const fs::path& p : {soup, ours, theirs}) fs::remove(p);
}

TEST(CmdRunSoupTest, HostMemoryIsCheckedBeforeTheGridIsMade) {
  std::string err;
  // 2^31 x 2^31 cells: 512 PiB, refused at once rather than swapped or killed.
  EXPECT_EQ(
      run_gpulife({"run", "--random", "0.5", "-s", "2147483648", "-e", "reference"}, nullptr, &err),
      1);
  EXPECT_NE(err.find("of host memory"), std::string::npos) << err;
  EXPECT_NE(err.find("--gpus"), std::string::npos) << err;
}

TEST(CmdRunSoupTest, BadSoupsAndRankSetupsAreUsageErrors) {
  std::string err;
  EXPECT_EQ(run_gpulife({"run"}, nullptr, &err), 2);
  EXPECT_NE(err.find("--random"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "--random", "1.5"}, nullptr, &err), 2);
  EXPECT_EQ(run_gpulife({"run", "--random", "0.5", "--seed", "-3"}, nullptr, &err), 2);
  EXPECT_EQ(run_gpulife({"run", "glider", "--ranks", "2"}, nullptr, &err), 1);
  EXPECT_NE(err.find("--rank"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--ranks", "2", "--rank", "1"}, nullptr, &err), 1);
  EXPECT_NE(err.find("--rendezvous"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--ranks", "2", "--rank", "0", "--rendezvous", "x"},
                        nullptr, &err),
            1);
  EXPECT_NE(err.find("tcp://HOST:PORT"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--halos", "carrier-pigeon"}, nullptr, &err), 2);
  EXPECT_EQ(run_gpulife({"run", "glider", "--gpus", "2", "-e", "reference"}, nullptr, &err), 2);
  EXPECT_NE(err.find("multi-GPU"), std::string::npos) << err;
  EXPECT_EQ(
      run_gpulife({"bench", "--ranks", "3", "--rank", "5", "--rendezvous", "h:1"}, nullptr, &err),
      1);
  EXPECT_NE(err.find("between 0 and 2"), std::string::npos) << err;
}

}  // namespace
}  // namespace gpulife::app
