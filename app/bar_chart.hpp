// Engine comparison bar chart (ms/generation and % of the bandwidth limit), drawn on the CPU and
// saved as PNG for slides; used by `gpulife bench --plot` and the viewer's compare panel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace gpulife::app {

struct ChartEntry {
  std::string name;          // engine name
  double ms_per_generation;  // > 0
  // % of the memory-bandwidth limit; may exceed 100 (multistep kernels); <= 0: unknown.
  double percent_of_limit;
  double gcells_per_second;
};

struct ChartOptions {
  std::string title;
  std::string subtitle;  // device, grid size, rule
  int width = 1600;
  int height = 0;  // 0: from the number of entries
};

struct ChartImage {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;  // rows top-down, 3 bytes a pixel
};

// Renders the chart to RGB pixels. Throws Error for an empty entry list, a value that is not
// positive, a size too small for the entries, or a missing font file (naming the package).
ChartImage render_comparison_chart(const std::vector<ChartEntry>& entries,
                                   const ChartOptions& options);

// Renders and writes a PNG; throws Error naming the path when it cannot be written.
void write_comparison_chart(const std::filesystem::path& path,
                            const std::vector<ChartEntry>& entries, const ChartOptions& options);

// Empty when charts can be drawn here; otherwise why not and what to install (FreeType at build
// time, the DejaVu fonts at run time), so that a command can refuse before long work.
std::string chart_unavailable_reason();

// The colour of entry `index`'s bars (the palette repeats after a few entries), so that other
// views of the same comparison can match the chart.
struct ChartColour {
  uint8_t r, g, b;
  bool operator==(const ChartColour&) const = default;
};
ChartColour chart_entry_colour(size_t index);
// The colour of the vertical line at 100 % of the bandwidth limit.
ChartColour chart_limit_colour();

}  // namespace gpulife::app
