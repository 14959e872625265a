// The rule compiler: any two-state rule as a boolean circuit of three-input gates over the nine
// cells of the neighbourhood, for bit-sliced engines (one gate is one bitwise instruction on a
// word of 32, 64 or 512 cells; a LOP3 on the GPU, VPTERNLOG with AVX-512).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rule.hpp"

namespace gpulife {

// A gate: any function of three signals, as its truth table in LOP3 order: bit (4a + 2b + c)
// of `lut` is the output for inputs a, b, c (so a = 0xF0, b = 0xCC, c = 0xAA).
struct CircuitGate {
  uint8_t lut = 0;
  uint16_t in[3] = {0, 0, 0};
  bool operator==(const CircuitGate&) const = default;
};

// Two stages, so that work on one row is done once per row rather than once per output row:
//  - the row stage runs on every row: its signals 0, 1, 2 are a cell's west neighbour, the
//    cell and its east neighbour in that row, then one signal per row gate; row_features lists
//    the row-stage signals each row keeps;
//  - the output stage runs once per cell: its signals are feature f of the row above (f), of
//    the cell's own row (m + f) and of the row below (2m + f), m = row_features.size(), then one
//    signal per gate. `output` is the output-stage signal holding the next state.
struct Circuit {
  std::vector<CircuitGate> row_gates;
  std::vector<uint16_t> row_features;
  std::vector<CircuitGate> gates;
  uint16_t output = 0;

  int features() const { return int(row_features.size()); }
  // Gates per cell and generation: each row's gates once, plus the output gates.
  int cost() const { return int(row_gates.size() + gates.size()); }
  // The next state of a neighbourhood index (0..511), evaluated gate by gate (for tests).
  bool evaluate(int index) const;
  // One line per gate, e.g. "r3 = lop3<0x96>(w, c, e)" and "g5 = lop3<0xE8>(r3.up, ...)".
  std::string describe() const;
  bool operator==(const Circuit&) const = default;
};

// Compiles a rule into a circuit with few gates: the cheapest of a binary decision diagram on
// the nine cells (best variable order found by sifting), a decomposition over the rows'
// neighbour sums and the total count, which Life-like and isotropic rules favour, and a cover
// whose small pieces are searched gates over everything built so far, which tables without
// structure favour. Always exact: evaluate(k) == rule.next(k) for every k.
Circuit compile_rule(const Rule& rule);

}  // namespace gpulife
