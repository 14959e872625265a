// The population graph's data: population, births and deaths per sample (a sample is taken
// after each step), kept across engine switches and rule changes and cut back on undo; plus the
// scales (linear or log) the panel draws them with. Plain C++, tested without a window.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpulife::app {

struct GraphSample {
  uint64_t generation = 0;
  uint64_t population = 0;
  // Of the sample's last generation; unknown when the engine did not count them.
  bool changes_known = false;
  uint64_t births = 0;
  uint64_t deaths = 0;
};

enum class GraphSeries { Population, Births, Deaths };

class PopulationGraph {
 public:
  // Older samples are thinned (every other one dropped) beyond this many.
  static constexpr size_t kMaxSamples = size_t{1} << 15;

  // Adds the state after a step. A sample at or before the last one's generation means time went
  // back (undo, a reset): later samples are dropped first.
  void add(const GraphSample& sample);
  // Drops the samples after `generation` (undo to an earlier state).
  void rewind_to(uint64_t generation);
  void clear() { samples_.clear(); }

  const std::vector<GraphSample>& samples() const { return samples_; }
  bool empty() const { return samples_.empty(); }

  // Index of the first sample within the last `window` generations (0: all of them).
  size_t window_start(uint64_t window) const;

  // Largest value of a series from `first` on (0 when none).
  uint64_t max_value(GraphSeries series, size_t first) const;

  // Where `value` sits between 0 (bottom) and 1 (top) of a graph whose top is `top`: linear, or
  // logarithmic (log(1 + v) / log(1 + top), so 0 stays at the bottom).
  static double height_of(double value, double top, bool log_scale);

  static uint64_t value(const GraphSample& s, GraphSeries series);

 private:
  void thin();

  std::vector<GraphSample> samples_;
};

}  // namespace gpulife::app
