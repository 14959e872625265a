// The command-line options of a run spread over several processes (`run` and `bench` share
// them), so each command adds them with one call.
#pragma once

#include "app/cli.hpp"
#include "app/rendezvous.hpp"

namespace gpulife::app {

// --ranks, --rank, --local-rank, --rendezvous and --halos.
void add_rank_options(ArgParser& p);

struct RankOptions {
  RankRequest request;
  bool host_halos = false;  // --halos host
  // Whether the command line or a launcher asks for several processes.
  bool several = false;
};
RankOptions rank_options(const ArgParser& p, const EnvLookup& env);

}  // namespace gpulife::app
