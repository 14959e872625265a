// libFuzzer target for the rule parser: no crash, and canonical text parses back to the same rule.
#include <string>

#include "core/error.hpp"
#include "core/rule.hpp"
#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gpulife;
  RuleSpec spec;
  try {
    spec = parse_rule(fuzz::as_text(data, size));
  } catch (const Error&) {
    return 0;
  }
  const std::string text = spec.to_string();
  if (spec.rule.is_outer_totalistic())
    fuzz::check(spec.rule.birth() < 512 && spec.rule.survival() < 512, "mask beyond 8 neighbours",
                text);
  RuleSpec back;
  try {
    back = parse_rule(text);
  } catch (const Error& e) {
    fuzz::fail("canonical rule text does not parse", std::string(e.what()) + "\n" + text);
  }
  fuzz::check(back == spec, "rule differs after to_string -> parse", text);
  fuzz::check(back.to_string() == text, "canonical text is not stable", text);
  return 0;
}
