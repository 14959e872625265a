// Rule bodies as text (the part before any bounded-grid suffix): B/S counts with Hensel's
// letters and the H and V suffixes, and MAP tables in base64, read and written as Golly does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/rule.hpp"

namespace gpulife::rule_text {

// Parses a rule body that is not a name. `column` is the 1-based column of body[0] within
// `whole`, the text the user gave, for the ParseError thrown when it is malformed.
Rule parse_body(std::string_view body, std::string_view whole, int64_t column);

// Golly's canonical text of a rule body.
std::string format(const Rule& rule);

// Throws the ParseError of a malformed rule: source "rule", line 1, the column in `whole`.
[[noreturn]] void fail(std::string_view whole, int64_t column, const std::string& why);

// Which Moore neighbourhood bits a neighbourhood reads (the centre excluded).
int neighbour_mask(Neighbourhood neighbourhood);
// The largest neighbour count of a neighbourhood: 8, 6 or 4.
int max_count(Neighbourhood neighbourhood);

}  // namespace gpulife::rule_text
