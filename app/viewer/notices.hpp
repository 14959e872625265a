// Messages shown over the grid where the user is looking: errors stay until dismissed, other
// notes fade after a few seconds. No ImGui here (notice_overlay.cpp draws them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

namespace gpulife::app {

enum class NoticeKind { Info, Error };

struct Notice {
  uint64_t id = 0;
  NoticeKind kind = NoticeKind::Info;
  std::string text;
  int count = 1;   // the same text reported again bumps this instead of stacking copies
  double age = 0;  // seconds since it was last reported
};

class Notices {
 public:
  static constexpr double kInfoSeconds = 4.0;
  static constexpr size_t kMaxShown = 5;

  // Adds a notice; a repeat of a shown notice's text moves it to the top and counts it.
  void add(std::string text, NoticeKind kind);
  // Ages the notices: info notices older than kInfoSeconds go, errors stay.
  void tick(double seconds);
  // Removes the newest error; false when none is shown.
  bool dismiss_newest_error();
  void dismiss(uint64_t id);
  void clear() { items_.clear(); }

  // Newest last; at most kMaxShown (the oldest go first, info before errors).
  const std::deque<Notice>& items() const { return items_; }
  bool has_error() const;
  // Whether some notice is still fading out (the screen changes without input).
  bool fading() const;

 private:
  std::deque<Notice> items_;
  uint64_t next_id_ = 1;
};

}  // namespace gpulife::app
