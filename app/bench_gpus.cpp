// `gpulife bench --gpus N`: multi-GPU throughput, parallel efficiency and exchange time, by one
// process or by several (--ranks), the soups built on the devices.
#include "app/bench_gpus.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/banded_run.hpp"
#include "app/bench_report.hpp"
#include "app/bench_timing.hpp"
#include "app/engines.hpp"
#include "app/tcp_exchange.hpp"
#include "core/error.hpp"
#include "core/grid_recipe.hpp"
#include "core/host_memory.hpp"
#include "core/reference_engine.hpp"

#if GPULIFE_HAVE_CUDA
#include "gpu/device_buffer.hpp"
#include "gpu/device_soup.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu.hpp"
#endif

namespace gpulife::app {

#if GPULIFE_HAVE_CUDA
namespace {

// Repetitions are whole 16-generation passes of bit-multistep.
constexpr uint64_t kPassGenerations = 16;
constexpr uint64_t kMostGenerations = 4096;
constexpr double kTargetRepetitionMs = 100.0;

// The band engines' parameters out of the multi-GPU engine's (which has a few of its own).
Params band_params(const Params& all) {
  Params p = gpu::make_gpu_engine("bit-multistep")->params();
  for (auto& [name, value] : p)
    if (all.count(name)) value = all.at(name);
  return p;
}

// Empty when the engine matches the reference on the check grid, both topologies.
std::string check(gpu::MultiGpuEngine& engine, const GpusBenchSettings& s) {
  for (Topology t : {Topology::Plane, Topology::Torus}) {
    Grid start(s.check_size.width, s.check_size.height, t);
    start.randomize(0.5, kBenchSeed);
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

// Generations per timed repetition, the same on every rank (each pass is collective): rank 0
// times one pass and tells the others.
uint64_t agreed_generations(Engine& engine, RankExchange& x) {
  engine.step(kPassGenerations);
  const double per = std::max(engine.last_step_ms() / double(kPassGenerations), 1e-6);
  uint64_t g = kPassGenerations;
  while (g < kMostGenerations && double(g) * per < kTargetRepetitionMs) g *= 2;
  return std::stoull(broadcast(x, std::to_string(g)));
}

double slowest(RankExchange& x, double mine) {
  for (const std::string& t : all_gather(x, std::to_string(mine)))
    mine = std::max(mine, std::stod(t));
  return mine;
}

}  // namespace

int bench_across_gpus(const GpusBenchSettings& s) {
  if (!gpu::multi_gpu_built())
    throw Error("bench --gpus needs bit-multistep-multi, which this build lacks (no NCCL)");
  const int visible = gpu::device_available() ? gpu::cuda_device_count() : 0;
  if (visible < 1) throw Error("bench --gpus needs a CUDA device; none is present");
  const EnvLookup env = process_environment();
  const RankSetup setup = resolve_ranks(s.ranks.request, env);
  const bool root = setup.rank == 0, several = setup.ranks > 1;
  std::shared_ptr<RankExchange> x = connect_ranks(setup, rendezvous_timeout(env));
  const int first = several ? first_device_for(setup, s.gpus) : 0;
  // Everything below prints on rank 0 only; every rank does the same work.
  std::ostream nowhere(nullptr);
  std::ostream& out = root ? std::cout : nowhere;
  out << "devices: " << visible << " visible, first: " << compute_device_summary() << "\n";
  if (several)
    out << "ranks: " << setup.ranks << " processes of " << s.gpus << " GPU(s) each (from "
        << setup.source << "), halos " << (s.ranks.host_halos ? "through the host" : "by NCCL")
        << "\n";
  const int bands = s.bands > 0 ? s.bands : s.gpus * setup.ranks;
  if (!several && s.gpus > visible)
    out << "note: " << s.gpus << " GPUs asked for, " << visible
        << " present: the bands share the present ones\n";

  auto engine = gpu::make_multi_gpu_engine();
  engine->set_params({{"gpus", s.gpus}, {"bands", bands}});
  engine->join({x, first, s.ranks.host_halos});
  if (std::string bad = check(*engine, s); !bad.empty()) {
    out << "MISMATCH bit-multistep-multi on " << bad << "\n";
    std::cerr << "bench: bit-multistep-multi disagrees with the reference\n";
    return 1;
  }
  out << "check bit-multistep-multi: matches the reference on "
      << size_text(s.check_size.width, s.check_size.height) << " plane and torus after "
      << s.check_generations << " generations\n";

  // The soup is built on the devices, band by band: no host copy of the timed grid.
  const GridRecipe soup = make_recipe(s.size, s.topology, Pattern(), {0, 0}, 0.5, kBenchSeed);
  engine->set_rule(s.rule);
  engine->load_recipe(soup);
  const gpu::BandPlan plan = engine->plan();  // a copy: the engine goes before the table
  const int gpus = plan.devices;
  out << "rule " << s.rule.to_string() << ", " << to_string(s.topology) << " "
      << size_text(s.size.width, s.size.height) << ", random 50% soup (seed " << kBenchSeed << "), "
      << gpus << " GPU(s), " << plan.bands.size() << " bands, depth " << plan.depth << "\n";

  // Full-size cross-check against bit-multistep on one GPU, where the grid fits on one (and on
  // the host, where the soup is built for it).
  engine->step(s.check_generations);
  const uint64_t multi_hash = engine->hash();
  if (!several) {
    try {
      size_t free_bytes = 0, total = 0;
      gpu::device_memory_info(free_bytes, total);
      if (2.05 * soup.bytes() > double(free_bytes))
        throw Error("bit-multistep would need " + format_bytes(2.05 * soup.bytes()) +
                    " on one GPU beside this engine's bands; " + format_bytes(double(free_bytes)) +
                    " is free");
      require_host_memory(soup.bytes(), "the host copy for the one-GPU cross-check");
      auto single = gpu::make_gpu_engine("bit-multistep");
      single->set_params(band_params(engine->params()));
      single->set_rule(s.rule);
      single->load(make_grid(soup));
      single->step(s.check_generations);
      if (single->hash() != multi_hash) {
        out << "MISMATCH bit-multistep-multi on " << size_text(s.size.width, s.size.height)
            << ": hash differs from bit-multistep's after " << s.check_generations
            << " generations\n";
        return 1;
      }
      out << "check: same hash as bit-multistep on the full grid after " << s.check_generations
          << " generations\n";
    } catch (const Error& e) {
      out << "note: no full-size cross-check with one GPU (" << e.what() << ")\n";
    }
  }

  uint64_t generations = several ? agreed_generations(*engine, *x) : 0;
  double ms = time_engine(*engine, s.repeat, generations, kPassGenerations, kMostGenerations);
  double exchange_ms = engine->time_exchange_ms(50);
  if (several) ms = slowest(*x, ms);
  const double cells = double(s.size.width) * double(s.size.height);
  const double total = cells / (ms * 1e-3) / 1e9;
  const double per_gpu = total / gpus;
  out << "time bit-multistep-multi: " << fixed(ms, 4) << " ms/generation (" << generations
      << " generations per repetition)\n";
  engine.reset();

  // One GPU at the per-GPU size (each rank on its own first GPU), soup built on the device.
  const int64_t rows_per_gpu = (s.size.height + gpus - 1) / gpus;
  gpu::use_device(first);
  auto single = gpu::make_gpu_engine("bit-multistep");
  single->set_params(band_params(gpu::make_multi_gpu_engine()->params()));
  single->set_rule(s.rule);
  gpu::DeviceSoup part(*single, s.size.width, rows_per_gpu, s.topology, 0.5, kBenchSeed + 1);
  uint64_t single_generations = 0;
  double single_ms =
      time_engine(*single, s.repeat, single_generations, kPassGenerations, kMostGenerations);
  if (several) single_ms = slowest(*x, single_ms);
  const double single_gcells =
      double(s.size.width) * double(rows_per_gpu) / (single_ms * 1e-3) / 1e9;
  out << "time bit-multistep on one GPU, " << size_text(s.size.width, rows_per_gpu) << ": "
      << fixed(single_ms, 4) << " ms/generation\n";

  const double efficiency = per_gpu / single_gcells * 100.0;
  out << "\n| ranks | GPUs | bands | grid | depth | ms/generation | Gcell/s total | Gcell/s per "
         "GPU "
         "| one GPU at "
      << size_text(s.size.width, rows_per_gpu)
      << ": Gcell/s | parallel efficiency | exchange alone, ms per pass | exchange "
         "alone, ms per generation |\n"
      << "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
      << "| " << setup.ranks << " | " << gpus << " | " << plan.bands.size() << " | "
      << size_text(s.size.width, s.size.height) << " | " << plan.depth << " | " << fixed(ms, 4)
      << " | " << fixed(total, 0) << " | " << fixed(per_gpu, 0) << " | " << fixed(single_gcells, 0)
      << " | " << fixed(efficiency, 1) << " % | " << fixed(exchange_ms, 4) << " | "
      << fixed(exchange_ms / plan.depth, 4) << " |\n";
  return 0;
}

#else

int bench_across_gpus(const GpusBenchSettings&) {
  throw Error("bench --gpus needs a CUDA build with NCCL; this one has no CUDA");
}

#endif

}  // namespace gpulife::app
