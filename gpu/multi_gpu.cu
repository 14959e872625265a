// bit-multistep-multi: bands of one grid on several GPUs (of one process or of several), each a
// bit-multistep engine attached to buffers with halo rows, halos exchanged through NCCL (or
// device copies on one GPU, or the host between processes without NCCL) while the band
// interiors are computed. This file: parameters, the plan, memory, stepping and the exchange.
#if GPULIFE_HAVE_NCCL

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/host_memory.hpp"
#include "core/median.hpp"
#include "gpu/bit_multistep.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"
#include "gpu/multi_gpu_engine.cuh"

namespace gpulife::gpu {
namespace {

constexpr int kMaxBands = 1024;
constexpr int kMaxGpus = 64;
// The parameters this engine adds to bit-multistep's; the others go to the band engines.
constexpr const char* kOwnParams[] = {"gpus", "bands", "nccl_everywhere"};

}  // namespace

BitMultistepMultiEngine::BitMultistepMultiEngine() {
  // Forward the band engine's launch parameters (and their checks) unchanged.
  const auto proto = make_bit_multistep_engine();
  param_info_ = proto->param_info();
  param_info_.push_back(
      {.name = "gpus",
       .description = "GPUs to use (0: every visible one; with several ranks, per rank)",
       .min = 0,
       .max = kMaxGpus,
       .default_value = 0});
  param_info_.push_back(
      {.name = "bands",
       .description = "horizontal bands (0: one per GPU); several may share a GPU",
       .min = 0,
       .max = kMaxBands,
       .default_value = 0});
  param_info_.push_back(
      {.name = "nccl_everywhere",
       .description = "1: bands on the same GPU exchange through NCCL too (to self)",
       .min = 0,
       .max = 1,
       .default_value = 0});
  for (const ParamInfo& p : param_info_) params_[p.name] = p.default_value;
}

BitMultistepMultiEngine::~BitMultistepMultiEngine() {
  bands_.clear();
  devices_.clear();
  comm_.release();
}

const EngineInfo& BitMultistepMultiEngine::info() const {
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

Params BitMultistepMultiEngine::band_params(const Params& all, int depth) {
  Params p;
  for (const auto& [name, value] : all)
    if (std::find(std::begin(kOwnParams), std::end(kOwnParams), name) == std::end(kOwnParams))
      p[name] = value;
  p["depth"] = depth;
  return p;
}

void BitMultistepMultiEngine::set_params(const Params& values) {
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

void BitMultistepMultiEngine::set_rule(const Rule& rule) {
  // The bands are built on the devices from recipes of dead backgrounds; a B0 rule's stored
  // complement would need them inverted as they are made.
  if (rule.has_b0())
    throw Error("the multi-GPU engine does not run B0 rules such as " + rule.to_string() +
                "; use bit-multistep or another single-GPU engine");
  rule_ = rule;
  for (auto& b : bands_)
    if (b)
      for (GpuEngine* e : engines(*b)) e->set_rule(rule);
}

void BitMultistepMultiEngine::join(const RankPlacement& placement) {
  if (placement.first_device < 0)
    throw Error("the first GPU of a rank must be a device ordinal, not " +
                std::to_string(placement.first_device));
  bands_.clear();
  devices_.clear();
  comm_.release();
  plan_ = BandPlan{};
  placement_ = placement;
}

BitMultistepMultiEngine::Layout BitMultistepMultiEngine::band_layout(int64_t width) const {
  // The band engines' own row pitch (it may pad rows); host rows are canonical.
  const DeviceLayout layout = make_bit_multistep_engine()->device_layout(width, 1);
  if (layout.layout != CellLayout::BitPacked || layout.row_pitch_bytes < canonical_pitch(width) ||
      layout.row_pitch_bytes % 8 != 0)
    throw Error(
        "engine bit-multistep-multi: bit-multistep's layout is not bit-packed rows of "
        "64-bit words");
  return {layout.row_pitch_bytes, layout.buffer_bytes - layout.row_pitch_bytes};
}

BandPlan BitMultistepMultiEngine::make_plan(int64_t width, int64_t height,
                                            Topology topology) const {
  const int visible = cuda_device_count();
  if (visible < 1) throw Error("engine bit-multistep-multi cannot run here: no CUDA device");
  const int first = placement_.first_device;
  if (first >= visible)
    throw Error("this process's first GPU is device " + std::to_string(first) + ", but only " +
                std::to_string(visible) +
                " are visible; give each process its own GPUs (CUDA_VISIBLE_DEVICES, or the "
                "local rank)");
  const int ranks = multi_rank() ? exchange().ranks() : 1;
  const int asked = params_.at("gpus");
  const int bands_asked = params_.at("bands");
  int local = 0;
  if (ranks > 1) {
    local = asked > 0 ? asked : 1;
    if (first + local > visible)
      throw Error("this process (rank " + std::to_string(my_rank()) + ") is to drive " +
                  std::to_string(local) + " GPU(s) from device " + std::to_string(first) +
                  ", but only " + std::to_string(visible) + " are visible");
  } else {
    const int gpus = asked > 0 ? asked : visible - first;
    const int bands = bands_asked > 0 ? bands_asked : std::min(gpus, visible - first);
    local = std::min({gpus, visible - first, bands});
  }
  const int devices = local * ranks;
  const int bands = bands_asked > 0 ? bands_asked : devices;
  if (bands < devices)
    throw Error("bit-multistep-multi: " + std::to_string(bands) + " bands cannot cover " +
                std::to_string(devices) + " GPUs; give at least one band per GPU");
  BandPlan plan = plan_bands(width, height, topology, params_.at("depth"), bands, devices,
                             params_.at("nccl_everywhere") != 0);
  assign_owners(plan, ranks, local, first, placement_.host_halos);
  return plan;
}

std::vector<DeviceNeed> BitMultistepMultiEngine::memory_plan(int64_t width, int64_t height,
                                                             Topology topology) const {
  const BandPlan plan = make_plan(width, height, topology);
  const Layout l = band_layout(width);
  std::vector<DeviceNeed> needs;
  for (const Band& b : plan.bands) {
    if (b.owner != my_rank()) continue;
    auto it = std::find_if(needs.begin(), needs.end(),
                           [&](const DeviceNeed& n) { return n.device == b.device; });
    if (it == needs.end()) {
      DeviceNeed n;
      n.device = b.device;
      size_t free_bytes = 0, total = 0;
      CUDA_CHECK(cudaSetDevice(b.device));
      device_memory_info(free_bytes, total);
      n.free_bytes = double(free_bytes);
      needs.push_back(n);
      it = needs.end() - 1;
    }
    double bytes = 2.0 * (double(b.buffer_rows()) * double(l.pitch) + double(l.tail));
    for (const BandEdge* e : {&b.top, &b.bottom})
      if (e->used)
        bytes += double(e->rows) * double(l.pitch) + double(l.tail) +
                 double(plan.depth) * double(l.pitch);
    it->need_bytes += bytes + 64;
  }
  // What this engine holds now is given back before the new bands are made.
  for (DeviceNeed& n : needs)
    for (const auto& b : bands_)
      if (b && b->band.device == n.device)
        for (const DeviceBuffer* buf : {&b->buffer[0], &b->buffer[1], &b->scratch_top,
                                        &b->scratch_bottom, &b->recv_top, &b->recv_bottom})
          n.free_bytes += double(buf->bytes());
  return needs;
}

void BitMultistepMultiEngine::prepare(BandPlan plan, const std::string& what) {
  if (multi_rank())
    require_agreement(exchange(), what + ", bands " + std::to_string(plan.bands.size()) + " on " +
                                      std::to_string(plan.devices) + " GPUs, depth " +
                                      std::to_string(plan.depth) + ", rule " + rule_.to_string());
  // Every device's need is checked before anything is allocated, so a grid that does not fit
  // fails at once with the figures.
  std::string short_of;
  for (const DeviceNeed& n : memory_plan(plan.width, plan.height, plan.topology))
    if (n.need_bytes + kMultiGpuDeviceReserve > n.free_bytes)
      short_of += (short_of.empty() ? "" : "; ") + std::string("GPU ") + std::to_string(n.device) +
                  " needs " + format_bytes(n.need_bytes) + " but has " +
                  format_bytes(n.free_bytes) + " free";
  std::string problem;
  if (!short_of.empty())
    problem = "bit-multistep-multi: a " + std::to_string(plan.width) + "x" +
              std::to_string(plan.height) + " grid in " + std::to_string(plan.bands.size()) +
              " band(s) does not fit: " + short_of +
              " (two state buffers per band); use more GPUs (--gpus, or more ranks) or a "
              "smaller grid";
  // Every rank learns of any rank's refusal, so none goes on to wait for it in NCCL.
  if (multi_rank()) {
    const std::vector<std::string> all = all_gather(exchange(), problem);
    for (size_t r = 0; r < all.size(); ++r)
      if (!all[r].empty())
        throw Error(int(r) == my_rank() ? all[r] : "rank " + std::to_string(r) + ": " + all[r]);
  }
  if (!problem.empty()) throw Error(problem);
  bands_.clear();
  devices_.clear();
  plan_ = BandPlan{};
  generation_ = 0;
  stats_valid_ = false;
  timed_ = false;
  halos_valid_ = false;
  const Layout l = band_layout(plan.width);
  pitch_ = l.pitch;
  tail_ = l.tail;
  host_pitch_ = canonical_pitch(plan.width);
  const int me = my_rank();
  const int per_rank = plan.devices / (multi_rank() ? exchange().ranks() : 1);
  const int first_rank = me * per_rank;
  std::vector<int> local_devices;
  for (int i = 0; i < per_rank; ++i) local_devices.push_back(placement_.first_device + i);
  bool any_nccl = false, across = false;
  for (const HaloTransfer& t : plan.transfers) {
    any_nccl = any_nccl || t.nccl;
    across = across || (t.nccl && plan.bands[size_t(t.from_band)].owner !=
                                      plan.bands[size_t(t.to_band)].owner);
  }
  try {
    devices_.resize(size_t(plan.devices));
    for (int i = 0; i < per_rank; ++i) {
      auto d = std::make_unique<DeviceState>();
      d->device = local_devices[size_t(i)];
      CUDA_CHECK(cudaSetDevice(d->device));
      d->stream = CudaStream::create();
      d->exchanged = CudaEvent::create(false);
      d->start = CudaEvent::create(true);
      d->stop = CudaEvent::create(true);
      devices_[size_t(first_rank + i)] = std::move(d);
    }
    bands_.resize(plan.bands.size());
    for (size_t i = 0; i < plan.bands.size(); ++i)
      if (plan.bands[i].owner == me) bands_[i] = make_band(plan.bands[i], plan);
    // NCCL between processes needs one communicator of the whole run (every process joins,
    // since every process has the same plan); otherwise one of this process's devices does.
    if (any_nccl)
      comm_.init(local_devices, first_rank, across ? plan.devices : per_rank,
                 placement_.exchange.get());
  } catch (...) {
    bands_.clear();
    devices_.clear();
    throw;
  }
  staging_.assign(size_t(plan.depth) * pitch_ / 8, 0);
  plan_ = std::move(plan);
}

std::vector<GpuEngine*> BitMultistepMultiEngine::engines(BandState& b) {
  std::vector<GpuEngine*> list;
  for (GpuEngine* e : {b.main.get(), b.edge_top.get(), b.edge_bottom.get()})
    if (e) list.push_back(e);
  return list;
}

std::unique_ptr<GpuEngine> BitMultistepMultiEngine::make_engine(BandState& b, const BandPlan& plan,
                                                                void* src, void* dst,
                                                                int64_t rows) {
  auto e = make_bit_multistep_engine();
  e->set_params(band_params(params_, plan.depth));
  e->set_rule(rule_);
  e->set_stream(b.stream);
  // Attached before resize(), so the engine never allocates memory of its own.
  const size_t bytes = size_t(rows) * pitch_ + tail_;
  e->attach(ExternalBuffers{{src, dst}, bytes});
  e->resize(plan.width, rows, plan.topology);
  if (e->device_layout(plan.width, rows).buffer_bytes > bytes)
    throw Error("engine bit-multistep-multi: bit-multistep needs more than " +
                std::to_string(bytes) + " bytes for " + std::to_string(rows) + " rows");
  return e;
}

std::unique_ptr<BandState> BitMultistepMultiEngine::make_band(const Band& band,
                                                              const BandPlan& plan) {
  auto b = std::make_unique<BandState>();
  b->band = band;
  CUDA_CHECK(cudaSetDevice(band.device));
  b->stream = CudaStream::create();
  b->edges_done = CudaEvent::create(false);
  b->end = CudaEvent::create(false);
  b->begin = CudaEvent::create(true);
  b->done = CudaEvent::create(true);
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
  b->stats = DeviceBuffer(4 * sizeof(uint64_t));
  b->main = make_engine(*b, plan, b->buffer[0].data(), b->buffer[1].data(), band.buffer_rows());
  auto* base = static_cast<uint64_t*>(b->buffer[0].data());
  if (band.top.used)
    b->edge_top = make_engine(*b, plan, base + band.top.first * words(), b->scratch_top.data(),
                              band.top.rows);
  if (band.bottom.used)
    b->edge_bottom = make_engine(*b, plan, base + band.bottom.first * words(),
                                 b->scratch_bottom.data(), band.bottom.rows);
  return b;
}

void BitMultistepMultiEngine::require_grid(const char* what) const {
  if (plan_.bands.empty())
    throw Error("engine bit-multistep-multi: " + std::string(what) + " needs a grid (load first)");
}

void BitMultistepMultiEngine::step(uint64_t generations) {
  timed_ = false;
  last_ms_ = 0;
  if (generations == 0) return;
  require_grid("step()");
  BandState* first = nullptr;
  for (auto& b : bands_)
    if (b && !first) first = b.get();
  CUDA_CHECK(cudaSetDevice(first->band.device));
  CUDA_CHECK(cudaEventRecord(first->begin, first->stream));
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaStreamWaitEvent(b->stream, first->begin, 0));
  }
  if (!halos_valid_) exchange_halos(false);
  uint64_t left = generations;
  while (left > 0) {
    // Powers of two only, each one launch of every engine, each followed by an exchange.
    const int g = multistep::pass_depth(plan_.depth, left);
    for (auto& b : bands_) {
      if (!b) continue;
      CUDA_CHECK(cudaSetDevice(b->band.device));
      // The edges first: their rows leave for the neighbours while the interior runs.
      step_edge(*b, b->edge_top.get(), b->band.top, b->scratch_top, g);
      step_edge(*b, b->edge_bottom.get(), b->band.bottom, b->scratch_bottom, g);
      CUDA_CHECK(cudaEventRecord(b->edges_done, b->stream));
      b->main->step(uint64_t(g));
    }
    exchange_halos(true);
    left -= uint64_t(g);
    generation_ += uint64_t(g);
  }
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaEventRecord(b->end, b->stream));
  }
  CUDA_CHECK(cudaSetDevice(first->band.device));
  for (auto& b : bands_)
    if (b) CUDA_CHECK(cudaStreamWaitEvent(first->stream, b->end, 0));
  CUDA_CHECK(cudaEventRecord(first->done, first->stream));
  halos_valid_ = true;
  timed_ = true;
  stats_valid_ = false;
}

double BitMultistepMultiEngine::last_step_ms() const {
  if (!timed_) return last_ms_;
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaEventSynchronize(b->done));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, b->begin, b->done));
    last_ms_ = double(ms);
    break;
  }
  return last_ms_;
}

void BitMultistepMultiEngine::step_edge(BandState& b, GpuEngine* engine, const BandEdge& e,
                                        DeviceBuffer& scratch, int g) {
  if (!engine) return;
  uint64_t* src = b.current() + e.first * words();
  engine->attach(ExternalBuffers{{src, scratch.data()}, size_t(e.rows) * pitch_ + tail_});
  engine->set_current_buffer(0);
  engine->step(uint64_t(g));
}

const uint64_t* BitMultistepMultiEngine::halo_source(const HaloTransfer& t, bool from_edges) const {
  const BandState& s = *bands_[size_t(t.from_band)];
  const BandEdge& e = t.from_top ? s.band.top : s.band.bottom;
  if (!from_edges) return s.current() + e.send_row * words();
  const DeviceBuffer& scratch = t.from_top ? s.scratch_top : s.scratch_bottom;
  return static_cast<const uint64_t*>(scratch.data()) + (e.send_row - e.first) * words();
}

void* BitMultistepMultiEngine::halo_target(const HaloTransfer& t) const {
  BandState& r = *bands_[size_t(t.to_band)];
  return (t.to_top ? r.recv_top : r.recv_bottom).data();
}

// Sends every band's edge rows into its neighbours' halos: from the edge sub-grids just stepped
// (`from_edges`), or from the current state's own rows (after load or an edit). Exchange
// streams wait only for the edges, so the transfers overlap the interiors; each band places
// its halos once its own pass is over. Each process posts only its own bands' side of each
// transfer, all in plan order, so every pair of ranks matches its sends and receives in order.
void BitMultistepMultiEngine::exchange_halos(bool from_edges, bool timed) {
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    if (!from_edges) CUDA_CHECK(cudaEventRecord(b->edges_done, b->stream));
  }
  for (auto& d : devices_) {
    if (!d) continue;
    CUDA_CHECK(cudaSetDevice(d->device));
    for (auto& b : bands_)
      if (b && devices_[size_t(b->band.rank)].get() == d.get())
        CUDA_CHECK(cudaStreamWaitEvent(d->stream, b->edges_done, 0));
    if (timed) CUDA_CHECK(cudaEventRecord(d->start, d->stream));
  }
  const size_t bytes = size_t(plan_.depth) * pitch_;
  for (const HaloTransfer& t : plan_.transfers) {
    if (t.nccl || t.host) continue;
    // A copy on one device between two bands of another process: that process makes it.
    if (!bands_[size_t(t.from_band)] || !bands_[size_t(t.to_band)]) continue;
    DeviceState& d = *devices_[size_t(plan_.bands[size_t(t.to_band)].rank)];
    CUDA_CHECK(cudaSetDevice(d.device));
    CUDA_CHECK(cudaMemcpyAsync(halo_target(t), halo_source(t, from_edges), bytes,
                               cudaMemcpyDeviceToDevice, d.stream));
  }
  bool any_nccl = false;
  for (const HaloTransfer& t : plan_.transfers) any_nccl = any_nccl || t.nccl;
  if (any_nccl) {
    // One group, posted in plan order: each rank pair's sends and receives match in order.
    NCCL_CHECK(ncclGroupStart());
    for (const HaloTransfer& t : plan_.transfers) {
      if (!t.nccl) continue;
      const int from = plan_.bands[size_t(t.from_band)].rank;
      const int to = plan_.bands[size_t(t.to_band)].rank;
      if (comm_.local(from))
        NCCL_CHECK(ncclSend(halo_source(t, from_edges), bytes, ncclUint8, comm_.peer(to),
                            comm_.comm(from), devices_[size_t(from)]->stream));
      if (comm_.local(to))
        NCCL_CHECK(ncclRecv(halo_target(t), bytes, ncclUint8, comm_.peer(from), comm_.comm(to),
                            devices_[size_t(to)]->stream));
    }
    NCCL_CHECK(ncclGroupEnd());
  }
  host_transfers(from_edges);
  for (auto& d : devices_) {
    if (!d) continue;
    CUDA_CHECK(cudaSetDevice(d->device));
    if (timed) CUDA_CHECK(cudaEventRecord(d->stop, d->stream));
    CUDA_CHECK(cudaEventRecord(d->exchanged, d->stream));
  }
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaStreamWaitEvent(b->stream, devices_[size_t(b->band.rank)]->exchanged, 0));
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

// Halos between processes without NCCL between them: through the host and the exchange, in
// plan order (blocking sends matched in that order cannot wait on each other in a cycle).
void BitMultistepMultiEngine::host_transfers(bool from_edges) {
  const size_t bytes = size_t(plan_.depth) * pitch_;
  for (const HaloTransfer& t : plan_.transfers) {
    if (!t.host) continue;
    const Band& from = plan_.bands[size_t(t.from_band)];
    const Band& to = plan_.bands[size_t(t.to_band)];
    if (bands_[size_t(t.from_band)]) {
      DeviceState& d = *devices_[size_t(from.rank)];
      CUDA_CHECK(cudaSetDevice(d.device));
      CUDA_CHECK(cudaMemcpyAsync(staging_.data(), halo_source(t, from_edges), bytes,
                                 cudaMemcpyDeviceToHost, d.stream));
      CUDA_CHECK(cudaStreamSynchronize(d.stream));
      exchange().send(to.owner, staging_.data(), bytes);
    }
    if (bands_[size_t(t.to_band)]) {
      DeviceState& d = *devices_[size_t(to.rank)];
      exchange().recv(from.owner, staging_.data(), bytes);
      CUDA_CHECK(cudaSetDevice(d.device));
      CUDA_CHECK(cudaMemcpyAsync(halo_target(t), staging_.data(), bytes, cudaMemcpyHostToDevice,
                                 d.stream));
      CUDA_CHECK(cudaStreamSynchronize(d.stream));
    }
  }
}

double BitMultistepMultiEngine::time_exchange_ms(int repetitions) {
  require_grid("time_exchange_ms()");
  if (plan_.transfers.empty()) return 0;
  std::vector<double> ms;
  for (int r = 0; r < std::max(1, repetitions) + 1; ++r) {
    exchange_halos(false, true);
    double slowest = 0;
    for (auto& d : devices_) {
      if (!d) continue;
      CUDA_CHECK(cudaSetDevice(d->device));
      CUDA_CHECK(cudaEventSynchronize(d->stop));
      float t = 0;
      CUDA_CHECK(cudaEventElapsedTime(&t, d->start, d->stop));
      slowest = std::max(slowest, double(t));
    }
    if (r > 0) ms.push_back(slowest);  // the first one warms up
  }
  sync_all();
  double result = median(ms);
  if (multi_rank()) {
    // The slowest rank's.
    double slowest = 0;
    for (const std::string& s : all_gather(exchange(), std::to_string(result)))
      slowest = std::max(slowest, std::stod(s));
    result = slowest;
  }
  return result;
}

void BitMultistepMultiEngine::sync_all() const {
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaStreamSynchronize(b->stream));
  }
  for (const auto& d : devices_) {
    if (!d) continue;
    CUDA_CHECK(cudaSetDevice(d->device));
    CUDA_CHECK(cudaStreamSynchronize(d->stream));
  }
}

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
