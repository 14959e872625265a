// A small command-line parser: options with values, flags, positionals, and usage errors.
// Kept rather than CLI11 (Debian's libcli11-dev 2.1): it is about 130 lines, every command's
// help and its range-checked getters (get_int/get_double naming the option and the range) are
// written against it, and CLI11 would change the help layout and error wording the command tests
// read without removing any code of ours but this file.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gpulife::app {

// A bad command line: the dispatcher prints the message and the command's usage, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Declares options, then parse() fills them; unknown options and missing values are UsageErrors.
class ArgParser {
 public:
  ArgParser(std::string command, std::string summary);

  // An option taking a value: "--size 4096", "--size=4096" or "-s 4096".
  void option(std::string long_name, std::string short_name, std::string value_name,
              std::string help, std::string default_value = {});
  // A flag without a value.
  void flag(std::string long_name, std::string short_name, std::string help);
  // Positional arguments, in order; `required` ones must be given.
  void positional(std::string name, std::string help, bool required);

  // Returns false when --help was asked for (the caller prints usage() and exits 0).
  bool parse(const std::vector<std::string>& args);

  bool has(std::string_view long_name) const;         // given on the command line
  std::string get(std::string_view long_name) const;  // value, or default
  std::optional<std::string> positional_value(size_t index) const;
  // Numeric values with range checks; throw UsageError naming the option.
  long long get_int(std::string_view long_name, long long min, long long max) const;
  double get_double(std::string_view long_name, double min, double max) const;

  std::string usage() const;

 private:
  struct Option {
    std::string long_name, short_name, value_name, help, default_value;
    bool is_flag = false;
    std::optional<std::string> value;
  };
  struct Positional {
    std::string name, help;
    bool required = false;
  };
  const Option& find(std::string_view long_name) const;

  std::string command_;
  std::string summary_;
  std::vector<Option> options_;
  std::vector<Positional> positionals_;
  std::vector<std::string> positional_values_;
};

// The non-empty items of a comma-separated list ("a,,b" is a and b), e.g. --engines.
std::vector<std::string> split_list(std::string_view list);

}  // namespace gpulife::app
