// Shared '#' metadata of the Life 1.05 and 1.06 formats.
#include "core/life_meta.hpp"

#include <optional>

#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace gpulife::life_meta {
namespace {

std::string_view after_tag(std::string_view t) {
  t.remove_prefix(std::min<size_t>(2, t.size()));
  if (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  return t;
}

}  // namespace

bool read_line(std::string_view t, Pattern& meta, const Fail& fail) {
  // Trailing spaces of comments are kept so that they survive a round trip exactly.
  if (text::starts_with_ci(t, "#Life") || t.starts_with("#P")) return false;
  if (t.starts_with("#N")) {
    meta.rule = RuleSpec{};  // "normal" Life rules
  } else if (t.starts_with("#R")) {
    const std::string_view r = text::trim(after_tag(t));
    try {
      meta.rule = parse_rule(r);
    } catch (const Error& e) {
      fail(r, e.what());
    }
  } else {
    // #D (and #C) descriptions; other '#' lines are kept as descriptions too. Both go through
    // the same Name:/Author: check, so what is written back as "#D" reads the same.
    const bool tagged = t.starts_with("#D") || t.starts_with("#C");
    const std::string_view d = tagged ? after_tag(t) : t.substr(1);
    if (auto name = text::field_value(d, "Name")) {
      meta.name = std::string(*name);
    } else if (auto author = text::field_value(d, "Author")) {
      meta.author = std::string(*author);
    } else {
      meta.comments.emplace_back(d);
    }
  }
  return true;
}

std::string write_lines(const Pattern& pattern, std::string_view rule_text,
                        std::string_view life_line) {
  std::string out;
  auto put_lines = [&](std::string_view prefix, std::string_view value) {
    size_t start = 0;
    while (true) {
      const size_t end = value.find_first_of("\r\n", start);
      out += "#D ";
      out += prefix;
      out +=
          value.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
      out += '\n';
      if (end == std::string_view::npos) break;
      start =
          end + (value[end] == '\r' && end + 1 < value.size() && value[end + 1] == '\n' ? 2 : 1);
    }
  };
  if (!pattern.name.empty()) put_lines("Name: ", text::one_line(pattern.name));
  if (!pattern.author.empty()) put_lines("Author: ", text::one_line(pattern.author));
  for (const std::string& c : pattern.comments) put_lines("", c);
  if (pattern.rule != RuleSpec{}) {
    out += "#R ";
    out += rule_text;
    out += '\n';
  } else if (!life_line.empty()) {
    out += life_line;
    out += '\n';
  }
  return out;
}

void copy_meta(Pattern& to, Pattern&& from) {
  to.rule = from.rule;
  to.name = std::move(from.name);
  to.author = std::move(from.author);
  to.comments = std::move(from.comments);
}

}  // namespace gpulife::life_meta
