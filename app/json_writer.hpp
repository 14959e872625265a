// Writing JSON by hand for command reports: one quoting function, so every command escapes alike.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace gpulife::app {

// `text` as a JSON string literal, quotes included; control characters become \u escapes.
inline std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace gpulife::app
