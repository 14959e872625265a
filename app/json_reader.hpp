// A small JSON reader for files gpulife writes itself (bench --json), so a chart can be drawn on
// another machine than the one that timed the engines.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpulife::app {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue, std::less<>> members;

  // Typed access that throws Error naming the key when it is missing or of another kind.
  const JsonValue& at(std::string_view key) const;
  double as_number(std::string_view what) const;
  const std::string& as_string(std::string_view what) const;
  bool as_bool(std::string_view what) const;
};

// Parses one JSON document; throws ParseError with the line and column of the problem.
JsonValue parse_json(std::string_view text, const std::string& source);

}  // namespace gpulife::app
