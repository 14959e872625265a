// Collectives over RankExchange's point-to-point sends, routed through rank 0.
#include "core/rank_exchange.hpp"

#include <cstring>

#include "core/error.hpp"

namespace gpulife {
namespace {

void send_string(RankExchange& x, int to, const std::string& s) {
  const uint64_t n = s.size();
  x.send(to, &n, sizeof n);
  if (n) x.send(to, s.data(), s.size());
}

std::string recv_string(RankExchange& x, int from) {
  uint64_t n = 0;
  x.recv(from, &n, sizeof n);
  // A length this large is a stream out of step, not a message.
  if (n > (uint64_t{1} << 40))
    throw Error("rank " + std::to_string(from) + " sent a message of " + std::to_string(n) +
                " bytes: the processes are out of step");
  std::string s(size_t(n), '\0');
  if (n) x.recv(from, s.data(), s.size());
  return s;
}

}  // namespace

std::vector<std::string> all_gather(RankExchange& x, const std::string& mine) {
  const int n = x.ranks();
  std::vector<std::string> all(static_cast<size_t>(n));
  if (x.rank() == 0) {
    all[0] = mine;
    for (int r = 1; r < n; ++r) all[size_t(r)] = recv_string(x, r);
    for (int r = 1; r < n; ++r)
      for (const std::string& s : all) send_string(x, r, s);
  } else {
    send_string(x, 0, mine);
    for (std::string& s : all) s = recv_string(x, 0);
  }
  return all;
}

std::string broadcast(RankExchange& x, const std::string& value) {
  if (x.rank() == 0) {
    for (int r = 1; r < x.ranks(); ++r) send_string(x, r, value);
    return value;
  }
  return recv_string(x, 0);
}

std::vector<uint64_t> sum_across(RankExchange& x, const std::vector<uint64_t>& mine) {
  const std::string bytes(reinterpret_cast<const char*>(mine.data()), mine.size() * 8);
  std::vector<uint64_t> total(mine.size(), 0);
  for (const std::string& s : all_gather(x, bytes)) {
    if (s.size() != bytes.size())
      throw Error("ranks disagree on the size of a reduction: the processes are out of step");
    for (size_t i = 0; i < total.size(); ++i) {
      uint64_t v = 0;
      std::memcpy(&v, s.data() + i * 8, 8);
      total[i] += v;
    }
  }
  return total;
}

void require_agreement(RankExchange& x, const std::string& description) {
  const std::vector<std::string> all = all_gather(x, description);
  for (size_t r = 1; r < all.size(); ++r)
    if (all[r] != all[0])
      throw Error("the processes of this run were started differently: rank 0 has \"" + all[0] +
                  "\" but rank " + std::to_string(r) + " has \"" + all[r] +
                  "\"; give every rank the same grid, pattern, rule and engine settings");
}

}  // namespace gpulife
