// Population graph samples: adding, rewinding on undo, thinning, windows and scales.
#include "app/population_graph.hpp"

#include <algorithm>
#include <cmath>

namespace gpulife::app {

uint64_t PopulationGraph::value(const GraphSample& s, GraphSeries series) {
  switch (series) {
    case GraphSeries::Population:
      return s.population;
    case GraphSeries::Births:
      return s.changes_known ? s.births : 0;
    case GraphSeries::Deaths:
      return s.changes_known ? s.deaths : 0;
  }
  return 0;
}

void PopulationGraph::add(const GraphSample& sample) {
  if (!samples_.empty() && sample.generation <= samples_.back().generation)
    rewind_to(sample.generation == 0 ? 0 : sample.generation - 1);
  if (!samples_.empty() && sample.generation == 0) samples_.clear();
  samples_.push_back(sample);
  if (samples_.size() > kMaxSamples) thin();
}

void PopulationGraph::rewind_to(uint64_t generation) {
  while (!samples_.empty() && samples_.back().generation > generation) samples_.pop_back();
}

void PopulationGraph::thin() {
  // Keep the newer half as it is; of the older half keep every other sample.
  const size_t half = samples_.size() / 2;
  std::vector<GraphSample> kept;
  kept.reserve(samples_.size());
  for (size_t i = 0; i < half; i += 2) kept.push_back(samples_[i]);
  kept.insert(kept.end(), samples_.begin() + std::ptrdiff_t(half), samples_.end());
  samples_ = std::move(kept);
}

size_t PopulationGraph::window_start(uint64_t window) const {
  if (window == 0 || samples_.empty()) return 0;
  const uint64_t last = samples_.back().generation;
  const uint64_t from = last > window ? last - window : 0;
  const auto it =
      std::lower_bound(samples_.begin(), samples_.end(), from,
                       [](const GraphSample& s, uint64_t g) { return s.generation < g; });
  return size_t(it - samples_.begin());
}

uint64_t PopulationGraph::max_value(GraphSeries series, size_t first) const {
  uint64_t m = 0;
  for (size_t i = first; i < samples_.size(); ++i) m = std::max(m, value(samples_[i], series));
  return m;
}

double PopulationGraph::height_of(double value, double top, bool log_scale) {
  if (top <= 0) return 0.0;
  const double v = std::clamp(value, 0.0, top);
  if (log_scale) return std::log1p(v) / std::log1p(top);
  return v / top;
}

}  // namespace gpulife::app
