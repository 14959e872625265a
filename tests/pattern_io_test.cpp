// Tests for format sniffing, file loading with useful errors, and atomic saving.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/gzip.hpp"
#include "core/pattern_io.hpp"
#include "test_support.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;
using test::error_of;
using test::TempDir;

const std::vector<Cell> kGlider = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};

fs::path data(const char* name) {
  return fs::path(GPULIFE_TEST_DATA) / name;
}

TEST(Sniff, RecognisesEachFormat) {
  EXPECT_EQ(sniff_format("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("#N Glider\nx = 3, y = 3\nbo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("#C comment\nbo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("bo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("\n  3o$\n3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("#Life 1.06\n0 0\n"), PatternFormat::Life106);
  EXPECT_EQ(sniff_format("0 0\n1 -1\n"), PatternFormat::Life106);
  EXPECT_EQ(sniff_format("!Name: Glider\n.O.\n..O\nOOO\n"), PatternFormat::Cells);
  EXPECT_EQ(sniff_format(".O.\n..O\nOOO\n"), PatternFormat::Cells);
  EXPECT_EQ(sniff_format(".*.\n..*\n***\n!trailing comment\n"), PatternFormat::Cells);
}

TEST(Sniff, FormatForPath) {
  EXPECT_EQ(format_for_path("a.rle"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("dir/A.RLE", "2o$o!\n"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.cells"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.lif", "#Life 1.06\n1 1\n"), PatternFormat::Life106);
  EXPECT_EQ(format_for_path("a.life", "1 1\n"), PatternFormat::Life106);
  EXPECT_EQ(format_for_path("a.lif", "x = 1, y = 1\no!"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.txt", "!Name: g\nOO\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("noext", "bo$2bo$3o!"), PatternFormat::Rle);
  // A header on the first meaningful line settles it whatever the name says, as in Golly, which
  // goes by the content alone: misnamed files read as what they are, not as empty RLE.
  EXPECT_EQ(format_for_path("a.rle", "#Life 1.06\n0 0\n1 0\n2 0\n"), PatternFormat::Life106);
  EXPECT_EQ(format_for_path("a.rle", "#Life 1.05\n#P 0 0\n***\n"), PatternFormat::Life105);
  EXPECT_EQ(format_for_path("a.rle", "!Name: Glider\n.O\n..O\nOOO\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.cells", "#C a glider\nx = 3, y = 3\nbo$2bo$3o!"),
            PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.mc", "x = 3, y = 3\nbo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.lif", "[M2] (golly 3.3)\n#R B3/S23\n"), PatternFormat::Macrocell);
  // Without one, the name decides where the content is not plainly another format.
  EXPECT_EQ(format_for_path("a.rle", "#C just rows\n.O\n"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.cells", "#C just rows\n.O\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.mc.gz", "#R B3/S23\n"), PatternFormat::Macrocell);
  // Where it is, the content wins, as in Golly: a picture named .rle, RLE named .cells or .mc,
  // a .mcl file without its header, XLife's #P blocks, coordinate pairs named .rle.
  EXPECT_EQ(format_for_path("a.rle", ".O.\n..O\nOOO\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.rle", ".*.\n..*\n***\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.cells", "bo$2bo$3o!\n"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.cells", "#C glider\nbo$2bo$3o!\n"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.mc", "bo$2bo$3o!\n"), PatternFormat::Rle);
  EXPECT_EQ(format_for_path("a.mcl", ".O.\n..O\nOOO\n"), PatternFormat::Cells);
  EXPECT_EQ(format_for_path("a.rle", "#P 0 0\n.*\n**\n"), PatternFormat::Life105);
  EXPECT_EQ(format_for_path("a.rle", "0 0\n1 0\n2 0\n"), PatternFormat::Life106);
}

// Golly's test for text without a header: RLE where the first row is RLE tokens with a count or
// a final '!'; otherwise a picture where '.', ',' and blanks are dead and anything else alive.
TEST(Sniff, PicturesWithoutAHeaderAsGollyReadsThem) {
  const std::vector<Cell> glider = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  for (const char* text : {".o.\n..o\nooo\n", ".O.\n..O\nOOO\n", " O\n  O\nOOO\n"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(sniff_format(text), PatternFormat::Cells);
    Pattern p = parse_pattern(text);
    p.move_to_origin();
    EXPECT_EQ(p.cells(), (Pattern(glider).cells()));
  }
  EXPECT_EQ(sniff_format("bo$2bo$3o!"), PatternFormat::Rle);
  EXPECT_EQ(sniff_format("3o$\nobo!"), PatternFormat::Rle);
}

TEST(ParsePattern, DispatchesOnContent) {
  EXPECT_EQ(parse_pattern("bo$2bo$3o!").cells(), kGlider);
  EXPECT_EQ(parse_pattern(".O.\n..O\nOOO\n").cells(), kGlider);
  EXPECT_EQ(parse_pattern("#Life 1.06\n1 0\n2 1\n0 2\n1 2\n2 2\n").cells(), kGlider);
}

// A few bytes can describe more cells than memory holds ("268435455o!"): every format that lists
// cells refuses past the limit it is given, at the cell that passes it, from every entry point.
TEST(ParsePattern, RefusesMoreCellsThanTheLimitInEveryFormat) {
  const std::vector<std::pair<std::string, std::string>> five = {
      {"x = 5, y = 1\n5o!\n", "rle"},
      {"OOOOO\n", "cells"},
      {"#Life 1.06\n0 0\n1 0\n2 0\n3 0\n4 0\n", "life106"},
      {"#Life 1.05\n#P 0 0\n*****\n", "life105"}};
  for (const auto& [text, format] : five) {
    SCOPED_TRACE(format);
    EXPECT_EQ(parse_pattern(text, "p", 5).population(), 5u);
    try {
      parse_pattern(text, "p", 4);
      FAIL() << "read five cells with a limit of four";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.source(), "p");
      EXPECT_GT(e.line(), 0);
      EXPECT_NE(e.reason().find("more than 4 live cells"), std::string::npos) << e.what();
    }
    TempDir dir;
    const fs::path path = dir.path() / ("five." + format);
    std::ofstream(path) << text;
    EXPECT_EQ(load_pattern_file(path, 5).population(), 5u);
    EXPECT_THROW(load_pattern_file(path, 4), ParseError);
    EXPECT_THROW(load_pattern(path.string(), 4), ParseError);
  }
}

// The default limit never exceeds kMaxPatternCells, and a machine with memory to spare reads a
// pattern of a million cells.
TEST(ParsePattern, DefaultLimitFollowsFreeMemory) {
  const uint64_t most = listable_cells();
  EXPECT_LE(most, kMaxPatternCells);
  EXPECT_GE(most, uint64_t{1} << 20);
  EXPECT_EQ(parse_pattern("x = 1048576, y = 1\n1048576o!").population(), uint64_t{1} << 20);
  const std::string refusal = too_many_cells(kMaxPatternCells);
  EXPECT_NE(refusal.find(std::to_string(kMaxPatternCells)), std::string::npos) << refusal;
  EXPECT_EQ(refusal.find("memory"), std::string::npos) << refusal;
}

TEST(LoadFile, EachFormatFromDisk) {
  for (const char* name : {"glider.rle", "glider.cells", "glider.lif", "glider.txt"}) {
    SCOPED_TRACE(name);
    const Pattern p = load_pattern_file(data(name));
    EXPECT_EQ(p.cells(), kGlider);
  }
  const Pattern rle = load_pattern_file(data("glider.rle"));
  EXPECT_EQ(rle.name, "Glider");
  EXPECT_EQ(rle.author, "Richard K. Guy");
  EXPECT_EQ(rle.comments, std::vector<std::string>{"The smallest, most common spaceship."});
  EXPECT_EQ(load_pattern_file(data("glider.cells")).name, "Glider");
}

TEST(LoadFile, ParseErrorsNameTheFile) {
  TempDir dir;
  const std::string path = (dir.path() / "generations.rle").string();
  std::ofstream(path) << "#N g\nx = 3, y = 3, rule = B3/S23/G4\n3o!\n";
  try {
    load_pattern_file(path);
    FAIL() << "accepted an unsupported rule";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.source(), path);
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 28);  // the "/G4" the rule cannot have
    EXPECT_NE(std::string(e.what()).find(path + ":2:28:"), std::string::npos) << e.what();
    EXPECT_NE(e.reason().find("B3/S23/G4"), std::string::npos) << e.what();
  }
}

TEST(LoadFile, LifeHistoryAsItsTwoStateProjection) {
  const Pattern p = load_pattern_file(data("lifehistory.rle"));
  EXPECT_TRUE(p.history_rule);
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_EQ(p.cells(), kGlider);
}

TEST(LoadFile, MissingFileOrDirectory) {
  const std::string missing = data("no_such_pattern.rle").string();
  const std::string message = error_of([&] { load_pattern_file(missing); });
  EXPECT_EQ(message.rfind("cannot read " + missing + ": ", 0), 0u) << message;
  const std::string dir = error_of([&] { load_pattern_file(GPULIFE_TEST_DATA); });
  EXPECT_NE(dir.find("cannot read"), std::string::npos) << dir;
}

TEST(LoadPattern, PathOrText) {
  EXPECT_EQ(load_pattern(data("glider.cells").string()).cells(), kGlider);
  EXPECT_EQ(load_pattern("bo$2bo$3o!").cells(), kGlider);
  EXPECT_EQ(load_pattern("x = 3, y = 3\nbo$2bo$3o!").cells(), kGlider);
  EXPECT_EQ(load_pattern(".O.\n..O\nOOO").cells(), kGlider);
  // A name that is neither an existing file nor pattern text reports the missing file.
  const std::string message = error_of([] { load_pattern("gliderr.rle"); });
  EXPECT_NE(message.find("cannot read gliderr.rle"), std::string::npos) << message;
}

TEST(WritePattern, EachFormatRoundTrips) {
  Pattern p(kGlider);
  p.name = "Glider";
  p.comments = {"note"};
  for (PatternFormat f : {PatternFormat::Rle, PatternFormat::Cells, PatternFormat::Life106}) {
    const std::string text = write_pattern(p, f);
    EXPECT_EQ(sniff_format(text), f) << text;
    const Pattern back = parse_pattern(text);
    EXPECT_EQ(back.cells(), kGlider);
    EXPECT_EQ(back.name, "Glider");
    EXPECT_EQ(back.comments, std::vector<std::string>{"note"});
  }
}

TEST(SavePattern, WritesEachFormatAndReplacesAtomically) {
  TempDir dir;
  Pattern p(kGlider);
  p.translate(-20, 30);
  p.generation = 7;
  p.name = "saved";
  for (const char* name : {"out.rle", "out.cells", "out.lif", "out.unknown"}) {
    SCOPED_TRACE(name);
    const fs::path path = dir.path() / name;
    save_pattern(p, path);
    const Pattern back = load_pattern_file(path);
    EXPECT_EQ(back.name, "saved");
    if (std::string(name) == "out.cells") {
      Pattern moved = p;
      moved.move_to_origin();
      EXPECT_EQ(back.cells(), moved.cells());
    } else {
      EXPECT_EQ(back.cells(), p.cells());
    }
  }
  EXPECT_EQ(load_pattern_file(dir.path() / "out.rle").generation, 7u);
  // .unknown is written as RLE.
  std::ifstream in(dir.path() / "out.unknown");
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "#CXRLE Pos=-20,30 Gen=7");

  // Saving again replaces the file, and no temporary file is left beside it.
  Pattern q(std::vector<Cell>{{0, 0}});
  save_pattern(q, dir.path() / "out.rle");
  EXPECT_EQ(load_pattern_file(dir.path() / "out.rle").population(), 1u);
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 4);
}

TEST(SavePattern, ReportsWhereItCannotWrite) {
  TempDir dir;
  const fs::path missing_dir = dir.path() / "no" / "such" / "dir" / "x.rle";
  const std::string message = error_of([&] { save_pattern(Pattern(kGlider), missing_dir); });
  EXPECT_EQ(message.rfind("cannot write " + missing_dir.string(), 0), 0u) << message;
  const std::string onto_dir = error_of([&] { save_pattern(Pattern(kGlider), dir.path()); });
  EXPECT_NE(onto_dir.find("cannot write"), std::string::npos) << onto_dir;
}

TEST(SavePattern, KeepsLinksAndPermissionsAndWritesIntoPipes) {
  TempDir dir;
  const fs::path target = dir.path() / "target.rle", link = dir.path() / "link.rle";
  std::ofstream(target) << "old\n";
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("target.rle", link);
  save_pattern(Pattern(kGlider), link);
  // The link stays a link, the file it names gets the pattern and keeps its permissions.
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(load_pattern_file(target).cells(), kGlider);
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  // A link whose file does not exist yet gets it made.
  const fs::path dangling = dir.path() / "dangling.rle";
  fs::create_symlink("made.rle", dangling);
  save_pattern(Pattern(kGlider), dangling);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dangling)));
  EXPECT_EQ(load_pattern_file(dir.path() / "made.rle").cells(), kGlider);
  // A pipe is written into, not replaced by a file.
  const fs::path fifo = dir.path() / "pipe.rle";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    std::ifstream in(fifo);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  save_pattern(Pattern(kGlider), fifo);
  reader.join();
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_EQ(parse_pattern(received).cells(), kGlider);
}

// A B0 rule without Smax at an odd generation holds Golly's complement: only formats that keep
// the generation may take it (read back as generation 0 it would be another pattern).
TEST(SavePattern, OddGenerationsOfB0RulesNeedAFormatWithTheGeneration) {
  TempDir dir;
  Pattern p(kGlider);
  p.rule = parse_rule("B03/S23");
  p.generation = 7;
  for (const char* name : {"odd.cells", "odd.lif"}) {
    const std::string message = error_of([&] { save_pattern(p, dir.path() / name); });
    EXPECT_NE(message.find("odd generation 7"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(dir.path() / name));
  }
  save_pattern(p, dir.path() / "odd.rle");
  EXPECT_EQ(load_pattern_file(dir.path() / "odd.rle").generation, 7u);
  p.generation = 8;  // even: the true cells, any format
  save_pattern(p, dir.path() / "even.lif");
  EXPECT_EQ(load_pattern_file(dir.path() / "even.lif").cells(), kGlider);
}

TEST(SniffFormat, MacrocellAndLife105) {
  EXPECT_EQ(sniff_format("[M2] (golly 3.3)\n#R B3/S23\n.*$\n4 1 0 0 0\n"),
            PatternFormat::Macrocell);
  EXPECT_EQ(sniff_format("#Life 1.05\n#P 0 0\n.*\n"), PatternFormat::Life105);
  EXPECT_EQ(sniff_format("#D no header\n#P -1 -1\n.*.\n..*\n"), PatternFormat::Life105);
  EXPECT_EQ(sniff_format("#Life 1.06\n0 0\n"), PatternFormat::Life106);
  // A definite header wins over the name.
  EXPECT_EQ(format_for_path("odd.rle", "[M2]\n.*$\n4 1 0 0 0\n"), PatternFormat::Macrocell);
  EXPECT_EQ(format_for_path("a.lif", "#Life 1.05\n*\n"), PatternFormat::Life105);
  EXPECT_EQ(format_for_path("a.mc.gz", "#R B3/S23\n"), PatternFormat::Macrocell);
  EXPECT_EQ(format_for_saving("out.mc"), PatternFormat::Macrocell);
  EXPECT_EQ(format_for_saving("out.rle.gz"), PatternFormat::Rle);
  EXPECT_EQ(format_for_saving("out.cells.gz"), PatternFormat::Cells);
}

TEST(LoadFile, GzipOfEveryFormatByItsMagicBytes) {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> files = {
      {"a.rle.gz", "x = 3, y = 3\nbo$2bo$3o!\n"},
      {"b.gz", ".O.\n..O\nOOO\n"},
      {"c.lif.gz", "#Life 1.06\n1 0\n2 1\n0 2\n1 2\n2 2\n"},
      {"d.lif.gz", "#Life 1.05\n#P 0 0\n.*\n..*\n***\n"},
      {"e.mc.gz", "[M2]\n#R B3/S23\n.*$..*$***$\n4 1 0 0 0\n"},
      // Named .gz but plain text: the content decides, as Golly's own files need.
      {"f.rle.gz", "x = 3, y = 3\nbo$2bo$3o!\n"},
  };
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    std::ofstream(dir.path() / name, std::ios::binary) << (name == "f.rle.gz" ? text : gzip(text));
    Pattern p = load_pattern_file(dir.path() / name);
    p.move_to_origin();
    EXPECT_EQ(p.cells(), kGlider);
  }
}

TEST(LoadFile, NonPatternDataIsNamed) {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> files = {
      {"b.rle", std::string("\x89PNG\r\n\x1a\n", 8)},
      {"c.rle", std::string("x\0\x01\x02\x03\x04\x05\x06\x07", 9)},
      {"d.lua", "-- a Golly script\nlocal g = golly()\n"},
      {"e.rle", "BZh91AY&SY"},
      {"f.rle", std::string(64, '\0')},
  };
  for (const auto& [name, bytes] : files) {
    // The same bytes gzipped are refused alike once inflated, NUL bytes alone too (they are not
    // an empty pattern), and as text given directly.
    for (const std::string& file : {name, name + ".gz"}) {
      SCOPED_TRACE(file);
      std::ofstream(dir.path() / file, std::ios::binary) << (file == name ? bytes : gzip(bytes));
      const std::string message = error_of([&] { load_pattern_file(dir.path() / file); });
      EXPECT_NE(message.find("not a pattern file"), std::string::npos) << message;
      EXPECT_NE(message.find(file), std::string::npos) << message;
      EXPECT_EQ(message.find("RLE body"), std::string::npos) << message;
    }
    if (name.ends_with(".rle")) {
      const std::string message = error_of([&] { parse_pattern(bytes); });
      EXPECT_NE(message.find("not a pattern file"), std::string::npos) << name << ": " << message;
    }
  }
  // Archives are opened (zip_archive_test); one inside another is not.
  EXPECT_NE(not_a_pattern(std::string("PK\x03\x04", 4)).find("zip"), std::string::npos);
  EXPECT_EQ(not_a_pattern("x = 1, y = 1\no!\n"), "");
  // Text with accented names in comments is still text.
  EXPECT_EQ(not_a_pattern("#C Gr\xc3\xa9goire\nx = 1, y = 1\no!\n"), "");
  // NUL bytes an editor left at the end of a text are passed over, as Golly does.
  const std::string padded = std::string("x = 3, y = 1\n3o!\n") + std::string(40, '\0');
  std::ofstream(dir.path() / "padded.rle", std::ios::binary) << padded;
  EXPECT_EQ(load_pattern_file(dir.path() / "padded.rle").population(), 3u);
  EXPECT_EQ(parse_pattern(".O.\n..O\nOOO\n" + std::string(3, '\0')).population(), 5u);
  // Blanks inside a Life 1.05 row are dead cells.
  EXPECT_EQ(parse_pattern("#Life 1.05\n#P 0 0\n* *\n").cells(),
            (std::vector<Cell>{{0, 0}, {2, 0}}));
}

TEST(SavePattern, CompressesNamesEndingInGzAndWritesMacrocell) {
  TempDir dir;
  Pattern p(kGlider);
  p.rule = parse_rule("B3/S23:T20,20");
  for (const char* name : {"g.rle.gz", "g.mc", "g.mc.gz", "g.cells.gz"}) {
    SCOPED_TRACE(name);
    save_pattern(p, dir.path() / name);
    std::ifstream in(dir.path() / name, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(is_gzip(bytes), std::string(name).ends_with(".gz"));
    Pattern back = load_pattern_file(dir.path() / name);
    back.move_to_origin();
    EXPECT_EQ(back.cells(), kGlider);
  }
  save_pattern(p, dir.path() / "x.txt", PatternFormat::Life105);
  EXPECT_EQ(load_pattern_file(dir.path() / "x.txt").rule, p.rule);
}

}  // namespace
}  // namespace gpulife
