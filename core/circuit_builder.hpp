// The rule compiler's building blocks: functions of the neighbourhood as 512-bit truth tables,
// and the builder of a circuit's output stage, whose gates are hashed by function so equal
// subfunctions are built once (internal to core/rule_circuit.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

#include "core/rule_circuit.hpp"

namespace gpulife::circuit {

// A function of the neighbourhood: bit k for neighbourhood index k.
using Truth = std::array<uint64_t, 8>;

Truth cell_truth(int bit);
Truth operator&(const Truth& a, const Truth& b);
Truth operator^(const Truth& a, const Truth& b);
Truth operator~(const Truth& a);
bool none(const Truth& a);
int count(const Truth& a);
// The table of a three-input gate applied to three tables.
Truth apply_lut(uint8_t lut, const Truth& a, const Truth& b, const Truth& c);
// f with cell `bit` fixed to v, as a function of all nine cells again.
Truth cofactor(const Truth& f, int bit, bool v);
bool depends_on(const Truth& f, int bit);

struct Lit {
  int sig = -1;  // -1: a constant
  bool neg = false;
  bool constant() const { return sig < 0; }
};

// Builds the output stage: signals with their tables, gates hashed by function so equal
// subfunctions are built once.
class Builder {
 public:
  explicit Builder(std::vector<Truth> inputs)
      : truth_(std::move(inputs)), inputs_(int(truth_.size())) {
    for (int s = 0; s < inputs_; ++s) remember(s);
  }

  int inputs() const { return inputs_; }
  const Truth& truth(int sig) const { return truth_[size_t(sig)]; }
  int signals() const { return int(truth_.size()); }

  Truth value(Lit l) const {
    if (l.constant()) return l.neg ? ~Truth{} : Truth{};
    return l.neg ? ~truth(l.sig) : truth(l.sig);
  }

  // An existing signal (or its complement) equal to t, if any.
  bool find(const Truth& t, Lit& out) const {
    if (auto it = by_truth_.find(t); it != by_truth_.end()) {
      out = {it->second, false};
      return true;
    }
    if (auto it = by_truth_.find(~t); it != by_truth_.end()) {
      out = {it->second, true};
      return true;
    }
    return false;
  }

  // g (a table over three literal slots, slot 0 = 4) applied to literals a, b, c.
  Lit combine(uint8_t g, Lit a, Lit b, Lit c) {
    const Lit lits[3] = {a, b, c};
    int sigs[3], n = 0;
    for (const Lit& l : lits) {
      if (l.constant()) continue;
      if (std::find(sigs, sigs + n, l.sig) == sigs + n) sigs[n++] = l.sig;
    }
    uint8_t lut = 0;
    for (int j = 0; j < 8; ++j) {
      // Signal values: sigs[0] from bit 2 of j, sigs[1] bit 1, sigs[2] bit 0.
      int slot = 0;
      for (int q = 0; q < 3; ++q) {
        const Lit& l = lits[q];
        bool v = l.neg;
        if (!l.constant()) {
          const int at = int(std::find(sigs, sigs + n, l.sig) - sigs);
          v = v != bool((j >> (2 - at)) & 1);
        }
        slot |= int(v) << (2 - q);
      }
      if ((g >> slot) & 1) lut |= uint8_t(1u << j);
    }
    if (n == 0) sigs[n++] = 0;
    while (n < 3) sigs[n] = sigs[0], ++n;
    return gate(lut, sigs[0], sigs[1], sigs[2]);
  }

  // A gate over three signals, unless an equal signal (or constant) exists.
  Lit gate(uint8_t lut, int a, int b, int c) {
    const Truth t = apply_lut(lut, truth(a), truth(b), truth(c));
    if (none(t)) return {-1, false};
    if (none(~t)) return {-1, true};
    Lit found;
    if (find(t, found)) return found;
    gates_.push_back({lut, {uint16_t(a), uint16_t(b), uint16_t(c)}});
    truth_.push_back(t);
    remember(int(truth_.size()) - 1);
    return {int(truth_.size()) - 1, false};
  }

  // The finished stage: gates reachable from `out`, renumbered, fanout-one gates merged into
  // their reader where three inputs suffice.
  std::vector<CircuitGate> finish(Lit out, uint16_t& output, std::vector<bool>& used_inputs);

 private:
  void remember(int sig) { by_truth_.emplace(truth_[size_t(sig)], sig); }

  std::vector<Truth> truth_;
  int inputs_;
  std::vector<CircuitGate> gates_;  // gate i is signal inputs_ + i
  std::map<Truth, int> by_truth_;
};

// Answers already found for a function on a care set, keyed by (function & care, care).
using CareMemo = std::map<std::pair<Truth, Truth>, Lit>;

// The recursion both care-set constructions share: t on `care` is a constant, an answer found
// before, what `direct(t, care, out)` finds, or else a multiplexer on the signal
// `pick(t, care)` names over the two sides it splits the care set into.
template <class Direct, class Pick>
Lit solve_on_care(Builder& b, CareMemo& memo, const Truth& t, const Truth& care,
                  const Direct& direct, const Pick& pick) {
  const Truth on = t & care;
  if (none(on)) return {-1, false};
  if (on == care) return {-1, true};
  const auto key = std::make_pair(on, care);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  Lit out;
  if (!direct(t, care, out)) {
    const int x = pick(t, care);
    const Truth on_x = b.truth(x);
    const Lit hi = solve_on_care(b, memo, t, care & on_x, direct, pick);
    const Lit lo = solve_on_care(b, memo, t, care & ~on_x, direct, pick);
    out = b.combine(0xCA, {x, false}, hi, lo);  // x ? hi : lo
  }
  return memo[key] = out;
}

// Row-stage features: a function of (west, centre, east), as its LOP3 table over them.
struct RowFeature {
  const char* name;
  uint8_t lut;
};
constexpr RowFeature kRawFeatures[] = {{"w", 0xF0}, {"c", 0xCC}, {"e", 0xAA}};
constexpr RowFeature kSumFeatures[] = {
    {"w", 0xF0}, {"c", 0xCC}, {"e", 0xAA}, {"s0", 0x96}, {"s1", 0xE8}};

// The output stage's inputs for row features `features`: each feature of the rows above, at and
// below the cell.
std::vector<Truth> stage_inputs(std::span<const RowFeature> features);
// Packs a finished output stage and its row stage into a Circuit, dropping unused features.
Circuit assemble(Builder& b, Lit out, std::span<const RowFeature> features);

}  // namespace gpulife::circuit
