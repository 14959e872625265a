// Several processes in one run (one per GPU or per host): which rank this process is, from the
// command line or a launcher's environment (torchrun, Slurm, Open MPI, MPICH), and the TCP
// connections between all ranks, found through rank 0's address or a file on a shared disk.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace gpulife::app {

struct RankSetup {
  int ranks = 1;
  int rank = 0;
  int local_rank = 0;      // among the ranks on its host: which GPUs it takes
  std::string rendezvous;  // tcp://HOST:PORT or file:///PATH; empty for one rank
  std::string source;      // where the numbers came from, for messages
};

// What the command line said (unset: look at the environment).
struct RankRequest {
  std::optional<int> ranks, rank, local_rank;
  std::optional<std::string> rendezvous;
};

// Environment lookup (the process's in the program, a table in tests).
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
EnvLookup process_environment();

// The command line first, then GPULIFE_RANKS / GPULIFE_RANK / GPULIFE_LOCAL_RANK /
// GPULIFE_RENDEZVOUS, then torchrun (WORLD_SIZE, RANK, LOCAL_RANK, MASTER_ADDR, MASTER_PORT),
// Open MPI (OMPI_COMM_WORLD_*), MPICH (PMI_SIZE, PMI_RANK, MPI_LOCALRANKID) and Slurm
// (SLURM_STEP_NUM_TASKS, SLURM_PROCID, SLURM_LOCALID); one rank when none says otherwise. Throws
// Error for counts out of range, and for several ranks without a rendezvous address.
RankSetup resolve_ranks(const RankRequest& request, const EnvLookup& env);

struct RendezvousAddress {
  bool file = false;
  std::string host;  // tcp: rank 0's host name or address
  int port = 0;
  std::string path;  // file: a path every rank can read (a shared disk for several hosts)
};
// "tcp://HOST:PORT" or "file:///PATH" (also "HOST:PORT"); throws Error saying the forms.
RendezvousAddress parse_rendezvous(std::string_view text);

// Seconds connect_ranks waits: GPULIFE_RENDEZVOUS_TIMEOUT, else 120.
double rendezvous_timeout(const EnvLookup& env);

}  // namespace gpulife::app
