// `gpulife rule`: what a rule is (canonical text, name, notation, B0 emulation) and what the rule
// compiler makes of it (gates per cell against B3/S23's, and the circuit itself on request).
#include <iostream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/rule.hpp"
#include "core/rule_circuit.hpp"
#include "core/rule_phases.hpp"

namespace gpulife::app {
namespace {

struct PhaseReport {
  std::string rule;  // the step rule of this phase
  bool inverted = false;
  Circuit circuit;
};

struct RuleReport {
  std::string canonical;
  std::string name;
  std::string notation;
  std::string neighbourhood;
  bool outer_totalistic = false;
  std::vector<PhaseReport> phases;  // one, or two for B0 without Smax
  int life_gates = 0;
};

RuleReport describe_rule(const RuleSpec& spec) {
  const Rule& rule = spec.rule;
  RuleReport r;
  r.canonical = spec.to_string();
  if (auto n = rule_name(rule)) r.name = std::string(*n);
  r.notation = rule.notation() == RuleNotation::Map         ? "MAP table"
               : rule.notation() == RuleNotation::Isotropic ? "isotropic non-totalistic (Hensel)"
                                                            : "totalistic";
  r.neighbourhood = rule.neighbourhood() == Neighbourhood::Moore       ? "Moore"
                    : rule.neighbourhood() == Neighbourhood::Hexagonal ? "hexagonal"
                                                                       : "von Neumann";
  r.outer_totalistic = rule.is_outer_totalistic();
  const RulePhases phases = rule_phases(rule);
  for (int p = 0; p < (phases.alternates() ? 2 : 1); ++p)
    r.phases.push_back(
        {phases.step[p].to_string(), phases.inverted[p], compile_rule(phases.step[p])});
  r.life_gates = compile_rule(Rule::life()).cost();
  return r;
}

void print(const RuleReport& r, bool circuit) {
  std::cout << "rule:          " << r.canonical << (r.name.empty() ? "" : "  (" + r.name + ")")
            << "\n"
            << "notation:      " << r.notation << ", " << r.neighbourhood << " neighbourhood"
            << (r.outer_totalistic ? ", outer-totalistic" : "") << "\n";
  for (size_t p = 0; p < r.phases.size(); ++p) {
    const PhaseReport& ph = r.phases[p];
    // Only B0 rules are emulated: alternating phases, or one on complemented cells.
    if (r.phases.size() > 1 || ph.inverted)
      std::cout << "B0 emulation:  " << (r.phases.size() > 1 ? (p ? "odd" : "even") : "every")
                << " generation steps " << ph.rule
                << (ph.inverted ? " (stored cells are the complement)" : "") << "\n";
    std::cout << "circuit:       " << ph.circuit.cost() << " gates per cell ("
              << ph.circuit.row_gates.size() << " per row, " << ph.circuit.gates.size()
              << " per cell, " << ph.circuit.features()
              << " row features); B3/S23: " << r.life_gates << "\n";
    if (circuit) std::cout << ph.circuit.describe();
  }
}

}  // namespace

int rule_command(const std::vector<std::string>& args) {
  ArgParser p("rule",
              "Shows a rule's canonical text as Golly writes it, its notation, how B0 is emulated, "
              "and the circuit the bit-sliced engines compile it into.");
  p.positional("RULE", "a rule in any notation, e.g. B2-a/S12, MAP..., HighLife", true);
  p.flag("circuit", "c", "also list the circuit's gates (LOP3 truth tables)");
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }
  print(describe_rule(parse_rule(*p.positional_value(0))), p.has("circuit"));
  return 0;
}

}  // namespace gpulife::app
