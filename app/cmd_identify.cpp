// `gpulife identify`: what a pattern is (still life, oscillator, spaceship), its period,
// displacement and speed, as "key: value" lines (or JSON).
#include <fstream>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/common_options.hpp"
#include "app/grid_setup.hpp"
#include "app/json.hpp"
#include "core/error.hpp"
#include "core/identify.hpp"
#include "core/pattern_io.hpp"

namespace gpulife {

// The result's fields that the JSON names as IdentifyResult does; identify_json adds the rest.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(IdentifyResult, period, speed, heading, start_generation,
                                   population_min, population_max, population_mean, heat,
                                   volatility, generations_run, reason)

}  // namespace gpulife

namespace gpulife::app {
namespace {

Json identify_json(const IdentifyResult& r, const std::string& name, const Rule& rule,
                   uint64_t max_period) {
  Json j = r;
  j.update({{"pattern", name},
            {"rule", rule.to_string()},
            {"type", std::string(to_string(r.kind))},
            {"max_period", max_period},
            {"displacement", {r.dx, r.dy}},
            {"bounding_box", {r.box_width, r.box_height}},
            {"rotor_cells", r.rotor},
            {"stator_cells", r.stator}});
  return j;
}

}  // namespace

int identify_command(const std::vector<std::string>& args) {
  ArgParser p("identify",
              "Runs PATTERN on an unbounded plane until a generation repeats up to translation "
              "and reports what it is: type (still life, oscillator, spaceship), period, "
              "displacement per period (x right, y down), speed, population, bounding box, heat, "
              "and for oscillators the rotor and stator cells. One \"key: value\" per line.");
  p.positional("PATTERN", "pattern file (.rle, .cells, Life 1.06) or a bundled name such as lwss",
               true);
  p.option("max-period", "m", "N",
           "generations searched for a repeat (periods up to N, transients up to N minus the "
           "period)",
           "1024");
  add_rule_option(p);
  p.option("json", "", "FILE", "also write the result as JSON (\"-\" for stdout instead)");
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }
  const std::string source = *p.positional_value(0);
  Pattern pattern = load_named_pattern(source);
  if (p.has("rule")) pattern.rule = parse_rule(p.get("rule"));
  if (pattern.rule.bounds)
    std::cerr << "note: identify runs on an unbounded plane; the rule's bounded grid ("
              << pattern.rule.to_string() << ") is left out\n";
  IdentifyOptions options;
  options.max_period =
      uint64_t(p.get_int("max-period", 1, static_cast<long long>(kMaxIdentifyPeriod)));
  const IdentifyResult r = identify(pattern, pattern.rule.rule, options);
  const std::string name = pattern.name.empty() ? source : pattern.name;
  const std::string json =
      p.has("json")
          ? json_text(identify_json(r, name, pattern.rule.rule, options.max_period)) + "\n"
          : "";
  if (p.has("json") && p.get("json") == "-") {
    std::cout << json;
    return 0;
  }
  std::cout << "pattern: " << name << "\n"
            << "rule: " << pattern.rule.rule.to_string() << "\n";
  for (const auto& [key, value] : identify_fields(r, options.max_period))
    std::cout << key << ": " << value << "\n";
  if (p.has("json")) {
    std::ofstream out(p.get("json"));
    if (!out || !(out << json)) throw Error("cannot write " + p.get("json"));
  }
  return 0;
}

}  // namespace gpulife::app
