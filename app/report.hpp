// What the commands measured, as data. Each command fills one of these structs, prints its
// human text from it, and with --report FILE.json writes the same struct as JSON, which is what
// scripts and tests read (printed wording may change; these keys do not).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/json.hpp"

namespace gpulife::app {

// `gpulife run`.
struct RunReport {
  std::string pattern;  // its name, or the file it came from
  uint64_t pattern_cells = 0;
  std::string rule;
  std::string engine;
  int64_t width = 0, height = 0;  // the grid it started on
  std::string topology;
  bool grows = false;
  int64_t final_width = 0, final_height = 0;
  uint64_t generation = 0;  // the pattern's own plus those stepped
  uint64_t generations_stepped = 0;
  uint64_t population = 0;
  uint64_t hash = 0;
  bool exact = true;  // false when the pattern reached the edge of a grid standing for the plane
  double wall_seconds = 0;
  double ms_per_generation = 0;  // 0 when nothing was stepped
  double gcells_per_second = 0;
  std::vector<std::string> notes;
  std::string output;  // the file written with -o, if any
};
Json to_json(const RunReport& report);

// One engine's part of `gpulife view --headless --frames N` (the summary line).
struct ViewPhase {
  std::string engine;
  int64_t width = 0, height = 0;
  int frames = 0;
  double median_frame_ms = 0;
  double median_draw_ms = 0;
  double ms_per_generation = 0;  // median of the frames' steps
  double gcells_per_second = 0;
  double percent_of_limit = 0;
  double limit_gbytes_per_second = 0;
  uint64_t generation = 0;  // at the end of the phase
  double frames_per_second = 0;
  double generations_per_second = 0;
  uint64_t gens_per_frame = 0;  // of the last frame
  std::string pace;
  std::string memory;  // where the state lives (CUDA memory shared with GL, ...)
};
Json to_json(const ViewPhase& phase);

// One stage of `gpulife demo` (medians over the stage), or why it was skipped.
struct DemoStage {
  std::string engine;
  bool shown = false;
  std::string skip_reason;
  double ms_per_generation = 0;
  double percent_of_limit = 0;
  double gcells_per_second = 0;
  double limit_gbytes_per_second = 0;
  uint64_t first_generation = 0, last_generation = 0;
};
Json to_json(const DemoStage& stage);

// Throws Error naming `path` when it could not be written (no such folder, no permission), so
// that a command fails before its work, not after; leaves no file behind. `what` names it
// ("the report", "the chart").
void check_writable(const std::string& path, const std::string& what = "the report");

// The lines `run` ends with: generation, population, hash, and with generations stepped, the
// time they took.
void print_run_result(std::ostream& out, uint64_t generation, uint64_t population, uint64_t hash,
                      uint64_t generations, double wall_s, double ms_per_generation,
                      double gcells_per_second);

// Writes `doc` to `path` (through a temporary file); throws Error naming the file when it cannot.
void write_report(const std::string& path, const Json& doc);

}  // namespace gpulife::app
