// Tests for `gpulife identify` through the dispatcher: the key: value lines, JSON, bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/json.hpp"
#include "cmd_test_support.hpp"
#include "test_support.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

// The output's "key: value" lines; every line must be one.
std::map<std::string, std::string> lines_of(const std::string& out) {
  std::map<std::string, std::string> m;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    const size_t colon = line.find(": ");
    EXPECT_NE(colon, std::string::npos) << "not a key: value line: " << line;
    if (colon == std::string::npos) continue;
    EXPECT_EQ(m.count(line.substr(0, colon)), 0u) << "repeated key in " << line;
    m[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return m;
}

TEST(CmdIdentifyTest, SpaceshipsOscillatorsAndStillLifes) {
  struct Case {
    std::string pattern;  // a name from the library or a file
    std::vector<std::pair<std::string, std::string>> want;
  };
  const std::vector<Case> cases = {
      {"lwss",
       {{"pattern", "Lightweight spaceship"},
        {"rule", "B3/S23"},
        {"type", "spaceship"},
        {"period", "4"},
        {"displacement", "(-2, 0)"},
        {"speed", "c/2 orthogonal"},
        {"heat", "11"}}},
      {std::string(GPULIFE_ASSETS) + "/patterns/glider.rle",
       {{"displacement", "(1, 1)"}, {"speed", "c/4 diagonal"}}},
      {"pulsar",
       {{"type", "oscillator"},
        {"period", "3"},
        {"displacement", "(0, 0)"},
        {"population min", "48"},
        {"population max", "72"},
        {"rotor cells", "64"},
        {"stator cells", "24"}}},
      {"beehive", {{"type", "still life"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.pattern);
    std::string out;
    ASSERT_EQ(run_gpulife({"identify", c.pattern}, &out), 0);
    EXPECT_EQ(test::mismatched_entries(lines_of(out), c.want), "");
  }
}

TEST(CmdIdentifyTest, NoneFoundWithinTheLimitAndARuleOverride) {
  std::string out;
  ASSERT_EQ(run_gpulife({"identify", "gosper_glider_gun", "--max-period", "60"}, &out), 0);
  auto m = lines_of(out);
  EXPECT_EQ(m["type"], "none found within 60 generations");
  EXPECT_EQ(m["period"], "0");
  // The glider under HighLife is still a glider.
  ASSERT_EQ(run_gpulife({"identify", "glider", "--rule", "B36/S23"}, &out), 0);
  m = lines_of(out);
  EXPECT_EQ(m["rule"], "B36/S23");
  EXPECT_EQ(m["period"], "4");
}

TEST(CmdIdentifyTest, JsonCarriesTheSameResult) {
  const fs::path path = fs::temp_directory_path() / "gpulife_cmd_identify_test.json";
  std::string out;
  ASSERT_EQ(run_gpulife({"identify", "mwss", "--json", path.string()}, &out), 0);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const Json doc = parse_json(text.str(), path.string());
  EXPECT_EQ(json_string(doc, "type"), "spaceship");
  EXPECT_EQ(json_number(doc, "period"), 4);
  EXPECT_EQ(json_member(doc, "displacement").at(0).get<int>(), -2);
  EXPECT_EQ(json_number(doc, "heat"), 15);
  fs::remove(path);
  ASSERT_EQ(run_gpulife({"identify", "blinker", "--json", "-"}, &out), 0);
  EXPECT_EQ(json_number(parse_json(out, "stdout"), "rotor_cells"), 4);
}

TEST(CmdIdentifyTest, BadInputSaysWhatIsWrong) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"identify"}, &out, &err), 2);
  EXPECT_EQ(run_gpulife({"identify", "glider", "--max-period", "0"}, &out, &err), 2);
  EXPECT_NE(err.find("max-period"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"identify", "glider", "--rule", "B0/S8"}, &out, &err), 1);
  EXPECT_NE(err.find("B0"), std::string::npos) << err;
  EXPECT_EQ(run_gpulife({"identify", "no_such_pattern_anywhere"}, &out, &err), 1);
  const fs::path bad = fs::temp_directory_path() / "gpulife_cmd_identify_bad.rle";
  std::ofstream(bad) << "x = 3, y = 3\nbo$2bo$3%!\n";
  EXPECT_EQ(run_gpulife({"identify", bad.string()}, &out, &err), 1);
  EXPECT_NE(err.find(":2:"), std::string::npos) << err;  // file, line, column
  fs::remove(bad);
}

}  // namespace
}  // namespace gpulife::app
