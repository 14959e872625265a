// B0 emulation: the step rules of each phase, derived from the rule's table in one place.
#include "core/rule_phases.hpp"

namespace gpulife {
namespace {

// A step rule keeps the rule's neighbourhood; it prints as a MAP table unless its table is
// outer-totalistic (so engines' count-based fast paths still recognise it).
Rule step_rule(const RuleTable& table, const Rule& like) {
  const Rule map = Rule::from_table(table, RuleNotation::Map, like.neighbourhood());
  if (map.is_outer_totalistic()) return Rule(map.birth(), map.survival());
  return map;
}

}  // namespace

RulePhases rule_phases(const Rule& rule) {
  RulePhases p;
  if (!rule.has_b0()) {
    p.step[0] = p.step[1] = rule;
    return p;
  }
  if (rule.has_smax()) {
    // Stored = NOT true throughout: next stored = NOT rule(NOT stored).
    const Rule r = step_rule(rule.table().reversed().inverted(), rule);
    p.step[0] = p.step[1] = r;
    p.inverted[0] = p.inverted[1] = true;
    return p;
  }
  // Even phases hold the true cells and store the complement of the next state; odd phases
  // hold the complement and store the true next state.
  p.step[0] = step_rule(rule.table().inverted(), rule);
  p.step[1] = step_rule(rule.table().reversed(), rule);
  p.inverted[1] = true;
  return p;
}

void invert_cells(Grid& grid) {
  if (grid.width() == 0) return;
  const uint64_t last = grid.last_word_mask();
  const int64_t words = grid.words_per_row();
  for (int64_t y = 0; y < grid.height(); ++y) {
    uint64_t* row = grid.row(y);
    for (int64_t j = 0; j < words; ++j) row[j] = ~row[j];
    row[words - 1] &= last;
  }
}

bool golly_inverts(const Rule& rule, uint64_t generation) {
  if (!rule.has_b0()) return false;
  return rule.has_smax() || (generation & 1u);
}

void convert_golly_cells(Grid& grid, const Rule& rule, uint64_t generation) {
  if (golly_inverts(rule, generation)) invert_cells(grid);
}

}  // namespace gpulife
