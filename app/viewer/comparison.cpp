// Compare mode: lanes stepping on their own within a time budget, edits reaching every lane,
// agreement by state hashes at checkpoints.
#include "app/viewer/comparison.hpp"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include "app/engines.hpp"
#include "core/error.hpp"
#if GPULIFE_HAVE_CUDA
#include "gpu/gpu_engines.hpp"
#endif

namespace gpulife::app {

std::vector<std::string> Comparison::default_engines() {
  EngineRegistry& registry = engine_registry();
  std::vector<std::string> gpu, cpu;
  for (const EngineInfo& info : registry.engines()) {
    if (!registry.unavailable_reason(info.name).empty()) continue;
    if (!info.gpu) {
      cpu.push_back(info.name);
      continue;
    }
#if GPULIFE_HAVE_CUDA
    if (info.gl_shared) gpu.push_back(info.name);
#endif
  }
  return gpu.empty() ? cpu : gpu;
}

GridSize Comparison::fitting_size(const std::vector<std::string>& engines, GridSize wanted,
                                  size_t max_state_bytes, std::vector<std::string>& notes) {
#if GPULIFE_HAVE_CUDA
  const std::optional<size_t> free_gpu = cuda_free_bytes();
  if (!free_gpu) return wanted;
  const size_t free_bytes = *free_gpu;
  GridSize size = wanted;
  while (true) {
    double sum = 0;
    std::string too_large;  // an engine one of whose states is more than the renderer draws
    for (const std::string& name : engines) {
      const EngineInfo& info = engine_registry().info(name);
      if (!info.gl_shared) continue;
      const gpu::DeviceLayout layout =
          gpu::make_gpu_engine(name)->device_layout(size.width, size.height);
      if (max_state_bytes > 0 && layout.row_pitch_bytes * size_t(size.height) > max_state_bytes)
        too_large = name;
      sum += memory_bytes(info, size.width, size.height);
    }
    if ((too_large.empty() && fits_in_memory(sum, double(free_bytes))) || size.width <= 256 ||
        size.height <= 256)
      break;
    char note[240];
    if (!too_large.empty()) {
      std::snprintf(note, sizeof note,
                    "%s: one state of %s is over the %zu MiB the viewer can draw; trying half",
                    size_text(size).c_str(), too_large.c_str(), max_state_bytes >> 20);
    } else {
      std::snprintf(note, sizeof note,
                    "%s does not fit all %zu engines together (%.1f GiB needed, %.1f GiB free); "
                    "trying half",
                    size_text(size).c_str(), engines.size(), sum / double(1ull << 30),
                    double(free_bytes) / double(1ull << 30));
    }
    notes.push_back(note);
    size = {size.width / 2, size.height / 2};
  }
  return size;
#else
  (void)engines;
  (void)max_state_bytes;
  (void)notes;
  return wanted;
#endif
}

std::vector<std::string> Comparison::begin(Simulation& main,
                                           const std::vector<std::string>& engines) {
  const std::optional<InjectedFault> keep = fault;
  end();
  fault = keep;
  std::vector<std::string> notes;
  uint64_t generation = 0;
  // Generations asked for the old state are not the new lanes': also those the main lane still
  // owes (asked for while its worker was busy), which would otherwise run after the start and
  // put it ahead of the others (a false divergence at the first check).
  main.cancel_steps();
  start_ = main.state(&generation);
  base_ = generation;
  CompareLane first;
  first.engine = main.engine_name();
  first.offset = main.generation();
  lanes_.push_back(std::move(first));
  for (const std::string& name : engines) {
    if (std::any_of(lanes_.begin(), lanes_.end(),
                    [&](const CompareLane& l) { return l.engine == name; }))
      continue;
    auto sim = std::make_unique<Simulation>();
    sim->interop = main.interop;
    try {
      sim->start(name, start_, main.rule());
    } catch (const Error& e) {
      notes.push_back(name + " left out: " + e.what());
      continue;
    }
    CompareLane lane;
    lane.engine = name;
    lane.offset = sim->generation();
    lane.own = std::move(sim);
    lanes_.push_back(std::move(lane));
  }
  seen_serial_ = main.edits().serial;
  seen_restart_ = main.edits().restart_serial;
  main.take_edits();
  agreement_.generation = generation;
  agreement_.text = "comparing " + std::to_string(lanes_.size()) + " engines from generation " +
                    std::to_string(generation);
  return notes;
}

void Comparison::end() {
  lanes_.clear();
  hashes_.clear();
  agreement_ = {};
  pending_steps_ = 0;
  first_lane_ = 0;
  start_ = Grid();
}

void Comparison::restart(Simulation& main) {
  std::vector<std::string> others;
  for (size_t i = 1; i < lanes_.size(); ++i) others.push_back(lanes_[i].engine);
  for (const std::string& note : begin(main, others)) std::printf("compare: %s\n", note.c_str());
}

uint64_t Comparison::lane_generation(Simulation& main, size_t i) {
  return base_ + (lane(main, i).generation() - lanes_[i].offset);
}

uint64_t Comparison::generation(Simulation& main) {
  uint64_t g = base_;
  for (size_t i = 0; i < lanes_.size(); ++i) g = std::max(g, lane_generation(main, i));
  return g;
}

bool Comparison::lanes_in_step(Simulation& main) {
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (lanes_[i].diverged) continue;
    if (lanes_[i].expected != lanes_[0].expected || progress(main, i) != lanes_[i].expected ||
        lane(main, i).backend().backlog() > 0)
      return false;
  }
  return true;
}

void Comparison::copy_edits(Simulation& main) {
  const Simulation::Edits& edits = main.edits();
  if (!edits.whole && edits.box.empty()) return;
  Grid patch;
  Cell at{0, 0};
  Box box = edits.box;
  if (edits.whole) {
    patch = main.backend().state();
    box = {0, 0, main.width() - 1, main.height() - 1};
  } else {
    main.backend().with_engine([&](Engine& e) { patch = e.read_region(box); });
    at = {box.min_x, box.min_y};
  }
  for (size_t i = 1; i < lanes_.size(); ++i) {
    if (lanes_[i].diverged) continue;
    lanes_[i].own->backend().edit_engine([&](Engine& e) {
      e.write_region(patch, at);
      return box;
    });
  }
}

uint64_t Comparison::next_stop(Simulation& main, size_t i) {
  (void)main;
  const uint64_t p = lanes_[i].expected;
  uint64_t stop = UINT64_MAX;
  if (check_every > 0) stop = (p / check_every + 1) * check_every;
  // Every lane also stops (and is hashed) at the fault's generation, so it is caught at once.
  if (fault && fault->generation > base_ + p) stop = std::min(stop, fault->generation - base_);
  return stop;
}

void Comparison::arrive(Simulation& main, size_t i) {
  CompareLane& l = lanes_[i];
  const uint64_t p = l.expected;
  l.handled = p;
  Simulation& sim = lane(main, i);
  const bool at_fault = fault && fault->generation == base_ + p;
  if (at_fault && l.engine == fault->engine && !l.fault_injected) {
    l.fault_injected = true;
    const Cell c{sim.width() / 2, sim.height() / 2};
    const Box box{c.x, c.y, c.x, c.y};
    sim.backend().edit_engine([&](Engine& e) {
      Grid cell = e.read_region(box);
      cell.set(0, 0, !cell.get(0, 0));
      e.write_region(cell, c);
      return box;
    });
    std::printf("compare: flipped cell (%" PRId64 ", %" PRId64 ") of %s at generation %" PRIu64
                "\n",
                c.x, c.y, l.engine.c_str(), fault->generation);
  }
  if (!at_fault && (check_every == 0 || p % check_every != 0)) return;
  auto& row = hashes_[p];
  row.resize(lanes_.size());
  sim.backend().with_engine([&](Engine& e) { row[i] = e.hash(); });
}

void Comparison::step_lane(Simulation& main, size_t i, uint64_t n) {
  CompareLane& l = lanes_[i];
  Simulation& sim = lane(main, i);
  if (!sim.gpu()) {
    // A CPU lane runs on its worker: queue up to the next stop, and look again next frame. Once
    // idle where it was sent, it is at a stop (or at the end of a chunk) to deal with first.
    if (progress(main, i) != l.expected || sim.backend().backlog() > 0) return;
    if (l.expected != l.handled) arrive(main, i);
    if (n == 0 || l.diverged) return;
    const uint64_t k = std::min(n, next_stop(main, i) - l.expected);
    sim.request_step(k);
    l.expected += k;
    return;
  }
  while (n > 0 && !l.diverged) {
    const uint64_t stop = next_stop(main, i);
    const uint64_t k = std::min(n, stop - l.expected);
    sim.request_step(k);
    l.expected += k;
    n -= k;
    if (l.expected == stop) arrive(main, i);
  }
}

void Comparison::tick(Simulation& main, double dt, double budget_ms) {
  if (!active()) return;
  const Simulation::Edits& edits = main.edits();
  if (edits.restart_serial != seen_restart_) {
    restart(main);  // a new grid or rule
  } else if (edits.serial != seen_serial_) {
    // Edits reach every lane: as the same edit while all stand at one generation (drawing while
    // paused), otherwise by starting every lane over from the edited main state.
    if (lanes_in_step(main)) {
      copy_edits(main);
    } else {
      restart(main);
    }
  }
  seen_serial_ = main.edits().serial;
  seen_restart_ = main.edits().restart_serial;
  main.take_edits();
  lanes_[0].engine = main.engine_name();

  const uint64_t explicit_steps = std::exchange(pending_steps_, 0);
  const uint64_t paced = main.due_generations(dt, budget_ms);
  const bool fastest = main.pace.mode == PaceMode::Auto;
  size_t gpu_lanes = 0;
  for (size_t i = 0; i < lanes_.size(); ++i)
    if (!lanes_[i].diverged && lane(main, i).gpu()) ++gpu_lanes;
  const double share = budget_ms / double(std::max<size_t>(gpu_lanes, 1));
  double remaining = budget_ms;
  bool stepped = false;
  const size_t n = lanes_.size();
  for (size_t k = 0; k < n; ++k) {
    const size_t i = (first_lane_ + k) % n;
    CompareLane& l = lanes_[i];
    if (l.diverged) continue;
    Simulation& sim = lane(main, i);
    uint64_t gens = explicit_steps;
    const double ms = sim.figures().ms_per_generation;
    if (main.running) {
      if (sim.gpu()) {
        const uint64_t depth = uint64_t(std::max(sim.backend().info().pass_depth, 1));
        const double pass_ms = ms * double(depth);
        l.credit_ms = std::min(l.credit_ms + share, std::max(budget_ms, 4 * pass_ms));
        uint64_t fit = depth;  // speed unknown yet: one pass
        if (ms > 0) {
          // A lane waits until its owed time covers a few passes (as many as the budget allows):
          // steps of one pass at a time would time each pass with its launch and sync costs.
          const double chunk =
              pass_ms * std::max(1.0, std::floor(std::min(budget_ms, 4 * pass_ms) / pass_ms));
          double allowed = l.credit_ms >= chunk ? l.credit_ms : 0.0;
          if (stepped) allowed = std::min(allowed, remaining);
          fit = depth * uint64_t(std::max(0.0, std::floor(allowed / pass_ms)));
        }
        gens += fastest ? fit : std::min(paced, fit);
      } else {
        const uint64_t per_frame =
            ms > 0 ? uint64_t(std::max(1.0, std::ceil(dt * 1e3 / ms))) : uint64_t{1};
        gens += fastest ? per_frame : paced;
      }
    }
    step_lane(main, i, gens);
    if (sim.gpu() && gens > 0) {
      const double cost = ms > 0 ? ms * double(gens) : 0;
      l.credit_ms -= std::min(l.credit_ms, cost);
      remaining -= cost;
      stepped = true;
    }
  }
  first_lane_ = (first_lane_ + 1) % n;
  for (size_t i = 0; i < lanes_.size(); ++i) lane(main, i).update(dt);
  judge(main);
}

std::string Comparison::waiting_text(Simulation& main) {
  if (hashes_.empty()) return {};
  const auto& [checkpoint, row] = *hashes_.begin();
  size_t there = 0, running = 0;
  size_t slowest = 0;
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (lanes_[i].diverged) continue;
    ++running;
    if (i < row.size() && row[i]) ++there;
    if (running == 1 || lane_generation(main, i) < lane_generation(main, slowest)) slowest = i;
  }
  return "next check at generation " + std::to_string(base_ + checkpoint) + ": " +
         std::to_string(there) + " of " + std::to_string(running) + " engines there, " +
         lanes_[slowest].engine + " at " + std::to_string(lane_generation(main, slowest));
}

void Comparison::judge(Simulation& main) {
  for (auto it = hashes_.begin(); it != hashes_.end();) {
    const uint64_t checkpoint = it->first;
    std::vector<std::optional<uint64_t>>& row = it->second;
    row.resize(lanes_.size());
    bool complete = true;
    std::map<uint64_t, std::vector<size_t>> groups;
    for (size_t i = 0; i < lanes_.size(); ++i) {
      if (lanes_[i].diverged) continue;
      if (!row[i]) {
        complete = false;
        break;
      }
      groups[*row[i]].push_back(i);
    }
    if (!complete) {
      ++it;
      continue;
    }
    ++agreement_.checks;
    if (groups.size() <= 1) {
      const size_t agreeing = groups.empty() ? 0 : groups.begin()->second.size();
      if (std::none_of(lanes_.begin(), lanes_.end(),
                       [](const CompareLane& l) { return l.diverged; })) {
        agreement_.generation = base_ + checkpoint;
        agreement_.state = Agreement::State::Agree;
        agreement_.text = "all " + std::to_string(agreeing) + " engines agree at generation " +
                          std::to_string(base_ + checkpoint);
        std::printf("compare: %s\n", agreement_.text.c_str());
      }
      // With an engine already diverged the panel keeps naming it, and the generation it was
      // caught at; the others still agree.
    } else {
      agreement_.generation = base_ + checkpoint;
      // The largest group is taken as right; a tie goes to the group holding the main engine.
      const std::vector<size_t>* majority = nullptr;
      for (const auto& [hash, members] : groups) {
        const bool has_main = members.front() == 0;
        if (!majority || members.size() > majority->size() ||
            (members.size() == majority->size() && has_main))
          majority = &members;
      }
      std::vector<size_t> wrong;
      for (const auto& [hash, members] : groups)
        if (&members != majority) wrong.insert(wrong.end(), members.begin(), members.end());
      report_divergence(main, checkpoint, *majority, wrong);
    }
    it = hashes_.erase(it);
  }
}

std::optional<Grid> Comparison::state_at(Simulation& main, size_t i, uint64_t checkpoint) {
  Simulation& sim = lane(main, i);
  if (progress(main, i) == checkpoint && sim.backend().backlog() == 0) return sim.backend().state();
  // Re-run the lane's engine from the start state: engines are deterministic, and the one
  // change made to a lane besides stepping is its injected fault, replayed at its generation.
  const double ms = sim.figures().ms_per_generation;
  if (ms <= 0 || ms * double(checkpoint) > locate_budget_ms) return std::nullopt;
  try {
    std::unique_ptr<Engine> engine = engine_registry().create(lanes_[i].engine);
    engine->set_rule(main.rule());
    engine->load(start_);
    uint64_t done = 0;
    if (lanes_[i].fault_injected && fault->generation - base_ <= checkpoint) {
      done = fault->generation - base_;
      engine->step(done);
      const Cell c{start_.width() / 2, start_.height() / 2};
      Grid cell = engine->read_region(Box{c.x, c.y, c.x, c.y});
      cell.set(0, 0, !cell.get(0, 0));
      engine->write_region(cell, c);
    }
    engine->step(checkpoint - done);
    Grid g;
    engine->store(g);
    return g;
  } catch (const Error& e) {
    std::printf("compare: could not re-run %s to locate the difference: %s\n",
                lanes_[i].engine.c_str(), e.what());
    return std::nullopt;
  }
}

void Comparison::report_divergence(Simulation& main, uint64_t checkpoint,
                                   const std::vector<size_t>& majority,
                                   const std::vector<size_t>& wrong) {
  const uint64_t generation = base_ + checkpoint;
  for (size_t i : wrong) {
    lanes_[i].diverged = true;
    lane(main, i).backend().cancel();
  }
  // The reference: a majority lane standing at the checkpoint, else the fastest one re-run.
  size_t reference = majority.front();
  for (size_t i : majority) {
    if (progress(main, i) == checkpoint) {
      reference = i;
      break;
    }
    const double a = lane(main, i).figures().ms_per_generation;
    const double b = lane(main, reference).figures().ms_per_generation;
    if (a > 0 && (b <= 0 || a < b)) reference = i;
  }
  const std::optional<Grid> right = state_at(main, reference, checkpoint);
  std::string text;
  for (size_t i : wrong) {
    if (!text.empty()) text += "; ";
    text += lanes_[i].engine + " diverged at generation " + std::to_string(generation);
    const std::optional<Grid> bad = right ? state_at(main, i, checkpoint) : std::nullopt;
    const uint64_t ahead = progress(main, i) - std::min(progress(main, i), checkpoint);
    if (bad && ahead > 0) {
      // The lane ran past the checkpoint before the verdict: it is shown where it went wrong.
      lane(main, i).backend().with_engine([&](Engine& e) {
        const uint64_t g = e.generation() - std::min(e.generation(), ahead);
        e.load(*bad);
        e.set_generation(g);
      });
      lanes_[i].expected = checkpoint;
    }
    if (right && bad) {
      if (const std::optional<Cell> cell = first_difference(*right, *bad))
        text += ": first differing cell (" + std::to_string(cell->x) + ", " +
                std::to_string(cell->y) + ")";
    } else {
      text += " (first differing cell not located: it needs a re-run longer than " +
              std::to_string(int(locate_budget_ms / 1000)) + " s)";
    }
  }
  text += majority.size() == 1
              ? "; the other engine keeps running"
              : "; the other " + std::to_string(majority.size()) + " agree and keep running";
  agreement_.state = Agreement::State::Diverged;
  agreement_.text = text;
  std::printf("compare: %s\n", text.c_str());
}

}  // namespace gpulife::app
