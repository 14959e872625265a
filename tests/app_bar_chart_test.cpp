// Tests for the comparison bar chart: bar lengths measured in the rendered pixels, the 100 %
// marker's position, the PNG read back, and the errors for bad input and unwritable paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <utility>

#include "app/bar_chart.hpp"
#include "core/error.hpp"
#include "test_support.hpp"
#include "xvfb_check_support.hpp"

namespace gpulife::app {
namespace {
namespace fs = std::filesystem;

bool is(const ChartImage& img, int x, int y, ChartColour c) {
  const uint8_t* p = &img.rgb[(size_t(y) * img.width + x) * 3];
  return p[0] == c.r && p[1] == c.g && p[2] == c.b;
}

// The distinct horizontal runs [x0, x1) of exactly colour c that are at least 5 pixels long,
// left to right. A bar is one such run repeated on every row it covers fully.
std::vector<std::pair<int, int>> bars_of(const ChartImage& img, ChartColour c) {
  std::set<std::pair<int, int>> runs;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width;) {
      if (!is(img, x, y, c)) {
        ++x;
        continue;
      }
      const int start = x;
      while (x < img.width && is(img, x, y, c)) ++x;
      if (x - start >= 5) runs.insert({start, x});
    }
  }
  return {runs.begin(), runs.end()};
}

int length(std::pair<int, int> run) {
  return run.second - run.first;
}

// The mean x of the columns where colour c is drawn over at least half the tallest column's
// height: the centre of a vertical line, ignoring text of the same colour.
double vertical_line_x(const ChartImage& img, ChartColour c) {
  std::vector<int> count(size_t(img.width), 0);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (is(img, x, y, c)) ++count[size_t(x)];
  const int tallest = *std::max_element(count.begin(), count.end());
  if (tallest == 0) return -1;
  double sum = 0;
  int n = 0;
  for (int x = 0; x < img.width; ++x)
    if (count[size_t(x)] * 2 >= tallest) {
      sum += x + 0.5;
      ++n;
    }
  return sum / n;
}

// Charts need FreeType at build time and the DejaVu fonts at run time (GPU servers may lack both).
#define SKIP_WITHOUT_CHARTS() \
  if (std::string why = chart_unavailable_reason(); !why.empty()) GTEST_SKIP() << "skipped: " << why

ChartOptions options() {
  ChartOptions o;
  o.title = "gpulife bench";
  o.subtitle = "test device \u00b7 1024x1024 torus, rule B3/S23";
  return o;
}

using test::error_of;

TEST(BarChartTest, MsBarsAreProportionalOnALinearScale) {
  SKIP_WITHOUT_CHARTS();
  const std::vector<ChartEntry> entries = {
      {"fast", 1.0, 50, 10}, {"slow", 2.0, 100, 5}, {"middle", 1.5, 150, 7}};
  const ChartImage img = render_comparison_chart(entries, options());
  ASSERT_EQ(img.width, 1600);
  ASSERT_EQ(img.rgb.size(), size_t(img.width) * img.height * 3);
  std::vector<int> ms_length;
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto bars = bars_of(img, chart_entry_colour(i));
    ASSERT_EQ(bars.size(), 2u) << "engine " << i << ": one ms bar and one % bar";
    ms_length.push_back(length(bars[0]));  // the ms panel is the left one
  }
  EXPECT_GT(ms_length[0], 50);
  // Edge pixels are blended, so a measured length is within 2 pixels of the drawn one.
  EXPECT_NEAR(ms_length[1], 2 * ms_length[0], 3);
  EXPECT_NEAR(ms_length[2], 1.5 * ms_length[0], 3);
  // All bars start at the same zero line.
  EXPECT_EQ(bars_of(img, chart_entry_colour(0))[0].first,
            bars_of(img, chart_entry_colour(1))[0].first);
}

TEST(BarChartTest, PercentBarsAndTheLimitMarkerShareOneScale) {
  SKIP_WITHOUT_CHARTS();
  const std::vector<ChartEntry> entries = {
      {"half", 1.0, 50, 10}, {"at-limit", 2.0, 100, 5}, {"multistep", 0.5, 150, 20}};
  const ChartImage img = render_comparison_chart(entries, options());
  std::vector<std::pair<int, int>> percent_bar;
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto bars = bars_of(img, chart_entry_colour(i));
    ASSERT_EQ(bars.size(), 2u);
    percent_bar.push_back(bars[1]);
  }
  EXPECT_NEAR(length(percent_bar[1]), 2 * length(percent_bar[0]), 3);
  EXPECT_NEAR(length(percent_bar[2]), 3 * length(percent_bar[0]), 3);
  // The marker line stands where the 100 % bar ends, and bars above 100 % pass it.
  const double marker = vertical_line_x(img, chart_limit_colour());
  EXPECT_NEAR(marker, percent_bar[1].second, 2.0);
  EXPECT_GT(percent_bar[2].second, marker + 20);
  EXPECT_LT(percent_bar[0].second, marker - 20);
}

TEST(BarChartTest, LogScaleWhenTimesSpanMoreThanAHundredfold) {
  SKIP_WITHOUT_CHARTS();
  // 0.01 .. 10 ms: the axis runs over whole decades from 0.001 to 10, so each decade is a quarter.
  const std::vector<ChartEntry> entries = {
      {"slow", 10.0, 0, 0.1}, {"mid", 0.1, 0, 10}, {"fast", 0.01, 0, 100}};
  const ChartImage img = render_comparison_chart(entries, options());
  std::vector<int> len;
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto bars = bars_of(img, chart_entry_colour(i));
    ASSERT_EQ(bars.size(), 1u) << "no % panel when no engine has a known limit";
    len.push_back(length(bars[0]));
  }
  EXPECT_NEAR(len[1], len[0] / 2.0, 3);
  EXPECT_NEAR(len[2], len[0] / 4.0, 3);
}

TEST(BarChartTest, UnknownPercentDrawsNoPercentBar) {
  SKIP_WITHOUT_CHARTS();
  const std::vector<ChartEntry> entries = {{"gpu", 1.0, 80, 10}, {"cpu", 4.0, -1, 2.5}};
  const ChartImage img = render_comparison_chart(entries, options());
  EXPECT_EQ(bars_of(img, chart_entry_colour(0)).size(), 2u);
  EXPECT_EQ(bars_of(img, chart_entry_colour(1)).size(), 1u);
  EXPECT_GT(vertical_line_x(img, chart_limit_colour()), 0);
}

TEST(BarChartTest, HeightFollowsTheEntriesOrTheOptions) {
  SKIP_WITHOUT_CHARTS();
  std::vector<ChartEntry> two = {{"a", 1, 10, 1}, {"b", 2, 20, 1}};
  std::vector<ChartEntry> six = two;
  for (char c : {'c', 'd', 'e', 'f'}) six.push_back({std::string(1, c), 3.0 + (c - 'a'), 30, 1});
  const int h2 = render_comparison_chart(two, options()).height;
  const int h6 = render_comparison_chart(six, options()).height;
  EXPECT_GT(h6, h2 + 4 * 40);
  ChartOptions o = options();
  o.width = 1000;
  o.height = 700;
  const ChartImage img = render_comparison_chart(six, o);
  EXPECT_EQ(img.width, 1000);
  EXPECT_EQ(img.height, 700);
  const std::vector<ChartEntry> many(200, ChartEntry{"x", 1, 50, 1});
  EXPECT_NE(error_of([&] { render_comparison_chart(many, options()); }).find("fewer engines"),
            std::string::npos);
  o.height = 200;
  EXPECT_NE(error_of([&] { render_comparison_chart(six, o); }).find("needs a height"),
            std::string::npos);
}

TEST(BarChartTest, PngReadsBackAsTheRenderedPixels) {
  SKIP_WITHOUT_CHARTS();
  const std::vector<ChartEntry> entries = {{"reference", 28.8, -1, 0.036},
                                           {"cpu-simd", 0.0215, -1, 48.8}};
  const fs::path path = fs::temp_directory_path() / "gpulife_app_bar_chart_test.png";
  write_comparison_chart(path, entries, options());
  const ChartImage img = render_comparison_chart(entries, options());
  int w = 0, h = 0;
  const std::vector<unsigned char> rgb = xvfb_check::read_rgb(path, w, h);
  ASSERT_FALSE(rgb.empty());
  EXPECT_EQ(w, img.width);
  EXPECT_EQ(h, img.height);
  EXPECT_TRUE(rgb == img.rgb);
  fs::remove(path);
}

TEST(BarChartTest, ChartsAreAvailableOrSayWhatToInstall) {
  const std::string why = chart_unavailable_reason();
  if (!why.empty()) {
    EXPECT_NE(why.find("install"), std::string::npos) << why;
    EXPECT_EQ(error_of([] { render_comparison_chart({{"a", 1, 50, 1}}, options()); }), why);
  }
}

TEST(BarChartTest, BadInputThrowsAClearError) {
  EXPECT_NE(error_of([] { render_comparison_chart({}, options()); }).find("at least one engine"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              render_comparison_chart({{"ok", 1, 50, 1}, {"broken", 0, 50, 1}}, options());
            }).find("'broken': ms/generation must be a positive"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              render_comparison_chart({{"neg", -2, 50, 1}}, options());
            }).find("positive"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              render_comparison_chart({{"nan", std::nan(""), 50, 1}}, options());
            }).find("positive"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              render_comparison_chart({{"zero-rate", 1, 50, 0}}, options());
            }).find("Gcell/s must be a positive"),
            std::string::npos);
  ChartOptions narrow = options();
  narrow.width = 100;
  EXPECT_NE(error_of([&] {
              render_comparison_chart({{"a", 1, 50, 1}}, narrow);
            }).find("width"),
            std::string::npos);
}

TEST(BarChartTest, UnwritablePathIsNamedInTheError) {
  SKIP_WITHOUT_CHARTS();
  const fs::path path = fs::temp_directory_path() / "gpulife-no-such-folder" / "chart.png";
  const std::string e = error_of([&] {
    write_comparison_chart(path, {{"a", 1, 50, 1}}, options());
  });
  EXPECT_NE(e.find(path.string()), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(path));
}

}  // namespace
}  // namespace gpulife::app
