// A progress bar on stderr for long headless runs, drawn only when stderr is a terminal.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace gpulife::app {

// Draws "[#####.....] 50% gen 500/1000" on stderr, only when it is a terminal.
class ProgressBar {
 public:
  explicit ProgressBar(uint64_t total) : total_(total), enabled_(isatty(STDERR_FILENO) != 0) {}
  void update(uint64_t done, double elapsed_s) {
    if (!enabled_ || elapsed_s < 1.0) return;
    constexpr int kWidth = 40;
    const double frac = total_ ? double(done) / double(total_) : 1.0;
    const int filled = int(frac * kWidth);
    std::string bar(size_t(filled), '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r[%s] %3d%% gen %llu/%llu", bar.c_str(), int(frac * 100),
                 (unsigned long long)done, (unsigned long long)total_);
    std::fflush(stderr);
    drawn_ = true;
  }
  ~ProgressBar() {
    if (drawn_) std::fprintf(stderr, "\r%*s\r", 72, "");
  }

 private:
  uint64_t total_;
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace gpulife::app
