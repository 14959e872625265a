// Zip archives of patterns: the first pattern file is read (Golly's choice), with the archive's
// name and the file's in messages; archives without one, corrupt ones and ones that inflate
// beyond the limit are refused with what is wrong.
#include "core/zip_archive.hpp"

#include <gtest/gtest.h>
#include <zip.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/gzip.hpp"
#include "core/pattern_io.hpp"
#include "test_support.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;
using Files = std::vector<std::pair<std::string, std::string>>;

// An archive of these files, in this order, written by libzip to `path`; its bytes.
std::string make_zip(const std::filesystem::path& path, const Files& files) {
  int error = 0;
  zip_t* z = zip_open(path.string().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  EXPECT_NE(z, nullptr) << error;
  for (const auto& [name, data] : files) {
    if (name.ends_with("/")) {
      EXPECT_GE(zip_dir_add(z, name.c_str(), 0), 0);
      continue;
    }
    zip_source_t* s = zip_source_buffer(z, data.data(), data.size(), 0);
    EXPECT_GE(zip_file_add(z, name.c_str(), s, 0), 0) << name;
  }
  EXPECT_EQ(zip_close(z), 0);
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

const std::string kGlider = "#N Glider\nx = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n";

TEST(ZipArchive, TheFirstPatternFileIsRead) {
  test::TempDir dir;
  const fs::path path = dir.path() / "patterns.zip";
  const std::string zip = make_zip(path, {{"__MACOSX/", ""},
                                          {"__MACOSX/._glider.rle", "x"},
                                          {"readme.md", "notes"},
                                          {"HighLife.rule", "@RULE HighLife"},
                                          {"gliders/", ""},
                                          {"gliders/glider.rle", kGlider},
                                          {"second.rle", "x = 1, y = 1\no!\n"}});
  EXPECT_TRUE(is_zip(zip));
  EXPECT_EQ(zip_file_names(zip, "patterns.zip"),
            (std::vector<std::string>{"__MACOSX/._glider.rle", "readme.md", "HighLife.rule",
                                      "gliders/glider.rle", "second.rle"}));
  for (const Pattern& p : {load_pattern_file(path), parse_pattern(zip, "pasted")}) {
    EXPECT_EQ(p.name, "Glider");
    EXPECT_EQ(p.population(), 5u);
    EXPECT_EQ(p.rule.to_string(), "B36/S23");
  }
  EXPECT_EQ(zip_read(zip, "second.rle", "patterns.zip"), "x = 1, y = 1\no!\n");
}

TEST(ZipArchive, ReadMesAndTextFilesAreNotPatternsAsInGolly) {
  test::TempDir dir;
  const fs::path path = dir.path() / "with_text.zip";
  make_zip(path, {{"README.txt", "This archive holds a glider."},
                  {"notes.txt", "more notes"},
                  {"g.rle", kGlider}});
  EXPECT_EQ(load_pattern_file(path).name, "Glider");
  // A .txt is read when nothing else is a pattern; a read-me never is.
  const fs::path only_text = dir.path() / "only_text.zip";
  make_zip(only_text, {{"readme.txt", "words"}, {"glider.txt", "!Name: g\n.O\n..O\nOOO\n"}});
  EXPECT_EQ(load_pattern_file(only_text).population(), 5u);
  const fs::path readme_only = dir.path() / "readme_only.zip";
  make_zip(readme_only, {{"readme.rle", kGlider}});
  EXPECT_THROW(load_pattern_file(readme_only), Error);
}

TEST(ZipArchive, FormatsByTheInnerNameGzipInsideAndErrorsAtTheInnerFile) {
  test::TempDir dir;
  const fs::path mc = dir.path() / "mc.zip";
  make_zip(mc, {{"block.mc.gz", gzip("[M2] (golly 3.3)\n#R B3/S23\n**$**$\n4 1 0 0 0\n")}});
  EXPECT_EQ(load_pattern_file(mc).population(), 4u);
  const fs::path lif = dir.path() / "lif.zip";
  make_zip(lif, {{"pair.lif", "0 0\n5 5\n"}});
  EXPECT_EQ(load_pattern_file(lif).population(), 2u);  // Life 1.06 by its name
  const fs::path bad = dir.path() / "bad.zip";
  make_zip(bad, {{"bad.rle", "x = 3, y = 3\nbo$2bo$3%!\n"}});
  const std::string message = test::error_of([&] { load_pattern_file(bad); });
  EXPECT_NE(message.find("bad.zip/bad.rle:2:"), std::string::npos) << message;
  // A pattern file of NUL bytes alone is not an empty pattern.
  const fs::path nuls = dir.path() / "nuls.zip";
  make_zip(nuls, {{"nuls.rle", std::string(4096, '\0')}});
  const std::string refused = test::error_of([&] { load_pattern_file(nuls); });
  EXPECT_NE(refused.find("nuls.zip/nuls.rle: not a pattern file"), std::string::npos) << refused;
}

TEST(ZipArchive, WithoutAPatternCorruptOrTooLargeIsRefused) {
  test::TempDir dir;
  const fs::path none = dir.path() / "scripts.zip";
  make_zip(none, {{"run.lua", "-- golly"}, {"Rule.rule", "@RULE"}});
  std::string message = test::error_of([&] { load_pattern_file(none); });
  EXPECT_NE(message.find("scripts.zip: a zip archive without a pattern file (it holds run.lua, "
                         "Rule.rule)"),
            std::string::npos)
      << message;
  const fs::path empty = dir.path() / "empty.zip";
  std::ofstream(empty, std::ios::binary) << std::string("PK\x05\x06", 4) << std::string(18, '\0');
  message = test::error_of([&] { load_pattern_file(empty); });
  EXPECT_NE(message.find("it is empty"), std::string::npos) << message;

  const std::string corrupt = std::string("PK\x03\x04", 4) + std::string(100, '\x7f');
  message = test::error_of([&] { parse_pattern(corrupt, "broken.zip"); });
  EXPECT_NE(message.find("broken.zip: not a readable zip archive"), std::string::npos) << message;

  // A million zeros deflate to about a kilobyte; the limit holds for what is inflated.
  const std::string big =
      make_zip(dir.path() / "big.zip", {{"big.rle", std::string(1 << 20, '0')}});
  EXPECT_LT(big.size(), 20000u);
  message = test::error_of([&] { zip_read(big, "big.rle", "big.zip", 1000); });
  EXPECT_NE(message.find("big.zip/big.rle: inflates to"), std::string::npos) << message;
  message = test::error_of([&] { zip_read(big, "other.rle", "big.zip"); });
  EXPECT_NE(message.find("big.zip/other.rle: no such file"), std::string::npos) << message;
  // Read, never written.
  message = test::error_of([&] { save_pattern(Pattern({{0, 0}}), dir.path() / "out.zip"); });
  EXPECT_NE(message.find("does not write them"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(dir.path() / "out.zip"));
}

}  // namespace
}  // namespace gpulife
