// RankExchange over TCP: one connection between every pair of ranks, set up through rank 0.
#pragma once

#include <memory>

#include "app/rendezvous.hpp"
#include "core/rank_exchange.hpp"

namespace gpulife::app {

// Connects every rank with every other. Rank 0 listens at the tcp address's port (or, for a
// file rendezvous, on any port, written with its host name into the file) and tells each rank
// where the others listen; each pair then has its own connection. Waits up to `timeout_s` for
// all ranks; throws Error saying which ranks did not come, or why rank 0 refused one (another
// rank count, a rank given twice). One rank needs no connection and gets an exchange of one.
std::shared_ptr<RankExchange> connect_ranks(const RankSetup& setup, double timeout_s);

}  // namespace gpulife::app
