// The watch's logic on its own, without a window or a running pattern: Track's and Autofit's
// camera moves, the colour themes and the planes each reads, and the watch's command-line
// options (parsed and applied to a viewer).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/grid_setup.hpp"
#include "app/viewer/follow.hpp"
#include "app/viewer/viewer_state.hpp"
#include "app/viewer/watch_options.hpp"
#include "core/pattern_io.hpp"
#include "viewer_test_support.hpp"

namespace gpulife::app {
namespace {

Camera camera_at(Vec2d center, double zoom) {
  Camera c;
  c.set_viewport(1000, 800);
  c.set_view(center, zoom);
  return c;
}

const Vec2d kAreaMin{0, 0}, kAreaMax{1000, 800};
constexpr double kDt = 1.0 / 60;

TEST(Follow, TrackMovesTheViewAtTheSetSpeed) {
  Follow f;
  Camera c = camera_at({100, 50}, 4.0);
  // Three cells right and one up every six generations, from generation 10.
  f.track({3, -1, 6}, 10);
  EXPECT_EQ(f.mode(), FollowMode::Track);
  EXPECT_TRUE(f.apply(c, 10, Box{}, kAreaMin, kAreaMax, kDt, 32));
  EXPECT_NEAR(c.center().x, 100.0, 1e-9);
  f.apply(c, 22, Box{}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_NEAR(c.center().x, 106.0, 1e-9);
  EXPECT_NEAR(c.center().y, 48.0, 1e-9);
  // Between whole periods it moves by the fraction (smoothly, not in jumps).
  f.apply(c, 25, Box{}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_NEAR(c.center().x, 107.5, 1e-9);
  EXPECT_NEAR(c.center().y, 47.5, 1e-9);
  // The user's own pan stays; Track goes on from there.
  c.pan_pixels({40, 0});  // ten cells at 4 px/cell
  f.apply(c, 31, Box{}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_NEAR(c.center().x, 100.5, 1e-9);
  EXPECT_EQ(f.mode(), FollowMode::Track);
  // Undo takes the generation back, and the view with it.
  f.apply(c, 10, Box{}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_NEAR(c.center().x, 90.0, 1e-9);
  EXPECT_NEAR(c.center().y, 50.0, 1e-9);
  EXPECT_EQ(f.describe(), "track (3, -1) every 6 generations");
}

TEST(Follow, TrackNeverDividesByZeroGenerations) {
  Follow f;
  f.track({1, 1, 0}, 0);
  EXPECT_EQ(f.speed().generations, 1u);
  EXPECT_NEAR(f.track_offset(5).x, 5.0, 1e-12);
}

TEST(Follow, OffLeavesTheViewAlone) {
  Follow f;
  Camera c = camera_at({10, 20}, 2.0);
  EXPECT_TRUE(f.apply(c, 100, Box{0, 0, 500, 500}, kAreaMin, kAreaMax, kDt, 32));
  EXPECT_EQ(c.center().x, 10.0);
  EXPECT_EQ(c.zoom(), 2.0);
  EXPECT_EQ(f.describe(), "off");
}

TEST(Follow, AutofitPutsTheLiveCellsInTheFreeArea) {
  Follow f;
  Camera c = camera_at({0, 0}, 16.0);
  f.autofit();
  EXPECT_EQ(f.describe(), "autofit");
  // The panel covers the left 200 pixels: the box is fitted into the rest.
  const Vec2d lo{200, 0};
  const Box live{100, 200, 299, 349};
  ASSERT_TRUE(f.apply(c, 0, live, lo, kAreaMax, kDt, 32));
  const Vec2d a = c.cell_to_screen({100, 200}), b = c.cell_to_screen({300, 350});
  EXPECT_GE(a.x, lo.x - 1e-6);
  EXPECT_LE(b.x, kAreaMax.x + 1e-6);
  EXPECT_GE(a.y, -1e-6);
  EXPECT_LE(b.y, kAreaMax.y + 1e-6);
  // Centred in the free area.
  EXPECT_NEAR((a.x + b.x) / 2, (lo.x + kAreaMax.x) / 2, 1.0);
  EXPECT_NEAR((a.y + b.y) / 2, kAreaMax.y / 2, 1.0);
}

TEST(Follow, AutofitZoomsOutAtOnceAndInOnlyForAClearlyCloserFit) {
  Follow f;
  Camera c = camera_at({0, 0}, 1.0);
  f.autofit();
  f.apply(c, 0, Box{0, 0, 99, 99}, kAreaMin, kAreaMax, kDt, 32);
  const double first = c.zoom();
  // Growing: the next frame's zoom already shows all of it.
  f.apply(c, 1, Box{-100, -100, 199, 199}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_LT(c.zoom(), first);
  const double grown = c.zoom();
  const CellRect v = c.visible();
  EXPECT_LE(v.y0, -100 + 1e-6);
  EXPECT_GE(v.y1, 200 - 1e-6);
  // Shrinking a little (an oscillating box): the zoom holds.
  f.apply(c, 2, Box{-90, -90, 189, 189}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_EQ(c.zoom(), grown);
  // Shrinking a lot: it glides closer, never past the fit.
  for (uint64_t g = 3; g < 200; ++g) f.apply(c, g, Box{0, 0, 59, 59}, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_GT(c.zoom(), grown * 1.3);
  const CellRect w = c.visible();
  EXPECT_LE(w.y0, 0.0);
  EXPECT_GE(w.y1, 60.0);
}

TEST(Follow, AutofitGivesTheViewBackWhenTheUserMovesIt) {
  Follow f;
  Camera c = camera_at({0, 0}, 1.0);
  f.autofit();
  const Box live{0, 0, 49, 49};
  f.apply(c, 0, live, kAreaMin, kAreaMax, kDt, 32);
  EXPECT_TRUE(f.apply(c, 1, live, kAreaMin, kAreaMax, kDt, 32));
  c.pan_pixels({30, 0});
  EXPECT_FALSE(f.apply(c, 2, live, kAreaMin, kAreaMax, kDt, 32));
  EXPECT_EQ(f.mode(), FollowMode::Off);
  // A zoom by hand does the same.
  f.autofit();
  f.apply(c, 3, live, kAreaMin, kAreaMax, kDt, 32);
  c.zoom_at({500, 400}, 1.5);
  EXPECT_FALSE(f.apply(c, 4, live, kAreaMin, kAreaMax, kDt, 32));
  // No live cells (yet): it waits rather than moving anywhere.
  f.autofit();
  const Vec2d before = c.center();
  EXPECT_TRUE(f.apply(c, 5, Box{}, kAreaMin, kAreaMax, kDt, 32));
  EXPECT_EQ(c.center().x, before.x);
}

TEST(ColourThemes, NamesRoundTripAndUnknownOnesAreRefused) {
  std::set<std::string> names;
  for (ColourTheme t : kColourThemes) {
    const std::string name(to_string(t));
    names.insert(name);
    ColourTheme back = ColourTheme::Plain;
    ASSERT_TRUE(parse_colour_theme(name, back)) << name;
    EXPECT_EQ(back, t);
    EXPECT_FALSE(describe(t).empty());
  }
  EXPECT_EQ(names.size(), kColourThemes.size());
  ColourTheme t = ColourTheme::Age;
  EXPECT_FALSE(parse_colour_theme("rainbow", t));
  EXPECT_FALSE(parse_colour_theme("", t));
  EXPECT_EQ(t, ColourTheme::Age);  // left alone
}

TEST(ColourThemes, EachReadsThePlaneItNeeds) {
  // History reads the engine's plane of cells ever alive; the ramps the renderer's age bytes;
  // plain neither (so it costs nothing).
  for (ColourTheme t : kColourThemes) {
    const ThemeColours c = theme_colours(t);
    SCOPED_TRACE(std::string(to_string(t)));
    EXPECT_EQ(c.history_plane, t == ColourTheme::History);
    EXPECT_EQ(c.age_plane,
              t == ColourTheme::Age || t == ColourTheme::Died || t == ColourTheme::Fire);
    for (const auto& rgb : {c.born, c.alive, c.died, c.dead, c.never})
      for (float v : rgb) EXPECT_TRUE(v >= 0.0f && v <= 1.0f);
  }
  // Plain draws only live and dead; every other theme tells just-died cells from never-alive.
  const ThemeColours plain = theme_colours(ColourTheme::Plain);
  EXPECT_EQ(plain.died, plain.never);
  for (ColourTheme t :
       {ColourTheme::History, ColourTheme::Age, ColourTheme::Died, ColourTheme::Fire})
    EXPECT_NE(theme_colours(t).died, theme_colours(t).never) << to_string(t);
  // The ramps go somewhere: born differs from long alive, just died from long dead.
  for (ColourTheme t : {ColourTheme::Age, ColourTheme::Fire}) {
    EXPECT_NE(theme_colours(t).born, theme_colours(t).alive) << to_string(t);
    EXPECT_NE(theme_colours(t).died, theme_colours(t).dead) << to_string(t);
  }
}

WatchOptions parse(const std::vector<std::string>& args) {
  ArgParser p("view", "test");
  add_watch_options(p);
  p.parse(args);
  return parse_watch_options(p);
}

TEST(WatchOptions, DefaultsChangeNothing) {
  const WatchOptions o = parse({});
  EXPECT_EQ(o.theme, ColourTheme::Plain);
  EXPECT_FALSE(o.graph || o.info || o.identify || o.autofit || o.track || o.hyperspeed);
  EXPECT_FALSE(o.stop.when_dies || o.stop.when_still || o.stop.when_periodic);
  EXPECT_FALSE(o.stop.at_generation);
  EXPECT_EQ(o.step_base, 2);
  EXPECT_EQ(o.identify_max_period, 1024);
}

TEST(WatchOptions, EveryOptionIsRead) {
  const WatchOptions o =
      parse({"--theme", "fire", "--graph", "--info", "--identify", "--max-period", "300", "--track",
             "-2,0,4", "--stop-when", "dies,periodic", "--until", "5000", "--step-base", "10",
             "--hyperspeed"});
  EXPECT_EQ(o.theme, ColourTheme::Fire);
  EXPECT_TRUE(o.graph && o.info && o.identify && o.hyperspeed);
  EXPECT_EQ(o.identify_max_period, 300);
  ASSERT_TRUE(o.track);
  EXPECT_EQ(*o.track, (TrackSpeed{-2, 0, 4}));
  EXPECT_FALSE(o.track_identified);
  EXPECT_TRUE(o.stop.when_dies);
  EXPECT_FALSE(o.stop.when_still);
  EXPECT_TRUE(o.stop.when_periodic);
  EXPECT_EQ(o.stop.at_generation, 5000u);
  EXPECT_EQ(o.step_base, 10);
  // "ship" identifies first and tracks what was found.
  const WatchOptions ship = parse({"--track", "ship", "--stop-when", "still"});
  EXPECT_TRUE(ship.track_identified);
  EXPECT_TRUE(ship.identify);
  EXPECT_FALSE(ship.track);
  EXPECT_TRUE(ship.stop.when_still);
  EXPECT_TRUE(parse({"--autofit"}).autofit);
}

TEST(WatchOptions, BadValuesNameTheOption) {
  auto message = [](const std::vector<std::string>& args) -> std::string {
    try {
      parse(args);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message({"--theme", "rainbow"}).find("--theme"), std::string::npos);
  for (const char* bad : {"1,2", "1,2,0", "a,b,c", "1,2,3,4", "1;2;3", "2000000,0,1"})
    EXPECT_NE(message({"--track", bad}).find("--track"), std::string::npos) << bad;
  EXPECT_NE(message({"--track", "1,0,1", "--autofit"}).find("--autofit"), std::string::npos);
  EXPECT_NE(message({"--stop-when", "dies,bored"}).find("bored"), std::string::npos);
  EXPECT_NE(message({"--until", "0"}).find("until"), std::string::npos);
  EXPECT_NE(message({"--step-base", "1"}).find("step-base"), std::string::npos);
  EXPECT_NE(message({"--max-period", "0"}).find("max-period"), std::string::npos);
}

class WatchOptionsApplied : public ::testing::Test {
 protected:
  void SetUp() override {
    keep_config_in_temp("gpulife_watch_logic_cfg");
    state.camera.set_viewport(1000, 800);
    Grid g(64, 64);
    g.place(load_named_pattern("glider"), Cell{10, 10});
    state.sim.start("reference", g, Rule::life());
  }
  void TearDown() override {
    state.watch.identify.cancel();
    state.sim.stop();
  }
  ViewerState state;
};

TEST_F(WatchOptionsApplied, OptionsReachTheViewer) {
  const WatchOptions o = parse({"--theme", "history", "--graph", "--stop-when", "still", "--until",
                                "77", "--step-base", "8", "--hyperspeed", "--track", "1,1,4"});
  apply_watch_options(state, o);
  EXPECT_EQ(state.watch.theme, ColourTheme::History);
  EXPECT_TRUE(state.sim.history_on());  // the history theme needs the engine's plane
  EXPECT_TRUE(state.watch.show_graph);
  EXPECT_TRUE(state.watch.stop.settings.when_still);
  EXPECT_EQ(state.sim.stop_at, 77u);
  EXPECT_EQ(state.sim.pace.exponent.base(), 8);
  EXPECT_TRUE(state.sim.pace.exponent.hyperspeed);
  // Track starts once the first frame has placed the camera.
  EXPECT_EQ(state.watch.follow.mode(), FollowMode::Off);
  start_watch_actions(state, o);
  EXPECT_EQ(state.watch.follow.mode(), FollowMode::Track);
  EXPECT_EQ(state.watch.follow.speed(), (TrackSpeed{1, 1, 4}));
  // Back to a theme without planes frees the history plane.
  ASSERT_TRUE(set_theme(state, ColourTheme::Age));
  EXPECT_FALSE(state.sim.history_on());
}

TEST_F(WatchOptionsApplied, TheStopConditionsAskForWhatTheyCheck) {
  // A plane sized for the pattern has its edge watched, which needs the live cells' box.
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stats_request(), (StatsRequest{false, true}));
  // On a torus nothing is watched: only the population is counted.
  Grid torus(64, 64, Topology::Torus);
  torus.place(load_named_pattern("glider"), Cell{10, 10});
  state.sim.start("reference", torus, Rule::life());
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stats_request(), StatsRequest{});
  // "still" compares generations (births and deaths), "periodic" hashes shapes, Autofit needs
  // the live box, the graph births and deaths.
  state.watch.stop.settings.when_still = true;
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stats_request(), (StatsRequest{true, false}));
  state.watch.stop.settings = {};
  state.watch.stop.settings.when_periodic = true;
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stats_request(), (StatsRequest{false, true}));
  state.watch.stop.settings = {};
  state.watch.follow.autofit();
  state.watch.show_graph = true;
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stats_request(), (StatsRequest{true, true}));
  // Run-until goes to the simulation, which cuts its steps there.
  state.watch.stop.settings.at_generation = 12;
  watch_tick(state, kDt);
  EXPECT_EQ(state.sim.stop_at, 12u);
}

// A file's LifeViewer script: pace, running and stop at once; the view, Track and Autofit on
// the next frame, with X and Y counted from the pattern's middle and that cell put in the
// middle of the area the panel leaves free.
TEST_F(WatchOptionsApplied, TheFilesLifeViewerScriptIsApplied) {
  take_lifeviewer_script(
      state, {"[[ ZOOM 8 X 3 Y -2 GPS 30 STEP 2 AUTOSTART STOP 40 TRACK 1/4 -1/2", "ANGLE 30 ]]"},
      false);
  EXPECT_TRUE(state.sim.running);
  EXPECT_EQ(state.sim.pace.mode, PaceMode::Rate);
  EXPECT_EQ(state.sim.pace.rate, 60.0);
  EXPECT_EQ(state.sim.pace.step, 2);
  EXPECT_EQ(state.sim.stop_at, 40u);
  EXPECT_EQ(state.watch.stop.settings.at_generation, 40u);
  EXPECT_EQ(state.watch.follow.mode(), FollowMode::Off);
  ASSERT_FALSE(state.notices.items().empty());
  EXPECT_NE(state.notices.items().back().text.find("not done here: ANGLE 30"), std::string::npos)
      << state.notices.items().back().text;
  state.panel_min = {0, 0};
  state.panel_max = {200, 800};
  apply_pending_lifeviewer_script(state);
  EXPECT_EQ(state.camera.zoom(), 8.0);
  // The glider's box is (10, 10)-(12, 12): its middle (11.5, 11.5) plus (3, -2), at the free
  // area's middle, x = 600 of the 1000-pixel viewport.
  const Vec2d at = state.camera.cell_to_screen({14.5, 9.5});
  EXPECT_DOUBLE_EQ(at.x, 600.0);
  EXPECT_DOUBLE_EQ(at.y, 400.0);
  EXPECT_EQ(state.watch.follow.mode(), FollowMode::Track);
  EXPECT_EQ(state.watch.follow.speed(), (TrackSpeed{1, -2, 4}));
  EXPECT_FALSE(state.pending_lifeviewer_script.has_value());
  // Malformed arguments are errors; a file without a script changes nothing.
  take_lifeviewer_script(state, {"[[ GPS 99 ]]"}, false);
  EXPECT_EQ(state.notices.items().back().kind, NoticeKind::Error);
  const double rate = state.sim.pace.rate;
  take_lifeviewer_script(state, {"no script here"}, false);
  EXPECT_EQ(state.sim.pace.rate, rate);
}

TEST_F(WatchOptionsApplied, PatternInfoComesFromTheFile) {
  const Pattern p = parse_pattern(
      "#N Glider\n#O Richard K. Guy\n#C The smallest spaceship.\n#C https://conwaylife.com/wiki/"
      "Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n",
      "glider.rle");
  set_pattern_info(state, p, "glider.rle");
  const PatternInfo& info = state.watch.info;
  EXPECT_EQ(info.title, "Glider");
  EXPECT_EQ(info.author, "Richard K. Guy");
  ASSERT_FALSE(info.comments.empty());
  EXPECT_EQ(info.comments.front(), "The smallest spaceship.");
  ASSERT_EQ(info.links.size(), 1u);
  EXPECT_NE(info.rule.find("B3/S23"), std::string::npos);
}

}  // namespace
}  // namespace gpulife::app
