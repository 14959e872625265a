// Tests for the JSON reader behind `bench --from-json`: values, escapes, and located errors.
#include <gtest/gtest.h>

#include "app/json_reader.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

TEST(JsonReaderTest, ReadsNestedValues) {
  const JsonValue v = parse_json(
      R"({"device": "H200", "n": -1.5e3, "ok": true, "no": false, "none": null,
          "rows": [{"ms": 0.148241}, {"ms": 29.7424}], "empty": {}, "list": []})",
      "t.json");
  EXPECT_EQ(v.at("device").as_string("device"), "H200");
  EXPECT_DOUBLE_EQ(v.at("n").as_number("n"), -1500);
  EXPECT_TRUE(v.at("ok").as_bool("ok"));
  EXPECT_FALSE(v.at("no").as_bool("no"));
  EXPECT_EQ(v.at("none").kind, JsonValue::Kind::Null);
  ASSERT_EQ(v.at("rows").items.size(), 2u);
  EXPECT_DOUBLE_EQ(v.at("rows").items[1].at("ms").as_number("ms"), 29.7424);
  EXPECT_TRUE(v.at("empty").members.empty());
  EXPECT_TRUE(v.at("list").items.empty());
}

TEST(JsonReaderTest, DecodesEscapesToUtf8) {
  const JsonValue v = parse_json(R"(["a\"b\\c\nd", "\u00d7\u00b7", "\ud83d\ude00"])", "t.json");
  EXPECT_EQ(v.items[0].text, "a\"b\\c\nd");
  EXPECT_EQ(v.items[1].text, "\u00d7\u00b7");
  EXPECT_EQ(v.items[2].text, "\xF0\x9F\x98\x80");
}

TEST(JsonReaderTest, ErrorsSayWhere) {
  try {
    parse_json("{\n  \"a\": 1,\n  \"b\" 2\n}", "bench.json");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.source(), "bench.json");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 7);
    EXPECT_NE(e.reason().find("':'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_json("[1, 2", "t"), ParseError);
  EXPECT_THROW(parse_json("\"open", "t"), ParseError);
  EXPECT_THROW(parse_json("{} x", "t"), ParseError);
  EXPECT_THROW(parse_json("", "t"), ParseError);
  EXPECT_THROW(parse_json(std::string(200, '['), "t"), ParseError);  // nesting limit
}

TEST(JsonReaderTest, TypedAccessNamesTheKey) {
  const JsonValue v = parse_json(R"({"width": "wide"})", "t");
  try {
    v.at("width").as_number("width");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("\"width\" must be a number"), std::string::npos);
  }
  try {
    v.at("height");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("missing \"height\""), std::string::npos);
  }
}

}  // namespace
}  // namespace gpulife::app
