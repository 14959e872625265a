// Parsing and applying the watch's command-line options, and the headless report.
#include "app/viewer/watch_options.hpp"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "app/viewer/viewer_state.hpp"

namespace gpulife::app {

void add_watch_options(ArgParser& p) {
  p.option("theme", "", "plain|history|age|died|fire",
           "colour cells by their history: history (cells ever alive), age (LifeViewer's "
           "longevity ramps), died (cells that just died), fire",
           "plain");
  p.flag("graph", "", "open the population graph (population, births, deaths)");
  p.flag("info", "", "open the pattern info window (name, author, rule, comments)");
  p.flag("identify", "", "identify the pattern (period, speed, ...) once it is on screen");
  p.option("max-period", "", "N", "Identify searches this many generations for a repeat", "1024");
  p.option("track", "", "DX,DY,GENS|ship",
           "move the view DX,DY cells every GENS generations (x right, y down); \"ship\": "
           "identify the pattern and follow the spaceship it finds");
  p.flag("autofit", "", "keep the whole pattern in view as it runs");
  p.option("stop-when", "", "dies,still,periodic",
           "pause when the pattern dies, becomes still or becomes periodic (any of them)");
  p.option("until", "", "GEN", "run until this generation, exactly");
  p.option("step-base", "", "B", "base of the step exponent (+/- multiply the step by it)", "2");
  p.flag("hyperspeed", "", "raise the step exponent every 64 steps while the frame holds it");
}

WatchOptions parse_watch_options(const ArgParser& p) {
  WatchOptions o;
  if (!parse_colour_theme(p.get("theme"), o.theme))
    throw UsageError("--theme is plain, history, age, died or fire; got \"" + p.get("theme") +
                     "\"");
  o.graph = p.has("graph");
  o.info = p.has("info");
  o.identify = p.has("identify");
  o.identify_max_period = int(p.get_int("max-period", 1, int64_t{1} << 24));
  if (p.has("track")) {
    const std::string t = p.get("track");
    if (t == "ship") {
      o.track_identified = true;
      o.identify = true;
    } else {
      std::istringstream in(t);
      int64_t dx = 0, dy = 0, gens = 0;
      char c1 = 0, c2 = 0;
      if (!(in >> dx >> c1 >> dy >> c2 >> gens) || c1 != ',' || c2 != ',' || gens < 1 ||
          !in.eof() || std::llabs(dx) > (1 << 20) || std::llabs(dy) > (1 << 20))
        throw UsageError(
            "--track wants DX,DY,GENS (e.g. --track -2,0,4: two cells left every "
            "four generations) or \"ship\"; got \"" +
            t + "\"");
      o.track = TrackSpeed{dx, dy, uint64_t(gens)};
    }
  }
  o.autofit = p.has("autofit");
  if (o.autofit && p.has("track"))
    throw UsageError("--track and --autofit both move the view; give one");
  if (p.has("stop-when")) {
    std::istringstream in(p.get("stop-when"));
    std::string item;
    while (std::getline(in, item, ',')) {
      if (item == "dies")
        o.stop.when_dies = true;
      else if (item == "still")
        o.stop.when_still = true;
      else if (item == "periodic")
        o.stop.when_periodic = true;
      else
        throw UsageError("--stop-when takes dies, still and periodic, comma-separated; got \"" +
                         item + "\"");
    }
  }
  if (p.has("until")) o.stop.at_generation = uint64_t(p.get_int("until", 1, int64_t{1} << 50));
  o.step_base = int(p.get_int("step-base", StepExponent::kMinBase, StepExponent::kMaxBase));
  o.hyperspeed = p.has("hyperspeed");
  return o;
}

void apply_watch_options(ViewerState& s, const WatchOptions& o) {
  WatchState& w = s.watch;
  set_theme(s, o.theme);
  w.show_graph = o.graph;
  w.show_info = o.info;
  w.identify_max_period = o.identify_max_period;
  w.stop.settings = o.stop;
  s.sim.stop_at = o.stop.at_generation;
  s.sim.pace.exponent.set_base(o.step_base);
  s.sim.pace.exponent.hyperspeed = o.hyperspeed;
}

void start_watch_actions(ViewerState& s, const WatchOptions& o) {
  WatchState& w = s.watch;
  if (o.track) w.follow.track(*o.track, s.sim.generation());
  if (o.autofit) w.follow.autofit();
  if (o.identify) identify_now(s);
  w.track_when_identified = o.track_identified;
}

Json print_watch_report(ViewerState& s) {
  WatchState& w = s.watch;
  while (w.identify.running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  w.identify.poll();
  Json report = {{"generation", s.sim.generation()},
                 {"theme", std::string(to_string(w.theme))},
                 {"follow", w.follow.describe()}};
  std::printf("watch: generation %" PRIu64 ", theme %s, follow %s\n", s.sim.generation(),
              std::string(to_string(w.theme)).c_str(), w.follow.describe().c_str());
  if (!w.graph.empty()) {
    const GraphSample& last = w.graph.samples().back();
    Json graph = {{"samples", w.graph.samples().size()},
                  {"first_generation", w.graph.samples().front().generation},
                  {"last_generation", last.generation},
                  {"population", last.population}};
    std::printf("watch: graph %zu samples from generation %" PRIu64 " to %" PRIu64
                ", last population %" PRIu64,
                w.graph.samples().size(), w.graph.samples().front().generation, last.generation,
                last.population);
    if (last.changes_known) {
      graph["births"] = last.births;
      graph["deaths"] = last.deaths;
      std::printf(", births %" PRIu64 ", deaths %" PRIu64, last.births, last.deaths);
    }
    std::printf("\n");
    report["graph"] = std::move(graph);
  }
  if (!w.stop_message.empty()) {
    report["stopped"] = w.stop_message;
    std::printf("watch: stopped: %s\n", w.stop_message.c_str());
  }
  if (!w.identify.error().empty()) {
    report["identify"] = {{"error", w.identify.error()}};
    std::printf("identify: error: %s\n", w.identify.error().c_str());
  }
  if (const auto& r = w.identify.result()) {
    Json fields = Json::object();
    std::printf("identify: %s at generation %" PRIu64 "\n", w.identify.what().c_str(),
                w.identify_generation);
    for (const auto& [key, value] : identify_fields(*r, w.identify.max_period())) {
      fields[key] = value;
      std::printf("identify: %s: %s\n", key.c_str(), value.c_str());
    }
    report["identify"] = {
        {"what", w.identify.what()}, {"generation", w.identify_generation}, {"fields", fields}};
  }
  std::fflush(stdout);
  return report;
}

}  // namespace gpulife::app
