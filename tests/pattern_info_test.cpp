// Pattern info: the name, author, rule and comments a file carries, as the info panel shows them.
#include "core/pattern_info.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {
namespace {

bool has_line_containing(const std::vector<std::string>& lines, std::string_view text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

TEST(PatternInfo, CollectsWhatTheFileSays) {
  const Pattern p = parse_rle(
      "#N Gosper glider gun\n"
      "#O Bill Gosper\n"
      "#C The first known gun.\n"
      "#C www: https://conwaylife.com/wiki/Gosper_glider_gun\n"
      "#D A description line\n"
      "x = 3, y = 1, rule = B36/S23\n3o!\n");
  const PatternInfo info = pattern_info(p, "/tmp/gun.rle");
  EXPECT_EQ(info.title, "Gosper glider gun");
  EXPECT_EQ(info.name, "Gosper glider gun");
  EXPECT_EQ(info.author, "Bill Gosper");
  EXPECT_EQ(info.rule, "B36/S23 (HighLife)");
  EXPECT_TRUE(has_line_containing(info.comments, "The first known gun."));
  EXPECT_TRUE(has_line_containing(info.comments, "A description line"));
  ASSERT_EQ(info.links.size(), 1u);
  EXPECT_EQ(info.links[0], "https://conwaylife.com/wiki/Gosper_glider_gun");
  EXPECT_EQ(info.width, 3);
  EXPECT_EQ(info.population, 3u);
  const auto fields = info_fields(info);
  const std::map<std::string, std::string> m(fields.begin(), fields.end());
  EXPECT_EQ(m.at("author"), "Bill Gosper");
  EXPECT_EQ(m.at("size"), "3x1, 3 cells");
  EXPECT_EQ(m.at("file"), "/tmp/gun.rle");
}

TEST(PatternInfo, WithoutANameTheTitleIsTheFileName) {
  const PatternInfo info = pattern_info(parse_rle("x = 1, y = 1\no!"), "/some/dir/my_ship.rle");
  EXPECT_EQ(info.title, "my_ship");
  const auto fields = info_fields(info);
  const std::map<std::string, std::string> m(fields.begin(), fields.end());
  EXPECT_EQ(m.count("name"), 0u);
  EXPECT_EQ(m.count("author"), 0u);
  EXPECT_EQ(m.at("rule"), "B3/S23 (Conway's Life)");
}

TEST(PatternInfo, EveryLibraryFileHasANameAnAuthorAndADescription) {
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(GPULIFE_ASSETS) / "patterns")) {
    if (entry.path().extension() != ".rle") continue;
    SCOPED_TRACE(entry.path().string());
    const PatternInfo info = pattern_info(load_pattern_file(entry.path()), entry.path().string());
    EXPECT_FALSE(info.name.empty());
    EXPECT_FALSE(info.author.empty());
    EXPECT_FALSE(info.comments.empty());
  }
}

}  // namespace
}  // namespace gpulife
