// gpulife_cpu_bench: Google Benchmark figures for the cpu-simd engine (the "cells" rate is
// cell-generations per second of wall time: 25G/s = 25 Gcell/s) by instruction set, thread count
// and pass shape.
#include <benchmark/benchmark.h>

#include <string>

#include "core/simd_engine.hpp"

namespace gpulife {
namespace {

constexpr uint64_t kSeed = 2026;

// Arguments: side, threads, isa (0 = best), generations per pass, band rows, life (1) or
// HighLife (0, the general-rule path).
void soup(benchmark::State& state) {
  const int64_t side = state.range(0);
  const int isa = int(state.range(2));
  if (isa != 0 && !simd_isa_supported(SimdIsa(isa))) {
    state.SkipWithError("instruction set not supported on this CPU");
    return;
  }
  auto engine = make_simd_engine();
  engine->set_params({{"threads", int(state.range(1))},
                      {"isa", isa},
                      {"generations_per_pass", int(state.range(3))},
                      {"band_rows", int(state.range(4))}});
  engine->set_rule(state.range(5) ? Rule::life() : parse_rule("B36/S23").rule);
  Grid grid(side, side, Topology::Torus);
  grid.randomize(0.5, kSeed);
  engine->load(grid);
  // Enough generations per iteration that pool wake-ups and the pass tail do not dominate.
  const uint64_t generations = side >= 4096 ? 64 : 256;
  engine->step(generations);  // warm caches and page in both buffers
  for (auto _ : state) {
    engine->step(generations);
    benchmark::DoNotOptimize(engine->generation());
  }
  const double cell_gens = double(side) * double(side) * double(generations);
  state.counters["cells"] = benchmark::Counter(
      cell_gens, benchmark::Counter::kIsRate | benchmark::Counter::kIsIterationInvariant);
  state.SetLabel(std::string(to_string(isa == 0 ? best_simd_isa() : SimdIsa(isa))));
}

void headline(benchmark::internal::Benchmark* b) {
  b->ArgNames({"side", "threads", "isa", "gpp", "band", "life"});
  for (int isa : {0, 1, 2, 3})
    for (int threads : {1, 2}) b->Args({8192, threads, isa, 2, 256, 1});
}

void pass_shapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"side", "threads", "isa", "gpp", "band", "life"});
  for (int threads : {1, 2})
    for (int gpp : {1, 2, 4, 8, 16})
      for (int band : {64, 256, 1024}) b->Args({8192, threads, 0, gpp, band, 1});
}

void general_rule(benchmark::internal::Benchmark* b) {
  b->ArgNames({"side", "threads", "isa", "gpp", "band", "life"});
  for (int isa : {0, 2}) b->Args({8192, 2, isa, 2, 256, 0});
}

void sizes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"side", "threads", "isa", "gpp", "band", "life"});
  for (int side : {1024, 4096, 16384}) b->Args({side, 2, 0, 2, 256, 1});
}

void smoke(benchmark::internal::Benchmark* b) {
  b->ArgNames({"side", "threads", "isa", "gpp", "band", "life"});
  b->Args({256, 2, 0, 4, 32, 1});
}

// What the viewer does each frame without a GPU: one generation, then copy the state out for
// drawing. Arguments: side, threads.
void frame(benchmark::State& state) {
  const int64_t side = state.range(0);
  auto engine = make_simd_engine();
  engine->set_params({{"threads", int(state.range(1))}});
  Grid grid(side, side, Topology::Torus);
  grid.randomize(0.5, kSeed);
  engine->load(grid);
  Grid out;
  for (auto _ : state) {
    engine->step(1);
    engine->store(out);
    benchmark::DoNotOptimize(out.words().data());
  }
  state.counters["step_ms"] = benchmark::Counter(engine->last_step_ms());
}

BENCHMARK(frame)
    ->Name("ViewerFrame")
    ->ArgNames({"side", "threads"})
    ->Args({4096, 0})
    ->Args({4096, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(soup)->Name("Soup")->Apply(headline)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(soup)
    ->Name("PassShape")
    ->Apply(pass_shapes)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(soup)
    ->Name("GeneralRule")
    ->Apply(general_rule)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(soup)->Name("Size")->Apply(sizes)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(soup)->Name("Smoke")->Apply(smoke)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gpulife

BENCHMARK_MAIN();
