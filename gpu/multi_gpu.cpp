// The band plan of bit-multistep-multi (plain C++, so it is tested without a GPU), and the
// entry points that exist whether or not the build found NCCL.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "gpu/multi_gpu.hpp"

namespace gpulife::gpu {
namespace {

BandEdge edge(int64_t send_row, int depth, int64_t buffer_rows) {
  BandEdge e;
  e.used = true;
  e.send_row = send_row;
  e.first = std::max<int64_t>(0, send_row - depth);
  e.rows = std::min<int64_t>(buffer_rows, send_row + 2 * depth) - e.first;
  return e;
}

}  // namespace

BandPlan plan_bands(int64_t width, int64_t height, Topology topology, int max_depth, int bands,
                    int devices, bool nccl_everywhere) {
  if (width < 1 || height < 1)
    throw Error("multi-GPU grid " + std::to_string(width) + "x" + std::to_string(height) +
                " must have at least one cell");
  if (bands < 1 || devices < 1 || devices > bands)
    throw Error("multi-GPU plan: need 1 <= devices <= bands, got " + std::to_string(devices) +
                " devices for " + std::to_string(bands) + " bands");
  if (max_depth < 1) throw Error("multi-GPU plan: depth must be at least 1");
  if (needs_edge_fixup(topology))
    throw Error("the multi-GPU engine steps planes and tori only, not a " + to_string(topology) +
                "; use a single-GPU engine such as bit64 or bit-multistep");
  if (int64_t(bands) > height)
    throw Error("a grid of " + std::to_string(height) + " rows cannot be split into " +
                std::to_string(bands) + " bands; use at most " + std::to_string(height) +
                " bands (or GPUs)");
  BandPlan plan;
  plan.width = width;
  plan.height = height;
  plan.topology = topology;
  plan.devices = devices;

  const int64_t base = height / bands, extra = height % bands;
  // A halo must come from one neighbour, so it is at most the lowest band.
  int depth = 1;
  while (depth * 2 <= max_depth && depth * 2 <= base) depth *= 2;
  plan.depth = depth;

  const bool torus = topology == Topology::Torus;
  int64_t y = 0;
  for (int b = 0; b < bands; ++b) {
    Band band;
    band.device = int(int64_t(b) * devices / bands);
    band.rank = band.device;
    band.y0 = y;
    band.rows = base + (b < extra ? 1 : 0);
    y += band.rows;
    band.halo_top = (torus || b > 0) ? depth : 0;
    band.halo_bottom = (torus || b + 1 < bands) ? depth : 0;
    if (band.halo_top) band.top = edge(band.halo_top, depth, band.buffer_rows());
    if (band.halo_bottom)
      band.bottom = edge(band.halo_top + band.rows - depth, depth, band.buffer_rows());
    plan.bands.push_back(band);
  }
  for (int b = 0; b < bands; ++b) {
    const Band& band = plan.bands[size_t(b)];
    const int above = (b + bands - 1) % bands, below = (b + 1) % bands;
    if (band.halo_top) {
      HaloTransfer t{above, b, false, true, false};
      t.nccl = nccl_everywhere || plan.bands[size_t(above)].device != band.device;
      plan.transfers.push_back(t);
    }
    if (band.halo_bottom) {
      HaloTransfer t{below, b, true, false, false};
      t.nccl = nccl_everywhere || plan.bands[size_t(below)].device != band.device;
      plan.transfers.push_back(t);
    }
  }
  return plan;
}

void assign_owners(BandPlan& plan, int ranks, int gpus_per_rank, int first_device,
                   bool host_halos) {
  if (ranks < 1 || gpus_per_rank < 1 || first_device < 0 || plan.devices != ranks * gpus_per_rank)
    throw Error("multi-GPU plan: " + std::to_string(plan.devices) + " devices cannot be " +
                std::to_string(ranks) + " ranks of " + std::to_string(gpus_per_rank) + " GPUs");
  for (Band& b : plan.bands) {
    b.owner = b.rank / gpus_per_rank;
    b.device = first_device + b.rank % gpus_per_rank;
  }
  for (HaloTransfer& t : plan.transfers) {
    const Band& from = plan.bands[size_t(t.from_band)];
    const Band& to = plan.bands[size_t(t.to_band)];
    if (from.owner != to.owner) {
      t.host = host_halos;
      t.nccl = !host_halos;
    }
  }
}

int cuda_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

void use_device(int device) {
  if (cudaSetDevice(device) != cudaSuccess) {
    cudaGetLastError();
    throw Error("cannot use CUDA device " + std::to_string(device));
  }
}

#if !GPULIFE_HAVE_NCCL
bool multi_gpu_built() {
  return false;
}

std::unique_ptr<MultiGpuEngine> make_multi_gpu_engine() {
  throw Error(
      "bit-multistep-multi is not in this build: NCCL (nccl.h, libnccl) was not found when it "
      "was configured; install NCCL and configure again");
}

void register_multi_gpu_engine(EngineRegistry& registry) {
  (void)registry;
}
#endif

}  // namespace gpulife::gpu
