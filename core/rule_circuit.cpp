// The rule compiler: truth tables over the 512 neighbourhoods, functionally hashed gates, and
// three ways to decompose a rule (a decision diagram on the cells, one over neighbour sums, or
// the cover of core/circuit_cover.cpp), of which the cheapest wins.
#include "core/rule_circuit.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <mutex>
#include <numeric>
#include <random>

#include "core/circuit_builder.hpp"
#include "core/circuit_cover.hpp"
#include "core/error.hpp"

namespace gpulife {
namespace {

using namespace circuit;

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
    return solve_on_care(
        b_, memo_, t, care,
        [&](const Truth& f, const Truth& c, Lit& out) {
          return match_signal(f, c, out) || match_three(f, c, out);
        },
        [&](const Truth& f, const Truth& c) {
          // Split on the pool signal that leaves the simplest sides.
          int best = -1;
          double best_score = 1e9;
          for (int s : pool_) {
            const Truth x = b_.truth(s);
            const Truth c1 = c & x, c0 = c & ~x;
            if (none(c1) || none(c0)) continue;
            const double score = estimate(f, c1, c) + estimate(f, c0, c);
            if (score < best_score) best_score = score, best = s;
          }
          return best;
        });
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
  CareMemo memo_;
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
  // The cells of the row above and the west cell of the cell's own row on top.
  static constexpr int kCoverTop[] = {8, 7, 6, 5};
  Circuit cover = cover_circuit(f, kRawFeatures, kCoverTop);
  if (cover.cost() < best.cost()) best = std::move(cover);
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
