// History rule names: recognising them and naming them again for writers.
#include "core/history_rule.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

bool ends_with_ci(std::string_view s, std::string_view tail) {
  if (s.size() < tail.size()) return false;
  for (size_t i = 0; i < tail.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[s.size() - tail.size() + i])) !=
        std::tolower(static_cast<unsigned char>(tail[i])))
      return false;
  }
  return true;
}

}  // namespace

std::optional<RuleSpec> parse_history_rule(std::string_view text) {
  const size_t colon = text.find(':');
  std::string_view body = text.substr(0, colon);
  while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back())))
    body.remove_suffix(1);
  if (!ends_with_ci(body, "History")) return std::nullopt;
  std::string base(body.substr(0, body.size() - 7));
  if (base.empty()) return std::nullopt;
  if (colon != std::string_view::npos) base += std::string(text.substr(colon));
  try {
    return parse_rule(base);
  } catch (const Error& e) {
    throw Error("History rule \"" + text::excerpt(text) +
                "\": its base rule is not one gpulife runs (" + e.what() + ")");
  }
}

FileRule parse_file_rule(std::string_view text, std::string_view source, int64_t line,
                         int64_t column) {
  try {
    if (std::optional<RuleSpec> h = parse_history_rule(text)) return {*h, true};
    return {parse_rule(text), false};
  } catch (const ParseError& e) {
    // Its column counts from the rule text's first character.
    throw ParseError(std::string(source), line, column + std::max<int64_t>(e.column(), 1) - 1,
                     e.reason());
  } catch (const Error& e) {
    throw ParseError(std::string(source), line, column, e.what());
  }
}

std::string history_rule_text(const RuleSpec& spec) {
  std::string s = spec.rule.is_life() ? "LifeHistory" : spec.rule.to_string() + "History";
  if (spec.bounds) s += spec.bounds->to_string();
  return s;
}

std::string history_boundary_refusal() {
  return "History state 6 (boundary) stops its neighbours from living, which the two-state "
         "engines cannot do; replace those cells with state 0 or 2 to run it";
}

}  // namespace gpulife
