// Loads every file of the pattern library and checks by simulation that it does what it claims.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/pattern.hpp"
#include "core/pattern_formats.hpp"
#include "core/pattern_io.hpp"
#include "core/reference_engine.hpp"
#include "core/rule.hpp"
#include "tests/test_support.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

const fs::path kLibrary = fs::path(GPULIFE_ASSETS) / "patterns";

// An unbounded plane for rules without B0. Methuselahs emit gliders that travel thousands of
// cells, far beyond any dense grid the reference engine could step in reasonable time, so the
// long runs use this sparse stepper; CrossCheck below ties it to the reference engine.
class SparseLife {
 public:
  SparseLife(const Pattern& pattern, Rule rule) : rule_(rule) {
    for (const Cell& c : pattern.cells()) cells_.push_back(key(c.x, c.y));
  }

  void step(uint64_t generations) {
    for (uint64_t g = 0; g < generations; ++g) step_once();
    generation_ += generations;
  }
  uint64_t generation() const { return generation_; }
  size_t population() const { return cells_.size(); }

  Pattern pattern() const {
    Pattern p;
    for (uint64_t k : cells_) p.add(int64_t(k >> 32) - kBias, int64_t(k & 0xffffffffu) - kBias);
    p.normalize();
    return p;
  }

 private:
  // Coordinates biased into 32 unsigned bits each, so a neighbour is one addition on the key.
  static constexpr int64_t kBias = int64_t{1} << 31;
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  static constexpr uint8_t kAlive = 0x10;

  static uint64_t key(int64_t x, int64_t y) {
    return (uint64_t(x + kBias) << 32) | uint64_t(y + kBias);
  }

  size_t slot_of(uint64_t k) const {
    size_t i = size_t((k * 0x9e3779b97f4a7c15ull) >> shift_);
    while (keys_[i] != k && keys_[i] != kEmpty) i = (i + 1) & (keys_.size() - 1);
    return i;
  }

  void bump(uint64_t k, uint8_t amount) {
    const size_t i = slot_of(k);
    if (keys_[i] == kEmpty) {
      keys_[i] = k;
      used_.push_back(i);
    }
    counts_[i] = uint8_t(counts_[i] + amount);
  }

  void step_once() {
    // Keep the table at most a quarter full so probes stay short.
    size_t want = 64;
    while (want < cells_.size() * 9 * 4) want *= 2;
    if (want != keys_.size()) {
      keys_.assign(want, kEmpty);
      counts_.assign(want, 0);
      shift_ = 64 - std::countr_zero(want);
    }
    used_.clear();
    constexpr uint64_t kX = uint64_t{1} << 32;
    for (uint64_t k : cells_) {
      bump(k, kAlive);
      for (uint64_t n :
           {k - kX - 1, k - kX, k - kX + 1, k - 1, k + 1, k + kX - 1, k + kX, k + kX + 1})
        bump(n, 1);
    }
    cells_.clear();
    for (size_t i : used_) {
      const int n = counts_[i] & 0x0f;
      const bool alive = counts_[i] & kAlive;
      if (alive ? rule_.survives(n) : rule_.births(n)) cells_.push_back(keys_[i]);
      keys_[i] = kEmpty;
      counts_[i] = 0;
    }
  }

  Rule rule_;
  std::vector<uint64_t> cells_;
  std::vector<uint64_t> keys_;
  std::vector<uint8_t> counts_;
  std::vector<size_t> used_;
  int shift_ = 58;
  uint64_t generation_ = 0;
};

Pattern translated(Pattern p, int64_t dx, int64_t dy) {
  p.translate(dx, dy);
  return p;
}

Pattern at_origin(Pattern p) {
  p.move_to_origin();
  return p;
}

// The cells of `p` inside `box`.
Pattern inside(const Pattern& p, const Box& box) {
  Pattern out;
  for (const Cell& c : p.cells())
    if (box.contains(c)) out.add(c);
  out.normalize();
  return out;
}

enum class Kind {
  StillLife,
  Oscillator,
  Spaceship,
  Gun,
  Methuselah,
  Puffer,
  Grower,
  Spacefiller,
  Replicator
};

// What each file must do. Written out here, not read from the files' comments, so a wrong
// comment or a wrong cell is caught.
struct Expect {
  std::string_view file;  // name without ".rle"
  Kind kind;
  std::string_view rule;  // canonical rule text
  uint64_t period = 0;    // oscillators, spaceships, guns, puffers, replicators
  int64_t dx = 0;         // spaceships: displacement per period; puffers: of the front
  int64_t dy = 0;
  uint64_t generation = 0;  // methuselahs: stabilisation generation
  uint64_t population = 0;  // methuselahs: population then (0: it dies)
  int64_t growth = 0;       // guns and puffers: population added per period;
                            // spacefillers: its increase from one period to the next
};

constexpr std::string_view kLife = "B3/S23";

const Expect kExpected[] = {
    {"block", Kind::StillLife, kLife},
    {"beehive", Kind::StillLife, kLife},
    {"loaf", Kind::StillLife, kLife},
    {"boat", Kind::StillLife, kLife},
    {"tub", Kind::StillLife, kLife},
    {"pond", Kind::StillLife, kLife},
    {"ship", Kind::StillLife, kLife},
    {"eater_1", Kind::StillLife, kLife},
    {"blinker", Kind::Oscillator, kLife, 2},
    {"toad", Kind::Oscillator, kLife, 2},
    {"beacon", Kind::Oscillator, kLife, 2},
    {"clock", Kind::Oscillator, kLife, 2},
    {"pulsar", Kind::Oscillator, kLife, 3},
    {"pentadecathlon", Kind::Oscillator, kLife, 15},
    {"figure_eight", Kind::Oscillator, kLife, 8},
    {"koks_galaxy", Kind::Oscillator, kLife, 8},
    {"tumbler", Kind::Oscillator, kLife, 14},
    {"queen_bee_shuttle", Kind::Oscillator, kLife, 30},
    {"day_and_night_p2", Kind::Oscillator, "B3678/S34678", 2},
    {"day_and_night_p4", Kind::Oscillator, "B3678/S34678", 4},
    {"glider", Kind::Spaceship, kLife, 4, 1, 1},
    {"lwss", Kind::Spaceship, kLife, 4, -2, 0},
    {"mwss", Kind::Spaceship, kLife, 4, -2, 0},
    {"hwss", Kind::Spaceship, kLife, 4, -2, 0},
    {"coe_ship", Kind::Spaceship, kLife, 16, 8, 0},
    {"seeds_moon", Kind::Spaceship, "B2/S", 1, -1, 0},
    {"highlife_bomber", Kind::Spaceship, "B36/S23", 48, -8, -8},
    {"day_and_night_c2_ship", Kind::Spaceship, "B3678/S34678", 32, 0, -16},
    {"gosper_glider_gun", Kind::Gun, kLife, 30, 1, 1, 0, 0, 5},
    {"simkin_glider_gun", Kind::Gun, kLife, 120, -1, -1, 0, 0, 5},
    {"r_pentomino", Kind::Methuselah, kLife, 0, 0, 0, 1103, 116},
    {"b_heptomino", Kind::Methuselah, kLife, 0, 0, 0, 148, 28},
    {"pi_heptomino", Kind::Methuselah, kLife, 0, 0, 0, 173, 55},
    {"diehard", Kind::Methuselah, kLife, 0, 0, 0, 130, 0},
    {"acorn", Kind::Methuselah, kLife, 0, 0, 0, 5206, 633},
    {"rabbits", Kind::Methuselah, kLife, 0, 0, 0, 17331, 1744},
    {"blinker_puffer_1", Kind::Puffer, kLife, 8, -4, 0, 0, 0, 3},
    {"infinite_growth_10_cell", Kind::Grower, kLife},
    {"infinite_growth_5x5", Kind::Grower, kLife},
    {"infinite_growth_1_cell_thick", Kind::Grower, kLife},
    // Quadratic growth: the population's second difference over 4 generations is 8, i.e.
    // t*t/4 + O(t); each edge of the bounding box moves out by 2 every 4 generations.
    {"max", Kind::Spacefiller, kLife, 4, 2, 2, 0, 0, 8},
    {"highlife_replicator", Kind::Replicator, "B36/S23", 12},
};

// gtest prints parameters in failure messages; the file name says which one.
void PrintTo(const Expect& e, std::ostream* os) {
  *os << e.file << ".rle";
}

const Expect* find_expect(std::string_view stem) {
  for (const Expect& e : kExpected)
    if (e.file == stem) return &e;
  return nullptr;
}

TEST(PatternLibrary, EveryFileHasAnExpectationAndEveryExpectationAFile) {
  ASSERT_TRUE(fs::is_directory(kLibrary)) << kLibrary;
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(kLibrary)) {
    if (entry.path().extension() != ".rle") continue;
    const std::string stem = entry.path().stem().string();
    files.insert(stem);
    EXPECT_NE(find_expect(stem), nullptr) << stem << ".rle has no row in kExpected";
  }
  for (const Expect& e : kExpected)
    EXPECT_EQ(files.count(std::string(e.file)), 1u) << e.file << ".rle is missing";
  EXPECT_GE(files.size(), 34u);
}

class LibraryPattern : public ::testing::TestWithParam<Expect> {
 protected:
  void SetUp() override {
    path_ = kLibrary / (std::string(GetParam().file) + ".rle");
    ASSERT_NO_THROW(pattern_ = load_pattern_file(path_)) << path_;
  }
  Rule rule() const { return pattern_.rule.rule; }

  fs::path path_;
  Pattern pattern_;
};

TEST_P(LibraryPattern, HasNameAuthorCommentsAndRule) {
  const Expect& e = GetParam();
  EXPECT_FALSE(pattern_.name.empty());
  EXPECT_FALSE(pattern_.author.empty());
  // "#O discoverer, year".
  EXPECT_TRUE(std::regex_search(pattern_.author, std::regex(R"(, (19|20)\d\d)")))
      << pattern_.author << " (expected \"who, year\")";
  EXPECT_FALSE(pattern_.comments.empty());
  EXPECT_EQ(pattern_.rule.to_string(), e.rule);
  EXPECT_FALSE(pattern_.empty());
  EXPECT_EQ(pattern_.bounding_box().min_x, 0);
  EXPECT_EQ(pattern_.bounding_box().min_y, 0);
}

TEST_P(LibraryPattern, FileLinesAreAtMost70Characters) {
  std::ifstream in(path_);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    EXPECT_LE(line.size(), 70u) << path_ << ":" << n;
  }
  EXPECT_GT(n, 2);
}

// Writing a library pattern and reading it back, or loading its text by sniffing the format,
// gives the same cells and metadata (what a user saving a loaded pattern relies on).
TEST_P(LibraryPattern, RoundTripsThroughTheWriterAndTheSniffer) {
  const Pattern again = parse_rle(write_rle(pattern_), "written");
  EXPECT_TRUE(again.same_cells(pattern_));
  EXPECT_EQ(again.name, pattern_.name);
  EXPECT_EQ(again.author, pattern_.author);
  EXPECT_EQ(again.comments, pattern_.comments);
  EXPECT_EQ(again.rule, pattern_.rule);

  std::ifstream in(path_);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(sniff_format(text.str()), PatternFormat::Rle);
  EXPECT_TRUE(parse_pattern(text.str(), path_.string()).same_cells(pattern_));
}

// The sparse stepper must agree with the reference engine, cell for cell, for every pattern
// and rule here; generations are few enough that nothing reaches the plane's edge.
TEST_P(LibraryPattern, SparseStepperAgreesWithReferenceEngine) {
  constexpr uint64_t kGenerations = 40;
  constexpr int64_t kMargin = int64_t(kGenerations) + 4;
  const Box box = pattern_.bounding_box();
  Grid grid(box.width() + 2 * kMargin, box.height() + 2 * kMargin, Topology::Plane);
  grid.place(pattern_, Cell{kMargin, kMargin});
  auto engine = make_reference_engine();
  engine->set_rule(rule());
  engine->load(grid);
  SparseLife sparse(pattern_, rule());
  for (int round = 0; round < 4; ++round) {
    engine->step(kGenerations / 4);
    sparse.step(kGenerations / 4);
    Grid out = test::state(*engine);
    const Pattern expected = translated(out.extract(), -kMargin, -kMargin);
    ASSERT_TRUE(sparse.pattern().same_cells(expected))
        << "generation " << sparse.generation() << ": population " << sparse.population()
        << " vs reference " << expected.population();
  }
}

TEST_P(LibraryPattern, BehavesAsDescribed) {
  const Expect& e = GetParam();
  SparseLife life(pattern_, rule());
  // Steps through the generations before the period, in none of which the shape is back.
  auto step_to_just_before_the_period = [&] {
    for (uint64_t g = 1; g < e.period; ++g) {
      life.step(1);
      EXPECT_FALSE(at_origin(life.pattern()).same_cells(pattern_))
          << "same shape again at generation " << g;
    }
  };
  switch (e.kind) {
    case Kind::StillLife:
      life.step(1);
      EXPECT_TRUE(life.pattern().same_cells(pattern_));
      break;

    case Kind::Oscillator:
      // Back where it started after exactly `period` generations, never earlier, and not a
      // still life or a spaceship in disguise.
      step_to_just_before_the_period();
      life.step(1);
      EXPECT_TRUE(life.pattern().same_cells(pattern_)) << "not back at generation " << e.period;
      break;

    case Kind::Spaceship:
      step_to_just_before_the_period();
      life.step(1);
      EXPECT_TRUE(life.pattern().same_cells(translated(pattern_, e.dx, e.dy)))
          << "not the same ship moved by (" << e.dx << ", " << e.dy << ") after " << e.period;
      // And it keeps going.
      life.step(e.period * 9);
      EXPECT_TRUE(life.pattern().same_cells(translated(pattern_, 10 * e.dx, 10 * e.dy)));
      break;

    case Kind::Gun: {
      // Exactly one glider (5 cells) more per period, the gun itself repeating with the
      // period, and the gliders heading the way (dx, dy) says.
      const Box gun = pattern_.bounding_box();
      std::vector<size_t> pops{life.population()};
      Pattern previous_core;
      for (int k = 1; k <= 8; ++k) {
        life.step(e.period);
        pops.push_back(life.population());
        const Pattern core = inside(life.pattern(), gun);
        if (k >= 3) {
          EXPECT_TRUE(core.same_cells(previous_core)) << "gun not periodic, k=" << k;
        }
        previous_core = core;
      }
      for (size_t k = 1; k < pops.size(); ++k)
        EXPECT_EQ(int64_t(pops[k]) - int64_t(pops[k - 1]), e.growth) << "period " << k;
      const Box all = life.pattern().bounding_box();
      const int64_t reach = int64_t(e.period);  // the first glider has had over 4 periods at c/4
      if (e.dx > 0) {
        EXPECT_GE(all.max_x, gun.max_x + reach);
      }
      if (e.dx < 0) {
        EXPECT_LE(all.min_x, gun.min_x - reach);
      }
      if (e.dy > 0) {
        EXPECT_GE(all.max_y, gun.max_y + reach);
      }
      if (e.dy < 0) {
        EXPECT_LE(all.min_y, gun.min_y - reach);
      }
      break;
    }

    case Kind::Methuselah: {
      life.step(e.generation - 1);
      const Pattern before = life.pattern();
      life.step(1);
      EXPECT_EQ(life.population(), e.population) << "at generation " << e.generation;
      if (e.population == 0) {
        EXPECT_GT(before.population(), 0u) << "already dead before generation " << e.generation;
        break;
      }
      // Settled: the population stays put from here on (the escaping gliders meet nothing),
      // but it was still changing one generation earlier.
      EXPECT_NE(before.population(), e.population);
      life.step(100);
      EXPECT_EQ(life.population(), e.population) << "at generation " << e.generation + 100;
      break;
    }

    case Kind::Puffer: {
      // After a settling time, each period adds `growth` cells and moves the front by dx.
      life.step(e.period * 8);
      for (int k = 0; k < 8; ++k) {
        const size_t pop = life.population();
        const Box box = life.pattern().bounding_box();
        life.step(e.period);
        const Box next = life.pattern().bounding_box();
        EXPECT_EQ(int64_t(life.population()) - int64_t(pop), e.growth);
        if (e.dx < 0) {
          EXPECT_EQ(next.min_x - box.min_x, e.dx);
        }
        if (e.dx > 0) {
          EXPECT_EQ(next.max_x - box.max_x, e.dx);
        }
        if (e.dy < 0) {
          EXPECT_EQ(next.min_y - box.min_y, e.dy);
        }
        if (e.dy > 0) {
          EXPECT_EQ(next.max_y - box.max_y, e.dy);
        }
      }
      break;
    }

    case Kind::Grower: {
      // A block-laying switch engine: period 288, and once the start-up debris has settled
      // every period leaves the same number of new cells behind, for ever.
      constexpr uint64_t kSwitchEnginePeriod = 288;
      life.step(kSwitchEnginePeriod * 20);
      const size_t p0 = life.population();
      life.step(kSwitchEnginePeriod);
      const int64_t per_period = int64_t(life.population()) - int64_t(p0);
      EXPECT_GT(per_period, 0);
      for (int k = 0; k < 6; ++k) {
        const size_t pop = life.population();
        life.step(kSwitchEnginePeriod);
        EXPECT_EQ(int64_t(life.population()) - int64_t(pop), per_period) << "k=" << k;
      }
      break;
    }

    case Kind::Spacefiller: {
      // Quadratic growth: doubling the time roughly quadruples the population, exactly so
      // in the second difference, which is constant once the first period is past; and the
      // edges move out at the speed dx per period in every direction.
      const Box start = pattern_.bounding_box();
      std::vector<int64_t> pops{int64_t(life.population())};
      for (uint64_t k = 1; k <= 128; ++k) {
        life.step(e.period);
        pops.push_back(int64_t(life.population()));
        if (k % 8 != 0) continue;
        const Box box = life.pattern().bounding_box();
        ASSERT_EQ(box.min_x, start.min_x - int64_t(k) * e.dx) << "generation " << k * e.period;
        ASSERT_EQ(box.max_x, start.max_x + int64_t(k) * e.dx) << "generation " << k * e.period;
        ASSERT_EQ(box.min_y, start.min_y - int64_t(k) * e.dy) << "generation " << k * e.period;
        ASSERT_EQ(box.max_y, start.max_y + int64_t(k) * e.dy) << "generation " << k * e.period;
      }
      for (size_t k = 3; k < pops.size(); ++k)
        EXPECT_EQ(pops[k] - 2 * pops[k - 1] + pops[k - 2], e.growth)
            << "generation " << k * e.period;
      // pop(T), pop(2T), pop(4T) for T = 128 generations: about 4 times more per doubling.
      const double t1 = double(pops[32]), t2 = double(pops[64]), t4 = double(pops[128]);
      EXPECT_GT(t2 / t1, 3.4);
      EXPECT_GT(t4 / t2, 3.6);
      EXPECT_LT(t4 / t2, 4.0);
      break;
    }

    case Kind::Replicator: {
      // Each copy makes two every period and copies that meet cancel, so after k periods the
      // copies sit where row k of Pascal's triangle is odd: 2^popcount(k) of them.
      const size_t cells = pattern_.population();
      for (uint64_t k = 1; k <= 16; ++k) {
        life.step(e.period);
        EXPECT_EQ(life.population(), cells << std::popcount(k)) << "after " << k << " periods";
      }
      break;
    }
  }
}

std::string test_name(const ::testing::TestParamInfo<Expect>& info) {
  return std::string(info.param.file);
}

INSTANTIATE_TEST_SUITE_P(Library, LibraryPattern, ::testing::ValuesIn(kExpected), test_name);

}  // namespace
}  // namespace gpulife
