// Test support: ranks as threads of one process, joined by in-memory byte queues (a
// RankExchange that needs no sockets), and a helper that runs a body on every rank.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/rank_exchange.hpp"

namespace gpulife {

// Byte queues between every ordered pair of ranks; recv waits for its bytes.
class Mailboxes {
 public:
  explicit Mailboxes(int ranks) : ranks_(ranks), queues_(size_t(ranks * ranks)) {}
  void put(int from, int to, const void* data, size_t n) {
    std::lock_guard lock(mutex_);
    auto& q = queues_[size_t(from * ranks_ + to)];
    q.insert(q.end(), static_cast<const char*>(data), static_cast<const char*>(data) + n);
    ready_.notify_all();
  }
  void take(int from, int to, void* data, size_t n) {
    std::unique_lock lock(mutex_);
    auto& q = queues_[size_t(from * ranks_ + to)];
    ready_.wait(lock, [&] { return q.size() >= n; });
    std::copy_n(q.begin(), n, static_cast<char*>(data));
    q.erase(q.begin(), q.begin() + std::ptrdiff_t(n));
  }

 private:
  int ranks_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<std::deque<char>> queues_;
};

class ThreadExchange final : public RankExchange {
 public:
  ThreadExchange(Mailboxes& m, int ranks, int rank) : m_(m), ranks_(ranks), rank_(rank) {}
  int ranks() const override { return ranks_; }
  int rank() const override { return rank_; }
  void send(int to, const void* data, size_t bytes) override { m_.put(rank_, to, data, bytes); }
  void recv(int from, void* data, size_t bytes) override { m_.take(from, rank_, data, bytes); }

 private:
  Mailboxes& m_;
  int ranks_, rank_;
};

// Runs body(exchange) on `ranks` threads; returns each thread's error text (empty: none).
inline std::vector<std::string> on_ranks(
    int ranks, const std::function<void(const std::shared_ptr<RankExchange>&)>& body) {
  Mailboxes m(ranks);
  std::vector<std::string> errors(static_cast<size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      auto x = std::make_shared<ThreadExchange>(m, ranks, r);
      try {
        body(x);
      } catch (const Error& e) {
        errors[size_t(r)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  return errors;
}

}  // namespace gpulife
