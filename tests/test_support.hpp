// Small helpers the suites share: the message of the Error a call throws, and a folder that
// lives as long as a test.
#pragma once

#include <cctype>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "core/engine.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"

namespace gpulife::test {

// A parameterised test's name from its engine-name parameter: gtest allows only letters, digits
// and '_' there, so "bit-multistep" becomes "bit_multistep".
struct EngineParamName {
  template <class ParamInfo>
  std::string operator()(const ParamInfo& info) const {
    std::string name = info.param;
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
  }
};

// The engine's whole state as a Grid.
inline Grid state(const Engine& engine) {
  Grid g;
  engine.store(g);
  return g;
}

// What the Error thrown by f() says; empty when it throws none.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// The entries of `want` that `got` lacks or holds with another value, one "key: got (want W)"
// line each; empty when all match, so EXPECT_EQ(mismatched_entries(...), "") names every miss.
inline std::string mismatched_entries(
    const std::map<std::string, std::string>& got,
    const std::vector<std::pair<std::string, std::string>>& want) {
  std::string out;
  for (const auto& [key, value] : want) {
    const auto it = got.find(key);
    if (it == got.end())
      out += key + ": missing (want " + value + ")\n";
    else if (it->second != value)
      out += key + ": " + it->second + " (want " + value + ")\n";
  }
  return out;
}

// A fresh folder under the system's temporary one, removed with everything in it afterwards.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "gpulife_test_") {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / (prefix + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace gpulife::test
