// The cpu-simd engine: state in padded bit-packed rows, passes of several generations over row
// bands spread across a thread pool, the kernel picked at run time by what the CPU supports.
#include "core/simd_engine.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <new>

#include "core/edge_ring.hpp"
#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/rule_circuit.hpp"
#include "core/rule_phases.hpp"
#include "core/simd_engine_kernel.hpp"
#include "core/thread_pool.hpp"

namespace gpulife {
namespace {

// 64-byte aligned, uninitialised words (the widest vector loads need the alignment).
class AlignedWords {
 public:
  AlignedWords() = default;
  explicit AlignedWords(size_t count) : size_(count) {
    if (count) data_.reset(static_cast<uint64_t*>(::operator new(count * 8, std::align_val_t(64))));
  }
  uint64_t* data() { return data_.get(); }
  const uint64_t* data() const { return data_.get(); }
  size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(uint64_t* p) const { ::operator delete(p, std::align_val_t(64)); }
  };
  std::unique_ptr<uint64_t, Free> data_;
  size_t size_ = 0;
};

// Population counts with the POPCNT instruction where the CPU has it (the baseline x86-64
// target lacks it, and the library call per word is several times slower).
uint64_t count_bits_portable(const uint64_t* p, int64_t n) {
  uint64_t c = 0;
  for (int64_t i = 0; i < n; ++i) c += uint64_t(std::popcount(p[i]));
  return c;
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
__attribute__((target("popcnt"))) uint64_t count_bits_popcnt(const uint64_t* p, int64_t n) {
  uint64_t c = 0;
  for (int64_t i = 0; i < n; ++i) c += uint64_t(__builtin_popcountll(p[i]));
  return c;
}

uint64_t count_bits(const uint64_t* p, int64_t n) {
  static const bool has_popcnt = __builtin_cpu_supports("popcnt");
  return has_popcnt ? count_bits_popcnt(p, n) : count_bits_portable(p, n);
}
#else
uint64_t count_bits(const uint64_t* p, int64_t n) {
  return count_bits_portable(p, n);
}
#endif

using BandFunction = void (*)(const simd::BandJob&);

BandFunction band_function(SimdIsa isa) {
  switch (isa) {
#if GPULIFE_SIMD_AVX512
    case SimdIsa::Avx512:
      return simd::run_band_avx512;
#endif
#if GPULIFE_SIMD_AVX2
    case SimdIsa::Avx2:
      return simd::run_band_avx2;
#endif
    default:
      return simd::run_band_portable;
  }
}

// Two generations per pass keep a pass's working set of an 8192-wide band in L1; more pay off
// only when memory, not the logic, is the limit (much larger grids on slower memory).
constexpr int kDefaultGenerationsPerPass = 2;
constexpr int kDefaultBandRows = 256;
constexpr int kMaxThreads = 256;
// Cell-generations below which a pass runs on the calling thread alone.
constexpr double kMinCellsToSpread = double(1 << 22);

class SimdEngine final : public EngineState<> {
 public:
  SimdEngine() {
    apply_threads();
    set_rule(Rule::life());
  }

  const EngineInfo& info() const override {
    static const EngineInfo i = simd_engine_info();
    return i;
  }

  std::vector<ParamInfo> param_info() const override {
    return {
        {.name = "threads",
         .description = "worker threads; 0 = one per hardware thread",
         .min = 0,
         .max = kMaxThreads,
         .default_value = 0},
        {.name = "generations_per_pass",
         .description = "generations computed per pass over memory (temporal blocking)",
         .min = 1,
         .max = simd::kMaxGenerationsPerPass,
         .default_value = kDefaultGenerationsPerPass},
        {.name = "band_rows",
         .description = "rows per work item of a pass",
         .min = 8,
         .max = 1 << 16,
         .default_value = kDefaultBandRows},
        {.name = "isa",
         .description =
             "instruction set: 0 = best available, 1 = portable, 2 = AVX2, 3 = AVX-512 (F+VBMI2)",
         .min = 0,
         .max = 3,
         .default_value = 0},
    };
  }

  Params params() const override {
    return {{"threads", threads_},
            {"generations_per_pass", generations_per_pass_},
            {"band_rows", band_rows_},
            {"isa", isa_}};
  }

  void set_params(const Params& values) override {
    validate_params(info(), param_info(), values);
    if (auto it = values.find("isa"); it != values.end() && it->second != 0) {
      const SimdIsa isa = SimdIsa(it->second);
      if (!simd_isa_supported(isa))
        throw Error("engine cpu-simd: isa=" + std::to_string(it->second) + " (" +
                    std::string(to_string(isa)) +
                    ") is not supported by this CPU or build; use 0 (best available: " +
                    std::string(to_string(best_simd_isa())) + ")");
    }
    for (const auto& [name, value] : values) {
      if (name == "threads") threads_ = value;
      if (name == "generations_per_pass") generations_per_pass_ = value;
      if (name == "band_rows") band_rows_ = value;
      if (name == "isa") isa_ = value;
    }
    apply_threads();
  }

  // Keeps the true cells and the generation; they are stored again in the new rule's first
  // phase.
  void set_rule(const Rule& rule) override {
    const RulePhases phases = rule_phases(rule);
    const bool circuits =
        !phases.step[0].is_outer_totalistic() || !phases.step[1].is_outer_totalistic();
    Circuit compiled[2];
    if (circuits)
      for (int p = 0; p < 2; ++p) {
        compiled[p] = compile_rule(phases.step[p]);
        if (compiled[p].features() > simd::kMaxCircuitFeatures)
          throw Error("engine cpu-simd: the circuit of rule " + rule.to_string() + " keeps " +
                      std::to_string(compiled[p].features()) + " features per row, more than " +
                      std::to_string(simd::kMaxCircuitFeatures));
      }
    Grid cells;
    if (height_ > 0) store(cells);
    rule_ = rule;
    phases_ = phases;
    use_circuits_ = circuits;
    for (int p = 0; p < 2; ++p) {
      circuits_[p] = std::move(compiled[p]);
      if (circuits) continue;
      const Rule& r = phases.step[p];
      for (int t = 0; t <= 9; ++t) {
        counts_[p].birth[t] = (t <= 8 && r.births(t)) ? ~uint64_t{0} : 0;
        counts_[p].keep[t] = (t >= 1 && r.survives(t - 1)) ? ~uint64_t{0} : 0;
      }
    }
    life_ = !circuits && phases.step[0].is_life() && phases.step[1].is_life();
    if (height_ > 0) {
      const uint64_t g = generation_;
      load(cells);
      generation_ = g;
    }
  }

  void load(const Grid& grid) override {
    const int64_t words = grid.words_per_row();
    const int64_t padded =
        (words + simd::kWordMultiple - 1) / simd::kWordMultiple * simd::kWordMultiple;
    const int64_t stride = padded + 2 * simd::kRowPad;
    const size_t total = size_t(stride) * size_t(grid.height());
    AlignedWords a, b, zero, masks;
    try {
      a = AlignedWords(total);
      b = AlignedWords(total);
      zero = AlignedWords(size_t(stride));
      masks = AlignedWords(size_t(3 * padded));
    } catch (const std::bad_alloc&) {
      throw Error("not enough host memory for the cpu-simd engine's two copies of a " +
                  std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + " grid");
    }
    std::memset(a.data(), 0, total * 8);
    std::memset(b.data(), 0, total * 8);
    std::memset(zero.data(), 0, size_t(stride) * 8);
    width_ = grid.width();
    height_ = grid.height();
    topology_ = grid.topology();
    words_ = words;
    padded_words_ = padded;
    stride_ = stride;
    cur_ = std::move(a);
    next_ = std::move(b);
    zero_ = std::move(zero);
    masks_ = std::move(masks);
    simd::make_row_masks(width_, padded_words_, masks_.data(), masks_.data() + padded_words_,
                         masks_.data() + 2 * padded_words_);
    phase_ = 0;
    for (int64_t y = 0; y < height_; ++y) {
      uint64_t* row = data_row(cur_, y);
      std::memcpy(row, grid.row(y), size_t(words_) * 8);
      if (inverted())
        for (int64_t j = 0; j < words_; ++j) row[j] = ~row[j];
      simd::fix_row(row, width_, words_, padded_words_, torus());
    }
    generation_ = 0;
  }

  void store(Grid& grid) const override {
    if (height_ == 0) {
      grid = Grid();
      return;
    }
    // The viewer stores into the same Grid every frame: reuse its memory when the size matches
    // (every word is overwritten below).
    if (grid.width() == width_ && grid.height() == height_)
      grid.set_topology(topology_);
    else
      grid = Grid(width_, height_, topology_);
    const uint64_t mask = grid.last_word_mask();
    for (int64_t y = 0; y < height_; ++y) {
      uint64_t* out = grid.row(y);
      std::memcpy(out, data_row(cur_, y), size_t(words_) * 8);
      if (inverted())
        for (int64_t j = 0; j < words_; ++j) out[j] = ~out[j];
      out[words_ - 1] &= mask;  // on a torus the guard bit past the width may sit in this word
    }
  }

  void step(uint64_t generations) override {
    const auto start = std::chrono::steady_clock::now();
    if (height_ > 0) {
      const BandFunction band = band_function(active_isa());
      // Where the edges twist or shift, a pass is one generation followed by the edge ring.
      const bool fixup = needs_edge_fixup(topology_);
      const uint64_t per_pass = fixup ? 1 : uint64_t(generations_per_pass_);
      for (uint64_t done = 0; done < generations;) {
        const int g = int(std::min<uint64_t>(per_pass, generations - done));
        pass(band, g);
        if (fixup) step_ring();
        std::swap(cur_, next_);
        phase_ = phase_after(phase_, uint64_t(g));
        done += uint64_t(g);
        generation_ += uint64_t(g);
      }
    }
    last_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }

  Grid read_region(const Box& box) const override {
    Grid patch(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
    for (int64_t y = 0; y < box.height(); ++y) {
      const int64_t gy = box.min_y + y;
      if (gy < 0 || gy >= height_) continue;
      const uint64_t* row = data_row(cur_, gy);
      for (int64_t x = 0; x < box.width(); ++x) {
        const int64_t gx = box.min_x + x;
        if (gx >= 0 && gx < width_ && (((row[gx >> 6] >> (gx & 63)) & 1u) != inverted()))
          patch.set(x, y, true);
      }
    }
    return patch;
  }

  // Edits the rectangle in place; only the touched rows need their guard bits redone.
  void write_region(const Grid& patch, Cell top_left) override {
    for (int64_t y = 0; y < patch.height(); ++y) {
      const int64_t gy = top_left.y + y;
      if (gy < 0 || gy >= height_) continue;
      uint64_t* row = data_row(cur_, gy);
      for (int64_t x = 0; x < patch.width(); ++x) {
        const int64_t gx = top_left.x + x;
        if (gx < 0 || gx >= width_) continue;
        const uint64_t bit = uint64_t{1} << (gx & 63);
        row[gx >> 6] = patch.get(x, y) != inverted() ? (row[gx >> 6] | bit) : (row[gx >> 6] & ~bit);
      }
      simd::fix_row(row, width_, words_, padded_words_, torus());
    }
  }

  uint64_t population() const override {
    uint64_t n = 0;
    const uint64_t mask = last_mask();
    for (int64_t y = 0; y < height_; ++y) {
      const uint64_t* row = data_row(cur_, y);
      n += count_bits(row, words_ - 1) + uint64_t(std::popcount(row[words_ - 1] & mask));
    }
    return inverted() ? uint64_t(width_) * uint64_t(height_) - n : n;
  }

  uint64_t hash() const override {
    uint64_t sum = 0;
    const uint64_t mask = last_mask();
    for (int64_t y = 0; y < height_; ++y) {
      const uint64_t* row = data_row(cur_, y);
      for (int64_t j = 0; j < words_; ++j) {
        const uint64_t v = inverted() ? ~row[j] : row[j];
        const uint64_t w = j + 1 == words_ ? v & mask : v;
        sum += hash::word_term(uint64_t(y), uint64_t(j), w);
      }
    }
    return hash::finish(sum, uint64_t(width_), uint64_t(height_));
  }

  double bytes_per_generation() const override {
    return 2.0 * double(width_) * double(height_) / 8.0;
  }
  double last_step_ms() const override { return last_ms_; }
  int64_t width() const override { return width_; }
  int64_t height() const override { return height_; }
  Topology topology() const override { return topology_; }

 private:
  bool torus() const { return topology_ == Topology::Torus; }
  // Whether the stored cells are the complement of the true ones (B0 rules).
  bool inverted() const { return phases_.inverted[phase_]; }
  uint64_t last_mask() const {
    const int rem = int(width_ & 63);
    return rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
  }
  uint64_t* data_row(AlignedWords& buf, int64_t y) const {
    return buf.data() + y * stride_ + simd::kRowPad;
  }
  const uint64_t* data_row(const AlignedWords& buf, int64_t y) const {
    return buf.data() + y * stride_ + simd::kRowPad;
  }

  // Recomputes next_'s border cells from cur_ through the topology's edge mapping; the plane
  // step left the rows in the plane's invariant form, which setting in-width bits keeps.
  void step_ring() {
    auto alive = [&](int64_t x, int64_t y) {
      return ((data_row(cur_, y)[x >> 6] >> (x & 63)) & 1u) != 0;
    };
    auto set = [&](int64_t x, int64_t y, bool on) {
      uint64_t& w = data_row(next_, y)[x >> 6];
      const uint64_t bit = uint64_t{1} << (x & 63);
      w = on ? (w | bit) : (w & ~bit);
    };
    step_edge_ring(topology_, width_, height_, phases_.step[phase_], alive, set);
  }

  SimdIsa active_isa() const { return isa_ == 0 ? best_simd_isa() : SimdIsa(isa_); }

  void apply_threads() {
    const int want = threads_ == 0 ? ThreadPool::hardware_threads() : threads_;
    if (!pool_ || pool_->threads() != want) pool_ = std::make_unique<ThreadPool>(want);
    scratch_.resize(size_t(want));
  }

  // One pass: every band of rows advances `gens` generations from cur_ into next_.
  void pass(BandFunction band, int gens) {
    simd::BandJob base;
    base.src = cur_.data();
    base.dst = next_.data();
    base.stride = stride_;
    base.width = width_;
    base.height = height_;
    base.words = words_;
    base.padded_words = padded_words_;
    base.generations = gens;
    base.torus = torus();
    base.phase = phase_;
    base.life = life_;
    for (int p = 0; p < 2; ++p) {
      base.counts[p] = counts_[p];
      base.circuits[p] = use_circuits_ ? &circuits_[p] : nullptr;
    }
    base.zero = zero_.data();
    base.valid = masks_.data();
    base.ghost = masks_.data() + padded_words_;
    base.last_cell = masks_.data() + 2 * padded_words_;
    const size_t scratch_words = size_t(simd::band_scratch_words(gens, stride_));
    const int64_t rows = band_rows_;
    const int64_t bands = (height_ + rows - 1) / rows;
    auto task = [&](int64_t index, int thread) {
      AlignedWords& scratch = scratch_[size_t(thread)];
      if (scratch.size() < scratch_words) {
        try {
          scratch = AlignedWords(scratch_words);
        } catch (const std::bad_alloc&) {
          throw Error("not enough host memory for the cpu-simd engine's per-thread rows (" +
                      std::to_string(scratch_words * 8 >> 20) +
                      " MiB each); lower generations_per_pass or threads");
        }
      }
      simd::BandJob job = base;
      job.y0 = index * rows;
      job.y1 = std::min(height_, job.y0 + rows);
      job.scratch = scratch.data();
      band(job);
    };
    // Waking workers costs tens of microseconds: small grids are faster on the calling thread.
    if (double(width_) * double(height_) * gens < kMinCellsToSpread) {
      for (int64_t i = 0; i < bands; ++i) task(i, 0);
    } else {
      pool_->run(bands, task);
    }
  }

  RulePhases phases_ = rule_phases(Rule::life());
  int phase_ = 0;
  bool use_circuits_ = false;
  bool life_ = true;
  simd::CountRule counts_[2];
  Circuit circuits_[2];
  int64_t width_ = 0;
  int64_t height_ = 0;
  Topology topology_ = Topology::Plane;
  int64_t words_ = 0;
  int64_t padded_words_ = 0;
  int64_t stride_ = 0;
  AlignedWords cur_, next_, zero_, masks_;
  std::vector<AlignedWords> scratch_;
  std::unique_ptr<ThreadPool> pool_;
  double last_ms_ = 0;
  int threads_ = 0;
  int generations_per_pass_ = kDefaultGenerationsPerPass;
  int band_rows_ = kDefaultBandRows;
  int isa_ = 0;
};

}  // namespace

std::string_view to_string(SimdIsa isa) {
  static constexpr std::string_view kNames[] = {"portable", "avx2", "avx512"};
  return enum_name(isa, kNames, "portable", SimdIsa::Portable);
}

bool simd_isa_supported(SimdIsa isa) {
  switch (isa) {
    case SimdIsa::Portable:
      return true;
    case SimdIsa::Avx2:
#if GPULIFE_SIMD_AVX2
      return __builtin_cpu_supports("avx2");
#else
      return false;
#endif
    case SimdIsa::Avx512:
#if GPULIFE_SIMD_AVX512
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vbmi2");
#else
      return false;
#endif
  }
  return false;
}

SimdIsa best_simd_isa() {
  static const SimdIsa best = [] {
    for (SimdIsa isa : {SimdIsa::Avx512, SimdIsa::Avx2})
      if (simd_isa_supported(isa)) return isa;
    return SimdIsa::Portable;
  }();
  return best;
}

EngineInfo simd_engine_info() {
  return EngineInfo{
      .name = "cpu-simd",
      .family = "cpu",
      .description =
          "CPU bit-sliced SIMD (AVX-512/AVX2/portable), all cores, any two-state rule (compiled to "
          "a circuit)",
      .layout = CellLayout::BitPacked,
      .gpu = false,
      .rank = 60,
      .caption =
          "Bit-sliced: 64 cells per word, neighbour counts summed by bitwise adders in "
          "AVX-512/AVX2 registers on all cores, several generations per pass over each "
          "band.",
      .pass_depth = kDefaultGenerationsPerPass,
  };
}

std::unique_ptr<Engine> make_simd_engine() {
  return std::make_unique<SimdEngine>();
}

}  // namespace gpulife
