// History rules (Golly's LifeHistory, and "<rule>History"): seven states whose odd ones are
// alive; gpulife runs their two-state projection and keeps the other states as annotations.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rule.hpp"

namespace gpulife {

// States of a History rule: 0 off, 1 on, 2 history (was on), 3 marked on, 4 marked off,
// 5 start on, 6 boundary.
inline constexpr int kHistoryStates = 7;
inline constexpr int kHistoryBoundary = 6;

inline bool history_state_alive(int state) {
  return (state & 1) != 0;
}

// The two-state rule (with its bounded-grid suffix) that `text` names as a History rule:
// "LifeHistory" is B3/S23, "B36/S23History" or "HighLifeHistory" the History form of that rule.
// nullopt when the text names no History rule; Error when it does but the base is not a rule.
std::optional<RuleSpec> parse_history_rule(std::string_view text);

// The name a writer gives the History form of a rule: "LifeHistory" for Life, otherwise the
// rule followed by "History" (as Golly 4 spells it); the bounded-grid suffix follows.
std::string history_rule_text(const RuleSpec& spec);

// A pattern file's rule text: a History rule (`history` set) or any rule parse_rule reads.
struct FileRule {
  RuleSpec spec;
  bool history = false;
};
// Reads it for the pattern readers: a malformed rule is a ParseError on `line` of `source` at
// the offending character, `text` starting at `column`.
FileRule parse_file_rule(std::string_view text, std::string_view source, int64_t line,
                         int64_t column);

// Why a History pattern with boundary cells (state 6) cannot be read, for readers' errors.
std::string history_boundary_refusal();

}  // namespace gpulife
