// What Life 1.05 and Life 1.06 files share: their '#' metadata lines (#D descriptions with
// Name:/Author:, #N, #R rules) and writing them back.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife::life_meta {

// Reports an error at a part of the current line (the caller knows the line and source).
using Fail = std::function<void(std::string_view part, const std::string& what)>;

// Applies one '#' line (already left-trimmed) to `meta`: #N and #R set the rule, #D and #C
// (and unknown tags) become descriptions, "Name:"/"Author:" ones the name and author. Returns
// false for the lines each format handles itself: #Life and #P.
bool read_line(std::string_view line, Pattern& meta, const Fail& fail);

// The #D lines for the name, author and comments, then the rule line: "#R" + `rule_text` when
// the rule is not plain Life, else `life_line` (empty for none).
std::string write_lines(const Pattern& pattern, std::string_view rule_text,
                        std::string_view life_line);

// Copies the metadata read by read_line() onto a pattern.
void copy_meta(Pattern& to, Pattern&& from);

}  // namespace gpulife::life_meta
