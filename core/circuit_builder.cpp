// The rule compiler's building blocks: truth tables, the hashed gate builder, and stages.
#include "core/circuit_builder.hpp"

#include <algorithm>
#include <bit>

namespace gpulife::circuit {
namespace {

constexpr uint64_t kLowMasks[6] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull,
                                   0xF0F0F0F0F0F0F0F0ull, 0xFF00FF00FF00FF00ull,
                                   0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};

}  // namespace

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

namespace {

// The table of feature `lut` of row r (0 above, 1 the cell's, 2 below).
Truth feature_truth(uint8_t lut, int r) {
  return apply_lut(lut, cell_truth(neighbourhood_bit(r, 0)), cell_truth(neighbourhood_bit(r, 1)),
                   cell_truth(neighbourhood_bit(r, 2)));
}

}  // namespace

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

}  // namespace gpulife::circuit
