// The median of a set of measurements: what bench, the viewer's summary and the demo report, so
// that their figures agree.
#pragma once

#include <algorithm>
#include <vector>

namespace gpulife {

// The middle value (the mean of the two middle ones for an even count); 0 for none.
inline double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace gpulife
