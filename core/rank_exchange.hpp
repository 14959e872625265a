// How the processes of one run (its ranks, one per GPU or per host) pass bytes to each other:
// the NCCL id, checks that they agree, reductions of population and hash, and whatever NCCL
// does not carry. Plain C++; app/rendezvous.* connects real processes over TCP.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gpulife {

class RankExchange {
 public:
  virtual ~RankExchange() = default;
  virtual int ranks() const = 0;
  virtual int rank() const = 0;
  // Blocking, in order between each pair of ranks; throw Error naming the peer on failure.
  virtual void send(int to, const void* data, size_t bytes) = 0;
  virtual void recv(int from, void* data, size_t bytes) = 0;
};

// Collectives every rank calls at the same point. They go through rank 0 (gather, then send
// back), so no two ranks ever wait on each other's sends, whatever the sizes.

// Every rank's bytes, in rank order, on every rank.
std::vector<std::string> all_gather(RankExchange& exchange, const std::string& mine);
// Rank 0's `value` on every rank (other ranks' `value` is ignored).
std::string broadcast(RankExchange& exchange, const std::string& value);
// Element-wise sums modulo 2^64 (the hash's word terms add that way), on every rank.
std::vector<uint64_t> sum_across(RankExchange& exchange, const std::vector<uint64_t>& mine);
// Throws Error on every rank when the ranks' `description`s differ, naming the first rank whose
// text differs from rank 0's and both texts: processes started with different arguments.
void require_agreement(RankExchange& exchange, const std::string& description);

}  // namespace gpulife
