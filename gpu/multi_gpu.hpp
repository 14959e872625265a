// bit-multistep-multi: one grid split into horizontal bands over several GPUs (or several bands
// on one GPU), halo rows exchanged with NCCL before each temporally blocked pass (plain C++).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/grid.hpp"
#include "core/grid_recipe.hpp"
#include "core/rank_exchange.hpp"

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
  int device = 0;  // CUDA device ordinal (in the owning process)
  int rank = 0;    // NCCL rank of that device: its index among the devices of the whole run
  int owner = 0;   // the process (rank of the run) that holds the band
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
  bool host = false;      // between processes through their RankExchange, not NCCL
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

// Spreads the plan's devices over `ranks` processes driving `gpus_per_rank` GPUs each: a band's
// NCCL rank stays its device index g, its owner becomes g / gpus_per_rank and its device the
// CUDA ordinal first_device + g % gpus_per_rank of that process. Transfers between processes go
// through NCCL, or with `host_halos` through the processes' RankExchange. Throws Error unless
// plan.devices == ranks * gpus_per_rank.
void assign_owners(BandPlan& plan, int ranks, int gpus_per_rank, int first_device, bool host_halos);

// Where this process stands in a run of several (see MultiGpuEngine::join).
struct RankPlacement {
  std::shared_ptr<RankExchange> exchange;  // empty, or of one rank: this process is the run
  int first_device = 0;                    // CUDA ordinal of the first GPU this process drives
  bool host_halos = false;  // halos between processes through `exchange` instead of NCCL
};

// A band's current generation in device memory, for readers on the GPU (the viewer).
struct BandMemory {
  int device = 0;
  const uint64_t* rows = nullptr;  // the band's first own row (grid row y0)
  size_t pitch_bytes = 0;
  int64_t y0 = 0, rows_count = 0;
  void* stream = nullptr;  // cudaStream_t the band steps on: work queued there follows the step
};

// GPU memory one device of this process needs for a grid, and what it has free.
struct DeviceNeed {
  int device = 0;
  double need_bytes = 0;
  double free_bytes = 0;
};

// The engine beyond Engine: several processes, grids built and read band by band, and what
// `bench --gpus` reports. With several ranks every call below and every Engine call that
// reads or writes cells is collective: each process of the run makes the same calls in the same
// order (as `gpulife run` and `bench` do).
class MultiGpuEngine : public Engine {
 public:
  // The plan in force (empty before the first load()).
  virtual const BandPlan& plan() const = 0;
  // Median device time of one halo exchange on its own (no computation running), over
  // `repetitions` exchanges, in milliseconds: the slowest device's time per exchange.
  virtual double time_exchange_ms(int repetitions) = 0;

  // Makes this process one rank of a run of several (before load). Its GPUs are the `gpus`
  // parameter's count (0: one) from placement.first_device on; the bands are spread over all
  // ranks' GPUs and each process holds only its own. Population and hash are reduced across
  // ranks. Throws Error when the exchange is unusable.
  virtual void join(const RankPlacement& placement) = 0;
  // Builds the grid on the devices, band by band, with no host copy of it: the soup from the
  // recipe's seed (Grid::randomize's stream) and the recipe's cells. Checks every device's
  // memory before allocating anything.
  virtual void load_recipe(const GridRecipe& recipe) = 0;
  // Rows [y0, y0 + count), words [word0, word0 + words) of each (canonical layout), into `out`
  // (`words` per row) on rank 0; other ranks send their bands' part and may pass nullptr.
  virtual void read_rows(int64_t y0, int64_t count, int64_t word0, int64_t words,
                         uint64_t* out) const = 0;
  // The live cells' bounding box over the whole grid (empty when none), reduced on the devices.
  virtual Box live_bounds() const = 0;
  // This process's bands, after waiting for nothing: reads queued on each band's stream see the
  // state once its last step is done.
  virtual std::vector<BandMemory> band_memory() const = 0;
  // What load() checks before allocating: each of this process's devices' need for a width x
  // height grid with the current parameters, and its free memory.
  virtual std::vector<DeviceNeed> memory_plan(int64_t width, int64_t height,
                                              Topology topology) const = 0;
};

// Bytes a device must keep free beyond the bands' buffers: the CUDA context's and NCCL's own.
inline constexpr double kMultiGpuDeviceReserve = 768.0 * 1048576.0;

// Whether this build has the multi-GPU engine (NCCL was found when it was configured).
bool multi_gpu_built();
// CUDA devices visible to this process (0 without a device or a CUDA build).
int cuda_device_count();
// Makes `device` this thread's current CUDA device: engines made and stepped afterwards live
// there (a rank's single-GPU comparison runs on its own GPU).
void use_device(int device);

// Throws Error when the build has no NCCL.
std::unique_ptr<MultiGpuEngine> make_multi_gpu_engine();
// Adds bit-multistep-multi to the registry when built with NCCL; otherwise adds nothing.
void register_multi_gpu_engine(EngineRegistry& registry);

}  // namespace gpulife::gpu
