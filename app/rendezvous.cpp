// Rank numbers from the command line or a launcher's environment, and rendezvous addresses.
#include "app/rendezvous.hpp"

#include <charconv>
#include <cstdlib>
#include <vector>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

constexpr int kMaxRanks = 1024;
constexpr double kDefaultTimeoutSeconds = 120;

std::optional<int> env_int(const EnvLookup& env, const std::string& name) {
  const std::optional<std::string> v = env(name);
  if (!v || v->empty()) return std::nullopt;
  int n = 0;
  auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
  if (ec != std::errc() || end != v->data() + v->size())
    throw Error("environment variable " + name + "=\"" + *v + "\" is not a whole number");
  return n;
}

// One launcher's names for the rank count, the rank and the local rank.
struct Launcher {
  const char* name;
  const char* ranks;
  const char* rank;
  const char* local_rank;
};

constexpr Launcher kLaunchers[] = {
    {"GPULIFE_RANKS", "GPULIFE_RANKS", "GPULIFE_RANK", "GPULIFE_LOCAL_RANK"},
    {"torchrun", "WORLD_SIZE", "RANK", "LOCAL_RANK"},
    {"Open MPI", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK"},
    {"MPICH", "PMI_SIZE", "PMI_RANK", "MPI_LOCALRANKID"},
    {"Slurm (srun)", "SLURM_STEP_NUM_TASKS", "SLURM_PROCID", "SLURM_LOCALID"},
};

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* v = std::getenv(name.c_str());
    if (!v) return std::nullopt;
    return std::string(v);
  };
}

RankSetup resolve_ranks(const RankRequest& request, const EnvLookup& env) {
  RankSetup s;
  s.source = "the command line";
  const Launcher* found = nullptr;
  if (!request.ranks)
    for (const Launcher& l : kLaunchers)
      if (env_int(env, l.ranks)) {
        found = &l;
        break;
      }
  if (request.ranks) {
    s.ranks = *request.ranks;
  } else if (found) {
    s.ranks = *env_int(env, found->ranks);
    s.source = std::string(found->name) + " (" + found->ranks + ")";
  }
  if (s.ranks < 1 || s.ranks > kMaxRanks)
    throw Error("the rank count (from " + s.source + ") is " + std::to_string(s.ranks) +
                "; it must be between 1 and " + std::to_string(kMaxRanks));
  if (request.rank) {
    s.rank = *request.rank;
  } else if (found) {
    const std::optional<int> r = env_int(env, found->rank);
    if (!r && s.ranks > 1)
      throw Error(std::string(found->name) + " says " + std::to_string(s.ranks) + " ranks, but " +
                  found->rank + " is not set: give --rank");
    s.rank = r.value_or(0);
  } else if (s.ranks > 1) {
    throw Error("--ranks " + std::to_string(s.ranks) + " needs --rank R (0 to " +
                std::to_string(s.ranks - 1) + ") for this process");
  }
  if (s.rank < 0 || s.rank >= s.ranks)
    throw Error("rank " + std::to_string(s.rank) + " is out of range: with " +
                std::to_string(s.ranks) + " ranks it must be between 0 and " +
                std::to_string(s.ranks - 1));
  if (request.local_rank) {
    s.local_rank = *request.local_rank;
  } else if (found) {
    s.local_rank = env_int(env, found->local_rank).value_or(0);
  }
  if (s.local_rank < 0 || s.local_rank >= kMaxRanks)
    throw Error("local rank " + std::to_string(s.local_rank) + " is out of range");

  if (request.rendezvous) {
    s.rendezvous = *request.rendezvous;
  } else if (const auto v = env("GPULIFE_RENDEZVOUS"); v && !v->empty()) {
    s.rendezvous = *v;
  } else if (const auto addr = env("MASTER_ADDR"); addr && !addr->empty()) {
    // torchrun's own store already listens on MASTER_PORT on rank 0's host: take the next one.
    const std::optional<int> port = env_int(env, "MASTER_PORT");
    if (port) s.rendezvous = "tcp://" + *addr + ":" + std::to_string(*port + 1);
  }
  if (s.ranks > 1 && s.rendezvous.empty())
    throw Error(std::to_string(s.ranks) +
                " ranks need a place to meet: give --rendezvous tcp://HOST:PORT (HOST runs rank "
                "0) or --rendezvous file:///PATH (a file every rank can see), or set "
                "GPULIFE_RENDEZVOUS");
  if (!s.rendezvous.empty()) parse_rendezvous(s.rendezvous);  // malformed ones fail here
  return s;
}

RendezvousAddress parse_rendezvous(std::string_view text) {
  const std::string shown(text);
  auto bad = [&](const std::string& why) {
    return Error("bad rendezvous \"" + shown + "\": " + why +
                 "; expected tcp://HOST:PORT or file:///PATH");
  };
  RendezvousAddress a;
  if (text.starts_with("file://")) {
    a.file = true;
    a.path = std::string(text.substr(7));
    if (a.path.empty() || a.path.front() != '/') throw bad("the file path must be absolute");
    return a;
  }
  if (text.starts_with("tcp://")) text.remove_prefix(6);
  const size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0) throw bad("no HOST:PORT");
  a.host = std::string(text.substr(0, colon));
  if (a.host.size() > 2 && a.host.front() == '[' && a.host.back() == ']')
    a.host = a.host.substr(1, a.host.size() - 2);
  const std::string_view port = text.substr(colon + 1);
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), a.port);
  if (port.empty() || ec != std::errc() || end != port.data() + port.size() || a.port < 1 ||
      a.port > 65535)
    throw bad("the port must be a number from 1 to 65535");
  if (a.host.find('/') != std::string::npos) throw bad("a host name has no '/'");
  return a;
}

double rendezvous_timeout(const EnvLookup& env) {
  const std::optional<std::string> v = env("GPULIFE_RENDEZVOUS_TIMEOUT");
  if (!v || v->empty()) return kDefaultTimeoutSeconds;
  char* end = nullptr;
  const double t = std::strtod(v->c_str(), &end);
  if (end != v->c_str() + v->size() || !(t > 0) || t > 1e6)
    throw Error("GPULIFE_RENDEZVOUS_TIMEOUT=\"" + *v + "\" is not a number of seconds");
  return t;
}

}  // namespace gpulife::app
