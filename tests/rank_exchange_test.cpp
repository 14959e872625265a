// Tests for core/rank_exchange's collectives, over an exchange of threads in one process (the
// TCP one is tested in app_rendezvous_test): gathers, broadcasts, sums and agreement checks.
#include "core/rank_exchange.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/error.hpp"
#include "thread_exchange.hpp"

namespace gpulife {
namespace {

TEST(RankExchangeTest, AllGatherBroadcastAndSums) {
  for (int ranks : {1, 2, 3, 5}) {
    const auto errors = on_ranks(ranks, [&](const std::shared_ptr<RankExchange>& p) {
      RankExchange& x = *p;
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
  const auto errors = on_ranks(3, [](const std::shared_ptr<RankExchange>& p) {
    RankExchange& x = *p;
    std::string big(size_t(3) << 20, char('a' + x.rank()));
    const auto all = all_gather(x, big);
    for (int r = 0; r < 3; ++r)
      EXPECT_EQ(all[size_t(r)], std::string(size_t(3) << 20, char('a' + r)));
    EXPECT_EQ(broadcast(x, ""), "");
  });
  for (const std::string& e : errors) EXPECT_EQ(e, "");
}

TEST(RankExchangeTest, DisagreementIsReportedOnEveryRank) {
  const auto errors = on_ranks(3, [](const std::shared_ptr<RankExchange>& p) {
    RankExchange& x = *p;
    require_agreement(x, x.rank() == 2 ? "grid 100x100" : "grid 64x64");
  });
  for (const std::string& e : errors) {
    EXPECT_NE(e.find("rank 2 has \"grid 100x100\""), std::string::npos) << e;
    EXPECT_NE(e.find("rank 0 has \"grid 64x64\""), std::string::npos) << e;
  }
}

}  // namespace
}  // namespace gpulife
