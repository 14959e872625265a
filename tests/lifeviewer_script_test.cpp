// LifeViewer script commands in pattern comments: what is read, what is left to LifeViewer, and
// what is malformed.
#include "core/lifeviewer_script.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpulife {
namespace {

TEST(LifeViewerScript, CommandsAcrossLinesAndSections) {
  const LifeViewerScript v =
      parse_lifeviewer_script({"The smallest spaceship.", "[[ zoom 16 X 3 Y -2.5 GPS 30",
                               "STEP 2 ]] not script", "[[ AUTOSTART STOP 40 TRACK 1/4 -1/4 ]]"});
  EXPECT_TRUE(v.present);
  EXPECT_EQ(v.zoom, 16.0);
  EXPECT_EQ(v.x, 3.0);
  EXPECT_EQ(v.y, -2.5);
  EXPECT_EQ(v.gps, 30.0);
  EXPECT_EQ(v.step, 2u);
  EXPECT_TRUE(v.autostart);
  EXPECT_EQ(v.stop, 40u);
  EXPECT_EQ(v.track_x, (Fraction{1, 4}));
  EXPECT_EQ(v.track_y, (Fraction{-1, 4}));
  EXPECT_EQ(v.applied, (std::vector<std::string>{"ZOOM 16", "X 3", "Y -2.5", "GPS 30", "STEP 2",
                                                 "AUTOSTART", "STOP 40", "TRACK 1/4 -1/4"}));
  EXPECT_TRUE(v.not_done.empty());
  EXPECT_TRUE(v.unknown.empty());
  EXPECT_TRUE(v.errors.empty());
  // Words outside [[ ]] are the comment's own; no section, no script.
  EXPECT_FALSE(parse_lifeviewer_script({"ZOOM 4 AUTOSTART", "a [[b]] c"}).present);
}

TEST(LifeViewerScript, ZoomsTracksAndOff) {
  EXPECT_EQ(parse_lifeviewer_script({"[[ ZOOM -4 ]]"}).zoom, 0.25);
  EXPECT_EQ(parse_lifeviewer_script({"[[ Z 1/2 ]]"}).zoom, 0.5);
  // TRACKBOX E S W N: the box's middle moves at the mean of opposite edges.
  const LifeViewerScript box = parse_lifeviewer_script({"[[ TRACKBOX 1/2 0 -1/6 -1/3 ]]"});
  EXPECT_EQ(box.track_x, (Fraction{1, 6}));
  EXPECT_EQ(box.track_y, (Fraction{-1, 6}));
  // TRACKLOOP P X Y: the tracking is done, the loop is not.
  const LifeViewerScript loop = parse_lifeviewer_script({"[[ TRACKLOOP 4 1/4 -1/4 GRID ]]"});
  EXPECT_EQ(loop.track_x, (Fraction{1, 4}));
  EXPECT_EQ(loop.not_done, (std::vector<std::string>{"LOOP 4", "GRID"}));
  const LifeViewerScript off = parse_lifeviewer_script(
      {"[[ AUTOFIT STOP 9 AUTOSTART ]] [[ AUTOFIT OFF", "STOP OFF TRACK 1 0 TRACK OFF ]]"});
  EXPECT_FALSE(off.autofit);
  EXPECT_FALSE(off.stop.has_value());
  EXPECT_FALSE(off.track_x.has_value());
  EXPECT_TRUE(off.autostart);
  EXPECT_TRUE(parse_lifeviewer_script({"[[ AUTOFIT ]]"}).autofit);
}

TEST(LifeViewerScript, WhatGpulifeDoesNotDoIsNamedNotLost) {
  const LifeViewerScript v = parse_lifeviewer_script(
      {"[[ ANGLE 30 THEME 6 LAYERS 4 DEPTH 0.5 HEXDISPLAY FOO 3 BAR ZOOM 2 ]]"});
  EXPECT_EQ(v.not_done, (std::vector<std::string>{"ANGLE 30", "THEME 6", "LAYERS 4", "DEPTH 0.5",
                                                  "HEXDISPLAY"}));
  EXPECT_EQ(v.unknown, (std::vector<std::string>{"FOO 3", "BAR"}));
  EXPECT_EQ(v.applied, (std::vector<std::string>{"ZOOM 2"}));
}

TEST(LifeViewerScript, MalformedArgumentsSayWhatWasExpected) {
  const LifeViewerScript v = parse_lifeviewer_script(
      {"[[ GPS 0 ZOOM big STEP X 5 TRACK 1/0 2 STOP -3 ZOOM 1/32 GPS", "]]"});
  ASSERT_EQ(v.errors.size(), 7u);
  EXPECT_EQ(v.errors[0], "GPS expects a number from 1 to 60, not 0");
  EXPECT_EQ(v.errors[1], "ZOOM expects a number from -16 to 32");
  EXPECT_EQ(v.errors[2], "STEP expects a number from 1 to 1073741824");
  EXPECT_EQ(v.errors[3],
            "TRACK expects 2 speeds in cells a generation, such as 1/4 or -0.5, not 1/0 2");
  EXPECT_NE(v.errors[4].find("STOP expects a number"), std::string::npos);
  EXPECT_NE(v.errors[5].find("at least 1/16"), std::string::npos);
  EXPECT_EQ(v.errors[6], "GPS expects a number from 1 to 60");
  // The next command after a missing argument is still read.
  EXPECT_EQ(v.x, 5.0);
  EXPECT_FALSE(v.gps || v.zoom || v.step || v.stop || v.track_x);
  EXPECT_EQ(v.unknown, (std::vector<std::string>{"BIG"}));  // not a number, so a word of its own
}

TEST(LifeViewerScript, Fractions) {
  EXPECT_EQ(parse_fraction("1/4"), (Fraction{1, 4}));
  EXPECT_EQ(parse_fraction("-2/8"), (Fraction{-1, 4}));
  EXPECT_EQ(parse_fraction("0.25"), (Fraction{1, 4}));
  EXPECT_EQ(parse_fraction("-.5"), (Fraction{-1, 2}));
  EXPECT_EQ(parse_fraction("-1.5"), (Fraction{-3, 2}));
  EXPECT_EQ(parse_fraction("+3"), (Fraction{3, 1}));
  for (const char* bad : {"", "/", "1/", "1/0", "1/-2", "a", "1.", "1.2.3", "0.1234567",
                          "99999999999", "1/2/3", "--1", "1.-5"})
    EXPECT_FALSE(parse_fraction(bad).has_value()) << bad;
}

}  // namespace
}  // namespace gpulife
