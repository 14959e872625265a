// `gpulife identify`: what a pattern is (still life, oscillator, spaceship), its period,
// displacement and speed, as "key: value" lines (or JSON).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/grid_setup.hpp"
#include "app/json_writer.hpp"
#include "core/error.hpp"
#include "core/identify.hpp"
#include "core/pattern_io.hpp"

namespace gpulife::app {
namespace {

std::string identify_json(const IdentifyResult& r, const std::string& name, const Rule& rule,
                          uint64_t max_period) {
  std::string j = "{\n";
  auto field = [&](const char* key, const std::string& value, bool last = false) {
    j += "  " + json_quote(key) + ": " + value + (last ? "\n" : ",\n");
  };
  auto number = [](double v) {
    char text[48];
    std::snprintf(text, sizeof text, "%.6g", v);
    return std::string(text);
  };
  field("pattern", json_quote(name));
  field("rule", json_quote(rule.to_string()));
  field("type", json_quote(to_string(r.kind)));
  field("max_period", std::to_string(max_period));
  field("period", std::to_string(r.period));
  field("displacement", "[" + std::to_string(r.dx) + ", " + std::to_string(r.dy) + "]");
  field("speed", json_quote(r.speed));
  field("heading", json_quote(r.heading));
  field("start_generation", std::to_string(r.start_generation));
  field("population_min", std::to_string(r.population_min));
  field("population_max", std::to_string(r.population_max));
  field("population_mean", number(r.population_mean));
  field("bounding_box",
        "[" + std::to_string(r.box_width) + ", " + std::to_string(r.box_height) + "]");
  field("heat", number(r.heat));
  field("rotor_cells", std::to_string(r.rotor));
  field("stator_cells", std::to_string(r.stator));
  field("volatility", number(r.volatility));
  field("generations_run", std::to_string(r.generations_run));
  field("reason", json_quote(r.reason), true);
  return j + "}\n";
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
  p.option("rule", "r", "RULE", "override the pattern's rule, e.g. B36/S23");
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
      p.has("json") ? identify_json(r, name, pattern.rule.rule, options.max_period) : "";
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
