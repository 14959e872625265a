// Compare mode: lanes in lockstep, edits copied from the main state, agreement by state hash.
#include "app/viewer/comparison.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <thread>

#include "app/engines.hpp"
#include "core/error.hpp"
#if GPULIFE_HAVE_CUDA
#include "gpu/gpu_engines.hpp"
#endif

namespace gpulife::app {
namespace {

using Clock = std::chrono::steady_clock;

// A CPU lane that has not finished its generations by then is reported, not waited for forever.
constexpr double kLaneWaitSeconds = 30.0;

#if GPULIFE_HAVE_CUDA
std::string size_text(GridSize s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}
#endif

}  // namespace

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
  end();
  std::vector<std::string> notes;
  engines_.clear();
  uint64_t generation = 0;
  const Grid state = main.state(&generation);
  lanes_.emplace_back();  // lane 0: the main simulation
  engines_.push_back(main.engine_name());
  for (const std::string& name : engines) {
    if (std::find(engines_.begin(), engines_.end(), name) != engines_.end()) continue;
    auto sim = std::make_unique<Simulation>();
    try {
      sim->start(name, state, main.rule());
    } catch (const Error& e) {
      notes.push_back(name + " left out: " + e.what());
      continue;
    }
    CompareLane lane;
    lane.own = std::move(sim);
    lanes_.push_back(std::move(lane));
    engines_.push_back(name);
  }
  base_generation_ = generation;
  lanes_[0].generation_offset = main.generation();
  requested_ = 0;
  pending_steps_ = 0;
  next_check_ = check_every;
  seen_serial_ = main.edits().serial;
  seen_restart_ = main.edits().restart_serial;
  main.take_edits();
  agreement_ = {};
  agreement_.generation = generation;
  agreement_.text = "comparing " + std::to_string(lanes_.size()) + " engines from generation " +
                    std::to_string(generation);
  return notes;
}

void Comparison::end() {
  lanes_.clear();
  engines_.clear();
  agreement_ = {};
}

void Comparison::restart(Simulation& main) {
  std::vector<std::string> others(engines_.begin() + 1, engines_.end());
  const std::optional<InjectedFault> keep = fault;
  for (const std::string& note : begin(main, others)) std::printf("compare: %s\n", note.c_str());
  fault = keep;
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

uint64_t Comparison::lane_generation(Simulation& main, size_t i) {
  return lane(main, i).generation() - lanes_[i].generation_offset;
}

void Comparison::wait_for_lanes(Simulation& main) {
  const auto start = Clock::now();
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (lanes_[i].diverged) continue;
    while (lane_generation(main, i) < requested_) {
      if (std::chrono::duration<double>(Clock::now() - start).count() > kLaneWaitSeconds) return;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
}

void Comparison::tick(Simulation& main, double dt) {
  if (!active()) return;
  const Simulation::Edits& edits = main.edits();
  if (edits.restart_serial != seen_restart_ ||
      (!lanes_[0].diverged && lane_generation(main, 0) != requested_)) {
    // A new grid or rule, or the main state moved in time (undo of a run): start over from it.
    restart(main);
  } else if (edits.serial != seen_serial_) {
    copy_edits(main);
  }
  seen_serial_ = main.edits().serial;
  seen_restart_ = main.edits().restart_serial;
  main.take_edits();
  engines_[0] = main.engine_name();

  uint64_t n = main.due_generations(dt) + pending_steps_;
  pending_steps_ = 0;
  // Every lane stops exactly at the next check (and at the fault) so they are compared at the
  // same generation.
  uint64_t stop = UINT64_MAX;
  if (check_every > 0) stop = next_check_;
  const bool fault_due = fault && fault->generation > base_generation_ + requested_;
  if (fault_due) stop = std::min(stop, fault->generation - base_generation_);
  if (stop != UINT64_MAX) n = std::min(n, stop - requested_);
  if (n > 0) {
    for (size_t i = 0; i < lanes_.size(); ++i)
      if (!lanes_[i].diverged) lane(main, i).request_step(n);
    requested_ += n;
  }
  wait_for_lanes(main);
  for (size_t i = 0; i < lanes_.size(); ++i) lane(main, i).update(dt);
  if (fault_due && base_generation_ + requested_ == fault->generation) {
    // Checked at once: a lone flipped cell can die out within a few generations in a soup.
    inject_fault(main);
    check_agreement(main);
  }
  if (check_every > 0 && requested_ >= next_check_) {
    check_agreement(main);
    next_check_ = requested_ + check_every;
  }
}

void Comparison::inject_fault(Simulation& main) {
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (engines_[i] != fault->engine || lanes_[i].fault_injected) continue;
    lanes_[i].fault_injected = true;
    Simulation& sim = lane(main, i);
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
                c.x, c.y, engines_[i].c_str(), fault->generation);
  }
}

void Comparison::check_agreement(Simulation& main) {
  const uint64_t generation = base_generation_ + requested_;
  std::vector<uint64_t> hashes(lanes_.size(), 0);
  std::map<uint64_t, std::vector<size_t>> groups;
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (lanes_[i].diverged) continue;
    if (lane_generation(main, i) != requested_) {
      // A CPU lane that could not keep up is left out of this check rather than misjudged.
      continue;
    }
    lane(main, i).backend().with_engine([&](Engine& e) { hashes[i] = e.hash(); });
    groups[hashes[i]].push_back(i);
  }
  ++agreement_.checks;
  agreement_.generation = generation;
  if (groups.size() <= 1) {
    size_t agreeing = groups.empty() ? 0 : groups.begin()->second.size();
    size_t frozen = 0;
    for (const CompareLane& l : lanes_) frozen += l.diverged ? 1 : 0;
    if (frozen == 0) {
      agreement_.state = Agreement::State::Agree;
      agreement_.text = "all " + std::to_string(agreeing) + " engines agree at generation " +
                        std::to_string(generation);
      std::printf("compare: %s\n", agreement_.text.c_str());
    }
    // With an engine already diverged the panel keeps naming it; the others still agree.
    return;
  }
  // The largest group is taken as right; a tie goes to the group holding the main engine.
  const std::vector<size_t>* majority = nullptr;
  for (const auto& [hash, members] : groups) {
    const bool has_main = std::find(members.begin(), members.end(), 0) != members.end();
    if (!majority || members.size() > majority->size() ||
        (members.size() == majority->size() && has_main))
      majority = &members;
  }
  const Grid right = lane(main, majority->front()).backend().state();
  std::string text;
  for (const auto& [hash, members] : groups) {
    if (&members == majority) continue;
    for (size_t i : members) {
      lanes_[i].diverged = true;
      const Grid wrong = lane(main, i).backend().state();
      const std::optional<Cell> cell = first_difference(right, wrong);
      if (!text.empty()) text += "; ";
      text += engines_[i] + " diverged at generation " + std::to_string(generation);
      if (cell)
        text += ": first differing cell (" + std::to_string(cell->x) + ", " +
                std::to_string(cell->y) + ")";
    }
  }
  text += majority->size() == 1
              ? "; the other engine keeps running"
              : "; the other " + std::to_string(majority->size()) + " agree and keep running";
  agreement_.state = Agreement::State::Diverged;
  agreement_.text = text;
  std::printf("compare: %s\n", text.c_str());
}

std::optional<Cell> first_difference(const Grid& a, const Grid& b) {
  if (a.width() != b.width() || a.height() != b.height()) return Cell{0, 0};
  for (int64_t y = 0; y < a.height(); ++y) {
    const uint64_t* ra = a.row(y);
    const uint64_t* rb = b.row(y);
    for (int64_t j = 0; j < a.words_per_row(); ++j) {
      if (const uint64_t diff = ra[j] ^ rb[j]; diff != 0)
        return Cell{64 * j + std::countr_zero(diff), y};
    }
  }
  return std::nullopt;
}

}  // namespace gpulife::app
