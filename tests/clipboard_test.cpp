// Tests of clipboard text: RLE round trips, Golly-style text, other formats, and errors kept
// with their line and column for the UI.
#include "core/clipboard.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/edit.hpp"
#include "core/pattern_formats.hpp"
#include "core/reference_engine.hpp"

namespace gpulife {
namespace {

Pattern glider() {
  Pattern p;
  for (Cell c : {Cell{1, 0}, Cell{2, 1}, Cell{0, 2}, Cell{1, 2}, Cell{2, 2}}) p.add(c);
  p.normalize();
  return p;
}

// What Golly puts on the clipboard for a selection, and what LifeWiki pages show: metadata
// lines, a header, and a body wrapped over several lines.
constexpr const char* kGollyText =
    "#N Two gliders\n"
    "#O Somebody, 2026\n"
    "#C A pair of gliders flying side by side.\n"
    "#C Second comment line.\n"
    "x = 9, y = 3, rule = B3/S23\n"
    "bo5bo$2bo5b\n"
    "o$3o3b3o!\n";

TEST(Clipboard, GollyStyleRleWithCommentsIsRead) {
  const ClipboardPattern r = pattern_from_clipboard(kGollyText);
  ASSERT_TRUE(r.ok()) << r.error;
  const Pattern& p = *r.pattern;
  EXPECT_EQ(p.population(), 10u);
  const Pattern one = glider();
  Pattern expected = one;
  for (Cell c : one.cells()) expected.add(c.x + 6, c.y);
  expected.normalize();
  EXPECT_TRUE(p.same_cells(expected));
  EXPECT_EQ(p.name, "Two gliders");
  EXPECT_EQ(p.author, "Somebody, 2026");
  ASSERT_EQ(p.comments.size(), 2u);
  EXPECT_EQ(p.comments[0], "A pair of gliders flying side by side.");
  EXPECT_TRUE(p.rule.rule.is_life());
  EXPECT_TRUE(r.error.empty());
}

TEST(Clipboard, RleTextToPatternToRleTextIsUnchanged) {
  Pattern p = glider();
  p.name = "Glider";
  p.comments = {"first", "second"};
  p.rule = parse_rule("B36/S23");
  const std::string text = pattern_to_clipboard(p);
  EXPECT_NE(text.find("rule = B36/S23"), std::string::npos) << text;
  const ClipboardPattern r = pattern_from_clipboard(text);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.pattern->same_cells(p));
  EXPECT_EQ(r.pattern->rule, p.rule);
  EXPECT_EQ(r.pattern->comments, p.comments);
  EXPECT_EQ(pattern_to_clipboard(*r.pattern), text);
}

TEST(Clipboard, GollyTextSurvivesARoundTripThroughPattern) {
  const ClipboardPattern first = pattern_from_clipboard(kGollyText);
  ASSERT_TRUE(first.ok());
  const std::string text = pattern_to_clipboard(*first.pattern);
  EXPECT_NE(text.find("#C A pair of gliders flying side by side."), std::string::npos);
  const ClipboardPattern second = pattern_from_clipboard(text);
  ASSERT_TRUE(second.ok()) << second.error;
  EXPECT_TRUE(second.pattern->same_cells(*first.pattern));
  EXPECT_EQ(second.pattern->name, "Two gliders");
  EXPECT_EQ(pattern_to_clipboard(*second.pattern), text);
}

TEST(Clipboard, LibraryPatternsRoundTrip) {
  int read = 0;
  for (const char* name : {"glider", "gosper_glider_gun", "pulsar", "r_pentomino", "acorn"}) {
    std::ifstream in(std::string(GPULIFE_ASSETS) + "/patterns/" + name + ".rle");
    if (!in) continue;  // the library may be reorganised; the other cases still run
    std::stringstream ss;
    ss << in.rdbuf();
    const ClipboardPattern a = pattern_from_clipboard(ss.str());
    ASSERT_TRUE(a.ok()) << name << ": " << a.error;
    const ClipboardPattern b = pattern_from_clipboard(pattern_to_clipboard(*a.pattern));
    ASSERT_TRUE(b.ok()) << name << ": " << b.error;
    Pattern moved = *a.pattern;
    moved.move_to_origin();
    EXPECT_TRUE(b.pattern->same_cells(moved)) << name;
    EXPECT_EQ(b.pattern->rule, a.pattern->rule) << name;
    ++read;
  }
  EXPECT_GT(read, 0) << "no library pattern found under " << GPULIFE_ASSETS;
}

TEST(Clipboard, TextIsAShapeWithoutPositionOrGeneration) {
  Pattern p = glider();
  p.translate(100, 50);
  p.generation = 77;
  const std::string text = pattern_to_clipboard(p);
  EXPECT_EQ(text.find("#CXRLE"), std::string::npos) << text;
  EXPECT_NE(text.find("x = 3, y = 3"), std::string::npos) << text;
  const ClipboardPattern r = pattern_from_clipboard(text);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.pattern->same_cells(glider()));
}

TEST(Clipboard, CellsAndLife106TextAreAccepted) {
  const ClipboardPattern cells = pattern_from_clipboard("!Name: Glider\n.O.\n..O\nOOO\n");
  ASSERT_TRUE(cells.ok()) << cells.error;
  EXPECT_TRUE(cells.pattern->same_cells(glider()));

  const ClipboardPattern life = pattern_from_clipboard("#Life 1.06\n1 0\n2 1\n0 2\n1 2\n2 2\n");
  ASSERT_TRUE(life.ok()) << life.error;
  EXPECT_TRUE(life.pattern->same_cells(glider()));
}

TEST(Clipboard, WindowsLineEndingsAndSurroundingBlankLines) {
  const ClipboardPattern r =
      pattern_from_clipboard("\r\n\r\n#C from a web page\r\nx = 3, y = 3\r\nbo$2bo$3o!\r\n\r\n");
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.pattern->same_cells(glider()));
}

TEST(Clipboard, MalformedRleKeepsLineAndColumn) {
  const ClipboardPattern r = pattern_from_clipboard("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o%!\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.line, 2);
  EXPECT_EQ(r.column, 10);
  EXPECT_EQ(r.error.rfind("clipboard:2:10: ", 0), 0u) << r.error;
  EXPECT_FALSE(r.reason.empty());
  EXPECT_EQ(r.error.find(r.reason), r.error.size() - r.reason.size()) << "message ends in reason";
}

TEST(Clipboard, BadRuleIsReportedNotThrown) {
  const ClipboardPattern r = pattern_from_clipboard("x = 3, y = 3, rule = Nonsense\nbo$2bo$3o!\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("Nonsense"), std::string::npos) << r.error;
  EXPECT_EQ(r.line, 1);
}

TEST(Clipboard, EmptyTextSaysThereIsNoPattern) {
  for (const char* text : {"", "  \n\t\r\n"}) {
    const ClipboardPattern r = pattern_from_clipboard(text);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("no pattern"), std::string::npos) << r.error;
    EXPECT_EQ(r.line, 0);
  }
}

TEST(Clipboard, CopyFromEngineThroughTextAndPasteElsewhere) {
  auto e = make_reference_engine();
  Grid g(64, 64);
  g.randomize(0.4, 5);
  e->load(g);
  const Box sel{3, 4, 30, 22};
  const Pattern copied = copy_selection(*e, sel);
  const ClipboardPattern r = pattern_from_clipboard(pattern_to_clipboard(copied));
  ASSERT_TRUE(r.ok()) << r.error;
  Pattern expected = copied;
  expected.move_to_origin();
  EXPECT_TRUE(r.pattern->same_cells(expected));

  auto f = make_reference_engine();
  f->load(Grid(64, 64));
  const Box cb = copied.bounding_box();
  paste(*f, *r.pattern, {sel.min_x + cb.min_x, sel.min_y + cb.min_y}, PasteMode::Copy);
  EXPECT_TRUE(copy_selection(*f, sel).same_cells(copied));
}

}  // namespace
}  // namespace gpulife
