// Recursive-descent JSON parsing: RFC 8259 values; \u escapes become UTF-8.
#include "app/json_reader.hpp"

#include <cctype>
#include <charconv>
#include <cstdint>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

class Parser {
 public:
  Parser(std::string_view text, const std::string& source) : s_(text), source_(source) {}

  JsonValue document() {
    JsonValue v = value(0);
    skip_space();
    if (i_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  // Deep nesting is not something bench writes; the limit keeps the recursion bounded.
  static constexpr int kMaxDepth = 64;

  [[noreturn]] void fail(const std::string& what) const {
    int64_t line = 1, column = 1;
    for (size_t k = 0; k < i_ && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw ParseError(source_, line, column, what);
  }

  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      ++i_;
  }

  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }

  JsonValue value(int depth) {
    if (depth > kMaxDepth) fail("JSON nested too deeply");
    skip_space();
    if (i_ >= s_.size()) fail("unexpected end of the JSON text");
    JsonValue v;
    const char c = s_[i_];
    if (c == '{') {
      v.kind = JsonValue::Kind::Object;
      ++i_;
      skip_space();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return v;
      }
      for (;;) {
        skip_space();
        if (i_ >= s_.size() || s_[i_] != '"') fail("expected a quoted key");
        std::string key = string();
        skip_space();
        if (i_ >= s_.size() || s_[i_] != ':') fail("expected ':' after a key");
        ++i_;
        v.members[key] = value(depth + 1);
        skip_space();
        if (i_ < s_.size() && s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < s_.size() && s_[i_] == '}') {
          ++i_;
          return v;
        }
        fail("expected ',' or '}' in an object");
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::Array;
      ++i_;
      skip_space();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return v;
      }
      for (;;) {
        v.items.push_back(value(depth + 1));
        skip_space();
        if (i_ < s_.size() && s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < s_.size() && s_[i_] == ']') {
          ++i_;
          return v;
        }
        fail("expected ',' or ']' in an array");
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::String;
      v.text = string();
      return v;
    }
    if (literal("true") || literal("false")) {
      v.kind = JsonValue::Kind::Bool;
      v.boolean = c == 't';
      return v;
    }
    if (literal("null")) return v;
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      v.kind = JsonValue::Kind::Number;
      const char* begin = s_.data() + i_;
      const auto [end, ec] = std::from_chars(begin, s_.data() + s_.size(), v.number);
      if (ec != std::errc()) fail("malformed number");
      i_ += size_t(end - begin);
      return v;
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  void put_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  uint32_t hex4() {
    if (i_ + 4 > s_.size()) fail("short \\u escape");
    uint32_t cp = 0;
    const auto [end, ec] = std::from_chars(s_.data() + i_, s_.data() + i_ + 4, cp, 16);
    if (ec != std::errc() || end != s_.data() + i_ + 4) fail("malformed \\u escape");
    i_ += 4;
    return cp;
  }

  std::string string() {
    ++i_;  // opening quote
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      const char c = s_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("control character inside a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          uint32_t cp = hex4();
          // A surrogate pair spells one code point outside the basic plane.
          if (cp >= 0xD800 && cp < 0xDC00 && literal("\\u")) {
            const uint32_t low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("unpaired surrogate in a \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          put_utf8(out, cp);
          break;
        }
        default:
          fail(std::string("unknown escape '\\") + e + "'");
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;  // closing quote
    return out;
  }

  std::string_view s_;
  const std::string& source_;
  size_t i_ = 0;
};

}  // namespace

const JsonValue& JsonValue::at(std::string_view key) const {
  if (kind != Kind::Object)
    throw Error("expected a JSON object holding \"" + std::string(key) + "\"");
  const auto it = members.find(key);
  if (it == members.end()) throw Error("missing \"" + std::string(key) + "\" in the JSON");
  return it->second;
}

double JsonValue::as_number(std::string_view what) const {
  if (kind != Kind::Number) throw Error("\"" + std::string(what) + "\" must be a number");
  return number;
}

const std::string& JsonValue::as_string(std::string_view what) const {
  if (kind != Kind::String) throw Error("\"" + std::string(what) + "\" must be a string");
  return text;
}

bool JsonValue::as_bool(std::string_view what) const {
  if (kind != Kind::Bool) throw Error("\"" + std::string(what) + "\" must be true or false");
  return boolean;
}

JsonValue parse_json(std::string_view text, const std::string& source) {
  return Parser(text, source).document();
}

}  // namespace gpulife::app
