// What `gpulife bench` measured, as data: the table, the --json file and the --plot chart are
// all built from one BenchReport, and --from-json reads the same structure back.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "app/json.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife::app {

// The seed of the random 50 % soup every bench times (one soup for the table and --gpus).
inline constexpr uint64_t kBenchSeed = 0x5eed;

struct BenchSettings {
  GridSize size;
  GridSize check_size;
  Rule rule;
  Topology topology = Topology::Torus;
  uint64_t check_generations = 64;
  int repeat = 5;
  bool sweep = false;
  // CPU engines whose timing would take longer than this are skipped (and say so).
  double max_seconds = 10;
};

// One line of the table: an engine at one launch shape.
struct BenchRow {
  std::string engine;
  std::string params;
  double ms = 0;        // median ms per generation; 0 when not timed
  double percent = -1;  // of the engine's bandwidth limit; < 0 when unknown
  double gcells = 0;    // Gcell/s
  uint64_t generations_per_repetition = 0;
  bool best = false;  // best shape of its engine in a sweep
  std::string note;   // "skipped: ...", "sweep best", ...
};

struct BenchReport {
  std::string device;      // the GPU (or "no CUDA device") the rows were timed on
  double bandwidth = 0;    // measured copy bandwidth, bytes/s; 0 without a GPU
  BenchSettings settings;
  bool checks_passed = true;
  std::vector<BenchRow> rows;
};

// "12.3457": a figure with `digits` decimals.
std::string fixed(double value, int digits);

// The Markdown table bench prints last.
void print_bench_table(const BenchReport& report, std::ostream& out);

// The --json document, and the report read back from one (throws Error naming the file and
// what is missing).
Json bench_json(const BenchReport& report);
BenchReport read_bench_json(const std::string& path);

// "AMD EPYC 9R45, 2 threads" from /proc/cpuinfo, for the chart of a run without a GPU.
std::string cpu_summary();

// Throws before the timing starts, which can take minutes, rather than after it: when no chart
// can be drawn here, or the file cannot be written.
void check_chart_possible(const std::string& path);
// The bar chart of the timed rows (throws Error when none was timed).
void write_bench_chart(const std::string& path, const BenchReport& report);

}  // namespace gpulife::app
