// bit-multistep-multi: bands of one grid on several GPUs, each a bit-multistep engine attached to
// buffers with halo rows, halos exchanged through NCCL (or device copies on one GPU) while the
// band interiors are computed.
#if GPULIFE_HAVE_NCCL

#include <nccl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "gpu/bit_multistep.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_buffer.hpp"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu.hpp"

namespace gpulife::gpu {
namespace {

constexpr int kStatsThreads = 256;
constexpr int64_t kMaxStatsBlocks = 4096;
constexpr int kMaxBands = 1024;
constexpr int kMaxGpus = 64;

inline void nccl_check(ncclResult_t status, const char* expression, const char* file, int line) {
  if (status == ncclSuccess) return;
  throw Error(std::string("NCCL error: ") + ncclGetErrorString(status) + " in " + expression +
              " at " + file + ":" + std::to_string(line));
}
#define NCCL_CHECK(expr) nccl_check((expr), #expr, __FILE__, __LINE__)

// Population and hash word terms of a band's own rows; `y0` is the first row's grid row, so the
// per-band sums add up to the whole grid's.
static __global__ void band_stats_kernel(const uint64_t* __restrict__ rows, int64_t pitch_words,
                                         int64_t words_per_row, int64_t count, uint64_t y0,
                                         unsigned long long* __restrict__ out) {
  uint64_t pop = 0, sum = 0;
  const int64_t total = words_per_row * count;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += int64_t(gridDim.x) * blockDim.x) {
    const int64_t y = i / words_per_row, j = i - y * words_per_row;
    const uint64_t w = rows[y * pitch_words + j];
    pop += __popcll(w);
    sum += hash::word_term(y0 + uint64_t(y), uint64_t(j), w);
  }
  for (int o = 16; o > 0; o >>= 1) {
    pop += __shfl_down_sync(0xffffffffu, pop, o);
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  }
  if (threadIdx.x % 32 == 0) {
    atomicAdd(out, (unsigned long long)pop);
    atomicAdd(out + 1, (unsigned long long)sum);
  }
}

cudaStream_t new_stream() {
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return s;
}
cudaEvent_t new_event(bool timing) {
  cudaEvent_t e;
  CUDA_CHECK(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming));
  return e;
}

// The NCCL communicators of the ranks this process drives. One process drives every local GPU
// here (ncclCommInitAll); with one process per GPU or per host, only init() changes: rank 0
// calls ncclGetUniqueId, the id reaches every process out of band (MPI_Bcast, a file, a
// socket), and each process calls ncclCommInitRank(&comm, nranks, id, rank) for its own
// rank(s) inside ncclGroupStart/End. Everything else already posts only local ranks' work.
class Communicator {
 public:
  ~Communicator() { release(); }
  void init(int devices) {
    if (int(comms_.size()) == devices) return;
    release();
    std::vector<int> list;
    for (int d = 0; d < devices; ++d) list.push_back(d);
    comms_.resize(size_t(devices));
    NCCL_CHECK(ncclCommInitAll(comms_.data(), devices, list.data()));
  }
  bool local(int rank) const { return rank >= 0 && rank < int(comms_.size()); }
  ncclComm_t comm(int rank) const { return comms_[size_t(rank)]; }
  void release() {
    for (ncclComm_t c : comms_) ncclCommDestroy(c);
    comms_.clear();
  }

 private:
  std::vector<ncclComm_t> comms_;
};

// What one band owns on its device. Move-only through unique_ptr.
struct BandState {
  Band band;
  DeviceBuffer buffer[2];
  DeviceBuffer scratch_top, scratch_bottom;  // edge sub-grids after a pass
  DeviceBuffer recv_top, recv_bottom;        // halos as received, before they are placed
  DeviceBuffer stats;
  std::unique_ptr<GpuEngine> main, edge_top, edge_bottom;
  cudaStream_t stream = nullptr;
  cudaEvent_t edges_done = nullptr, done = nullptr, begin = nullptr, end = nullptr;

  ~BandState() {
    cudaSetDevice(band.device);
    main.reset();
    edge_top.reset();
    edge_bottom.reset();
    for (cudaEvent_t e : {edges_done, done, begin, end})
      if (e) cudaEventDestroy(e);
    if (stream) cudaStreamDestroy(stream);
  }
  uint64_t* current() const {
    return static_cast<uint64_t*>(buffer[main->current_buffer()].data());
  }
};

// Per device (NCCL rank): the stream the exchange runs on.
struct RankState {
  int device = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t exchanged = nullptr, start = nullptr, stop = nullptr;
  ~RankState() {
    cudaSetDevice(device);
    for (cudaEvent_t e : {exchanged, start, stop})
      if (e) cudaEventDestroy(e);
    if (stream) cudaStreamDestroy(stream);
  }
};

class BitMultistepMultiEngine final : public MultiGpuEngine {
 public:
  BitMultistepMultiEngine() {
    // Forward the band engine's launch parameters (and their checks) unchanged.
    const auto proto = make_bit_multistep_engine();
    param_info_ = proto->param_info();
    param_info_.push_back({"gpus", "GPUs to use (0: every visible one)", 0, kMaxGpus, 0, 1, false});
    param_info_.push_back({"bands", "horizontal bands (0: one per GPU); several may share a GPU", 0,
                           kMaxBands, 0, 1, false});
    param_info_.push_back({"nccl_everywhere",
                           "1: bands on the same GPU exchange through NCCL too (to self)", 0, 1, 0,
                           1, false});
    for (const ParamInfo& p : param_info_) params_[p.name] = p.default_value;
  }

  ~BitMultistepMultiEngine() override {
    bands_.clear();
    ranks_.clear();
    comm_.release();
  }

  const EngineInfo& info() const override {
    static const EngineInfo i{
        .name = "bit-multistep-multi",
        .family = "multistep",
        .description =
            "CUDA on several GPUs: bit-multistep bands with halo rows exchanged through NCCL",
        .layout = CellLayout::BitPacked,
        .gpu = true,
        .rank = 200,
        .pass_depth = 16,
        .gl_shared = false,
    };
    return i;
  }

  std::vector<ParamInfo> param_info() const override { return param_info_; }
  Params params() const override { return params_; }

  void set_params(const Params& values) override {
    validate_params(info(), param_info_, values);
    Params merged = params_;
    for (const auto& [name, value] : values) merged[name] = value;
    make_bit_multistep_engine()->set_params(band_params(merged, merged.at("depth")));
    if (plan_.bands.empty()) {
      params_ = merged;
      return;
    }
    // The plan may change (bands, depth): move the state through the host.
    Grid state;
    store(state);
    const uint64_t g = generation_;
    const Params previous = params_;
    params_ = merged;
    try {
      load(state);
    } catch (...) {
      params_ = previous;
      load(state);
      generation_ = g;
      throw;
    }
    generation_ = g;
  }

  void set_rule(const Rule& rule) override {
    rule_ = rule;
    for (auto& b : bands_) {
      for (GpuEngine* e : engines(*b)) e->set_rule(rule);
    }
  }
  Rule rule() const override { return rule_; }

  const BandPlan& plan() const override { return plan_; }

  void load(const Grid& grid) override {
    const int visible = cuda_device_count();
    if (visible < 1) throw Error("engine bit-multistep-multi cannot run here: no CUDA device");
    const int asked_gpus = params_.at("gpus") > 0 ? params_.at("gpus") : visible;
    const int bands = params_.at("bands") > 0 ? params_.at("bands") : std::min(asked_gpus, visible);
    const int devices = std::min({asked_gpus, visible, bands});
    BandPlan plan = plan_bands(grid.width(), grid.height(), grid.topology(), params_.at("depth"),
                               bands, devices, params_.at("nccl_everywhere") != 0);
    bands_.clear();
    ranks_.clear();
    plan_ = BandPlan{};
    generation_ = 0;
    stats_valid_ = false;
    timed_ = false;
    bool any_nccl = false;
    for (const HaloTransfer& t : plan.transfers) any_nccl = any_nccl || t.nccl;
    if (any_nccl) comm_.init(plan.devices);

    // The band engines' own row pitch (it may pad rows); host rows are canonical.
    host_pitch_ = canonical_pitch(grid.width());
    const DeviceLayout layout = make_bit_multistep_engine()->device_layout(grid.width(), 1);
    if (layout.layout != CellLayout::BitPacked || layout.row_pitch_bytes < host_pitch_ ||
        layout.row_pitch_bytes % 8 != 0)
      throw Error(
          "engine bit-multistep-multi: bit-multistep's layout is not bit-packed rows of "
          "64-bit words");
    pitch_ = layout.row_pitch_bytes;
    tail_ = layout.buffer_bytes - pitch_;
    try {
      for (int r = 0; r < plan.devices; ++r) {
        auto rank = std::make_unique<RankState>();
        rank->device = r;
        CUDA_CHECK(cudaSetDevice(r));
        rank->stream = new_stream();
        rank->exchanged = new_event(false);
        rank->start = new_event(true);
        rank->stop = new_event(true);
        ranks_.push_back(std::move(rank));
      }
      for (const Band& band : plan.bands) bands_.push_back(make_band(band, plan, grid));
      for (auto& b : bands_) {
        CUDA_CHECK(cudaSetDevice(b->band.device));
        CUDA_CHECK(cudaStreamSynchronize(b->stream));
      }
    } catch (...) {
      bands_.clear();
      ranks_.clear();
      throw;
    }
    plan_ = std::move(plan);
    halos_valid_ = false;
  }

  void store(Grid& grid) const override {
    require_grid("store()");
    Grid out(plan_.width, plan_.height, plan_.topology);
    for (const auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      CUDA_CHECK(cudaMemcpy2DAsync(out.row(b->band.y0), host_pitch_,
                                   b->current() + b->band.halo_top * words(), pitch_, host_pitch_,
                                   size_t(b->band.rows), cudaMemcpyDeviceToHost, b->stream));
      CUDA_CHECK(cudaStreamSynchronize(b->stream));
    }
    grid = std::move(out);
  }

  void step(uint64_t generations) override {
    timed_ = false;
    last_ms_ = 0;
    if (generations == 0) return;
    require_grid("step()");
    BandState& first = *bands_.front();
    CUDA_CHECK(cudaSetDevice(first.band.device));
    CUDA_CHECK(cudaEventRecord(first.begin, first.stream));
    for (auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      CUDA_CHECK(cudaStreamWaitEvent(b->stream, first.begin, 0));
    }
    if (!halos_valid_) exchange(false);
    uint64_t left = generations;
    while (left > 0) {
      // Powers of two only, each one launch of every engine, each followed by an exchange.
      const int g = multistep::pass_depth(plan_.depth, left);
      for (auto& b : bands_) {
        CUDA_CHECK(cudaSetDevice(b->band.device));
        // The edges first: their rows leave for the neighbours while the interior runs.
        step_edge(*b, b->edge_top.get(), b->band.top, b->scratch_top, g);
        step_edge(*b, b->edge_bottom.get(), b->band.bottom, b->scratch_bottom, g);
        CUDA_CHECK(cudaEventRecord(b->edges_done, b->stream));
        b->main->step(uint64_t(g));
      }
      exchange(true);
      left -= uint64_t(g);
      generation_ += uint64_t(g);
    }
    for (auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      CUDA_CHECK(cudaEventRecord(b->end, b->stream));
    }
    CUDA_CHECK(cudaSetDevice(first.band.device));
    for (auto& b : bands_) CUDA_CHECK(cudaStreamWaitEvent(first.stream, b->end, 0));
    CUDA_CHECK(cudaEventRecord(first.done, first.stream));
    halos_valid_ = true;
    timed_ = true;
    stats_valid_ = false;
  }

  uint64_t generation() const override { return generation_; }
  void set_generation(uint64_t generation) override { generation_ = generation; }

  double last_step_ms() const override {
    if (!timed_) return last_ms_;
    const BandState& first = *bands_.front();
    CUDA_CHECK(cudaSetDevice(first.band.device));
    CUDA_CHECK(cudaEventSynchronize(first.done));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, first.begin, first.done));
    last_ms_ = double(ms);
    return last_ms_;
  }

  Grid read_region(const Box& box) const override {
    Grid patch(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
    if (box.empty() || plan_.bands.empty()) return patch;
    const int64_t y_lo = std::max<int64_t>(box.min_y, 0);
    const int64_t y_hi = std::min<int64_t>(box.max_y + 1, plan_.height);
    if (y_lo >= y_hi) return patch;
    Grid rows(plan_.width, y_hi - y_lo);
    copy_rows(rows, y_lo, true);
    for (int64_t y = y_lo; y < y_hi; ++y)
      for (int64_t x = std::max<int64_t>(box.min_x, 0);
           x <= std::min<int64_t>(box.max_x, plan_.width - 1); ++x)
        patch.set(x - box.min_x, y - box.min_y, rows.get(x, y - y_lo));
    return patch;
  }

  void write_region(const Grid& patch, Cell top_left) override {
    require_grid("write_region()");
    const int64_t y_lo = std::max<int64_t>(top_left.y, 0);
    const int64_t y_hi = std::min<int64_t>(top_left.y + patch.height(), plan_.height);
    if (y_lo >= y_hi) return;
    Grid rows(plan_.width, y_hi - y_lo);
    copy_rows(rows, y_lo, true);
    for (int64_t y = y_lo; y < y_hi; ++y)
      for (int64_t x = std::max<int64_t>(top_left.x, 0);
           x < std::min<int64_t>(top_left.x + patch.width(), plan_.width); ++x)
        rows.set(x, y - y_lo, patch.get(x - top_left.x, y - top_left.y));
    copy_rows(rows, y_lo, false);
    halos_valid_ = false;
    stats_valid_ = false;
  }

  uint64_t population() const override {
    compute_stats();
    return population_;
  }
  uint64_t hash() const override {
    compute_stats();
    return hash_;
  }

  double bytes_per_generation() const override {
    return 2.0 * double(plan_.width) * double(plan_.height) / 8.0;
  }
  int64_t width() const override { return plan_.width; }
  int64_t height() const override { return plan_.height; }
  Topology topology() const override { return plan_.topology; }

  double time_exchange_ms(int repetitions) override {
    require_grid("time_exchange_ms()");
    if (plan_.transfers.empty()) return 0;
    std::vector<double> ms;
    for (int r = 0; r < std::max(1, repetitions) + 1; ++r) {
      exchange(false, true);
      double slowest = 0;
      for (auto& rank : ranks_) {
        CUDA_CHECK(cudaSetDevice(rank->device));
        CUDA_CHECK(cudaEventSynchronize(rank->stop));
        float t = 0;
        CUDA_CHECK(cudaEventElapsedTime(&t, rank->start, rank->stop));
        slowest = std::max(slowest, double(t));
      }
      if (r > 0) ms.push_back(slowest);  // the first one warms up
    }
    sync_all();
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  }

 private:
  static Params band_params(const Params& all, int depth) {
    Params p;
    for (const char* name : {"words_per_thread", "tile_rows", "block_warps", "fma_shifts",
                             "rows_per_step", "warps_per_sm"})
      p[name] = all.at(name);
    p["depth"] = depth;
    return p;
  }

  int64_t words() const { return int64_t(pitch_ / 8); }

  void require_grid(const char* what) const {
    if (plan_.bands.empty())
      throw Error("engine bit-multistep-multi: " + std::string(what) +
                  " needs a grid (load first)");
  }

  static std::vector<GpuEngine*> engines(BandState& b) {
    std::vector<GpuEngine*> list;
    for (GpuEngine* e : {b.main.get(), b.edge_top.get(), b.edge_bottom.get()})
      if (e) list.push_back(e);
    return list;
  }

  std::unique_ptr<GpuEngine> make_engine(BandState& b, int depth, void* src, void* dst,
                                         int64_t rows) {
    auto e = make_bit_multistep_engine();
    e->set_params(band_params(params_, depth));
    e->set_rule(rule_);
    e->set_stream(b.stream);
    // Attached before resize(), so the engine never allocates memory of its own.
    const size_t bytes = size_t(rows) * pitch_ + tail_;
    e->attach(ExternalBuffers{{src, dst}, bytes});
    e->resize(plan_width_, rows, topology_);
    if (e->device_layout(plan_width_, rows).buffer_bytes > bytes)
      throw Error("engine bit-multistep-multi: bit-multistep needs more than " +
                  std::to_string(bytes) + " bytes for " + std::to_string(rows) + " rows");
    return e;
  }

  std::unique_ptr<BandState> make_band(const Band& band, const BandPlan& plan, const Grid& grid) {
    auto b = std::make_unique<BandState>();
    b->band = band;
    CUDA_CHECK(cudaSetDevice(band.device));
    b->stream = new_stream();
    b->edges_done = new_event(false);
    b->end = new_event(false);
    b->begin = new_event(true);
    b->done = new_event(true);
    const size_t bytes = size_t(band.buffer_rows()) * pitch_ + tail_;
    for (DeviceBuffer& buf : b->buffer) {
      buf = DeviceBuffer(bytes);
      CUDA_CHECK(cudaMemsetAsync(buf.data(), 0, bytes, b->stream));
    }
    const size_t halo_bytes = size_t(plan.depth) * pitch_;
    if (band.top.used) {
      b->scratch_top = DeviceBuffer(size_t(band.top.rows) * pitch_ + tail_);
      b->recv_top = DeviceBuffer(halo_bytes);
    }
    if (band.bottom.used) {
      b->scratch_bottom = DeviceBuffer(size_t(band.bottom.rows) * pitch_ + tail_);
      b->recv_bottom = DeviceBuffer(halo_bytes);
    }
    b->stats = DeviceBuffer(2 * sizeof(uint64_t));
    plan_width_ = plan.width;
    topology_ = plan.topology;
    b->main =
        make_engine(*b, plan.depth, b->buffer[0].data(), b->buffer[1].data(), band.buffer_rows());
    auto* base = static_cast<uint64_t*>(b->buffer[0].data());
    if (band.top.used)
      b->edge_top = make_engine(*b, plan.depth, base + band.top.first * words(),
                                b->scratch_top.data(), band.top.rows);
    if (band.bottom.used)
      b->edge_bottom = make_engine(*b, plan.depth, base + band.bottom.first * words(),
                                   b->scratch_bottom.data(), band.bottom.rows);
    CUDA_CHECK(cudaMemcpy2DAsync(base + band.halo_top * words(), pitch_, grid.row(band.y0),
                                 host_pitch_, host_pitch_, size_t(band.rows),
                                 cudaMemcpyHostToDevice, b->stream));
    return b;
  }

  // Steps an edge sub-grid from the band's current buffer into its scratch buffer, in one pass.
  void step_edge(BandState& b, GpuEngine* engine, const BandEdge& e, DeviceBuffer& scratch, int g) {
    if (!engine) return;
    uint64_t* src = b.current() + e.first * words();
    engine->attach(ExternalBuffers{{src, scratch.data()}, size_t(e.rows) * pitch_ + tail_});
    engine->set_current_buffer(0);
    engine->step(uint64_t(g));
  }

  // Sends every band's edge rows into its neighbours' halos: from the edge sub-grids just
  // stepped (`from_edges`), or from the current state's own rows (after load or an edit).
  // Exchange streams wait only for the edges, so the transfers overlap the interiors; each band
  // places its halos once its own pass is over.
  void exchange(bool from_edges, bool timed = false) {
    for (auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      if (!from_edges) CUDA_CHECK(cudaEventRecord(b->edges_done, b->stream));
    }
    for (auto& rank : ranks_) {
      CUDA_CHECK(cudaSetDevice(rank->device));
      for (auto& b : bands_)
        if (b->band.rank == rank->device)
          CUDA_CHECK(cudaStreamWaitEvent(rank->stream, b->edges_done, 0));
      if (timed) CUDA_CHECK(cudaEventRecord(rank->start, rank->stream));
    }
    const size_t bytes = size_t(plan_.depth) * pitch_;
    auto source = [&](const HaloTransfer& t) -> const uint64_t* {
      const BandState& s = *bands_[size_t(t.from_band)];
      const BandEdge& e = t.from_top ? s.band.top : s.band.bottom;
      if (!from_edges) return s.current() + e.send_row * words();
      const DeviceBuffer& scratch = t.from_top ? s.scratch_top : s.scratch_bottom;
      return static_cast<const uint64_t*>(scratch.data()) + (e.send_row - e.first) * words();
    };
    auto target = [&](const HaloTransfer& t) -> void* {
      BandState& r = *bands_[size_t(t.to_band)];
      return (t.to_top ? r.recv_top : r.recv_bottom).data();
    };
    for (const HaloTransfer& t : plan_.transfers) {
      if (t.nccl) continue;
      RankState& rank = *ranks_[size_t(bands_[size_t(t.to_band)]->band.rank)];
      CUDA_CHECK(cudaSetDevice(rank.device));
      CUDA_CHECK(
          cudaMemcpyAsync(target(t), source(t), bytes, cudaMemcpyDeviceToDevice, rank.stream));
    }
    bool any_nccl = false;
    for (const HaloTransfer& t : plan_.transfers) any_nccl = any_nccl || t.nccl;
    if (any_nccl) {
      // One group, posted in plan order: each rank pair's sends and receives match in order.
      NCCL_CHECK(ncclGroupStart());
      for (const HaloTransfer& t : plan_.transfers) {
        if (!t.nccl) continue;
        const int from = bands_[size_t(t.from_band)]->band.rank;
        const int to = bands_[size_t(t.to_band)]->band.rank;
        if (comm_.local(from))
          NCCL_CHECK(ncclSend(source(t), bytes, ncclUint8, to, comm_.comm(from),
                              ranks_[size_t(from)]->stream));
        if (comm_.local(to))
          NCCL_CHECK(ncclRecv(target(t), bytes, ncclUint8, from, comm_.comm(to),
                              ranks_[size_t(to)]->stream));
      }
      NCCL_CHECK(ncclGroupEnd());
    }
    for (auto& rank : ranks_) {
      CUDA_CHECK(cudaSetDevice(rank->device));
      if (timed) CUDA_CHECK(cudaEventRecord(rank->stop, rank->stream));
      CUDA_CHECK(cudaEventRecord(rank->exchanged, rank->stream));
    }
    for (auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      CUDA_CHECK(cudaStreamWaitEvent(b->stream, ranks_[size_t(b->band.rank)]->exchanged, 0));
      uint64_t* state = b->current();
      if (b->band.top.used)
        CUDA_CHECK(
            cudaMemcpyAsync(state, b->recv_top.data(), bytes, cudaMemcpyDeviceToDevice, b->stream));
      if (b->band.bottom.used)
        CUDA_CHECK(cudaMemcpyAsync(state + (b->band.halo_top + b->band.rows) * words(),
                                   b->recv_bottom.data(), bytes, cudaMemcpyDeviceToDevice,
                                   b->stream));
    }
    halos_valid_ = true;
  }

  // Rows [y0, y0 + rows.height()) of the grid to (`to_host`) or from `rows`.
  void copy_rows(Grid& rows, int64_t y0, bool to_host) const {
    const int64_t y1 = y0 + rows.height();
    for (const auto& b : bands_) {
      const int64_t lo = std::max(y0, b->band.y0), hi = std::min(y1, b->band.y0 + b->band.rows);
      if (lo >= hi) continue;
      CUDA_CHECK(cudaSetDevice(b->band.device));
      uint64_t* dev = b->current() + (b->band.halo_top + lo - b->band.y0) * words();
      uint64_t* host = rows.row(lo - y0);
      const size_t rows_here = size_t(hi - lo);
      if (to_host)
        CUDA_CHECK(cudaMemcpy2DAsync(host, host_pitch_, dev, pitch_, host_pitch_, rows_here,
                                     cudaMemcpyDeviceToHost, b->stream));
      else
        CUDA_CHECK(cudaMemcpy2DAsync(dev, pitch_, host, host_pitch_, host_pitch_, rows_here,
                                     cudaMemcpyHostToDevice, b->stream));
      CUDA_CHECK(cudaStreamSynchronize(b->stream));
    }
  }

  void compute_stats() const {
    require_grid("population()/hash()");
    if (stats_valid_) return;
    uint64_t pop = 0, sum = 0;
    for (const auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      auto* out = static_cast<unsigned long long*>(b->stats.data());
      CUDA_CHECK(cudaMemsetAsync(out, 0, 2 * sizeof(uint64_t), b->stream));
      const int64_t words_per_row = int64_t(host_pitch_ / 8);
      const int64_t items = words_per_row * b->band.rows;
      const unsigned blocks = unsigned(
          std::clamp<int64_t>((items + kStatsThreads - 1) / kStatsThreads, 1, kMaxStatsBlocks));
      band_stats_kernel<<<blocks, kStatsThreads, 0, b->stream>>>(
          b->current() + b->band.halo_top * words(), words(), words_per_row, b->band.rows,
          uint64_t(b->band.y0), out);
      CUDA_CHECK_LAUNCH();
    }
    for (const auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      uint64_t host[2];
      CUDA_CHECK(
          cudaMemcpyAsync(host, b->stats.data(), sizeof host, cudaMemcpyDeviceToHost, b->stream));
      CUDA_CHECK(cudaStreamSynchronize(b->stream));
      pop += host[0];
      sum += host[1];
    }
    population_ = pop;
    hash_ = hash::finish(sum, uint64_t(plan_.width), uint64_t(plan_.height));
    stats_valid_ = true;
  }

  void sync_all() const {
    for (const auto& b : bands_) {
      CUDA_CHECK(cudaSetDevice(b->band.device));
      CUDA_CHECK(cudaStreamSynchronize(b->stream));
    }
    for (const auto& r : ranks_) {
      CUDA_CHECK(cudaSetDevice(r->device));
      CUDA_CHECK(cudaStreamSynchronize(r->stream));
    }
  }

  std::vector<ParamInfo> param_info_;
  Params params_;
  Rule rule_;
  BandPlan plan_;
  int64_t plan_width_ = 0;
  Topology topology_ = Topology::Plane;
  size_t pitch_ = 0;       // device row pitch of the band engines
  size_t host_pitch_ = 0;  // canonical row pitch (Grid rows)
  size_t tail_ = 0;        // bytes the band engines want past the last row
  Communicator comm_;
  std::vector<std::unique_ptr<RankState>> ranks_;
  std::vector<std::unique_ptr<BandState>> bands_;
  uint64_t generation_ = 0;
  bool halos_valid_ = false;
  bool timed_ = false;
  mutable double last_ms_ = 0;
  mutable bool stats_valid_ = false;
  mutable uint64_t population_ = 0, hash_ = 0;
};

}  // namespace

bool multi_gpu_built() {
  return true;
}

std::unique_ptr<MultiGpuEngine> make_multi_gpu_engine() {
  return std::make_unique<BitMultistepMultiEngine>();
}

void register_multi_gpu_engine(EngineRegistry& registry) {
  auto probe = make_multi_gpu_engine();
  registry.add(
      probe->info(), []() -> std::unique_ptr<Engine> { return make_multi_gpu_engine(); },
      []() -> std::string { return device_available() ? std::string() : "no CUDA device"; });
}

}  // namespace gpulife::gpu

#endif  // GPULIFE_HAVE_NCCL
