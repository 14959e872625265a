// Options of multi-process runs, parsed once for every command that has them.
#include "app/rank_options.hpp"

namespace gpulife::app {

void add_rank_options(ArgParser& p) {
  p.option("ranks", "", "N",
           "processes in this run (one per GPU or per host; each runs this same command); "
           "default: a launcher's (torchrun, mpirun, srun) or 1");
  p.option("rank", "", "R", "this process's rank, 0 to N-1 (rank 0 reports and writes files)");
  p.option("local-rank", "", "L",
           "this process's rank among those on its host: it drives GPUs L*G .. L*G+G-1 (G = "
           "--gpus, 1 by default)");
  p.option("rendezvous", "", "tcp://HOST:PORT|file:///PATH",
           "where the ranks meet: rank 0 listens on PORT of HOST, or writes its address to PATH "
           "(a file every rank sees)");
  p.option("halos", "", "nccl|host",
           "how halo rows cross between processes: NCCL (GPU to GPU), or through the ranks' TCP "
           "connections (e.g. several processes on one GPU)",
           "nccl");
}

RankOptions rank_options(const ArgParser& p, const EnvLookup& env) {
  RankOptions o;
  if (p.has("ranks")) o.request.ranks = int(p.get_int("ranks", 1, 1024));
  if (p.has("rank")) o.request.rank = int(p.get_int("rank", 0, 1023));
  if (p.has("local-rank")) o.request.local_rank = int(p.get_int("local-rank", 0, 1023));
  if (p.has("rendezvous")) o.request.rendezvous = p.get("rendezvous");
  const std::string halos = p.get("halos");
  if (halos != "nccl" && halos != "host")
    throw UsageError("--halos is nccl or host, not \"" + halos + "\"");
  o.host_halos = halos == "host";
  o.several = resolve_ranks(o.request, env).ranks > 1;
  return o;
}

}  // namespace gpulife::app
