// The command-line parser behind every gpulife subcommand.
#include "app/cli.hpp"

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>

namespace gpulife::app {

ArgParser::ArgParser(std::string command, std::string summary)
    : command_(std::move(command)), summary_(std::move(summary)) {}

void ArgParser::option(std::string long_name, std::string short_name, std::string value_name,
                       std::string help, std::string default_value) {
  options_.push_back({std::move(long_name), std::move(short_name), std::move(value_name),
                      std::move(help), std::move(default_value), false, std::nullopt});
}

void ArgParser::flag(std::string long_name, std::string short_name, std::string help) {
  options_.push_back(
      {std::move(long_name), std::move(short_name), {}, std::move(help), {}, true, std::nullopt});
}

void ArgParser::positional(std::string name, std::string help, bool required) {
  positionals_.push_back({std::move(name), std::move(help), required});
}

bool ArgParser::parse(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-h" || a == "--help") return false;
    if (a.size() > 1 && a[0] == '-' && !(a.size() > 1 && (std::isdigit(uint8_t(a[1])) != 0))) {
      std::string name = a, inline_value;
      bool has_inline = false;
      if (const size_t eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
        name = a.substr(0, eq);
        inline_value = a.substr(eq + 1);
        has_inline = true;
      }
      Option* opt = nullptr;
      for (Option& o : options_)
        if (name == "--" + o.long_name || (!o.short_name.empty() && name == "-" + o.short_name))
          opt = &o;
      if (!opt) throw UsageError("unknown option " + name);
      if (opt->is_flag) {
        if (has_inline) throw UsageError("option --" + opt->long_name + " takes no value");
        opt->value = "1";
      } else if (has_inline) {
        opt->value = inline_value;
      } else {
        if (i + 1 >= args.size())
          throw UsageError("option --" + opt->long_name + " needs a value (" + opt->value_name +
                           ")");
        opt->value = args[++i];
      }
      continue;
    }
    if (positional_values_.size() >= positionals_.size())
      throw UsageError("unexpected argument \"" + a + "\"");
    positional_values_.push_back(a);
  }
  for (size_t i = positional_values_.size(); i < positionals_.size(); ++i)
    if (positionals_[i].required) throw UsageError("missing " + positionals_[i].name);
  return true;
}

const ArgParser::Option& ArgParser::find(std::string_view long_name) const {
  for (const Option& o : options_)
    if (o.long_name == long_name) return o;
  throw std::logic_error("option not declared: " + std::string(long_name));
}

bool ArgParser::has(std::string_view long_name) const {
  return find(long_name).value.has_value();
}

std::string ArgParser::get(std::string_view long_name) const {
  const Option& o = find(long_name);
  return o.value.value_or(o.default_value);
}

std::optional<std::string> ArgParser::positional_value(size_t index) const {
  if (index < positional_values_.size()) return positional_values_[index];
  return std::nullopt;
}

long long ArgParser::get_int(std::string_view long_name, long long min, long long max) const {
  const std::string text = get(long_name);
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < min || v > max)
    throw UsageError("--" + std::string(long_name) + " expects a whole number from " +
                     std::to_string(min) + " to " + std::to_string(max) + ", got \"" + text + "\"");
  return v;
}

double ArgParser::get_double(std::string_view long_name, double min, double max) const {
  const std::string text = get(long_name);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  // Bounds as briefly as they read back ("0 to 1", not "0.000000 to 1.000000").
  const auto shortest = [](double x) {
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
  };
  if (text.empty() || end != text.c_str() + text.size() || !(v >= min && v <= max))
    throw UsageError("--" + std::string(long_name) + " expects a number from " + shortest(min) +
                     " to " + shortest(max) + ", got \"" + text + "\"");
  return v;
}

std::string ArgParser::usage() const {
  std::string s = "usage: gpulife " + command_;
  if (!options_.empty()) s += " [options]";
  for (const Positional& p : positionals_) s += p.required ? " " + p.name : " [" + p.name + "]";
  s += "\n\n" + summary_ + "\n";
  if (!positionals_.empty()) {
    s += "\narguments:\n";
    for (const Positional& p : positionals_) s += "  " + p.name + "\n      " + p.help + "\n";
  }
  s += "\noptions:\n";
  for (const Option& o : options_) {
    std::string left = "  ";
    if (!o.short_name.empty()) left += "-" + o.short_name + ", ";
    left += "--" + o.long_name;
    if (!o.is_flag) left += " " + o.value_name;
    s += left + "\n      " + o.help;
    if (!o.default_value.empty()) s += " (default: " + o.default_value + ")";
    s += "\n";
  }
  s += "  -h, --help\n      show this help\n";
  return s;
}

std::vector<std::string> split_list(std::string_view list) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = list.find(',', start);
    const std::string_view item =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (!item.empty()) out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace gpulife::app
