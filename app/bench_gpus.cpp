// `gpulife bench --gpus N`: multi-GPU throughput, parallel efficiency and exchange time.
#include "app/bench_gpus.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/bench_timing.hpp"
#include "app/engines.hpp"
#include "core/error.hpp"
#include "core/reference_engine.hpp"

#if GPULIFE_HAVE_CUDA
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu.hpp"
#endif

namespace gpulife::app {

#if GPULIFE_HAVE_CUDA
namespace {

constexpr uint64_t kSeed = 0x5eed;
// Repetitions are whole 16-generation passes of bit-multistep.
constexpr uint64_t kPassGenerations = 16;

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string size_text(int64_t w, int64_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

Params band_params(const Params& all) {
  Params p;
  for (const char* name : {"depth", "words_per_thread", "tile_rows", "block_warps", "fma_shifts"})
    p[name] = all.at(name);
  return p;
}

// Empty when the engine matches the reference on the check grid, both topologies.
std::string check(gpu::MultiGpuEngine& engine, const GpusBenchSettings& s) {
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    Grid start(s.check_size.width, s.check_size.height, t);
    start.randomize(0.5, kSeed);
    auto ref = make_reference_engine();
    ref->set_rule(s.rule);
    ref->load(start);
    ref->step(s.check_generations);
    Grid want, got;
    ref->store(want);
    engine.set_rule(s.rule);
    engine.load(start);
    engine.step(s.check_generations);
    engine.store(got);
    const std::string where =
        size_text(s.check_size.width, s.check_size.height) + " " + std::string(to_string(t)) + ": ";
    if (!(got == want)) return where + "cells differ from the reference";
    if (engine.hash() != want.hash()) return where + "hash differs from the reference";
    if (engine.population() != want.population()) return where + "population differs";
  }
  return {};
}

}  // namespace

int bench_across_gpus(const GpusBenchSettings& s) {
  if (!gpu::multi_gpu_built())
    throw Error("bench --gpus needs bit-multistep-multi, which this build lacks (no NCCL)");
  const int visible = gpu::device_available() ? gpu::cuda_device_count() : 0;
  if (visible < 1) throw Error("bench --gpus needs a CUDA device; none is present");
  const int bands = s.bands > 0 ? s.bands : s.gpus;
  std::cout << "devices: " << visible << " visible, first: " << compute_device_summary() << "\n";
  if (s.gpus > visible)
    std::cout << "note: " << s.gpus << " GPUs asked for, " << visible
              << " present: the bands share the present ones\n";

  auto engine = gpu::make_multi_gpu_engine();
  engine->set_params({{"gpus", s.gpus}, {"bands", bands}});
  if (std::string bad = check(*engine, s); !bad.empty()) {
    std::cout << "MISMATCH bit-multistep-multi on " << bad << "\n";
    std::cerr << "bench: bit-multistep-multi disagrees with the reference\n";
    return 1;
  }
  std::cout << "check bit-multistep-multi: matches the reference on "
            << size_text(s.check_size.width, s.check_size.height) << " plane and torus after "
            << s.check_generations << " generations\n";

  Grid soup(s.size.width, s.size.height, s.topology);
  soup.randomize(0.5, kSeed);
  engine->set_rule(s.rule);
  engine->load(soup);
  const gpu::BandPlan plan = engine->plan();  // a copy: the engine goes before the table
  const int gpus = plan.devices;
  std::cout << "rule " << s.rule.to_string() << ", " << to_string(s.topology) << " "
            << size_text(s.size.width, s.size.height) << ", random 50% soup (seed " << kSeed
            << "), " << gpus << " GPU(s), " << plan.bands.size() << " bands, depth " << plan.depth
            << "\n";

  // Full-size cross-check against bit-multistep on one GPU, where the grid fits on one.
  engine->step(s.check_generations);
  {
    auto single = gpu::make_gpu_engine("bit-multistep");
    try {
      single->set_params(band_params(engine->params()));
      single->set_rule(s.rule);
      single->load(soup);
      single->step(s.check_generations);
      if (single->hash() != engine->hash()) {
        std::cout << "MISMATCH bit-multistep-multi on " << size_text(s.size.width, s.size.height)
                  << ": hash differs from bit-multistep's after " << s.check_generations
                  << " generations\n";
        return 1;
      }
      std::cout << "check: same hash as bit-multistep on the full grid after "
                << s.check_generations << " generations\n";
    } catch (const Error& e) {
      std::cout << "note: no full-size cross-check with one GPU (" << e.what() << ")\n";
    }
  }
  soup = Grid();  // host memory back before the per-GPU grid

  uint64_t generations = 0;
  const double ms = time_engine(*engine, s.repeat, generations, kPassGenerations, 4096);
  const double exchange_ms = engine->time_exchange_ms(50);
  const double cells = double(s.size.width) * double(s.size.height);
  const double total = cells / (ms * 1e-3) / 1e9;
  const double per_gpu = total / gpus;
  std::cout << "time bit-multistep-multi: " << fixed(ms, 4) << " ms/generation (" << generations
            << " generations per repetition)\n";
  engine.reset();

  // One GPU at the per-GPU size.
  const int64_t rows_per_gpu = (s.size.height + gpus - 1) / gpus;
  Grid part(s.size.width, rows_per_gpu, s.topology);
  part.randomize(0.5, kSeed + 1);
  auto single = gpu::make_gpu_engine("bit-multistep");
  single->set_params(band_params(gpu::make_multi_gpu_engine()->params()));
  single->set_rule(s.rule);
  single->load(part);
  uint64_t single_generations = 0;
  const double single_ms =
      time_engine(*single, s.repeat, single_generations, kPassGenerations, 4096);
  const double single_gcells =
      double(s.size.width) * double(rows_per_gpu) / (single_ms * 1e-3) / 1e9;
  std::cout << "time bit-multistep on one GPU, " << size_text(s.size.width, rows_per_gpu) << ": "
            << fixed(single_ms, 4) << " ms/generation\n";

  const double efficiency = per_gpu / single_gcells * 100.0;
  std::cout << "\n| GPUs | bands | grid | depth | ms/generation | Gcell/s total | Gcell/s per GPU "
               "| one GPU at "
            << size_text(s.size.width, rows_per_gpu)
            << ": Gcell/s | parallel efficiency | exchange alone, ms per pass | exchange "
               "alone, ms per generation |\n"
            << "|---|---|---|---|---|---|---|---|---|---|---|\n"
            << "| " << gpus << " | " << plan.bands.size() << " | "
            << size_text(s.size.width, s.size.height) << " | " << plan.depth << " | "
            << fixed(ms, 4) << " | " << fixed(total, 0) << " | " << fixed(per_gpu, 0) << " | "
            << fixed(single_gcells, 0) << " | " << fixed(efficiency, 1) << " % | "
            << fixed(exchange_ms, 4) << " | " << fixed(exchange_ms / plan.depth, 4) << " |\n";
  return 0;
}

#else

int bench_across_gpus(const GpusBenchSettings&) {
  throw Error("bench --gpus needs a CUDA build with NCCL; this one has no CUDA");
}

#endif

}  // namespace gpulife::app
