// The commands' reports as JSON (see report.hpp).
#include "app/report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "core/file_output.hpp"

namespace gpulife::app {

Json to_json(const RunReport& r) {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(r.hash));
  return {{"command", "run"},
          {"pattern", r.pattern},
          {"pattern_cells", r.pattern_cells},
          {"rule", r.rule},
          {"engine", r.engine},
          {"width", r.width},
          {"height", r.height},
          {"topology", r.topology},
          {"grows", r.grows},
          {"final_width", r.final_width},
          {"final_height", r.final_height},
          {"generation", r.generation},
          {"generations_stepped", r.generations_stepped},
          {"population", r.population},
          {"hash", hash},
          {"exact", r.exact},
          {"wall_seconds", r.wall_seconds},
          {"ms_per_generation", r.ms_per_generation},
          {"gcells_per_second", r.gcells_per_second},
          {"notes", r.notes},
          {"output", r.output}};
}

// Every field under its own name.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ViewPhase, engine, width, height, frames, median_frame_ms,
                                   median_draw_ms, ms_per_generation, gcells_per_second,
                                   percent_of_limit, limit_gbytes_per_second, generation,
                                   frames_per_second, generations_per_second, gens_per_frame,
                                   pace, memory)

Json to_json(const ViewPhase& p) {
  return Json(p);
}

Json to_json(const DemoStage& s) {
  Json j = {{"engine", s.engine}, {"shown", s.shown}};
  if (!s.shown) {
    j["skip_reason"] = s.skip_reason;
    return j;
  }
  j.update({{"ms_per_generation", s.ms_per_generation},
            {"percent_of_limit", s.percent_of_limit},
            {"gcells_per_second", s.gcells_per_second},
            {"limit_gbytes_per_second", s.limit_gbytes_per_second},
            {"first_generation", s.first_generation},
            {"last_generation", s.last_generation}});
  return j;
}

void check_writable(const std::string& path, const std::string& what) {
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  if (std::filesystem::is_directory(path, ec))
    throw Error("cannot write " + what + " to " + path + ": it is a folder");
  if (!std::ofstream(path, std::ios::binary | std::ios::app))
    throw Error("cannot write " + what + " to " + path +
                ": check that the folder exists and is writable");
  if (!existed) std::filesystem::remove(path, ec);  // a failed run leaves no empty file
}

void write_report(const std::string& path, const Json& doc) {
  write_file_atomically(path, [&](std::ostream& out) { out << doc.dump(2) << "\n"; });
}

}  // namespace gpulife::app
