// A pattern on an engine's grid standing for Golly's universe: sides the rule bounds stay as
// they are, sides that stand for unbounded space grow as the pattern nears them, within the
// memory there is, and nothing is lost at an edge without saying so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/grid_setup.hpp"
#include "core/engine.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

// What happens when the pattern reaches an open side the grid can no longer grow across.
enum class AtTheLimit {
  Stop,       // stop there, the state exact up to that generation: stop_reason() says why
  KeepGoing,  // carry on with a plane's dead edge there, and say so in notes()
};

class Universe {
 public:
  // Loads `pattern` into `engine` as `setup` says: on a GPU engine a quadtree pattern goes over
  // in tiles, without a dense copy on the host. `budget` is the memory the grid may grow into.
  Universe(Engine& engine, const Pattern& pattern, const GridSetup& setup,
           const MemoryBudget& budget, AtTheLimit at_limit = AtTheLimit::Stop);

  // Steps, growing the grid first wherever the pattern could otherwise reach an open side.
  // Under AtTheLimit::Stop it stops short where the pattern would reach one that cannot grow
  // (engine().generation() says where), and stop_reason() says why; later calls do nothing.
  void step(uint64_t generations);
  // Empty unless a step stopped short.
  const std::string& stop_reason() const { return stop_reason_; }

  Engine& engine() { return engine_; }
  GridSize size() const { return {engine_.width(), engine_.height()}; }
  // Grid position of the input pattern's (0, 0).
  Cell offset() const { return offset_; }
  // The live cells in the input pattern's coordinates, as Golly shows them (for B0 rules the
  // complement of the true cells at times: core/rule_phases.hpp).
  Pattern cells() const;
  // How many cells cells() lists: the population Golly shows (for a B0 rule where Golly shows
  // the complement, that complement's; the true population there is the infinite background).
  uint64_t population() const;
  // Cells of the pattern the grid could not hold (beyond a side the rule bounds, as Golly).
  uint64_t dropped() const { return dropped_; }
  // Whether an open side was ever reached, so the cells may differ from an unbounded universe.
  bool reached_edge() const { return reached_edge_; }
  // What the user should know: growth, an edge reached.
  const std::vector<std::string>& notes() const { return notes_; }

  // The tile side used to fill GPU engines from a quadtree (tests use smaller ones).
  static constexpr int64_t kTileSide = 4096;

 private:
  // The fewest empty cells between the live cells and an open side, at most `limit`.
  int64_t clearance(int64_t limit) const;
  // A region of the grid as Golly shows it (B0 rules: the complement of the true cells at times).
  Grid shown_region(const Box& box) const;
  // Whether a grid loaded now holds Golly's cells as the engine stores them, so that the dead
  // cells beyond an open side are Golly's background (for B0 rules without Smax: at even
  // generations only).
  bool loads_as_golly_shows() const;
  // Whether what Golly shows is the complement of what the engine holds (B0 rules).
  bool shows_complement() const;
  // The first step from Golly's cells of an odd generation (golly_cells_held_).
  void step_from_golly_cells();
  // Grows the open sides near which the pattern is, so `room` cells stay clear; false when the
  // memory or the largest side allows no growth.
  bool grow(int64_t room);
  void reach_edge(uint64_t generation, const std::string& why);

  Engine& engine_;
  Cell offset_;
  bool open_x_, open_y_, grow_x_, grow_y_;
  MemoryBudget budget_;
  AtTheLimit at_limit_;
  uint64_t base_generation_ = 0;  // the input pattern's generation
  uint64_t dropped_ = 0;
  bool reached_edge_ = false;
  std::string stop_reason_;
  uint64_t exact_ahead_ = 0;
  // The engine holds Golly's cells of a B0 rule at an odd generation, as they are, until the
  // first step (on an unbounded grid, where their true complement cannot be held).
  bool golly_cells_held_ = false;  // generations the last edge check found exact, not yet stepped
  bool capped_ = false;
  int growths_ = 0;
  std::string grown_from_;
  size_t growth_note_ = SIZE_MAX;
  std::vector<std::string> notes_;
};

}  // namespace gpulife::app
