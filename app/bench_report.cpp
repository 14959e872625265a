// The bench report as a table, a JSON document and a chart (see bench_report.hpp).
#include "app/bench_report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <ostream>
#include <sstream>
#include <thread>

#include "app/bar_chart.hpp"
#include "app/report.hpp"
#include "core/error.hpp"

namespace gpulife::app {

std::string fixed(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

void print_bench_table(const BenchReport& report, std::ostream& out) {
  out << "| engine | parameters | ms/generation | % of bandwidth limit | Gcell/s | note |\n"
      << "|---|---|---|---|---|---|\n";
  for (const BenchRow& r : report.rows) {
    const bool timed = r.ms > 0;
    out << "| " << r.engine << " | " << r.params << " | " << (timed ? fixed(r.ms, 4) : "-")
        << " | " << (r.percent >= 0 ? fixed(r.percent, 1) + " %" : "-") << " | "
        << (timed ? fixed(r.gcells, r.gcells < 10 ? 2 : 0) : "-") << " | " << r.note << " |\n";
  }
}

Json bench_json(const BenchReport& report) {
  const BenchSettings& s = report.settings;
  const double cells = double(s.size.width) * double(s.size.height);
  const double bw = report.bandwidth;
  Json doc = {{"device", report.device},
              {"copy_bandwidth_bytes_per_s", bw},
              {"width", s.size.width},
              {"height", s.size.height},
              {"rule", s.rule.to_string()},
              {"topology", std::string(to_string(s.topology))},
              {"limit_ms_byte", bw > 0 ? 2.0 * cells / bw * 1e3 : 0},
              {"limit_ms_bit", bw > 0 ? 2.0 * cells / 8.0 / bw * 1e3 : 0},
              {"checks_passed", report.checks_passed},
              {"results", Json::array()}};
  for (const BenchRow& r : report.rows)
    doc["results"].push_back({{"engine", r.engine},
                              {"params", r.params},
                              {"ms_per_generation", r.ms},
                              {"percent_of_limit", r.percent},
                              {"gcells_per_s", r.gcells},
                              {"generations_per_repetition", r.generations_per_repetition},
                              {"sweep_best", r.best},
                              {"note", r.note}});
  return doc;
}

BenchReport read_bench_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  const Json doc = parse_json(text.str(), path);
  BenchReport report;
  BenchSettings& s = report.settings;
  try {
    s.size = {int64_t(json_number(doc, "width")), int64_t(json_number(doc, "height"))};
    s.rule = parse_rule(json_string(doc, "rule")).rule;
    s.topology = parse_topology(json_string(doc, "topology"));
    const Json& results = json_member(doc, "results");
    if (!results.is_array()) throw Error("\"results\" must be an array");
    for (const Json& r : results) {
      BenchRow row;
      row.engine = json_string(r, "engine");
      row.params = json_string(r, "params");
      row.ms = json_number(r, "ms_per_generation");
      row.percent = json_number(r, "percent_of_limit");
      row.gcells = json_number(r, "gcells_per_s");
      row.best = json_bool(r, "sweep_best");
      row.note = json_string(r, "note");
      report.rows.push_back(row);
    }
    report.device = json_string(doc, "device");
    report.bandwidth = json_number(doc, "copy_bandwidth_bytes_per_s");
  } catch (const Error& e) {
    throw Error(path + " is not a gpulife bench --json result: " + e.what());
  }
  return report;
}

std::string cpu_summary() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, model = "CPU";
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size()) model = line.substr(colon + 2);
      break;
    }
  const unsigned threads = std::thread::hardware_concurrency();
  return threads ? model + ", " + std::to_string(threads) + " threads" : model;
}

void check_chart_possible(const std::string& path) {
  if (std::string why = chart_unavailable_reason(); !why.empty())
    throw Error("cannot write the chart " + path + ": " + why);
  check_writable(path, "the chart");
}

void write_bench_chart(const std::string& path, const BenchReport& report) {
  const BenchSettings& s = report.settings;
  const double bandwidth = report.bandwidth;
  std::string device = report.device;
  // Free memory says nothing about the timings; a slide is better without it.
  if (const size_t free = device.find(" GiB free"); free != std::string::npos)
    device = device.substr(0, device.rfind(", ", free));
  if (bandwidth > 0) device += ", copy bandwidth " + fixed(bandwidth / 1e12, 2) + " TB/s";
  std::vector<ChartEntry> entries;
  for (const BenchRow& r : report.rows) {
    if (r.ms <= 0) continue;
    std::string name = r.engine;
    if (r.best)
      name += " (best shape)";
    else if (r.note == "default shape")
      name += " (default shape)";
    entries.push_back({name, r.ms, r.percent, r.gcells});
  }
  if (entries.empty()) throw Error("no engine was timed, so there is no chart to write to " + path);
  ChartOptions options;
  options.title = "gpulife bench";
  options.subtitle = device + "  \u00b7  " + size_text(s.size) + " " +
                     std::string(to_string(s.topology)) + ", rule " + s.rule.to_string() +
                     ", random 50% soup";
  write_comparison_chart(path, entries, options);
  std::cout << "chart: " << path << "\n";
}

}  // namespace gpulife::app
