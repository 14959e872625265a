// The rule compiler's cover construction: a multiplexer tree on a few cells, its leaves found by
// searching one- and two-gate circuits over the signals built so far, on their care sets.
#include "core/circuit_cover.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"

namespace gpulife::circuit {
namespace {

// Sides this small are searched rather than split further (their signals fit one word).
constexpr int kSearchPoints = 32;
// Signals the searches read, the cells and features first: more finds more, but the two-gate
// search grows with the fifth power of its pool.
constexpr size_t kOneGatePool = 48;
constexpr size_t kTwoGatePool = 40;

// Whether `target` is a function of three of the signals v[0..n) on `care`: their positions and
// the table (0 for combinations no point of the care set reads).
bool find_three(const std::vector<uint64_t>& v, size_t n, uint64_t care, uint64_t target,
                size_t (&at)[3], uint8_t& lut) {
  const uint64_t on = target & care, off = ~target & care;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      const uint64_t p[4] = {~v[i] & ~v[j], ~v[i] & v[j], v[i] & ~v[j], v[i] & v[j]};
      for (size_t k = j + 1; k < n; ++k) {
        uint8_t l = 0;
        int q = 0;
        for (; q < 8; ++q) {
          const uint64_t m = p[q >> 1] & ((q & 1) ? v[k] : ~v[k]);
          if ((m & on) && (m & off)) break;
          if (m & on) l |= uint8_t(1u << q);
        }
        if (q == 8) {
          at[0] = i, at[1] = j, at[2] = k, lut = l;
          return true;
        }
      }
    }
  return false;
}

class CoverBuilder {
 public:
  CoverBuilder(Builder& b, std::span<const int> top) : b_(b), top_(top.begin(), top.end()) {
    for (int x = 0; x < 9; ++x) {
      cell_[size_t(x)] = cell_truth(x);
      Lit l;
      if (!b.find(cell_[size_t(x)], l) || l.neg)
        throw Error("internal error: the cover construction needs the cells as features");
      cell_sig_[size_t(x)] = l.sig;
    }
  }

  // t on care: split on the cells of `top` while the side is large, then searched.
  Lit solve(const Truth& t, const Truth& care) {
    return solve_on_care(
        b_, memo_, t, care,
        [&](const Truth& f, const Truth& c, Lit& out) {
          return count(c) <= kSearchPoints && search(f, c, out);
        },
        [&](const Truth& f, const Truth& c) { return split(f, c, count(c)); });
  }

 private:
  // The signals on a care set of at most 64 points, distinct up to complement and not constant
  // there, the cells and features first.
  struct View {
    uint64_t all = 0, target = 0;
    std::vector<int> sig;
    std::vector<uint64_t> value;
  };

  // Fills `view`; true (and `out`) when t is a signal or its complement on care.
  bool make_view(const Truth& t, const Truth& care, View& view, Lit& out) const {
    int points[64], n = 0;
    for (int k = 0; k < kNeighbourhoods; ++k)
      if ((care[size_t(k >> 6)] >> (k & 63)) & 1) points[n++] = k;
    auto pack = [&](const Truth& s) {
      uint64_t v = 0;
      for (int i = 0; i < n; ++i) v |= ((s[size_t(points[i] >> 6)] >> (points[i] & 63)) & 1) << i;
      return v;
    };
    view.all = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    view.target = pack(t);
    std::unordered_map<uint64_t, int> seen;
    for (int s = 0; s < b_.signals(); ++s) {
      const uint64_t v = pack(b_.truth(s));
      if (v == view.target) return out = {s, false}, true;
      if (v == (view.target ^ view.all)) return out = {s, true}, true;
      if (v == 0 || v == view.all) continue;
      if (!seen.emplace(v & 1 ? v ^ view.all : v, s).second) continue;
      view.sig.push_back(s);
      view.value.push_back(v);
    }
    return false;
  }

  // t on care as an existing signal, one gate or two gates.
  bool search(const Truth& t, const Truth& care, Lit& out) {
    View v;
    if (make_view(t, care, v, out)) return true;
    size_t at[3];
    uint8_t lut;
    if (find_three(v.value, std::min(v.value.size(), kOneGatePool), v.all, v.target, at, lut)) {
      out = b_.gate(lut, v.sig[at[0]], v.sig[at[1]], v.sig[at[2]]);
      return true;
    }
    return two_gates(v, out);
  }

  // t = T(a, b, g) with g a new gate over three signals: on each cell of (a, b) where t is not
  // constant, g is t or its complement.
  bool two_gates(const View& v, Lit& out) {
    const size_t n = std::min(v.value.size(), kTwoGatePool);
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
        const uint64_t a = v.value[i], b = v.value[j];
        const uint64_t p[4] = {v.all & ~a & ~b, v.all & ~a & b, v.all & a & ~b, v.all & a & b};
        int open[4], m = 0;
        uint8_t fixed = 0;  // the output on cells where t is constant
        uint64_t care = 0;
        for (int c = 0; c < 4; ++c) {
          const bool has_on = p[c] & v.target, has_off = p[c] & ~v.target;
          if (has_on && has_off) {
            open[m++] = c, care |= p[c];
          } else if (has_on) {
            fixed |= uint8_t(1u << c);
          }
        }
        if (m < 2) continue;  // t is one gate over a, b and some signal: found already
        for (int flip = 0; flip < 1 << (m - 1); ++flip) {
          uint64_t g = v.target;
          for (int q = 1; q < m; ++q)
            if ((flip >> (q - 1)) & 1) g ^= p[open[q]];
          size_t at[3];
          uint8_t lut;
          if (!find_three(v.value, n, care, g, at, lut)) continue;
          const Lit inner = b_.gate(lut, v.sig[at[0]], v.sig[at[1]], v.sig[at[2]]);
          // Outer table over (a, b, g): a constant cell ignores g; an open one reads g, flipped
          // where the flip says.
          uint8_t outer = 0;
          for (int c = 0; c < 4; ++c) {
            const int q = int(std::find(open, open + m, c) - open);
            const bool flipped = q > 0 && q < m && ((flip >> (q - 1)) & 1);
            for (int gv = 0; gv < 2; ++gv) {
              const bool value = q < m ? bool(gv) != flipped : bool((fixed >> c) & 1);
              if (value) outer |= uint8_t(1u << (2 * c + gv));
            }
          }
          out = b_.combine(outer, {v.sig[i], false}, {v.sig[j], false}, inner);
          return true;
        }
      }
    return false;
  }

  // The signal to split on: on a large side the next of `top` that splits it; on a small one,
  // of the cells and the gates built, the one whose sides look cheapest (an existing signal,
  // then one gate, then the smaller side).
  int split(const Truth& t, const Truth& care, int n) {
    std::vector<int> candidates;
    if (n > kSearchPoints) {
      for (int x : top_)
        if (!none(care & cell_[size_t(x)]) && !none(care & ~cell_[size_t(x)]))
          return cell_sig_[size_t(x)];
      for (int x = 0; x < 9; ++x) candidates.push_back(cell_sig_[size_t(x)]);
    } else {
      for (int x = 0; x < 9; ++x) candidates.push_back(cell_sig_[size_t(x)]);
      for (int s = b_.inputs(); s < b_.signals(); ++s) candidates.push_back(s);
    }
    int best = -1;
    double best_cost = 1e9;
    std::set<Truth> seen;
    for (int x : candidates) {
      const Truth on_x = care & b_.truth(x);
      if (none(on_x) || on_x == care || !seen.insert(on_x).second) continue;
      double cost = 0;
      for (const Truth& side : {on_x, care & ~b_.truth(x)}) {
        const Truth on = t & side;
        if (none(on) || on == side) continue;
        View v;
        Lit l;
        if (make_view(t, side, v, l)) continue;
        size_t at[3];
        uint8_t lut;
        cost +=
            find_three(v.value, std::min(v.value.size(), kOneGatePool), v.all, v.target, at, lut)
                ? 1
                : 2 + 2.0 * count(side) / n;
      }
      if (cost < best_cost) best_cost = cost, best = x;
    }
    return best;
  }

  Builder& b_;
  std::vector<int> top_;
  std::array<Truth, 9> cell_;
  std::array<int, 9> cell_sig_;
  CareMemo memo_;
};

}  // namespace

Circuit cover_circuit(const Truth& f, std::span<const RowFeature> features,
                      std::span<const int> top) {
  Builder b(stage_inputs(features));
  CoverBuilder c(b, top);
  const Lit out = c.solve(f, ~Truth{});
  return assemble(b, out, features);
}

}  // namespace gpulife::circuit
