// JSON for gpulife's own files (bench --json, reports) through nlohmann-json, with parse errors
// located as every other reader's are (file, line, column) and typed access naming the key.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace gpulife::app {

using Json = nlohmann::json;

// Parses one document; throws ParseError with the line and column of the problem (also for
// nesting deeper than 128 levels).
Json parse_json(std::string_view text, const std::string& source);

// The document as text, indented by two spaces. Bytes that are not UTF-8 (a name read from an
// old Latin-1 pattern file) become U+FFFD instead of failing the write.
std::string json_text(const Json& doc);

// Members of an object by kind; throw Error naming the key when it is missing or of another
// kind.
const Json& json_member(const Json& object, std::string_view key);
double json_number(const Json& object, std::string_view key);
std::string json_string(const Json& object, std::string_view key);
bool json_bool(const Json& object, std::string_view key);

}  // namespace gpulife::app
