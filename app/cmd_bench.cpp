// `gpulife bench`: checks every engine against the reference, then times ms/generation against
// the measured copy-bandwidth limit, optionally sweeping launch shapes.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include "app/bench_gpus.hpp"
#include "app/bench_report.hpp"
#include "app/bench_timing.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/common_options.hpp"
#include "app/engines.hpp"
#include "app/grid_setup.hpp"
#include "app/json.hpp"
#include "app/rank_options.hpp"
#include "app/report.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/host_memory.hpp"
#include "core/reference_engine.hpp"

#if GPULIFE_HAVE_CUDA
#include "gpu/bandwidth.hpp"
#include "gpu/gpu_engines.hpp"
#endif

namespace gpulife::app {
namespace {

std::string params_text(const Params& p) {
  std::string s;
  for (const auto& [name, value] : p)
    s += (s.empty() ? "" : ",") + name + "=" + std::to_string(value);
  return s.empty() ? "-" : s;
}

// "first differing cell (x, y): engine alive, reference dead".
std::string difference_text(const Grid& engine, const Grid& reference) {
  const std::optional<Cell> c = first_difference(engine, reference);
  if (!c) return "no cell differs";
  const bool alive = engine.get(c->x, c->y);
  return "first differing cell (" + std::to_string(c->x) + ", " + std::to_string(c->y) +
         "): engine " + (alive ? "alive" : "dead") + ", reference " + (alive ? "dead" : "alive");
}

// The reference results on the check grid, for plane and torus and the timed topology.
struct CheckCase {
  Topology topology;
  Grid start;
  Grid expected;
};

// The check grid's size for topology `t`: a sphere's is square, a shifted Klein bottle's
// twisted side even.
GridSize check_size_for(const Topology& t, GridSize size) {
  if (t.kind == TopologyKind::Sphere) size.width = size.height = std::min(size.width, size.height);
  if (t.kind == TopologyKind::KleinBottle && t.shift != 0) {
    int64_t& side = t.edges == EdgePair::Horizontal ? size.width : size.height;
    if (side % 2 != 0 && side > 1) --side;
  }
  return size;
}

// "plane and torus", "plane, torus and sphere (701x701)": a case of another size names it.
std::string checked_topologies(const std::vector<CheckCase>& cases, GridSize size) {
  std::string text;
  for (size_t i = 0; i < cases.size(); ++i) {
    if (i > 0) text += i + 1 == cases.size() ? " and " : ", ";
    text += to_string(cases[i].topology);
    const Grid& g = cases[i].start;
    if (g.width() != size.width || g.height() != size.height)
      text += " (" + size_text(g.width(), g.height()) + ")";
  }
  return text;
}

std::vector<Topology> check_topologies(const BenchSettings& s) {
  std::vector<Topology> all = {Topology::Plane, Topology::Torus};
  if (s.topology != Topology::Plane && s.topology != Topology::Torus) all.push_back(s.topology);
  return all;
}

std::vector<CheckCase> reference_cases(const BenchSettings& s) {
  std::vector<CheckCase> cases;
  for (const Topology& t : check_topologies(s)) {
    const GridSize size = check_size_for(t, s.check_size);
    CheckCase c{t, Grid(size.width, size.height, t), Grid()};
    c.start.randomize(0.5, kBenchSeed);
    auto ref = make_reference_engine();
    ref->set_rule(s.rule);
    ref->load(c.start);
    ref->step(s.check_generations);
    ref->store(c.expected);
    cases.push_back(std::move(c));
  }
  return cases;
}

// Empty when the engine (with its current parameters) matches the reference on every case.
std::string check_engine(const EngineRegistry& registry, const std::string& name,
                         const Params& params, const BenchSettings& s,
                         const std::vector<CheckCase>& cases) {
  auto engine = registry.create(name);
  if (!params.empty()) engine->set_params(params);
  engine->set_rule(s.rule);
  for (const CheckCase& c : cases) {
    engine->load(c.start);
    engine->step(s.check_generations);
    const uint64_t h = engine->hash();
    Grid got;
    engine->store(got);
    const std::string where = name + " (" + params_text(params) + ") on " +
                              size_text(c.start.width(), c.start.height()) + " " +
                              std::string(to_string(c.topology)) + " after " +
                              std::to_string(s.check_generations) + " generations: ";
    if (!(got == c.expected))
      return where + "cells differ from the reference, " + difference_text(got, c.expected);
    if (h != c.expected.hash())
      return where + "hash() " + std::to_string(h) + " differs from the grid's " +
             std::to_string(c.expected.hash());
    if (engine->population() != c.expected.population())
      return where + "population() differs from the reference";
  }
  return {};
}

// Values of one parameter worth trying: powers of two in range (and multiples), plus the ends
// and the default.
std::vector<int> candidates(const ParamInfo& p) {
  auto valid = [&](int v) {
    return v >= p.min && v <= p.max && (p.multiple_of <= 1 || v % p.multiple_of == 0) &&
           (!p.power_of_two || (v & (v - 1)) == 0);
  };
  std::vector<int> v;
  if (p.max - p.min <= 8) {
    for (int x = p.min; x <= p.max; ++x)
      if (valid(x)) v.push_back(x);
    return v;
  }
  for (long long x = 1; x <= p.max; x *= 2)
    if (valid(int(x))) v.push_back(int(x));
  for (int x : {p.min, p.max, p.default_value})
    if (valid(x) && std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  std::sort(v.begin(), v.end());
  return v;
}

class Bench {
 public:
  Bench(const EngineRegistry& registry, BenchSettings settings)
      : registry_(registry), s_(std::move(settings)) {}

  void set_bandwidth(double bytes_per_second) { bandwidth_ = bytes_per_second; }

  // Checks, optionally sweeps, and times one engine; appends its rows. False on a mismatch.
  bool run(const std::string& name, const Params& shape, const Grid& soup,
           const std::vector<CheckCase>& cases) {
    const EngineInfo& info = registry_.info(name);
    if (std::string why = registry_.unavailable_reason(name); !why.empty()) {
      rows_.push_back(BenchRow{name, "-", 0, -1, 0, 0, false, "skipped: " + why});
      return true;
    }
    std::unique_ptr<Engine> engine = registry_.create(name);
    if (!shape.empty()) engine->set_params(shape);
    const Params defaults = engine->params();
    const auto check_start = std::chrono::steady_clock::now();
    if (std::string bad = check_engine(registry_, name, defaults, s_, cases); !bad.empty()) {
      std::cout << "MISMATCH " << bad << "\n";
      rows_.push_back(BenchRow{name, params_text(defaults), 0, -1, 0, 0, false, "MISMATCH"});
      return false;
    }
    std::cout << "check " << name << ": matches the reference on " << size_text(s_.check_size)
              << " " << checked_topologies(cases, s_.check_size) << " after "
              << s_.check_generations << " generations\n";
    if (!info.gpu) {
      // A CPU engine's speed on the check grid says how long the full size would take: the
      // cross-check, the first sizing step, the warm-up and the repetitions, at least 8
      // generations each.
      const double check_s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - check_start).count();
      const double speed = double(cases.size()) * double(s_.check_generations) *
                           double(s_.check_size.width) * double(s_.check_size.height) /
                           std::max(check_s, 1e-9);
      const double generations = double(s_.check_generations) + 8.0 * (2.0 + s_.repeat);
      const double estimate = generations * double(s_.size.width) * double(s_.size.height) / speed;
      if (estimate > s_.max_seconds) {
        const std::string why = "would take about " + fixed(estimate, 0) + " s at " +
                                size_text(s_.size) + " (" + fixed(speed / 1e6, 0) +
                                " Mcell/s on the check grid); limit " + fixed(s_.max_seconds, 0) +
                                " s (--max-seconds)";
        std::cout << "skip " << name << ": " << why << "\n";
        rows_.push_back(
            BenchRow{name, params_text(defaults), 0, -1, 0, 0, false, "skipped: " + why});
        return true;
      }
    }
    engine->set_rule(s_.rule);
    try {
      engine->load(soup);
    } catch (const Error& e) {
      std::cout << "skip " << name << ": " << e.what() << "\n";
      rows_.push_back(
          BenchRow{name, params_text(defaults), 0, -1, 0, 0, false, "skipped: does not fit"});
      return true;
    }
    // Full-size cross-check: every engine must reach the same state as the first one.
    engine->step(s_.check_generations);
    const uint64_t h = engine->hash();
    if (!full_hash_) {
      full_hash_ = h;
      full_hash_engine_ = name;
    } else if (*full_hash_ != h) {
      std::cout << "MISMATCH " << name << " on " << size_text(s_.size) << " after "
                << s_.check_generations << " generations: hash " << h << " differs from "
                << full_hash_engine_ << "'s " << *full_hash_ << "\n";
      rows_.push_back(BenchRow{name, params_text(defaults), 0, -1, 0, 0, false, "MISMATCH"});
      return false;
    }
    if (engine->population() == 0)
      std::cout << "warning: the soup died out; timings of an empty grid mean little\n";

    uint64_t generations = 0;
    const double ms = time_engine(*engine, s_.repeat, generations);
    BenchRow base = make_row(name, info, *engine, ms, generations);
    std::cout << "time " << name << " (" << base.params << "): " << fixed(ms, 4)
              << " ms/generation\n";
    if (!s_.sweep || engine->param_info().empty()) {
      rows_.push_back(base);
      return true;
    }
    base.note = "default shape";
    rows_.push_back(base);
    return sweep(name, info, *engine, defaults, ms, generations, cases);
  }

  const std::vector<BenchRow>& rows() const { return rows_; }

 private:
  BenchRow make_row(const std::string& name, const EngineInfo& info, const Engine& engine,
                    double ms, uint64_t generations) const {
    BenchRow r;
    r.engine = name;
    r.params = params_text(engine.params());
    r.ms = ms;
    const double cells = double(s_.size.width) * double(s_.size.height);
    r.gcells = cells / (ms * 1e-3) / 1e9;
    if (info.gpu && bandwidth_ > 0)
      r.percent = engine.bytes_per_generation() / bandwidth_ * 1e3 / ms * 100.0;
    r.generations_per_repetition = generations;
    return r;
  }

  // Coordinate descent over the launch shape: each parameter in turn over its candidates,
  // the others fixed at the best so far; two rounds.
  bool sweep(const std::string& name, const EngineInfo& info, Engine& engine, Params best,
             double best_ms, uint64_t generations, const std::vector<CheckCase>& cases) {
    const int repeat = std::max(3, s_.repeat / 2);
    std::map<std::string, double> tried;
    tried[params_text(best)] = best_ms;
    for (int round = 0; round < 2; ++round) {
      for (const ParamInfo& p : engine.param_info()) {
        for (int value : candidates(p)) {
          Params trial = best;
          trial[p.name] = value;
          const std::string key = params_text(trial);
          if (tried.count(key)) continue;
          try {
            engine.set_params(trial);
          } catch (const Error&) {
            tried[key] = -1;  // refused combination
            continue;
          }
          if (std::string bad = check_engine(registry_, name, trial, s_, cases); !bad.empty()) {
            std::cout << "MISMATCH " << bad << "\n";
            rows_.push_back(BenchRow{name, key, 0, -1, 0, 0, false, "MISMATCH"});
            return false;
          }
          uint64_t g = generations;
          const double ms = time_engine(engine, repeat, g);
          tried[key] = ms;
          std::cout << "sweep " << name << " (" << key << "): " << fixed(ms, 4)
                    << " ms/generation\n";
          if (ms < best_ms) {
            best_ms = ms;
            best = trial;
          }
        }
      }
    }
    // Time the winner again with the full repetition count.
    engine.set_params(best);
    uint64_t g = generations;
    const double ms = time_engine(engine, s_.repeat, g);
    BenchRow r = make_row(name, info, engine, ms, g);
    r.best = true;
    r.note = "sweep best of " + std::to_string(tried.size()) + " shapes";
    rows_.push_back(r);
    return true;
  }

  const EngineRegistry& registry_;
  BenchSettings s_;
  double bandwidth_ = 0;
  std::vector<BenchRow> rows_;
  std::optional<uint64_t> full_hash_;
  std::string full_hash_engine_;
};

// One item of --engines: NAME or NAME:KEY=VALUE:KEY=VALUE (a launch shape to time).
struct EngineSpec {
  std::string name;
  Params shape;
};

EngineSpec parse_engine_spec(const std::string& item) {
  EngineSpec spec;
  std::stringstream ss(item);
  std::string part;
  std::getline(ss, spec.name, ':');
  while (std::getline(ss, part, ':')) {
    const size_t eq = part.find('=');
    int value = 0;
    size_t used = 0;
    try {
      if (eq != std::string::npos) value = std::stoi(part.substr(eq + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string::npos || eq == 0 || used == 0 || eq + 1 + used != part.size() ||
        (ss.peek() == EOF && item.back() == ':'))
      throw UsageError("--engines item \"" + item + "\": \"" + part +
                       "\" is not KEY=INTEGER (write NAME:KEY=VALUE:KEY=VALUE)");
    spec.shape[part.substr(0, eq)] = value;
  }
  return spec;
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
  ArgParser p("bench",
              "Checks every engine bit-for-bit against the CPU reference, then times "
              "ms/generation on a random 50% soup against the measured copy-bandwidth limit.");
  add_size_option(p, "16384 with a CUDA device, else 2048");
  p.option("engines", "e", "LIST",
           "comma-separated engines, each NAME or NAME:KEY=VALUE:... to time a launch shape "
           "(default: every GPU engine with a device, else every CPU engine)");
  p.flag("sweep", "", "try the launch-shape space and report the best shape per engine");
  p.option("generations", "g", "K", "generations stepped before comparing engines", "64");
  p.option("check-size", "", "WxH", "grid size of the check against the reference", "999x701");
  p.option("json", "", "FILE", "also write the results as JSON");
  add_report_option(p, "the same as --json (every command's --report)");
  p.option("plot", "", "FILE.png",
           "also write the timed engines as a bar chart PNG (ms/generation, % of the bandwidth "
           "limit, Gcell/s, speed-up over the slowest)");
  p.option("from-json", "", "FILE",
           "with --plot: draw the chart of results saved by --json instead of timing (for "
           "results from a machine without FreeType)");
  add_rule_option(p, "rule to time (with a bounded-grid suffix such as :K4096*,4096, the grid too)",
                  "B3/S23");
  add_topology_option(p, "", "torus");
  p.option("repeat", "", "R", "timed repetitions per engine (median reported)", "5");
  p.option("max-seconds", "", "S",
           "skip a CPU engine whose timing at --size would take longer (estimated from its check)",
           "10");
  p.option("gpus", "", "N",
           "time bit-multistep-multi on N GPUs (N bands if fewer are present) against "
           "bit-multistep on one, with the halo exchange's own time");
  p.option("bands", "", "B", "with --gpus: horizontal bands (default one per GPU)");
  add_rank_options(p);  // --ranks: --gpus on each of several processes
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }
  if (p.has("from-json")) {
    if (!p.has("plot")) throw UsageError("--from-json only draws a chart: add --plot FILE.png");
    check_chart_possible(p.get("plot"));
    write_bench_chart(p.get("plot"), read_bench_json(p.get("from-json")));
    return 0;
  }
  const EngineRegistry& registry = engine_registry();
  const bool gpu = cuda_device_available();

  BenchSettings s;
  const RuleSpec spec = parse_rule(p.get("rule"));
  s.rule = spec.rule;
  // A bounded-grid suffix (B3/S23:T4096,4096) gives the timed grid's topology and the sides it
  // bounds, as it does for run; --topology and --size override it.
  const GridSize default_size = gpu ? GridSize{16384, 16384} : GridSize{2048, 2048};
  s.size = size_option(p).value_or(
      spec.bounds ? GridSize{spec.bounds->width > 0 ? spec.bounds->width : default_size.width,
                             spec.bounds->height > 0 ? spec.bounds->height : default_size.height}
                  : default_size);
  s.check_size = parse_grid_size(p.get("check-size"));
  s.topology = p.has("topology") || !spec.bounds ? *topology_option(p) : spec.bounds->topology;
  s.check_generations = uint64_t(p.get_int("generations", 1, 1 << 20));
  s.repeat = int(p.get_int("repeat", 1, 1000));
  s.sweep = p.has("sweep");
  s.max_seconds = p.get_double("max-seconds", 0, 1e9);
  // Progress lines appear as they happen, also when the output is a pipe or a file.
  std::cout << std::unitbuf;
  if (p.has("gpus") && p.has("plot"))
    throw UsageError("--plot charts the per-engine table, which --gpus does not print");
  const RankOptions ranks = rank_options(p, process_environment());
  if (p.has("gpus") || ranks.several)
    return bench_across_gpus({s.size, s.check_size, s.rule, s.topology, s.check_generations,
                              s.repeat, p.has("gpus") ? int(p.get_int("gpus", 1, 64)) : 1,
                              p.has("bands") ? int(p.get_int("bands", 1, 1024)) : 0, ranks});

  std::vector<EngineSpec> names;
  if (p.has("engines")) {
    for (const std::string& item : split_list(p.get("engines"))) {
      EngineSpec spec = parse_engine_spec(item);
      registry.info(spec.name);  // unknown names fail early
      if (!spec.shape.empty()) registry.create(spec.name)->set_params(spec.shape);  // and shapes
      names.push_back(std::move(spec));
    }
  } else {
    for (const EngineInfo& e : registry.engines())
      if (e.gpu == gpu && registry.unavailable_reason(e.name).empty())
        names.push_back({e.name, {}});
  }
  if (names.empty()) throw Error("no engine to benchmark");
  if (p.has("plot")) check_chart_possible(p.get("plot"));
  for (const char* option : {"json", "report"})
    if (p.has(option)) check_writable(p.get(option), "the results");

  std::cout << "device: " << (gpu ? compute_device_summary() : "no CUDA device: CPU engines only")
            << "\n";
  const double cells = double(s.size.width) * double(s.size.height);
  double bandwidth = 0;
#if GPULIFE_HAVE_CUDA
  if (gpu) {
    const gpu::CopyBandwidth& bw = gpu::copy_bandwidth();
    bandwidth = bw.bytes_per_second;
    std::cout << "copy bandwidth: " << fixed(bandwidth / 1e12, 3)
              << " TB/s (device-to-device copy of " << (bw.buffer_bytes >> 20)
              << " MiB, bytes read + written, median of " << bw.repetitions << ")\n";
    std::cout << "limits at " << size_text(s.size) << ": byte-per-cell "
              << fixed(2.0 * cells / bandwidth * 1e3, 3) << " ms/generation, bit-packed "
              << fixed(2.0 * cells / 8.0 / bandwidth * 1e3, 4) << " ms/generation\n";
  }
#endif
  std::cout << "rule " << s.rule.to_string() << ", " << to_string(s.topology) << " "
            << size_text(s.size) << ", random 50% soup (seed " << kBenchSeed << ")\n";

  const auto cases = reference_cases(s);
  // The soup and the engines' copies are made only when the host can hold them.
  const double soup_bytes = double((s.size.width + 63) / 64) * 8.0 * double(s.size.height);
  if (const std::optional<double> free = host_free_bytes();
      free && !fits_in_memory(2.0 * soup_bytes, *free))
    throw Error("a " + size_text(s.size) + " soup needs " + format_bytes(2.0 * soup_bytes) +
                " of host memory (the soup and a copy to check against), but " +
                format_bytes(*free) + " is available; use a smaller --size");
  Grid soup(s.size.width, s.size.height, s.topology);
  soup.randomize(0.5, kBenchSeed);

  Bench bench(registry, s);
  bench.set_bandwidth(bandwidth);
  bool ok = true;
  for (const EngineSpec& e : names) ok = bench.run(e.name, e.shape, soup, cases) && ok;

  BenchReport report{gpu ? compute_device_summary() : "no CUDA device", bandwidth, s, ok,
                     bench.rows()};
  // The table last.
  std::cout << "\n";
  print_bench_table(report, std::cout);
  for (const char* option : {"json", "report"})
    if (p.has(option)) write_report(p.get(option), bench_json(report));
  if (p.has("plot")) {
    if (!gpu) report.device = cpu_summary();
    write_bench_chart(p.get("plot"), report);
  }
  if (!ok) {
    std::cerr << "bench: at least one engine disagrees with the reference (see MISMATCH above)\n";
    return 1;
  }
  return 0;
}

}  // namespace gpulife::app
