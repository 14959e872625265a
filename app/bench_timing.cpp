// Engine timing for `gpulife bench`: repetitions long enough to measure, median of them.
#include "app/bench_timing.hpp"

#include <algorithm>
#include <vector>

#include "core/median.hpp"

namespace gpulife::app {
namespace {
constexpr double kTargetRepetitionMs = 100.0;
}

double time_engine(Engine& engine, int repeat, uint64_t& generations, uint64_t first,
                   uint64_t most) {
  if (generations == 0) {
    engine.step(first);
    const double per_generation = std::max(engine.last_step_ms() / double(first), 1e-6);
    generations = first;
    while (generations < most && double(generations) * per_generation < kTargetRepetitionMs)
      generations *= 2;
  }
  engine.step(generations);  // warm-up at the timed length
  engine.last_step_ms();
  std::vector<double> ms;
  for (int r = 0; r < repeat; ++r) {
    engine.step(generations);
    ms.push_back(engine.last_step_ms() / double(generations));
  }
  return median(ms);
}

}  // namespace gpulife::app
