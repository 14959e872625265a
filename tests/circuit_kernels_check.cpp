// The run-time compiled rule kernels without a GPU: the program NVRTC would compile for a rule
// is compiled by the host compiler with CUDA's built-ins emulated (a warp is 32 threads meeting
// at every shuffle), and its multistep and one-generation kernels step grids that must match
// the reference engine stepping the same phases.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/reference_engine.hpp"
#include "core/rule_circuit.hpp"
#include "core/rule_phases.hpp"
#include "gpu/circuit_source.hpp"
#include "tests/rule_test_support.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path work_dir() {
  const fs::path d = fs::temp_directory_path() / ("gpulife_circuit_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

// Builds the host program of a rule's kernels; returns its path.
fs::path build_program(const Rule& rule, const std::string& tag) {
  const RulePhases phases = rule_phases(rule);
  const Circuit even = compile_rule(phases.step[0]);
  const Circuit odd = phases.alternates() ? compile_rule(phases.step[1]) : even;
  gpu::CircuitKernelSet set;
  set.step_bits = {32, 64};
  set.depths = {1, 2, 4, 8};
  set.both_phases = phases.alternates();
  const fs::path dir = work_dir();
  const fs::path source = dir / (tag + ".cpp"), binary = dir / tag;
  std::ofstream(source) << read_file(fs::path(GPULIFE_TEST_DATA) / "circuit_host_shim.hpp")
                        << (set.both_phases ? "#define HOST_BOTH_PHASES 1\n" : "")
                        << gpu::circuit_program(even, odd, set)
                        << read_file(fs::path(GPULIFE_TEST_DATA) / "circuit_host_main.hpp");
  const std::string command = std::string(GPULIFE_HOST_CXX) + " -std=c++20 -O1 -pthread -w '" +
                              source.string() + "' -o '" + binary.string() + "' 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return binary;
}

// The stored state after stepping: each generation through its phase's rule, as the kernels do.
Grid expected(const Grid& start, const RulePhases& phases, int generations) {
  auto ref = make_reference_engine();
  Grid g = start;
  for (int i = 0; i < generations; ++i) {
    ref->set_rule(phases.step[i & 1]);
    ref->load(g);
    ref->step(1);
    ref->store(g);
  }
  return g;
}

Grid run_program(const fs::path& program, const std::string& kind, const Grid& start,
                 int generations, int depth, int tile_rows, int run) {
  const fs::path in = program.string() + ".in", out = program.string() + ".out";
  std::ofstream(in, std::ios::binary)
      .write(reinterpret_cast<const char*>(start.words().data()),
             std::streamsize(start.words().size() * 8));
  const std::string command = "'" + program.string() + "' " + kind + " " +
                              std::to_string(start.width()) + " " + std::to_string(start.height()) +
                              " " + (start.topology() == Topology::Torus ? "1" : "0") + " " +
                              std::to_string(generations) + " " + std::to_string(depth) + " " +
                              std::to_string(tile_rows) + " " + std::to_string(run) + " '" +
                              in.string() + "' '" + out.string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  Grid g(start.width(), start.height(), start.topology());
  std::ifstream(out, std::ios::binary)
      .read(reinterpret_cast<char*>(g.words().data()), std::streamsize(g.words().size() * 8));
  return g;
}

struct Shape {
  const char* kind;
  int depth, tile_rows, run;
};

TEST(CircuitKernels, MatchTheReferenceOnTheHost) {
  std::mt19937_64 rng(4);
  const Rule rules[] = {parse_rule("B2-a/S12").rule, parse_rule("B013568/S01").rule,
                        parse_rule("AntiLife").rule, testing::random_map_rule(rng, false),
                        parse_rule("B3/S23-a4ei6").rule};
  const Shape shapes[] = {
      {"ms", 8, 16, 1}, {"ms", 4, 7, 1}, {"step32", 1, 1, 5}, {"step64", 1, 1, 3}};
  struct Size {
    int64_t w, h;
    Topology t;
  };
  const Size sizes[] = {{70, 23, Topology::Torus},
                        {1000, 19, Topology::Plane},
                        {965, 21, Topology::Torus},
                        {64, 9, Topology::Plane},
                        {33, 40, Topology::Torus}};
  int index = 0;
  for (const Rule& rule : rules) {
    SCOPED_TRACE(rule.to_string());
    const fs::path program = build_program(rule, "rule" + std::to_string(index++));
    const RulePhases phases = rule_phases(rule);
    int case_index = 0;
    for (const Shape& shape : shapes)
      for (const Size& size : sizes) {
        if (std::string(shape.kind) == "ms" && size.w > 500 && case_index++ % 2) continue;
        Grid start(size.w, size.h, size.t);
        start.randomize(0.4, uint64_t(size.w * 7 + size.h));
        SCOPED_TRACE(std::string(shape.kind) + " depth " + std::to_string(shape.depth) + " on " +
                     std::to_string(size.w) + "x" + std::to_string(size.h));
        EXPECT_EQ(
            run_program(program, shape.kind, start, 11, shape.depth, shape.tile_rows, shape.run),
            expected(start, phases, 11));
      }
  }
}

// The multistep kernel's warps and tiles at their edges, for one isotropic rule and one MAP
// table: a warp outputs 31 words, its edge lanes half a word each, shared with the warps beside
// it; warps where a torus row wraps (width not a multiple of 32) gather and the others load
// plainly; a plane's side edge passes through a warp or between two; rows shorter than a warp;
// torus loads that wrap within a tile, once or many times (heights below the tile and the
// depth), tiles of one row; planes tall enough for the unrolled loop to run between their top
// and bottom rows.
TEST(CircuitKernels, MultistepAtWarpAndTileEdges) {
  std::mt19937_64 rng(7);
  const Rule rules[] = {parse_rule("B2-a/S12").rule, testing::random_map_rule(rng, false)};
  struct Case {
    int64_t w, h;
    Topology t;
    int depth, tile_rows;
  };
  const Case cases[] = {
      // 2000: 63 words in 3 warps, only the outer two gather; 1984: 62 words, none gathers.
      {2000, 13, Topology::Torus, 8, 16},
      {1985, 40, Topology::Plane, 8, 12},
      // 1970: the plane's side edge inside the last word of a warp that has no dead word.
      {1970, 40, Topology::Plane, 8, 20},
      {1984, 11, Topology::Torus, 4, 5},
      // 31 words: the second warp holds only the pitch's padding word (plane: dead; aligned
      // torus: the wrapped row, stored as zero); 961..991: a second warp shares word 30.
      {992, 10, Topology::Torus, 8, 3},
      {992, 30, Topology::Plane, 8, 16},
      {961, 24, Topology::Plane, 4, 9},
      {975, 6, Topology::Torus, 8, 1},
      // Rows shorter than a warp.
      {5, 3, Topology::Torus, 8, 16},
      {1, 1, Topology::Torus, 8, 16},
      {1, 2, Topology::Plane, 4, 1},
      {31, 1, Topology::Plane, 8, 16},
      {33, 2, Topology::Torus, 8, 1},
      // Torus loads that wrap inside a tile.
      {100, 2, Topology::Torus, 8, 16},
      {96, 5, Topology::Torus, 8, 3},
      {70, 29, Topology::Torus, 8, 29},
      {70, 29, Topology::Plane, 8, 7},
  };
  int index = 0;
  for (const Rule& rule : rules) {
    SCOPED_TRACE(rule.to_string());
    const fs::path program = build_program(rule, "edges" + std::to_string(index++));
    const RulePhases phases = rule_phases(rule);
    for (const Case& c : cases) {
      Grid start(c.w, c.h, c.t);
      start.randomize(0.4, uint64_t(c.w * 5 + c.h));
      SCOPED_TRACE("depth " + std::to_string(c.depth) + ", tiles of " +
                   std::to_string(c.tile_rows) + " rows on " + std::to_string(c.w) + "x" +
                   std::to_string(c.h) + (c.t == Topology::Torus ? " torus" : " plane"));
      EXPECT_EQ(run_program(program, "ms", start, 11, c.depth, c.tile_rows, 1),
                expected(start, phases, 11));
    }
  }
}

// The one-generation kernels at a row's ends (one word or several, aligned or not, torus seam or
// plane edge) and at a run's ends (runs of every length against the unrolled three rows, the
// grid's last row inside the unrolled rows or after them), on words of 32 and 64 bits.
TEST(CircuitKernels, OneGenerationAtRowAndRunEnds) {
  const Rule rule = parse_rule("B2-a/S12").rule;
  const fs::path program = build_program(rule, "step_edges");
  const RulePhases phases = rule_phases(rule);
  struct Size {
    int64_t w, h;
    Topology t;
  };
  const Size sizes[] = {{1, 1, Topology::Torus},    {1, 3, Topology::Plane},
                        {5, 4, Topology::Torus},    {64, 1, Topology::Torus},
                        {63, 2, Topology::Plane},   {65, 7, Topology::Torus},
                        {128, 6, Topology::Torus},  {129, 9, Topology::Plane},
                        {200, 10, Topology::Torus}, {96, 12, Topology::Plane}};
  for (const char* kind : {"step32", "step64"})
    for (const Size& size : sizes)
      for (int run : {1, 2, 3, 4, 7, 32}) {
        Grid start(size.w, size.h, size.t);
        start.randomize(0.4, uint64_t(size.w * 3 + size.h + run));
        SCOPED_TRACE(std::string(kind) + " runs of " + std::to_string(run) + " on " +
                     std::to_string(size.w) + "x" + std::to_string(size.h) +
                     (size.t == Topology::Torus ? " torus" : " plane"));
        EXPECT_EQ(run_program(program, kind, start, 3, 1, 1, run), expected(start, phases, 3));
      }
}

}  // namespace
}  // namespace gpulife
