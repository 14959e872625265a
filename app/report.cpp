// The commands' reports as JSON (see report.hpp).
#include "app/report.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/file_output.hpp"

namespace gpulife::app {

// Every field under its own name but the hash, which to_json writes in hex.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RunReport, pattern, pattern_cells, rule, engine, width, height,
                                   topology, grows, final_width, final_height, generation,
                                   generations_stepped, population, exact, wall_seconds,
                                   ms_per_generation, gcells_per_second, notes, output)

Json to_json(const RunReport& r) {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(r.hash));
  Json j = r;
  j.update({{"command", "run"}, {"hash", hash}});
  return j;
}

// Every field under its own name.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ViewPhase, engine, width, height, frames, median_frame_ms,
                                   median_draw_ms, ms_per_generation, gcells_per_second,
                                   percent_of_limit, limit_gbytes_per_second, generation,
                                   frames_per_second, generations_per_second, gens_per_frame, pace,
                                   memory)

Json to_json(const ViewPhase& p) {
  return Json(p);
}

// A shown stage's fields under their own names; a skipped one has only why.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(DemoStage, engine, shown, ms_per_generation, percent_of_limit,
                                   gcells_per_second, limit_gbytes_per_second, first_generation,
                                   last_generation)

Json to_json(const DemoStage& s) {
  if (s.shown) return Json(s);
  return {{"engine", s.engine}, {"shown", s.shown}, {"skip_reason", s.skip_reason}};
}

void check_writable(const std::string& path, const std::string& what) {
  if (path == "-") return;  // standard output
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  const bool existed = std::filesystem::exists(status);
  if (std::filesystem::is_directory(status))
    throw Error("cannot write " + what + " to " + path + ": it is a folder");
  if (existed && !std::filesystem::is_regular_file(status)) {
    // A pipe or a device: opening it could wait for a reader, so only ask.
    if (::access(path.c_str(), W_OK) != 0)
      throw Error("cannot write " + what + " to " + path + ": " + std::strerror(errno));
    return;
  }
  if (!std::ofstream(path, std::ios::binary | std::ios::app))
    throw Error("cannot write " + what + " to " + path +
                ": check that the folder exists and is writable");
  if (!existed) std::filesystem::remove(path, ec);  // a failed run leaves no empty file
}

void print_run_result(std::ostream& out, uint64_t generation, uint64_t population, uint64_t hash,
                      uint64_t generations, double wall_s, double ms_per_generation,
                      double gcells_per_second) {
  char line[160];
  std::snprintf(line, sizeof line, "hash:       %016llx\n", static_cast<unsigned long long>(hash));
  out << "generation: " << generation << "\n"
      << "population: " << population << "\n"
      << line;
  if (generations > 0) {
    std::snprintf(line, sizeof line, "time:       %.3f s wall, %.4f ms/generation, %.2f Gcell/s\n",
                  wall_s, ms_per_generation, gcells_per_second);
    out << line;
  }
  out.flush();
}

void write_report(const std::string& path, const Json& doc) {
  write_file_atomically(path, [&](std::ostream& out) { out << json_text(doc) << "\n"; });
}

}  // namespace gpulife::app
