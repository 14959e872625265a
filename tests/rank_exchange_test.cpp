// Tests for core/rank_exchange's collectives, over an exchange of threads in one process (the
// TCP one is tested in app_rendezvous_test): gathers, broadcasts, sums and agreement checks.
#include "core/rank_exchange.hpp"

#include <gtest/gtest.h>

#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/error.hpp"

namespace gpulife {
namespace {

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
std::vector<std::string> on_ranks(int ranks, const std::function<void(RankExchange&)>& body) {
  Mailboxes m(ranks);
  std::vector<std::string> errors(static_cast<size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      ThreadExchange x(m, ranks, r);
      try {
        body(x);
      } catch (const Error& e) {
        errors[size_t(r)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  return errors;
}

TEST(RankExchangeTest, AllGatherBroadcastAndSums) {
  for (int ranks : {1, 2, 3, 5}) {
    const auto errors = on_ranks(ranks, [&](RankExchange& x) {
      const auto all = all_gather(x, "rank " + std::to_string(x.rank()));
      ASSERT_EQ(all.size(), size_t(ranks));
      for (int r = 0; r < ranks; ++r) EXPECT_EQ(all[size_t(r)], "rank " + std::to_string(r));
      EXPECT_EQ(broadcast(x, x.rank() == 0 ? "the id" : "ignored"), "the id");
      // Sums wrap modulo 2^64, as the hash's word terms do.
      const auto sums = sum_across(x, {uint64_t(x.rank() + 1), ~uint64_t{0}});
      EXPECT_EQ(sums[0], uint64_t(ranks * (ranks + 1) / 2));
      EXPECT_EQ(sums[1], uint64_t(0) - uint64_t(ranks));
      EXPECT_NO_THROW(require_agreement(x, "same settings"));
    });
    for (const std::string& e : errors) EXPECT_EQ(e, "");
  }
}

TEST(RankExchangeTest, LargeMessagesAndEmptyOnes) {
  const auto errors = on_ranks(3, [](RankExchange& x) {
    std::string big(size_t(3) << 20, char('a' + x.rank()));
    const auto all = all_gather(x, big);
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(all[size_t(r)], std::string(size_t(3) << 20, char('a' + r)));
    EXPECT_EQ(broadcast(x, ""), "");
  });
  for (const std::string& e : errors) EXPECT_EQ(e, "");
}

TEST(RankExchangeTest, DisagreementIsReportedOnEveryRank) {
  const auto errors = on_ranks(3, [](RankExchange& x) {
    require_agreement(x, x.rank() == 2 ? "grid 100x100" : "grid 64x64");
  });
  for (const std::string& e : errors) {
    EXPECT_NE(e.find("rank 2 has \"grid 100x100\""), std::string::npos) << e;
    EXPECT_NE(e.find("rank 0 has \"grid 64x64\""), std::string::npos) << e;
  }
}

}  // namespace
}  // namespace gpulife
