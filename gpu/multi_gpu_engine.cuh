// bit-multistep-multi's engine class (internal to gpu/): its state per band and per device, and
// the NCCL communicators; the members are defined in multi_gpu.cu (plan, step, exchange) and
// multi_gpu_cells.cu (building, reading and editing the cells band by band).
#pragma once

#if GPULIFE_HAVE_NCCL

#include <cuda_runtime.h>
#include <nccl.h>

#include <memory>
#include <string>
#include <vector>

#include "gpu/band_kernels.cuh"
#include "gpu/cuda_handles.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engine.hpp"
#include "gpu/multi_gpu.hpp"

namespace gpulife::gpu {

void nccl_check(ncclResult_t status, const char* expression, const char* file, int line);
#define NCCL_CHECK(expr) ::gpulife::gpu::nccl_check((expr), #expr, __FILE__, __LINE__)

// The NCCL communicators of this process's devices: comm rank i is NCCL rank first + i. Of the
// whole run (ncclCommInitRank, rank 0's unique id passed to the others through the exchange),
// or of this process alone (ncclCommInitAll) when no other process takes part.
class Communicator {
 public:
  ~Communicator() { release(); }
  // `devices`: this process's CUDA ordinals, NCCL ranks first .. first + devices.size() - 1 of
  // a communicator of `world` ranks. Collective across processes when world > devices.size().
  void init(const std::vector<int>& devices, int first, int world, RankExchange* exchange);
  bool local(int rank) const { return rank >= first_ && rank < first_ + int(comms_.size()); }
  ncclComm_t comm(int rank) const { return comms_[size_t(rank - first_)]; }
  // The rank's number inside the communicator.
  int peer(int rank) const { return rank - base_; }
  void release();

 private:
  std::vector<ncclComm_t> comms_;
  std::vector<int> devices_;
  int first_ = 0, world_ = 0;
  int base_ = 0;  // NCCL rank of comm rank 0
};

// What one band owns on its device. Move-only through unique_ptr.
struct BandState {
  Band band;
  DeviceBuffer buffer[2];
  DeviceBuffer scratch_top, scratch_bottom;  // edge sub-grids after a pass
  DeviceBuffer recv_top, recv_bottom;        // halos as received, before they are placed
  DeviceBuffer stats;
  std::unique_ptr<GpuEngine> main, edge_top, edge_bottom;
  CudaStream stream;
  CudaEvent edges_done, done, begin, end;

  ~BandState();
  uint64_t* current() const {
    return static_cast<uint64_t*>(buffer[main->current_buffer()].data());
  }
};

// Per device of this process (an NCCL rank): the stream the exchange runs on.
struct DeviceState {
  int device = 0;
  CudaStream stream;
  CudaEvent exchanged, start, stop;
};

class BitMultistepMultiEngine final : public EngineState<MultiGpuEngine> {
 public:
  BitMultistepMultiEngine();
  ~BitMultistepMultiEngine() override;

  const EngineInfo& info() const override;
  std::vector<ParamInfo> param_info() const override { return param_info_; }
  Params params() const override { return params_; }
  void set_params(const Params& values) override;
  void set_rule(const Rule& rule) override;
  void load(const Grid& grid) override;
  void store(Grid& grid) const override;
  void step(uint64_t generations) override;
  double last_step_ms() const override;
  Grid read_region(const Box& box) const override;
  void write_region(const Grid& patch, Cell top_left) override;
  uint64_t population() const override;
  uint64_t hash() const override;
  double bytes_per_generation() const override {
    return 2.0 * double(plan_.width) * double(plan_.height) / 8.0;
  }
  int64_t width() const override { return plan_.width; }
  int64_t height() const override { return plan_.height; }
  Topology topology() const override { return plan_.topology; }

  const BandPlan& plan() const override { return plan_; }
  double time_exchange_ms(int repetitions) override;
  void join(const RankPlacement& placement) override;
  void load_recipe(const GridRecipe& recipe) override;
  void read_rows(int64_t y0, int64_t count, int64_t word0, int64_t words,
                 uint64_t* out) const override;
  Box live_bounds() const override;
  std::vector<BandMemory> band_memory() const override;
  std::vector<DeviceNeed> memory_plan(int64_t width, int64_t height,
                                      Topology topology) const override;

 private:
  // The band engines' row pitch and the bytes they want past the last row, for this width.
  struct Layout {
    size_t pitch = 0, tail = 0;
  };
  Layout band_layout(int64_t width) const;
  // Parameters of the band engines: everything but the multi-GPU ones.
  static Params band_params(const Params& all, int depth);
  bool multi_rank() const { return placement_.exchange && placement_.exchange->ranks() > 1; }
  int my_rank() const { return placement_.exchange ? placement_.exchange->rank() : 0; }
  RankExchange& exchange() const { return *placement_.exchange; }

  // The plan for a grid, its bands spread over every rank's GPUs; throws Error saying what
  // does not fit.
  BandPlan make_plan(int64_t width, int64_t height, Topology topology) const;
  // Checks memory, then allocates this process's bands (zeroed) and devices for `plan`;
  // `what` (the grid's contents) is compared across ranks first.
  void prepare(BandPlan plan, const std::string& what);
  std::unique_ptr<BandState> make_band(const Band& band, const BandPlan& plan);
  std::unique_ptr<GpuEngine> make_engine(BandState& b, const BandPlan& plan, void* src, void* dst,
                                         int64_t rows);
  void require_grid(const char* what) const;
  static std::vector<GpuEngine*> engines(BandState& b);
  int64_t words() const { return int64_t(pitch_ / 8); }
  band::Rows rows_of(const BandState& b) const;

  void step_edge(BandState& b, GpuEngine* engine, const BandEdge& e, DeviceBuffer& scratch, int g);
  void exchange_halos(bool from_edges, bool timed = false);
  void host_transfers(bool from_edges);
  const uint64_t* halo_source(const HaloTransfer& t, bool from_edges) const;
  void* halo_target(const HaloTransfer& t) const;
  // Rows [y0, y0 + count), words [word0, word0 + n) of this process's bands, to (`to_host`) or
  // from `host` (n words per row, row y0 first); rows of other processes' bands are skipped.
  void copy_local_rows(int64_t y0, int64_t count, int64_t word0, int64_t n, uint64_t* host,
                       bool to_host) const;
  // Rank 0's copy of rows/words sent to every rank (store, read_region on several ranks).
  void share_from_root(uint64_t* data, size_t words_count) const;
  void compute_stats() const;
  void sync_all() const;

  std::vector<ParamInfo> param_info_;
  Params params_;
  RankPlacement placement_;
  BandPlan plan_;
  size_t pitch_ = 0;       // device row pitch of the band engines
  size_t host_pitch_ = 0;  // canonical row pitch (Grid rows)
  size_t tail_ = 0;        // bytes the band engines want past the last row
  Communicator comm_;
  // Indexed by NCCL rank and by band; empty where another process holds them.
  std::vector<std::unique_ptr<DeviceState>> devices_;
  std::vector<std::unique_ptr<BandState>> bands_;
  std::vector<uint64_t> staging_;  // halos crossing processes through the host
  bool halos_valid_ = false;
  bool timed_ = false;
  mutable double last_ms_ = 0;
  mutable bool stats_valid_ = false;
  mutable uint64_t population_ = 0, hash_ = 0;
};

}  // namespace gpulife::gpu

#endif  // GPULIFE_HAVE_NCCL
