// Tests for `gpulife bench --plot`: the chart of the timed CPU engines is written, and an
// unwritable path fails before any engine is timed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/bar_chart.hpp"
#include "app/commands.hpp"
#include "cmd_test_support.hpp"
#include "xvfb_check_support.hpp"

namespace gpulife::app {
namespace {
namespace fs = std::filesystem;

// Small and short: the point is the chart, not the timings.
std::vector<std::string> small_bench(const fs::path& plot) {
  return {"bench",
          "--size",
          "128",
          "--engines",
          "reference,cpu-simd",
          "--check-size",
          "64x48",
          "--generations",
          "8",
          "--repeat",
          "1",
          "--plot",
          plot.string()};
}

TEST(CmdBenchPlotTest, WritesTheChartOfTheTimedEngines) {
  if (std::string why = chart_unavailable_reason(); !why.empty())
    GTEST_SKIP() << "skipped: " << why;
  const fs::path path = fs::temp_directory_path() / "gpulife_cmd_bench_plot_test.png";
  fs::remove(path);
  std::string out, err;
  ASSERT_EQ(run_gpulife(small_bench(path), &out, &err), 0) << out << err;
  EXPECT_NE(out.find("chart: " + path.string()), std::string::npos) << out;
  int w = 0, h = 0;
  const std::vector<unsigned char> rgb = xvfb_check::read_rgb(path, w, h);
  ASSERT_FALSE(rgb.empty());
  // Two engines without a bandwidth limit (CPU): the layout's height depends only on that.
  const ChartImage expected = render_comparison_chart(
      {{"reference", 1, -1, 1}, {"cpu-simd", 2, -1, 1}}, ChartOptions{"t", "s"});
  EXPECT_EQ(w, expected.width);
  EXPECT_EQ(h, expected.height);
  // Both engines have a bar in their colour.
  for (size_t i = 0; i < 2; ++i) {
    const ChartColour c = chart_entry_colour(i);
    size_t pixels = 0;
    for (size_t p = 0; p + 2 < rgb.size(); p += 3)
      if (rgb[p] == c.r && rgb[p + 1] == c.g && rgb[p + 2] == c.b) ++pixels;
    EXPECT_GT(pixels, 200u) << "engine " << i;
  }
  fs::remove(path);
}

// Counts the pixels of each of the first `n` entry colours.
std::vector<size_t> bar_pixels(const std::vector<unsigned char>& rgb, size_t n) {
  std::vector<size_t> count(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const ChartColour c = chart_entry_colour(i);
    for (size_t p = 0; p + 2 < rgb.size(); p += 3)
      if (rgb[p] == c.r && rgb[p + 1] == c.g && rgb[p + 2] == c.b) ++count[i];
  }
  return count;
}

TEST(CmdBenchPlotTest, ChartFromSavedJsonMatchesTheDirectOne) {
  if (std::string why = chart_unavailable_reason(); !why.empty())
    GTEST_SKIP() << "skipped: " << why;
  const fs::path dir = fs::temp_directory_path();
  const fs::path direct = dir / "gpulife_cmd_bench_plot_direct.png",
                 saved = dir / "gpulife_cmd_bench_plot_saved.png",
                 json = dir / "gpulife_cmd_bench_plot.json";
  std::vector<std::string> args = small_bench(direct);
  args.push_back("--json");
  args.push_back(json.string());
  std::string out, err;
  ASSERT_EQ(run_gpulife(args, &out, &err), 0) << out << err;
  ASSERT_EQ(
      run_gpulife({"bench", "--from-json", json.string(), "--plot", saved.string()}, &out, &err), 0)
      << out << err;
  EXPECT_EQ(out.find("time "), std::string::npos) << "nothing is timed:\n" << out;
  int w1 = 0, h1 = 0, w2 = 0, h2 = 0;
  const auto a = xvfb_check::read_rgb(direct, w1, h1), b = xvfb_check::read_rgb(saved, w2, h2);
  ASSERT_FALSE(a.empty());
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(w1, w2);
  EXPECT_EQ(h1, h2);
  // The JSON rounds to six digits: the bars may differ by a blended edge pixel a row.
  const auto pa = bar_pixels(a, 2), pb = bar_pixels(b, 2);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_GT(pa[i], 200u);
    EXPECT_NEAR(double(pa[i]), double(pb[i]), 0.02 * double(pa[i]));
  }
  fs::remove(direct);
  fs::remove(saved);
  fs::remove(json);
}

TEST(CmdBenchPlotTest, FromJsonNeedsPlotAndABenchResult) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"bench", "--from-json", "x.json"}, &out, &err), 2);
  EXPECT_NE(err.find("--plot"), std::string::npos) << err;
  if (!chart_unavailable_reason().empty()) return;  // refused before reading, as it should be
  const fs::path json = fs::temp_directory_path() / "gpulife_cmd_bench_plot_bad.json";
  const fs::path png = fs::temp_directory_path() / "gpulife_cmd_bench_plot_bad.png";
  std::ofstream(json) << "{\"width\": 64}";
  EXPECT_EQ(
      run_gpulife({"bench", "--from-json", json.string(), "--plot", png.string()}, &out, &err), 1);
  EXPECT_NE(err.find("is not a gpulife bench --json result"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(png)) << "a failed run leaves no empty chart file";
  fs::remove(json);
  fs::remove(png);
}

TEST(CmdBenchPlotTest, UnwritablePathFailsBeforeTiming) {
  const fs::path path = fs::temp_directory_path() / "gpulife-no-such-folder" / "chart.png";
  std::string out, err;
  EXPECT_EQ(run_gpulife(small_bench(path), &out, &err), 1);
  EXPECT_NE(err.find(path.string()), std::string::npos) << err;
  EXPECT_EQ(out.find("time "), std::string::npos) << "no engine should be timed:\n" << out;
  EXPECT_FALSE(fs::exists(path));
}

TEST(CmdBenchPlotTest, HelpMentionsPlot) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"bench", "--help"}, &out, &err), 0);
  EXPECT_NE(out.find("--plot"), std::string::npos) << out;
}

}  // namespace
}  // namespace gpulife::app
