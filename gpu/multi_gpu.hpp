// bit-multistep-multi: one grid split into horizontal bands over several GPUs (or several bands
// on one GPU), halo rows exchanged with NCCL before each temporally blocked pass (plain C++).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"

namespace gpulife::gpu {

// One horizontal band: the rows it owns, where they sit in its device buffer, and the two
// "edge" sub-grids whose own rows are sent to the neighbours. A band's buffer holds
// halo_top + rows + halo_bottom rows of the canonical bit-packed layout; a halo is `depth`
// rows deep where a neighbour lies on that side (always on a torus; on a plane not above the
// first band nor below the last, where the kernel's plane topology keeps outside cells dead).
struct BandEdge {
  bool used = false;     // a neighbour lies on this side
  int64_t first = 0;     // first buffer row of the sub-grid stepped for this edge
  int64_t rows = 0;      // its rows (the sent rows plus up to `depth` rows each side)
  int64_t send_row = 0;  // buffer row of the first of the `depth` rows sent
};

struct Band {
  int device = 0;  // CUDA device ordinal
  int rank = 0;    // NCCL rank of that device: its index among the devices used
  int64_t y0 = 0;  // first grid row owned
  int64_t rows = 0;
  int64_t halo_top = 0, halo_bottom = 0;
  BandEdge top, bottom;
  int64_t buffer_rows() const { return halo_top + rows + halo_bottom; }
};

// `depth` rows from one band's edge to another band's halo. Transfers are listed (and posted)
// in one fixed order, so every pair of NCCL ranks matches its sends and receives in order.
struct HaloTransfer {
  int from_band = 0, to_band = 0;
  bool from_top = false;  // the sender's top own rows (else its bottom ones)
  bool to_top = false;    // into the receiver's top halo (else its bottom one)
  bool nccl = false;      // bands on different devices (or NCCL asked for everywhere)
};

struct BandPlan {
  int64_t width = 0, height = 0;
  Topology topology = Topology::Plane;
  int depth = 1;  // generations per pass = halo depth: a power of two, at most the lowest band
  int devices = 1;
  std::vector<Band> bands;
  std::vector<HaloTransfer> transfers;
};

// Splits `height` rows into `bands` bands as evenly as possible (the first ones get the extra
// rows), band b on device ordinal b * devices / bands; depth is `max_depth` lowered to the
// largest power of two not above the smallest band. With `nccl_everywhere`, bands on one
// device also exchange through NCCL (send/receive to self), so one GPU exercises that path.
// Throws Error when there are more bands than rows or a count is out of range.
BandPlan plan_bands(int64_t width, int64_t height, Topology topology, int max_depth, int bands,
                    int devices, bool nccl_everywhere);

// The engine beyond Engine: what `bench --gpus` reports.
class MultiGpuEngine : public Engine {
 public:
  // The plan in force (empty before the first load()).
  virtual const BandPlan& plan() const = 0;
  // Median device time of one halo exchange on its own (no computation running), over
  // `repetitions` exchanges, in milliseconds: the slowest device's time per exchange.
  virtual double time_exchange_ms(int repetitions) = 0;
};

// Whether this build has the multi-GPU engine (NCCL was found when it was configured).
bool multi_gpu_built();
// CUDA devices visible to this process (0 without a device or a CUDA build).
int cuda_device_count();

// Throws Error when the build has no NCCL.
std::unique_ptr<MultiGpuEngine> make_multi_gpu_engine();
// Adds bit-multistep-multi to the registry when built with NCCL; otherwise adds nothing.
void register_multi_gpu_engine(EngineRegistry& registry);

}  // namespace gpulife::gpu
