// Located JSON parse errors and typed member access (see json.hpp).
#include "app/json.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

constexpr int kMaxDepth = 128;

// 1-based line and column of byte `offset` (0-based) of `text`.
void locate(std::string_view text, size_t offset, int64_t& line, int64_t& column) {
  offset = std::min(offset, text.size());
  line = 1 + int64_t(std::count(text.begin(), text.begin() + int64_t(offset), '\n'));
  const size_t start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  column = int64_t(offset - (start == std::string_view::npos || offset == 0 ? 0 : start + 1)) + 1;
}

struct TooDeep {};

}  // namespace

Json parse_json(std::string_view text, const std::string& source) {
  try {
    return Json::parse(text, [](int depth, Json::parse_event_t, Json&) {
      if (depth > kMaxDepth) throw TooDeep{};
      return true;
    });
  } catch (const Json::parse_error& e) {
    int64_t line = 0, column = 0;
    // nlohmann counts the byte after the one it stopped at.
    locate(text, e.byte > 0 ? e.byte - 1 : 0, line, column);
    std::string reason = e.what();
    if (const size_t at = reason.find("syntax error"); at != std::string::npos)
      reason = reason.substr(at);
    throw ParseError(source, line, column, reason);
  } catch (const Json::out_of_range& e) {
    // A number beyond a double ("1e999"): nlohmann names it but gives no offset, so the first
    // place the number appears stands for it.
    std::string reason = e.what();
    int64_t line = 0, column = 0;
    const size_t quote = reason.find('\'');
    const size_t end = quote == std::string::npos ? quote : reason.find('\'', quote + 1);
    if (end != std::string::npos) {
      const std::string number = reason.substr(quote + 1, end - quote - 1);
      if (const size_t at = text.find(number); at != std::string_view::npos)
        locate(text, at, line, column);
      reason = "number " + number + " is out of range";
    }
    throw ParseError(source, line, column, reason);
  } catch (const TooDeep&) {
    throw ParseError(source, 0, 0,
                     "nested more than " + std::to_string(kMaxDepth) + " levels deep");
  }
}

const Json& json_member(const Json& object, std::string_view key) {
  if (!object.is_object()) throw Error("expected an object holding \"" + std::string(key) + "\"");
  const auto it = object.find(key);
  if (it == object.end()) throw Error("missing \"" + std::string(key) + "\"");
  return *it;
}

double json_number(const Json& object, std::string_view key) {
  const Json& v = json_member(object, key);
  if (!v.is_number()) throw Error("\"" + std::string(key) + "\" must be a number");
  return v.get<double>();
}

std::string json_string(const Json& object, std::string_view key) {
  const Json& v = json_member(object, key);
  if (!v.is_string()) throw Error("\"" + std::string(key) + "\" must be a string");
  return v.get<std::string>();
}

bool json_bool(const Json& object, std::string_view key) {
  const Json& v = json_member(object, key);
  if (!v.is_boolean()) throw Error("\"" + std::string(key) + "\" must be true or false");
  return v.get<bool>();
}

std::string json_text(const Json& doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace);
}

}  // namespace gpulife::app
