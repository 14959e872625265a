// The notice list: repeats merged, info notices aged out, errors kept until dismissed.
#include "app/viewer/notices.hpp"

#include <algorithm>

namespace gpulife::app {

void Notices::add(std::string text, NoticeKind kind) {
  if (text.empty()) return;
  const auto same = std::find_if(items_.begin(), items_.end(),
                                 [&](const Notice& n) { return n.text == text && n.kind == kind; });
  Notice notice;
  if (same != items_.end()) {
    notice = *same;
    ++notice.count;
    items_.erase(same);
  } else {
    notice.id = next_id_++;
    notice.kind = kind;
    notice.text = std::move(text);
  }
  notice.age = 0;
  items_.push_back(std::move(notice));
  while (items_.size() > kMaxShown) {
    auto oldest_info = std::find_if(items_.begin(), items_.end(),
                                    [](const Notice& n) { return n.kind == NoticeKind::Info; });
    items_.erase(oldest_info != items_.end() ? oldest_info : items_.begin());
  }
}

void Notices::tick(double seconds) {
  for (Notice& n : items_) n.age += seconds;
  std::erase_if(items_,
                [](const Notice& n) { return n.kind == NoticeKind::Info && n.age > kInfoSeconds; });
}

bool Notices::dismiss_newest_error() {
  for (auto it = items_.rbegin(); it != items_.rend(); ++it) {
    if (it->kind == NoticeKind::Error) {
      items_.erase(std::next(it).base());
      return true;
    }
  }
  return false;
}

void Notices::dismiss(uint64_t id) {
  std::erase_if(items_, [&](const Notice& n) { return n.id == id; });
}

bool Notices::fading() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Notice& n) { return n.kind == NoticeKind::Info; });
}

bool Notices::has_error() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Notice& n) { return n.kind == NoticeKind::Error; });
}

}  // namespace gpulife::app
