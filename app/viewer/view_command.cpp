// `gpulife view`: command-line options of the viewer, turned into ViewerOptions.
#include "app/viewer/view_command.hpp"

#include <iostream>

#include "app/cli.hpp"
#include "app/common_options.hpp"
#include "app/engines.hpp"
#include "app/report.hpp"
#include "app/viewer/display_options.hpp"
#include "app/viewer/viewer.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife::app {
namespace {

int view_command(const std::vector<std::string>& args) {
  ArgParser p("view",
              "Opens the viewer on PATTERN (a file or a bundled name), or on the built-in demo. "
              "With --frames it renders that many frames and exits; --screenshot saves the last "
              "one as PNG; --headless renders through EGL on the GPU without a display and "
              "prints per-frame timing.");
  p.positional("PATTERN", "pattern file (.rle, .cells, Life 1.06) or bundled name", false);
  p.option("engine", "e", "NAME[,NAME...]",
           "engine to start with (default: the fastest that can run); with --headless a list "
           "switches engines live, the frames split evenly between them");
  p.option("random", "", "DENSITY", "fill the grid with random cells (0..1) before starting", "0");
  p.flag("verify", "", "at exit, check the state against a CPU engine run from the same start");
  add_param_option(p);
  add_size_option(p, "fits the pattern with room to grow");
  add_topology_option(p, "");
  add_rule_option(p);
  p.option("frames", "n", "N", "render N frames, then exit", "0");
  p.option("screenshot", "", "FILE.png", "save the last frame (with --frames)");
  add_report_option(p,
                    "at exit, write the figures as JSON: each engine's summary (frames, ms/gen, "
                    "Gcell/s, share of the bandwidth limit; --headless), the layout, compare "
                    "mode's lanes and tiles, the watch (graph, stop, Identify)");
  add_gens_per_frame_option(p, "the default for soups and the demo; a pattern runs at 60 gens/s");
  p.option("rate", "", "GENS_PER_S", "step this many generations per second instead");
  p.option("interop", "", "auto|shared|registered",
           "GPU engines' state memory: CUDA memory imported by OpenGL (shared, the default where "
           "the driver allows), or GL buffers registered with CUDA (the fallback)",
           "auto");
  add_window_option(p);
  p.option("zoom", "z", "PX_PER_CELL", "start at this zoom instead of fitting the pattern", "0");
  p.option("center", "", "X,Y", "start with this cell in the middle (with or without --zoom)");
  p.flag("run", "", "start running at once (the demo always does)");
  add_headless_flag(p);
  p.flag("hide-panel", "", "start with the panel and the menu bar hidden (F10 brings them back)");
  p.flag("no-vsync", "", "do not wait for the display's refresh");
  p.option("frame-delay", "", "MS",
           "sleep MS milliseconds every frame, to try the viewer at a low frame rate", "0");
  p.option("paste", "", "PATTERN", "paste a pattern file or bundled name after the first frame");
  p.option("paste-at", "", "X,Y", "where the paste's top-left goes (default: the view's middle)");
  p.option("paste-mode", "", "copy|or|xor", "how the paste combines with the grid", "or");
  p.flag("paste-preview", "", "leave the paste following the cursor instead of placing it");
  p.flag("library", "", "open the pattern library window");
  p.flag("help-window", "", "open the keyboard map window (F1)");
  p.flag("open-dialog", "", "open the File > Open browser");
  p.option(
      "menu", "", "NAME",
      "hold this menu of the menu bar open, for screenshots (File, Edit, View, Control, Help)");
  p.flag("compare", "",
         "compare mode: the --engine list (default: every GPU engine, or the CPU engines without "
         "a GPU) steps copies of the same state side by side, checked for agreement");
  p.option("tiles", "", "1|2|4|6",
           "compare mode: tiles showing different engines (default: one per engine, up to 6)");
  p.option("check-every", "", "GENS", "compare mode: generations between agreement checks", "64");
  p.option("chart", "", "FILE.png",
           "compare mode: at exit, write the engines' figures as a bar chart (the panel's Export "
           "button does the same at any time)");
  p.option("inject-fault", "", "ENGINE@GEN",
           "compare mode: flip one cell of ENGINE's copy at generation GEN, to see the agreement "
           "check catch it");
  add_watch_options(p);
  if (!p.parse(args)) {
    std::cout << p.usage();
    return 0;
  }
  ViewerOptions o;
  o.watch = parse_watch_options(p);
  if (auto pattern = p.positional_value(0)) o.pattern = *pattern;
  for (const std::string& name : split_list(p.get("engine")))
    (o.engine.empty() ? o.engine : o.more_engines.emplace_back()) = name;
  o.random_density = p.get_double("random", 0, 1);
  o.verify = p.has("verify");
  o.params = p.get("param");
  o.size = size_option(p);
  o.topology = topology_option(p);
  if (p.has("rule")) {
    parse_rule(p.get("rule"));  // reject bad rules before a window opens
    o.rule = p.get("rule");
  }
  o.frames = int(p.get_int("frames", 0, 1000000));
  o.screenshot = p.get("screenshot");
  o.report = report_option(p);
  if (!o.screenshot.empty() && o.frames == 0) o.frames = 3;
  if (p.has("gens-per-frame") && p.has("rate"))
    throw UsageError("--gens-per-frame and --rate are two ways to pace; give one");
  if (p.has("gens-per-frame")) o.pace = gens_per_frame_option(p);
  if (p.has("rate")) o.pace = PaceSettings{PaceMode::Rate, 1, p.get_double("rate", 0.01, 1e9)};
  o.interop = parse_interop_request(p.get("interop"));
  const GridSize window = window_option(p);
  o.width = int(window.width);
  o.height = int(window.height);
  o.zoom = p.get_double("zoom", 0, 512);
  if (p.has("center")) {
    const std::string c = p.get("center");
    const size_t comma = c.find(',');
    try {
      if (comma == std::string::npos) throw std::invalid_argument(c);
      o.center = std::make_pair(std::stod(c.substr(0, comma)), std::stod(c.substr(comma + 1)));
    } catch (const std::exception&) {
      throw UsageError("--center wants X,Y in cells, e.g. --center 512,300; got \"" + c + "\"");
    }
  }
  o.run = p.has("run");
  o.headless = p.has("headless");
  o.compare = p.has("compare");
  if (o.compare) {
    if (!o.engine.empty()) o.compare_engines.push_back(o.engine);
    o.compare_engines.insert(o.compare_engines.end(), o.more_engines.begin(), o.more_engines.end());
    o.engine.clear();
    o.more_engines.clear();
    for (const std::string& name : o.compare_engines)
      if (!engine_registry().contains(name))
        throw UsageError("unknown engine \"" + name +
                         "\" in --engine (`gpulife bench --help` "
                         "lists the engines)");
    o.tiles = p.has("tiles") ? int(p.get_int("tiles", 1, 6)) : 0;
    if (o.tiles == 3 || o.tiles == 5) throw UsageError("--tiles is 1, 2, 4 or 6");
    o.check_every = uint64_t(p.get_int("check-every", 0, 1 << 30));
    o.compare_chart = p.get("chart");
    if (p.has("inject-fault")) {
      const std::string f = p.get("inject-fault");
      const size_t at = f.find('@');
      try {
        if (at == std::string::npos || at == 0) throw std::invalid_argument(f);
        o.script.fault_engine = f.substr(0, at);
        o.script.fault_generation = std::stoull(f.substr(at + 1));
      } catch (const std::exception&) {
        throw UsageError("--inject-fault wants ENGINE@GENERATION, e.g. bit32@100; got \"" + f +
                         "\"");
      }
    }
  } else if (p.has("tiles") || p.has("inject-fault") || p.has("chart")) {
    throw UsageError("--tiles, --chart and --inject-fault belong to --compare");
  }
  if (!o.more_engines.empty() && !o.headless)
    throw UsageError(
        "several engines are for --headless runs or --compare; the window has an "
        "engine menu");
  o.hide_panel = p.has("hide-panel");
  o.vsync = !p.has("no-vsync") && o.frames == 0;
  o.script.frame_delay_ms = int(p.get_int("frame-delay", 0, 10000));
  o.script.paste = p.get("paste");
  if (p.has("paste-at")) {
    const std::string c = p.get("paste-at");
    const size_t comma = c.find(',');
    try {
      if (comma == std::string::npos) throw std::invalid_argument(c);
      o.script.paste_at =
          std::make_pair(std::stoll(c.substr(0, comma)), std::stoll(c.substr(comma + 1)));
    } catch (const std::exception&) {
      throw UsageError("--paste-at wants X,Y in cells, e.g. --paste-at 10,20; got \"" + c + "\"");
    }
  }
  o.script.paste_mode = p.get("paste-mode");
  if (o.script.paste_mode != "copy" && o.script.paste_mode != "or" && o.script.paste_mode != "xor")
    throw UsageError("--paste-mode is copy, or or xor; got \"" + o.script.paste_mode + "\"");
  o.script.paste_preview = p.has("paste-preview");
  o.script.show_library = p.has("library");
  o.script.show_help = p.has("help-window");
  o.script.show_open = p.has("open-dialog");
  o.script.open_menu = p.get("menu");
  return run_viewer(o);
}

}  // namespace

void add_viewer_commands(CommandTable& commands) {
  commands.push_back(
      {"view", "open the viewer (the default command; a demo without PATTERN)", view_command});
  commands.push_back(
      {"demo", "a guided tour of the kernels, from byte-per-cell to multistep", demo_command});
}

}  // namespace gpulife::app
