// Rules and formats against the oracle, bgolly (Debian's golly): every pattern of Golly's
// Non-Totalistic folder at generation 300 through `gpulife run`, B0 rules as Golly shows and
// writes them, random rules' canonical text and transition tables, and MCell and dblife files.
// Skipped when golly is not installed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/engines.hpp"
#include "core/pattern_io.hpp"
#include "core/rule.hpp"
#include "tests/cmd_test_support.hpp"
#include "tests/rule_test_support.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

const fs::path kGollyPatterns = "/usr/share/golly/Patterns";

bool have_bgolly() {
  return std::system("command -v bgolly > /dev/null 2>&1") == 0 && fs::exists(kGollyPatterns);
}

#define REQUIRE_GOLLY()                                                                     \
  do {                                                                                      \
    if (!have_bgolly()) GTEST_SKIP() << "skipped: bgolly and Golly's patterns are missing"; \
  } while (0)

fs::path temp_dir() {
  const fs::path d = fs::temp_directory_path() / ("gpulife_golly_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

// bgolly's pattern after `generations`, written as RLE (QuickLife, as Golly's default algorithm,
// unless the rule needs another).
Pattern bgolly(const fs::path& input, uint64_t generations,
               const std::string& algorithm = "QuickLife") {
  const fs::path out = temp_dir() / (input.stem().string() + "_golly.rle");
  const std::string command = "bgolly -a " + algorithm + " -m " + std::to_string(generations) +
                              " -o '" + out.string() + "' '" + input.string() +
                              "' > /dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return load_pattern(out.string());
}

// gpulife's, through `gpulife run FILE -g N -o OUT -e ENGINE`.
Pattern gpulife(const fs::path& input, uint64_t generations, const std::string& engine) {
  const fs::path out = temp_dir() / (input.stem().string() + "_" + engine + ".rle");
  std::string text, err;
  const int rc = run_gpulife(
      {"run", input.string(), "-g", std::to_string(generations), "-e", engine, "-o", out.string()},
      &text, &err);
  EXPECT_EQ(rc, 0) << err;
  return load_pattern(out.string());
}

// The same cells up to a translation (Golly writes no position).
void expect_same_shape(Pattern a, Pattern b, const std::string& what) {
  a.move_to_origin();
  b.move_to_origin();
  EXPECT_EQ(a.population(), b.population()) << what;
  EXPECT_TRUE(a.same_cells(b)) << what;
}

std::vector<std::string> engines_to_check() {
  std::vector<std::string> e = {"cpu-simd"};
  if (default_engine_name() != "cpu-simd") e.push_back(default_engine_name());
  return e;
}

TEST(GollyRules, NonTotalisticFolderAgreesAtGeneration300) {
  REQUIRE_GOLLY();
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kGollyPatterns / "Non-Totalistic")) {
    if (entry.path().extension() != ".rle") continue;
    ++files;
    const Pattern want = bgolly(entry.path(), 300);
    ASSERT_FALSE(want.empty()) << entry.path();
    for (const std::string& engine : engines_to_check())
      expect_same_shape(gpulife(entry.path(), 300, engine), want,
                        entry.path().string() + " on " + engine);
  }
  EXPECT_EQ(files, 14);
}

// B0 without Smax: Golly writes the complement at odd generations; so does gpulife.
TEST(GollyRules, B0KnightshipAsGollyWritesIt) {
  REQUIRE_GOLLY();
  const fs::path knightship = kGollyPatterns / "Life-Like" / "p168-knightship.rle";
  for (uint64_t g : {1, 2, 7, 168, 300})
    for (const std::string& engine : engines_to_check())
      expect_same_shape(gpulife(knightship, g, engine), bgolly(knightship, g),
                        "generation " + std::to_string(g) + " on " + engine);
}

// B0 with Smax: Golly's cells are the complement throughout (AntiLife runs as Life on them).
TEST(GollyRules, AntiLifeAsGollyRunsIt) {
  REQUIRE_GOLLY();
  const fs::path file = temp_dir() / "antilife.rle";
  std::ofstream(file) << "x = 3, y = 3, rule = B0123478/S01234678\nbo$2bo$3o!\n";
  for (uint64_t g : {1, 4, 9})
    for (const std::string& engine : engines_to_check())
      expect_same_shape(gpulife(file, g, engine), bgolly(file, g),
                        "generation " + std::to_string(g) + " on " + engine);
}

// Golly's other formats that hold two-state patterns, read as Golly reads them: MCell files
// (boards and wraps, whose placement decides a bounded plane's evolution; MCell's S/B rules,
// state letters, two-state Generations) and dblife rows.
TEST(GollyFormats, MCellAndDblifeFilesAgreeWithGolly) {
  REQUIRE_GOLLY();
  struct Case {
    const char* name;
    const char* text;
    std::vector<uint64_t> generations;
    const char* algorithm = "QuickLife";
  };
  const Case cases[] = {
      {"r.mcl",
       "#MCell 4.20\n#GAME Life\n#RULE 23/3\n#D The R-pentomino\n#L .AA$A\n#L B$.C\n",
       {0, 50, 300}},
      // Leading blank rows and columns, a board taller than wide: the cells reach its edges.
      {"plane.mcl",
       "#MCell 4.20\n#GAME Life\n#RULE 23/3\n#BOARD 41x30\n#WRAP 0\n#L 3$5.2A$4.AA$5.A\n",
       {0, 1, 120, 300}},
      {"narrow.mcl",
       "#MCell 4.20\n#GAME Life\n#RULE 23/36\n#BOARD 12x50\n#L 2$4.A$5.A$3.3A$10$6.2A$6.2A\n",
       {0, 40, 200}},
      {"torus.mcl",
       "#MCell 4.20\n#GAME Life\n#RULE 23/3\n#BOARD 37x29\n#WRAP 1\n#L 7.A$8.A$6.3A$$2.3A\n",
       {0, 100, 120}},
      {"generations.mcl",
       "#MCell 4.20\n#GAME Generations\n#RULE 23/3/2\n#BOARD 31x31\n#WRAP 0\n"
       "#L .AA$AA$.A\n",
       {0, 30, 200},
       "Generations"},
      {"glider.l", "!dblife\n23.O\n24.O\n22.3O\n\n3.4O4.O\n", {0, 7, 100}},
  };
  for (const Case& c : cases) {
    const fs::path file = temp_dir() / c.name;
    std::ofstream(file) << c.text;
    for (uint64_t g : c.generations) {
      const Pattern want = bgolly(file, g, c.algorithm);
      ASSERT_FALSE(want.empty()) << c.name << " at " << g;
      expect_same_shape(gpulife(file, g, "cpu-simd"), want,
                        std::string(c.name) + " at generation " + std::to_string(g));
    }
  }
}

// One 3x3 block for each of the 512 neighbourhoods, far enough apart that each centre sees only
// its block: one generation shows the whole table, more show the rule at work.
std::string all_neighbourhoods(const std::string& rule) {
  std::ostringstream rle;
  rle << "x = 160, y = 80, rule = " << rule << "\n";
  for (int row = 0; row < 80; ++row) {
    for (int col = 0; col < 160; ++col) {
      const int k = (row / 5) * 32 + col / 5, r = row % 5, c = col % 5;
      const bool alive = r < 3 && c < 3 && ((k >> neighbourhood_bit(r, c)) & 1);
      rle << (alive ? 'o' : 'b');
    }
    rle << (row == 79 ? "!\n" : "$\n");
  }
  return rle.str();
}

TEST(GollyRules, RandomRulesMatchGolly) {
  REQUIRE_GOLLY();
  int index = 0;
  for (const Rule& rule : testing::random_rules(31337, 24)) {
    const std::string text = rule.to_string();
    SCOPED_TRACE(text);
    const fs::path file = temp_dir() / ("random" + std::to_string(index++) + ".rle");
    std::ofstream(file) << all_neighbourhoods(text);
    // Golly reads the rule and writes it back in its canonical form, which is ours.
    const fs::path back = temp_dir() / "back.rle";
    ASSERT_EQ(std::system(("bgolly -m 0 -o '" + back.string() + "' '" + file.string() +
                           "' > /dev/null 2>&1")
                              .c_str()),
              0);
    std::ifstream in(back);
    std::string header;
    std::getline(in, header);
    EXPECT_NE(header.find("rule = " + text), std::string::npos) << header;
    for (uint64_t g : {1, 2, 5})
      expect_same_shape(gpulife(file, g, "cpu-simd"), bgolly(file, g),
                        "generation " + std::to_string(g));
  }
}

}  // namespace
}  // namespace gpulife::app
