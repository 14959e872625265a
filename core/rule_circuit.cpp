// The rule compiler: truth tables over the 512 neighbourhoods, functionally hashed gates, and
// two ways to decompose a rule (a decision diagram on the cells, or one over neighbour sums),
// of which the cheaper wins.
#include "core/rule_circuit.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <mutex>
#include <numeric>
#include <random>

#include "core/error.hpp"

namespace gpulife {
namespace {

// A function of the neighbourhood: bit k for neighbourhood index k.
using Truth = std::array<uint64_t, 8>;

constexpr uint64_t kLowMasks[6] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull,
                                   0xF0F0F0F0F0F0F0F0ull, 0xFF00FF00FF00FF00ull,
                                   0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};

Truth cell_truth(int bit) {
  Truth t{};
  for (int k = 0; k < kNeighbourhoods; ++k)
    if ((k >> bit) & 1) t[size_t(k >> 6)] |= uint64_t{1} << (k & 63);
  return t;
}

Truth operator&(const Truth& a, const Truth& b) {
  Truth r;
  for (size_t i = 0; i < 8; ++i) r[i] = a[i] & b[i];
  return r;
}
Truth operator^(const Truth& a, const Truth& b) {
  Truth r;
  for (size_t i = 0; i < 8; ++i) r[i] = a[i] ^ b[i];
  return r;
}
Truth operator~(const Truth& a) {
  Truth r;
  for (size_t i = 0; i < 8; ++i) r[i] = ~a[i];
  return r;
}
bool none(const Truth& a) {
  for (uint64_t w : a)
    if (w) return false;
  return true;
}
int count(const Truth& a) {
  int n = 0;
  for (uint64_t w : a) n += std::popcount(w);
  return n;
}

// The table of a three-input gate applied to three tables.
Truth apply_lut(uint8_t lut, const Truth& a, const Truth& b, const Truth& c) {
  Truth r{};
  for (int j = 0; j < 8; ++j) {
    if (!((lut >> j) & 1)) continue;
    for (size_t i = 0; i < 8; ++i)
      r[i] |= ((j & 4) ? a[i] : ~a[i]) & ((j & 2) ? b[i] : ~b[i]) & ((j & 1) ? c[i] : ~c[i]);
  }
  return r;
}

// f with cell `bit` fixed to v, as a function of all nine cells again.
Truth cofactor(const Truth& f, int bit, bool v) {
  Truth r;
  if (bit < 6) {
    const uint64_t m = kLowMasks[bit];
    const int s = 1 << bit;
    for (size_t i = 0; i < 8; ++i) {
      const uint64_t keep = v ? f[i] & m : f[i] & ~m;
      r[i] = v ? keep | (keep >> s) : keep | (keep << s);
    }
  } else {
    const size_t s = size_t(1) << (bit - 6);
    for (size_t i = 0; i < 8; ++i) r[i] = f[v ? i | s : i & ~s];
  }
  return r;
}

bool depends_on(const Truth& f, int bit) {
  return cofactor(f, bit, true) != cofactor(f, bit, false);
}

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

// Output-stage gates with signal numbers, merged and pruned.
std::vector<CircuitGate> Builder::finish(Lit out, uint16_t& output,
                                         std::vector<bool>& used_inputs) {
  std::vector<CircuitGate> g = gates_;
  int root;
  if (out.constant()) {
    g.push_back({uint8_t(out.neg ? 0xFF : 0x00), {0, 0, 0}});
    root = inputs_ + int(g.size()) - 1;
  } else if (out.neg) {
    g.push_back({0x0F, {uint16_t(out.sig), uint16_t(out.sig), uint16_t(out.sig)}});
    root = inputs_ + int(g.size()) - 1;
  } else {
    root = out.sig;
  }
  auto is_gate = [&](int s) { return s >= inputs_; };
  auto live_set = [&] {
    std::vector<bool> live(size_t(inputs_) + g.size(), false);
    live[size_t(root)] = true;
    for (size_t i = g.size(); i-- > 0;)
      if (live[size_t(inputs_) + i])
        for (uint16_t s : g[i].in) live[s] = true;
    return live;
  };
  // Merge a gate's fanout-one gate inputs into it when the union of inputs stays at three.
  for (bool changed = true; changed;) {
    changed = false;
    const std::vector<bool> live = live_set();
    std::vector<int> fanout(live.size(), 0);
    for (size_t i = 0; i < g.size(); ++i) {
      if (!live[size_t(inputs_) + i]) continue;
      const CircuitGate& x = g[i];
      for (int q = 0; q < 3; ++q)
        if (std::find(x.in, x.in + q, x.in[q]) == x.in + q) ++fanout[x.in[q]];
    }
    for (size_t i = 0; i < g.size() && !changed; ++i) {
      if (!live[size_t(inputs_) + i]) continue;
      for (int q = 0; q < 3 && !changed; ++q) {
        const int h = g[i].in[q];
        if (!is_gate(h) || fanout[size_t(h)] != 1 || h == root) continue;
        const CircuitGate& inner = g[size_t(h - inputs_)];
        int sigs[6], n = 0;
        for (int p = 0; p < 3; ++p)
          if (g[i].in[p] != h && std::find(sigs, sigs + n, g[i].in[p]) == sigs + n)
            sigs[n++] = g[i].in[p];
        for (int p = 0; p < 3; ++p)
          if (std::find(sigs, sigs + n, inner.in[p]) == sigs + n) sigs[n++] = inner.in[p];
        if (n > 3) continue;
        while (n < 3) sigs[n++] = sigs[0];
        uint8_t lut = 0;
        for (int j = 0; j < 8; ++j) {
          auto val = [&](int s) {
            return int((j >> (2 - int(std::find(sigs, sigs + 3, s) - sigs))) & 1);
          };
          const int hv =
              (inner.lut >> (4 * val(inner.in[0]) + 2 * val(inner.in[1]) + val(inner.in[2]))) & 1;
          auto outer = [&](int p) { return g[i].in[p] == h ? hv : val(g[i].in[p]); };
          if ((g[i].lut >> (4 * outer(0) + 2 * outer(1) + outer(2))) & 1) lut |= uint8_t(1u << j);
        }
        g[i] = {lut, {uint16_t(sigs[0]), uint16_t(sigs[1]), uint16_t(sigs[2])}};
        changed = true;
      }
    }
  }
  // Keep what the root needs, in order, renumbered.
  const std::vector<bool> live = live_set();
  std::vector<int> number(live.size(), -1);
  for (int s = 0; s < inputs_; ++s) number[size_t(s)] = s;
  std::vector<CircuitGate> kept;
  for (size_t i = 0; i < g.size(); ++i) {
    if (!live[size_t(inputs_) + i]) continue;
    CircuitGate x = g[i];
    for (uint16_t& s : x.in) s = uint16_t(number[s]);
    number[size_t(inputs_) + i] = inputs_ + int(kept.size());
    kept.push_back(x);
  }
  output = uint16_t(number[size_t(root)]);
  used_inputs.assign(size_t(inputs_), false);
  for (int s = 0; s < inputs_; ++s) used_inputs[size_t(s)] = live[size_t(s)];
  return kept;
}

// Row-stage features: a function of (west, centre, east), as its LOP3 table over them.
struct RowFeature {
  const char* name;
  uint8_t lut;
};
constexpr RowFeature kRawFeatures[] = {{"w", 0xF0}, {"c", 0xCC}, {"e", 0xAA}};
constexpr RowFeature kSumFeatures[] = {
    {"w", 0xF0}, {"c", 0xCC}, {"e", 0xAA}, {"s0", 0x96}, {"s1", 0xE8}};

// The table of feature `lut` of row r (0 above, 1 the cell's, 2 below).
Truth feature_truth(uint8_t lut, int r) {
  return apply_lut(lut, cell_truth(neighbourhood_bit(r, 0)), cell_truth(neighbourhood_bit(r, 1)),
                   cell_truth(neighbourhood_bit(r, 2)));
}

std::vector<Truth> stage_inputs(std::span<const RowFeature> features) {
  std::vector<Truth> in;
  for (int r = 0; r < 3; ++r)
    for (const RowFeature& f : features) in.push_back(feature_truth(f.lut, r));
  return in;
}

// Packs a finished output stage and its row stage into a Circuit, dropping unused features.
Circuit assemble(Builder& b, Lit out, std::span<const RowFeature> features) {
  Circuit c;
  std::vector<bool> used;
  std::vector<CircuitGate> gates = b.finish(out, c.output, used);
  const int m = int(features.size());
  std::vector<int> keep;  // features used in any row
  for (int f = 0; f < m; ++f)
    if (used[size_t(f)] || used[size_t(m + f)] || used[size_t(2 * m + f)]) keep.push_back(f);
  const int k = int(keep.size());
  auto renumber = [&](uint16_t s) -> uint16_t {
    if (s >= 3 * m) return uint16_t(s - 3 * m + 3 * k);
    const int r = s / m, f = s % m;
    const int at = int(std::find(keep.begin(), keep.end(), f) - keep.begin());
    return uint16_t(r * k + at);
  };
  for (CircuitGate& g : gates)
    for (uint16_t& s : g.in) s = renumber(s);
  c.output = renumber(c.output);
  c.gates = std::move(gates);
  for (int f : keep) {
    if (features[size_t(f)].lut == 0xF0 || features[size_t(f)].lut == 0xCC ||
        features[size_t(f)].lut == 0xAA) {
      c.row_features.push_back(uint16_t(features[size_t(f)].lut == 0xF0   ? 0
                                        : features[size_t(f)].lut == 0xCC ? 1
                                                                          : 2));
    } else {
      c.row_gates.push_back({features[size_t(f)].lut, {0, 1, 2}});
      c.row_features.push_back(uint16_t(2 + c.row_gates.size()));
    }
  }
  return c;
}

// --- Decision diagram on the nine cells ----------------------------------------------------

// Output-stage input of cell `bit` with raw features (w, c, e per row).
int raw_input(int bit) {
  return 8 - bit;  // reading order
}

class DiagramBuilder {
 public:
  DiagramBuilder(Builder& b, const std::array<int, 9>& order) : b_(b), order_(order) {}

  Lit build(const Truth& f) {
    if (auto it = memo_.find(f); it != memo_.end()) return it->second;
    Lit out;
    if (b_.find(f, out) || none(f) || none(~f)) {
      if (none(f)) out = {-1, false};
      if (none(~f)) out = {-1, true};
      return memo_[f] = out;
    }
    int support[9], n = 0;
    for (int bit : order_)
      if (depends_on(f, bit)) support[n++] = bit;
    if (n <= 3) {
      while (n < 3) support[n++] = support[0];
      const int a = raw_input(support[0]), bb = raw_input(support[1]), c = raw_input(support[2]);
      uint8_t lut = 0;
      for (int j = 0; j < 8; ++j) {
        int k = 0;
        if (j & 4) k |= 1 << support[0];
        if (j & 2) k |= 1 << support[1];
        if (j & 1) k |= 1 << support[2];
        if ((f[size_t(k >> 6)] >> (k & 63)) & 1) lut |= uint8_t(1u << j);
      }
      return memo_[f] = b_.gate(lut, a, bb, c);
    }
    const int x = support[0];
    const Lit hi = build(cofactor(f, x, true));
    const Lit lo = build(cofactor(f, x, false));
    return memo_[f] = b_.combine(0xCA, {raw_input(x), false}, hi, lo);  // x ? hi : lo
  }

 private:
  Builder& b_;
  std::array<int, 9> order_;
  std::map<Truth, Lit> memo_;
};

Circuit diagram_circuit(const Truth& f, const std::array<int, 9>& order) {
  Builder b(stage_inputs(kRawFeatures));
  DiagramBuilder d(b, order);
  const Lit out = d.build(f);
  return assemble(b, out, kRawFeatures);
}

// The best variable order by sifting from a few starting orders.
Circuit best_diagram(const Truth& f) {
  std::array<int, 9> start;
  std::iota(start.begin(), start.end(), 0);
  Circuit best = diagram_circuit(f, start);
  std::mt19937 rng(12345);
  for (int attempt = 0; attempt < 4; ++attempt) {
    std::array<int, 9> order = start;
    if (attempt > 0) std::shuffle(order.begin(), order.end(), rng);
    int cost = diagram_circuit(f, order).cost();
    for (int round = 0; round < 2; ++round) {
      for (int v = 0; v < 9; ++v) {
        // Move variable v to every position; keep the cheapest.
        const int at = int(std::find(order.begin(), order.end(), v) - order.begin());
        std::array<int, 9> base = order;
        std::rotate(base.begin() + at, base.begin() + at + 1, base.end());  // v now last
        for (int pos = 0; pos < 9; ++pos) {
          std::array<int, 9> trial;
          std::copy(base.begin(), base.begin() + pos, trial.begin());
          trial[size_t(pos)] = v;
          std::copy(base.begin() + pos, base.begin() + 8, trial.begin() + pos + 1);
          const int c = diagram_circuit(f, trial).cost();
          if (c < cost) cost = c, order = trial;
        }
      }
    }
    Circuit c = diagram_circuit(f, order);
    if (c.cost() < best.cost()) best = std::move(c);
  }
  return best;
}

// --- Decomposition over neighbour sums -------------------------------------------------------

// Splits on signals of a pool (the cells, each row's two-bit sum and the bits of the 3x3 total)
// under a care set, solving a side outright when it is a function of three pool signals.
class SumBuilder {
 public:
  explicit SumBuilder(Builder& b) : b_(b) {
    const int m = int(std::size(kSumFeatures));
    for (int s = 0; s < b.inputs(); ++s) pool_.push_back(s);
    // The 3x3 total q = x0 + 2 (xc + u) + 4 v from the rows' sums (s0 + 2 s1 each).
    const int s0[3] = {3, m + 3, 2 * m + 3}, s1[3] = {4, m + 4, 2 * m + 4};
    const Lit x0 = b.gate(0x96, s0[0], s0[1], s0[2]);
    const Lit xc = b.gate(0xE8, s0[0], s0[1], s0[2]);
    const Lit u = b.gate(0x96, s1[0], s1[1], s1[2]);
    const Lit v = b.gate(0xE8, s1[0], s1[1], s1[2]);
    for (Lit l : {x0, xc, u, v}) pool_.push_back(l.sig);
    // Neighbour count bits without the cell: t0 t1 t2 of xc + u + 2v, the twos of q.
    const Lit t0 = b.combine(0x96, xc, u, {-1, false});
    pool_.push_back(t0.sig);
  }

  Lit solve(const Truth& t, const Truth& care) {
    const Truth on = t & care;
    if (none(on)) return {-1, false};
    if (on == care) return {-1, true};
    const auto key = std::make_pair(on, care);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Lit out;
    if (!match_signal(t, care, out) && !match_three(t, care, out)) {
      // Split on the pool signal that leaves the simplest sides.
      int best = -1;
      double best_score = 1e9;
      for (int s : pool_) {
        const Truth x = b_.truth(s);
        const Truth c1 = care & x, c0 = care & ~x;
        if (none(c1) || none(c0)) continue;
        const double score = estimate(t, c1, care) + estimate(t, c0, care);
        if (score < best_score) best_score = score, best = s;
      }
      const Truth x = b_.truth(best);
      const Lit hi = solve(t, care & x), lo = solve(t, care & ~x);
      out = b_.combine(0xCA, {best, false}, hi, lo);
    }
    memo_[key] = out;
    return out;
  }

 private:
  bool match_signal(const Truth& t, const Truth& care, Lit& out) const {
    for (int s = 0; s < b_.signals(); ++s) {
      const Truth d = (b_.truth(s) ^ t) & care;
      if (none(d)) return out = {s, false}, true;
      if (d == care) return out = {s, true}, true;
    }
    return false;
  }

  // The pool signals and the target restricted to the care set, its minterms packed densely,
  // so the triple search reads as few words as the care set needs.
  struct Packed {
    int words = 0;
    std::vector<uint64_t> bits;  // pool signal i at [i * words], the target after them
    const uint64_t* signal(size_t i) const { return bits.data() + i * size_t(words); }
  };
  Packed pack(const Truth& t, const Truth& care) const {
    Packed p;
    const int n = count(care);
    p.words = (n + 63) / 64;
    p.bits.assign((pool_.size() + 1) * size_t(p.words), 0);
    int at = 0;
    for (int k = 0; k < kNeighbourhoods; ++k) {
      if (!((care[size_t(k >> 6)] >> (k & 63)) & 1)) continue;
      const uint64_t bit = uint64_t{1} << (at & 63);
      const size_t word = size_t(at >> 6);
      for (size_t i = 0; i < pool_.size(); ++i)
        if ((b_.truth(pool_[i])[size_t(k >> 6)] >> (k & 63)) & 1)
          p.bits[i * size_t(p.words) + word] |= bit;
      if ((t[size_t(k >> 6)] >> (k & 63)) & 1) p.bits[pool_.size() * size_t(p.words) + word] |= bit;
      ++at;
    }
    // Padding minterms past the count read as "off" everywhere; mask them out of every combo.
    return p;
  }

  // Whether the packed target is a function of pool signals i, j, k; its table if so.
  static bool function_of(const Packed& p, size_t target, size_t i, size_t j, size_t k, int n,
                          uint8_t& lut) {
    const uint64_t* ta = p.signal(i);
    const uint64_t* tb = p.signal(j);
    const uint64_t* tc = p.signal(k);
    const uint64_t* tt = p.signal(target);
    uint8_t on = 0, off = 0;
    for (int w = 0; w < p.words; ++w) {
      const uint64_t valid = (w + 1) * 64 <= n ? ~uint64_t{0} : (uint64_t{1} << (n & 63)) - 1;
      for (int q = 0; q < 8; ++q) {
        const uint64_t m = valid & ((q & 4) ? ta[w] : ~ta[w]) & ((q & 2) ? tb[w] : ~tb[w]) &
                           ((q & 1) ? tc[w] : ~tc[w]);
        if (m & tt[w]) on |= uint8_t(1u << q);
        if (m & ~tt[w]) off |= uint8_t(1u << q);
      }
      if (on & off) return false;
    }
    lut = on;
    return true;
  }

  // A pool triple on which t is a function over the care set: its signals and table.
  bool find_three(const Truth& t, const Truth& care, int (&sigs)[3], uint8_t& lut) const {
    const Packed p = pack(t, care);
    const int n = count(care);
    const size_t size = pool_.size();
    for (size_t i = 0; i < size; ++i)
      for (size_t j = i + 1; j < size; ++j)
        for (size_t k = j + 1; k < size; ++k)
          if (function_of(p, size, i, j, k, n, lut)) {
            sigs[0] = pool_[i], sigs[1] = pool_[j], sigs[2] = pool_[k];
            return true;
          }
    return false;
  }

  bool match_three(const Truth& t, const Truth& care, Lit& out) {
    int sigs[3];
    uint8_t lut;
    if (!find_three(t, care, sigs, lut)) return false;
    out = b_.gate(lut, sigs[0], sigs[1], sigs[2]);
    return true;
  }

  // 0: trivial; 1: one gate; else more, the larger the care set the more.
  double estimate(const Truth& t, const Truth& care, const Truth& parent) {
    const Truth on = t & care;
    if (none(on) || on == care) return 0;
    Lit l;
    if (match_signal(t, care, l)) return 0;
    const auto key = std::make_pair(on, care);
    auto it = three_.find(key);
    if (it == three_.end()) {
      int sigs[3];
      uint8_t lut;
      it = three_.emplace(key, find_three(t, care, sigs, lut)).first;
    }
    if (it->second) return 1;
    return 2 + double(count(care)) / double(count(parent));
  }

  Builder& b_;
  std::vector<int> pool_;
  std::map<std::pair<Truth, Truth>, Lit> memo_;
  std::map<std::pair<Truth, Truth>, bool> three_;
};

Circuit sum_circuit(const Truth& f) {
  Builder b(stage_inputs(kSumFeatures));
  SumBuilder s(b);
  const Lit out = s.solve(f, ~Truth{});
  return assemble(b, out, kSumFeatures);
}

}  // namespace

bool Circuit::evaluate(int index) const {
  std::vector<bool> row[3];
  for (int r = 0; r < 3; ++r) {
    std::vector<bool> sig;
    for (int c = 0; c < 3; ++c) sig.push_back((index >> neighbourhood_bit(r, c)) & 1);
    for (const CircuitGate& g : row_gates)
      sig.push_back((g.lut >> (4 * sig[g.in[0]] + 2 * sig[g.in[1]] + sig[g.in[2]])) & 1);
    for (uint16_t f : row_features) row[r].push_back(sig[f]);
  }
  std::vector<bool> sig;
  for (int r = 0; r < 3; ++r) sig.insert(sig.end(), row[r].begin(), row[r].end());
  for (const CircuitGate& g : gates)
    sig.push_back((g.lut >> (4 * sig[g.in[0]] + 2 * sig[g.in[1]] + sig[g.in[2]])) & 1);
  return sig[output];
}

std::string Circuit::describe() const {
  static const char* kRowNames[3] = {"up", "mid", "down"};
  std::vector<std::string> rname = {"w", "c", "e"};
  for (size_t i = 0; i < row_gates.size(); ++i) rname.push_back("r" + std::to_string(i + 3));
  std::string s;
  auto hex = [](uint8_t v) {
    const char* d = "0123456789ABCDEF";
    return std::string("0x") + d[v >> 4] + d[v & 15];
  };
  for (size_t i = 0; i < row_gates.size(); ++i) {
    const CircuitGate& g = row_gates[i];
    s += "row: " + rname[i + 3] + " = lop3<" + hex(g.lut) + ">(" + rname[g.in[0]] + ", " +
         rname[g.in[1]] + ", " + rname[g.in[2]] + ")\n";
  }
  std::vector<std::string> name;
  for (int r = 0; r < 3; ++r)
    for (uint16_t f : row_features) name.push_back(std::string(kRowNames[r]) + "." + rname[f]);
  for (size_t i = 0; i < gates.size(); ++i) name.push_back("g" + std::to_string(i));
  for (size_t i = 0; i < gates.size(); ++i) {
    const CircuitGate& g = gates[i];
    s += name[size_t(3 * features()) + i] + " = lop3<" + hex(g.lut) + ">(" + name[g.in[0]] + ", " +
         name[g.in[1]] + ", " + name[g.in[2]] + ")\n";
  }
  s += "next = " + name[output] + "\n";
  return s;
}

Circuit compile_rule(const Rule& rule) {
  // Compiling takes tens of milliseconds; engines ask again for every set_rule().
  static std::mutex mutex;
  static std::map<Truth, Circuit> cache;
  const Truth f = rule.table().words;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(f); it != cache.end()) return it->second;
  }
  Circuit best = best_diagram(f);
  Circuit sums = sum_circuit(f);
  if (sums.cost() < best.cost()) best = std::move(sums);
  for (int k = 0; k < kNeighbourhoods; ++k)
    if (best.evaluate(k) != rule.next(k))
      throw Error("internal error: the circuit compiled for rule " + rule.to_string() +
                  " differs from it at neighbourhood " + std::to_string(k));
  const std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() > 4096) cache.clear();
  cache.emplace(f, best);
  return best;
}

}  // namespace gpulife
