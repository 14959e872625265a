// Tests app/json: located parse errors, the nesting limit, typed access that names the key.
#include "app/json.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

TEST(JsonTest, ReadsNestedValuesAndEscapes) {
  const Json v = parse_json(
      R"({"device": "H200", "n": -1.5e3, "ok": true, "rows": [{"ms": 0.148241}, {"ms": 29.7424}],
          "text": "a\"b\u00d7\ud83d\ude00"})",
      "t.json");
  EXPECT_EQ(json_string(v, "device"), "H200");
  EXPECT_DOUBLE_EQ(json_number(v, "n"), -1500);
  EXPECT_TRUE(json_bool(v, "ok"));
  EXPECT_DOUBLE_EQ(json_number(json_member(v, "rows")[1], "ms"), 29.7424);
  EXPECT_EQ(json_string(v, "text"), "a\"b\u00d7\xF0\x9F\x98\x80");
}

TEST(JsonTest, ErrorsSayWhere) {
  try {
    parse_json("{\n  \"a\": 1,\n  \"b\" 2\n}", "bench.json");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.source(), "bench.json");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 7);
    EXPECT_NE(e.reason().find("syntax error"), std::string::npos) << e.what();
  }
  for (const char* bad : {"[1, 2", "\"open", "{} x", ""})
    EXPECT_THROW(parse_json(bad, "t"), ParseError) << bad;
  EXPECT_THROW(parse_json(std::string(200, '[') + std::string(200, ']'), "t"), ParseError);
  // A number no double holds is named, with where it is.
  try {
    parse_json("{\n  \"ms\": 1e999\n}", "bench.json");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 9);
    EXPECT_NE(e.reason().find("1e999"), std::string::npos) << e.what();
  }
}

TEST(JsonTest, TextOfNamesThatAreNotUtf8) {
  // A Latin-1 name from an old pattern file: written with U+FFFD, not refused.
  const Json doc = {{"pattern", std::string("caf\xE9 glider")}, {"population", 5}};
  const std::string text = json_text(doc);
  EXPECT_NE(text.find("caf\xEF\xBF\xBD glider"), std::string::npos) << text;
  EXPECT_EQ(parse_json(text, "report.json")["population"], 5);
}

TEST(JsonTest, TypedAccessNamesTheKey) {
  const Json v = parse_json(R"({"width": "wide"})", "t");
  try {
    json_number(v, "width");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("\"width\" must be a number"), std::string::npos);
  }
  try {
    json_member(v, "height");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("missing \"height\""), std::string::npos);
  }
}

}  // namespace
}  // namespace gpulife::app
