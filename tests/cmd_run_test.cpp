// Tests for `gpulife run` through the dispatcher: results written, usage errors, exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/commands.hpp"
#include "app/json.hpp"
#include "cmd_test_support.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace {
namespace fs = std::filesystem;

fs::path temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("gpulife_cmd_run_test_" + name);
}

// The --report file a run wrote.
Json read_report(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return parse_json(text.str(), path.string());
}

// --report holds what the run printed, as data.
TEST(CmdRunTest, ReportHoldsWhatIsPrinted) {
  const fs::path report = temp_file("report.json"), out = temp_file("report_out.rle");
  std::string text;
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "40", "--engine", "reference", "-o", out.string(),
                         "--report", report.string()},
                        &text),
            0);
  const Json r = read_report(report);
  EXPECT_EQ(r["command"], "run");
  EXPECT_EQ(r["pattern"], "Glider");
  EXPECT_EQ(r["pattern_cells"], 5);
  EXPECT_EQ(r["rule"], "B3/S23");
  EXPECT_EQ(r["engine"], "reference");
  EXPECT_EQ(r["generation"], 40);
  EXPECT_EQ(r["generations_stepped"], 40);
  EXPECT_EQ(r["population"], 5);
  EXPECT_EQ(r["exact"], true);
  EXPECT_EQ(r["output"], out.string());
  EXPECT_GT(r["ms_per_generation"].get<double>(), 0);
  EXPECT_NE(text.find("hash:       " + r["hash"].get<std::string>()), std::string::npos) << text;
  EXPECT_NE(text.find("grid:       " + std::to_string(r["width"].get<int64_t>()) + "x" +
                      std::to_string(r["height"].get<int64_t>())),
            std::string::npos)
      << text;
  // The same pattern stepped by another engine reports the same cells.
  ASSERT_EQ(run_gpulife(
                {"run", "glider", "-g", "40", "--engine", "cpu-simd", "--report", report.string()}),
            0);
  EXPECT_EQ(read_report(report)["hash"], r["hash"]);
  fs::remove(report);
  fs::remove(out);
}

// A file that loads but may have been cut short (an RLE body without its '!') runs, and says so
// on the terminal and in the report.
TEST(CmdRunTest, ACutShortFileRunsAndSaysSo) {
  const fs::path in = temp_file("cut.rle"), report = temp_file("cut.json");
  std::ofstream(in) << "#N Cut\nx = 3, y = 3\nbo$2bo$\n";
  std::string text, err;
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "1", "--report", report.string()}, &text, &err),
            0);
  EXPECT_NE(err.find("note: the RLE body has no closing '!' (its last line is line 3)"),
            std::string::npos)
      << err;
  const Json r = read_report(report);
  EXPECT_EQ(r["pattern_cells"], 2);
  ASSERT_FALSE(r["notes"].empty());
  EXPECT_NE(r["notes"][0].get<std::string>().find("cut short"), std::string::npos);
  std::ofstream(in) << "#N Whole\nx = 3, y = 3\nbo$2bo$3o!\n";
  err.clear();
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "1"}, &text, &err), 0);
  EXPECT_EQ(err.find("closing '!'"), std::string::npos) << err;
  fs::remove(in);
  fs::remove(report);
}

// A report that cannot be written fails the run before it steps, naming the file.
TEST(CmdRunTest, AnUnwritableReportIsRefusedFirst) {
  std::string text, err;
  EXPECT_EQ(
      run_gpulife({"run", "glider", "-g", "40", "--report", "/no/such/folder/r.json"}, &text, &err),
      1);
  EXPECT_NE(err.find("cannot write the report to /no/such/folder/r.json"), std::string::npos)
      << err;
  EXPECT_EQ(text.find("generation:"), std::string::npos) << text;
}

// So is an output that cannot be written, and one the report would overwrite.
TEST(CmdRunTest, AnUnwritableOutputIsRefusedFirst) {
  std::string text, err;
  EXPECT_EQ(run_gpulife({"run", "glider", "-g", "40", "-o", "/no/such/folder/g.rle"}, &text, &err),
            1);
  EXPECT_NE(err.find("cannot write the pattern to /no/such/folder/g.rle"), std::string::npos)
      << err;
  EXPECT_EQ(text.find("generation:"), std::string::npos) << text;
  const fs::path both = temp_file("both.json");
  EXPECT_EQ(
      run_gpulife({"run", "glider", "-o", both.string(), "--report", both.string()}, &text, &err),
      2);
  EXPECT_NE(err.find("the same file"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(both));
  EXPECT_EQ(run_gpulife({"run", "glider", "--output-format", "mc"}, &text, &err), 2);
  EXPECT_NE(err.find("give -o FILE"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "-o", temp_file("g.mcl").string()}, &text, &err), 1);
  EXPECT_NE(err.find("does not write"), std::string::npos) << err;
  // A position RLE holds but a Macrocell tree does not (Golly's frame starts a row lower).
  const fs::path far = temp_file("far.rle"), far_mc = temp_file("far.mc");
  std::ofstream(far) << "#CXRLE Pos=0,-2305843009213693952\nx = 2, y = 2\n2o$2o!\n";
  EXPECT_EQ(run_gpulife({"run", far.string(), "-g", "40", "-o", far_mc.string()}, &text, &err), 1);
  EXPECT_NE(err.find("write RLE"), std::string::npos) << err;
  EXPECT_EQ(text.find("generation:"), std::string::npos) << text;
  EXPECT_FALSE(fs::exists(far_mc));
  EXPECT_EQ(run_gpulife({"run", far.string(), "-g", "4", "-o", temp_file("far_out.rle").string()}),
            0);
  fs::remove(far);
  fs::remove(temp_file("far_out.rle"));
}

// "-o -" writes the pattern to standard output, and the run's lines to standard error.
TEST(CmdRunTest, OutputDashIsStandardOutput) {
  std::string text, err;
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "4", "-o", "-"}, &text, &err), 0);
  Pattern expected = parse_rle("bo$2bo$3o!");
  expected.translate(1, 1);
  EXPECT_TRUE(parse_rle(text).same_cells(expected)) << text;
  EXPECT_NE(err.find("population: 5"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists("-"));
  // With a format named, that format.
  ASSERT_EQ(run_gpulife({"run", "glider", "-o", "-", "--output-format", "life106"}, &text, &err),
            0);
  EXPECT_EQ(text.rfind("#Life 1.06", 0), 0u) << text;
  // So with "--report -": standard output is the JSON alone.
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "4", "--report", "-"}, &text, &err), 0);
  EXPECT_EQ(parse_json(text, "stdout")["population"], 5) << text;
  EXPECT_EQ(run_gpulife({"run", "glider", "-o", "-", "--report", "-"}, &text, &err), 2);
  EXPECT_NE(err.find("the same file"), std::string::npos) << err;
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
  // Golly centres the 3x3 header on the grid: the glider starts at (-1, -1).
  Pattern start = load_pattern_file(in);
  start.translate(-1, -1);
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "32", "-o", out.string()}), 0);
  EXPECT_TRUE(load_pattern_file(out).same_cells(start));
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "32", "--size", "9", "-o", out.string()}), 0);
  EXPECT_FALSE(load_pattern_file(out).same_cells(start));
  fs::remove(in);
  fs::remove(out);
}

TEST(CmdRunTest, BadArgumentsExitWithTwoAndSayWhy) {
  std::string err;
  EXPECT_EQ(run_gpulife({"run"}, nullptr, &err), 2);
  EXPECT_NE(err.find("missing PATTERN"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "-g", "many"}, nullptr, &err), 2);
  EXPECT_NE(err.find("--generations"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"run", "glider", "--random", "1.5"}, nullptr, &err), 2);
  EXPECT_NE(err.find("--random expects a number from 0 to 1, got \"1.5\""), std::string::npos)
      << err;
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
  EXPECT_EQ(run_gpulife({"run", "glider", "--topology", ""}, nullptr, &err), 1);
  EXPECT_NE(err.find("unknown topology"), std::string::npos) << err;
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

// The shape bgolly writes (it gives no position) against ours.
void expect_shape(const fs::path& ours, const std::string& bgolly_rle) {
  Pattern a = load_pattern_file(ours), b = parse_rle(bgolly_rle);
  a.move_to_origin();
  b.move_to_origin();
  EXPECT_TRUE(a.same_cells(b)) << write_rle(a) << "bgolly:\n" << bgolly_rle;
}

// On a bounded grid Golly centres the grid on its (0, 0) and an RLE pattern without a position
// on its header's size; each case's result depends on that to the cell (bgolly 3.3's results;
// one more row or column in the header moves the pattern and changes them).
TEST(CmdRunTest, BoundedGridsPlacePatternsAsGollyDoes) {
  struct Case {
    const char* header;
    const char* generations;
    const char* bgolly;
  };
  for (const Case& c : {
           Case{"x = 4, y = 3, rule = B3/S23:P9,10", "13", "x = 3, y = 2\nobo$b2o!"},
           Case{"x = 3, y = 3, rule = B3/S23:P10,9", "14", "x = 2, y = 2\nbo$2o!"},
           Case{"x = 3, y = 3, rule = B3/S23:T7+2,9", "20", "x = 4, y = 9\n3bo$b3o7$o!"},
           Case{"x = 3, y = 4, rule = B3/S23:C9,8", "13", "x = 8, y = 8\no6$5bobo$6b2o!"},
       }) {
    SCOPED_TRACE(c.header);
    const fs::path in = temp_file("placed.rle"), out = temp_file("placed_out.rle");
    std::ofstream(in) << c.header << "\nbo$2bo$3o!\n";
    for (const char* engine : {"reference", "cpu-simd"}) {
      ASSERT_EQ(run_gpulife({"run", in.string(), "-g", c.generations, "-o", out.string(),
                             "--engine", engine}),
                0);
      expect_shape(out, c.bgolly);
    }
    fs::remove(in);
    fs::remove(out);
  }
}

// A tube (":T0,8") and a strip (":P0,7") are unbounded along one side: the grid grows there,
// and the result is bgolly's.
TEST(CmdRunTest, TubesAndStripsGrowAlongTheirOpenSide) {
  const fs::path in = temp_file("tube.rle"), out = temp_file("tube_out.rle");
  std::ofstream(in) << "x = 3, y = 5, rule = B3/S23:T0,8\n2o$2o$$$3o!\n";
  std::string text;
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "80", "-o", out.string()}, &text), 0);
  expect_shape(out, "x = 31, y = 7\n2o27b2o$2o27b2o4$2o27b2o$2o27b2o!");
  EXPECT_NE(text.find("tube (unbounded width)"), std::string::npos) << text;
  // The written file is a tube again.
  EXPECT_EQ(load_pattern_file(out).rule.to_string(), "B3/S23:T0,8");
  std::ofstream(in) << "x = 3, y = 3, rule = B3/S23:P0,7\nb2o$2o$bo!\n";
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "80", "-o", out.string()}), 0);
  expect_shape(out, "x = 3, y = 4\n3o$2bo$obo$2o!");
  fs::remove(in);
  fs::remove(out);
}

// Beyond the old 16384 cap and beyond the start size: the grid grows with the pattern, so a
// glider far from home is exactly where an unbounded universe has it.
TEST(CmdRunTest, GrowingGridKeepsTheResultExact) {
  const fs::path out = temp_file("far_glider.rle");
  const fs::path report = temp_file("far_glider.json");
  ASSERT_EQ(
      run_gpulife({"run", "glider", "-g", "4000", "-o", out.string(), "--report", report.string()}),
      0);
  const Json r = read_report(report);
  EXPECT_EQ(r["exact"], true);
  EXPECT_GT(r["final_width"].get<int64_t>(), r["width"].get<int64_t>());
  bool grew = false;
  for (const Json& note : r["notes"]) grew |= note.get<std::string>().find("grid grew") == 0;
  EXPECT_TRUE(grew) << r["notes"].dump();
  fs::remove(report);
  Pattern start = load_pattern_file(std::string(GPULIFE_ASSETS) + "/patterns/glider.rle");
  Pattern end = load_pattern_file(out);
  const Box a = start.bounding_box(), b = end.bounding_box();
  EXPECT_EQ(std::abs(b.min_x - a.min_x), 1000);
  EXPECT_EQ(std::abs(b.min_y - a.min_y), 1000);
  fs::remove(out);
}

// When memory stops the growth, the run stops and says why, unless asked to run on with an
// edge, and then the report says the result is not exact.
TEST(CmdRunTest, GrowthAtTheMemoryLimitStopsKeepingWhatItReachedOrSaysSo) {
  std::string text, err;
  const fs::path out = temp_file("edge.rle"), report = temp_file("edge.json");
  EXPECT_EQ(run_gpulife({"run", "glider", "-g", "4000", "--max-memory", "24M", "-o", out.string(),
                         "--report", report.string()},
                        &text, &err),
            1);
  EXPECT_NE(err.find("reaches the edge"), std::string::npos) << err;
  EXPECT_NE(err.find("--allow-edge"), std::string::npos) << err;
  // The state where it stopped is written, exact: the glider, at the generation reached.
  const Json stopped = read_report(report);
  const int64_t reached = stopped["generation"].get<int64_t>();
  EXPECT_GT(reached, 0);
  EXPECT_LT(reached, 4000);
  EXPECT_EQ(stopped["exact"], true);
  EXPECT_NE(err.find("stopped at generation " + std::to_string(reached) + ", which is written to"),
            std::string::npos)
      << err;
  const Pattern saved = load_pattern_file(out);
  EXPECT_EQ(saved.generation, uint64_t(reached));
  EXPECT_EQ(saved.population(), 5u);
  fs::remove(out);
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "4000", "--max-memory", "24M", "--allow-edge",
                         "--report", report.string()},
                        &text, &err),
            0);
  EXPECT_EQ(read_report(report)["exact"], false);
  EXPECT_NE(text.find("exact:      no"), std::string::npos) << text;
  fs::remove(report);
  // A fixed --size is a bounded plane the user chose: the run goes on, and says the edge was
  // reached.
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "400", "--size", "64"}, &text, &err), 0);
  EXPECT_NE(err.find("reaches the edge"), std::string::npos) << err;
  EXPECT_NE(text.find("exact:      no"), std::string::npos) << text;
}

// Too large for memory or for a grid: refused from the pattern's size alone, before anything
// large is made, with what it would need.
TEST(CmdRunTest, PatternsBeyondMemoryAreRefusedWithWhatTheyNeed) {
  const fs::path in = temp_file("far.lif");
  std::string err;
  std::ofstream(in) << "#Life 1.06\n0 0\n300000 200000\n";
  EXPECT_EQ(run_gpulife({"run", in.string(), "-g", "10", "--max-memory", "1G"}, nullptr, &err), 1);
  EXPECT_NE(err.find("300001x200001"), std::string::npos) << err;
  EXPECT_NE(err.find("GiB"), std::string::npos) << err;
  EXPECT_NE(err.find("cells a side"), std::string::npos) << err;
  // Cells near the 64-bit limits: beyond any grid side (once a crash, then population 0).
  std::ofstream(in) << "#Life 1.06\n-2305843009213693952 0\n2305843009213693952 0\n";
  EXPECT_EQ(run_gpulife({"run", in.string()}, nullptr, &err), 1);
  EXPECT_NE(err.find("grid side"), std::string::npos) << err;
  // Beyond the coordinate range: the reader names the line and column.
  std::ofstream(in) << "#Life 1.06\n0 0\n9223372036854775807 -9223372036854775808\n";
  EXPECT_EQ(run_gpulife({"run", in.string()}, nullptr, &err), 1);
  EXPECT_NE(err.find(in.string() + ":3:1:"), std::string::npos) << err;
  // A bounded grid larger than memory.
  std::ofstream(in) << "#Life 1.06\n#R B3/S23:T2000000000,2000000000\n0 0\n";
  EXPECT_EQ(run_gpulife({"run", in.string(), "--max-memory", "8G"}, nullptr, &err), 1);
  EXPECT_NE(err.find("GiB"), std::string::npos) << err;
  // A budget below a mebibyte is said as it is, not rounded up to one.
  EXPECT_EQ(run_gpulife({"run", "glider", "--max-memory", "100000"}, nullptr, &err), 1);
  EXPECT_NE(err.find("98 KiB is available"), std::string::npos) << err;
  fs::remove(in);
}

TEST(CmdRunTest, TopologyOptionAndItsSuffixInTheOutput) {
  const fs::path out = temp_file("klein.rle");
  std::string text;
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "50", "--topology", "klein", "--size", "20x16",
                         "-o", out.string()},
                        &text),
            0);
  EXPECT_NE(text.find("Klein bottle"), std::string::npos) << text;
  EXPECT_EQ(load_pattern_file(out).rule.to_string(), "B3/S23:K20*,16");
  ASSERT_EQ(run_gpulife({"run", "glider", "-g", "5", "--topology", "torus", "--size", "30", "-o",
                         out.string()}),
            0);
  EXPECT_EQ(load_pattern_file(out).rule.to_string(), "B3/S23:T30,30");
  std::string err;
  EXPECT_EQ(
      run_gpulife({"run", "glider", "--topology", "sphere", "--size", "20x10"}, nullptr, &err), 1);
  EXPECT_NE(err.find("square"), std::string::npos) << err;
  fs::remove(out);
}

// A grid given by -t and -s is written as Golly has it (centred on (0, 0)): running the file
// on goes on exactly from where the run stopped, on every topology.
TEST(CmdRunTest, OutputOnAGridFromTheOptionsContinuesWhereItStopped) {
  const fs::path in = temp_file("options_grid_in.rle"), out = temp_file("options_grid_out.rle"),
                 direct = temp_file("options_grid_direct.rle");
  std::ofstream(in) << "x = 3, y = 3\nb2o$2o$bo!\n";  // R-pentomino, no suffix, no position
  for (const char* topology : {"torus", "klein", "cross", "sphere"}) {
    SCOPED_TRACE(topology);
    const std::string size = std::string(topology) == "sphere" ? "22" : "24x18";
    ASSERT_EQ(run_gpulife(
                  {"run", in.string(), "-t", topology, "-s", size, "-g", "60", "-o", out.string()}),
              0);
    ASSERT_EQ(run_gpulife({"run", in.string(), "-t", topology, "-s", size, "-g", "90", "-o",
                           direct.string()}),
              0);
    const Pattern stopped = load_pattern_file(out);
    ASSERT_TRUE(stopped.rule.bounds.has_value());
    ASSERT_GT(stopped.population(), 20u);
    ASSERT_EQ(run_gpulife({"run", out.string(), "-g", "30", "-o", out.string()}), 0);
    const Pattern resumed = load_pattern_file(out), whole = load_pattern_file(direct);
    EXPECT_EQ(resumed.rule.to_string(), whole.rule.to_string());
    EXPECT_TRUE(resumed.same_cells(whole));
    EXPECT_GT(whole.population(), 0u);
  }
  for (const fs::path& f : {in, out, direct}) fs::remove(f);
}

// A LifeHistory file keeps its other states through `run`: unchanged at generation 0, and
// after a run as Golly's LifeHistory has them (bgolly: ".C$BEB$.A!" after two generations).
TEST(CmdRunTest, LifeHistoryStatesAreWrittenBackAfterTheRun) {
  const fs::path in = temp_file("history_in.rle"), out = temp_file("history_out.rle");
  std::ofstream(in) << "x = 1, y = 3, rule = LifeHistory\nC$E$A!\n";
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "0", "-o", out.string()}), 0);
  EXPECT_EQ(load_pattern_file(out).history(), load_pattern_file(in).history());
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "2", "-o", out.string()}), 0);
  Pattern expected = parse_pattern("x = 3, y = 3, rule = LifeHistory\n.C$BEB$.A!", "e.rle");
  expected.translate(-1, 0);
  const Pattern written = load_pattern_file(out);
  EXPECT_TRUE(written.history_rule);
  EXPECT_TRUE(written.same_cells(expected));
  EXPECT_EQ(written.history(), expected.history());
  EXPECT_EQ(written.rule.to_string(), "B3/S23");
  fs::remove(in);
  fs::remove(out);
}

TEST(CmdRunTest, MacrocellAndGzipInAndOut) {
  const fs::path in = temp_file("in.mc.gz"), out = temp_file("out.mc");
  save_pattern(load_pattern_file(std::string(GPULIFE_ASSETS) + "/patterns/glider.rle"), in);
  ASSERT_EQ(run_gpulife({"run", in.string(), "-g", "8", "-o", out.string()}), 0);
  const Pattern p = load_pattern_file(out);
  EXPECT_EQ(p.population(), 5u);
  EXPECT_EQ(p.generation, 8u);
  fs::remove(in);
  fs::remove(out);
}

}  // namespace
}  // namespace gpulife::app
