// The multi-GPU engine's device resources: streams and events, the state each band and each
// device owns, and the NCCL communicators of one process or of the whole run.
#if GPULIFE_HAVE_NCCL

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/multi_gpu_engine.cuh"

namespace gpulife::gpu {

void nccl_check(ncclResult_t status, const char* expression, const char* file, int line) {
  if (status == ncclSuccess) return;
  throw Error(std::string("NCCL error: ") + ncclGetErrorString(status) + " in " + expression +
              " at " + file + ":" + std::to_string(line));
}

void Communicator::init(const std::vector<int>& devices, int first, int world,
                        RankExchange* exchange) {
  if (devices == devices_ && first == first_ && world == world_ && !comms_.empty()) return;
  release();
  comms_.resize(devices.size());
  if (world == int(devices.size())) {
    base_ = first;
    NCCL_CHECK(ncclCommInitAll(comms_.data(), int(devices.size()), devices.data()));
  } else {
    if (!exchange) throw Error("NCCL across processes needs their rendezvous");
    base_ = 0;
    ncclUniqueId id{};
    if (exchange->rank() == 0) NCCL_CHECK(ncclGetUniqueId(&id));
    const std::string shared =
        broadcast(*exchange, std::string(reinterpret_cast<const char*>(&id), sizeof id));
    if (shared.size() != sizeof id) throw Error("the NCCL id from rank 0 has the wrong size");
    std::copy(shared.begin(), shared.end(), reinterpret_cast<char*>(&id));
    NCCL_CHECK(ncclGroupStart());
    for (size_t i = 0; i < devices.size(); ++i) {
      CUDA_CHECK(cudaSetDevice(devices[i]));
      NCCL_CHECK(ncclCommInitRank(&comms_[i], world, id, first + int(i)));
    }
    NCCL_CHECK(ncclGroupEnd());
  }
  devices_ = devices;
  first_ = first;
  world_ = world;
}

void Communicator::release() {
  for (ncclComm_t c : comms_)
    if (c) ncclCommDestroy(c);
  comms_.clear();
  devices_.clear();
}

BandState::~BandState() {
  cudaSetDevice(band.device);
  main.reset();
  edge_top.reset();
  edge_bottom.reset();
}

}  // namespace gpulife::gpu

#endif  // GPULIFE_HAVE_NCCL
