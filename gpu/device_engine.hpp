// DeviceEngine: what every CUDA engine shares (buffers, conversions, reductions, timing), so a
// kernel family implements only its info, parameters, layout and one pass over memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rule_phases.hpp"
#include "gpu/cuda_handles.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engine.hpp"
#include "gpu/rule_pass.hpp"

namespace gpulife::gpu {

class DeviceEngine : public EngineState<GpuEngine> {
 public:
  DeviceEngine();  // touches no CUDA API, so engines can be made just to read their info()
  ~DeviceEngine() override;
  DeviceEngine(const DeviceEngine&) = delete;
  DeviceEngine& operator=(const DeviceEngine&) = delete;

  // Engine. set_params() merges the given values over the current ones; if the layout
  // changes, the state is converted in place.
  Params params() const override;
  void set_params(const Params& params) override;
  // Rules the engine's own kernels do not run (launch_pass() sees only Life-like rules without
  // B0) go through a RulePass: compiled circuits for bit layouts, the table for bytes. Throws
  // Error, keeping the old rule, when that cannot be had (e.g. no NVRTC). Keeps the true cells.
  void set_rule(const Rule& rule) override;
  void load(const Grid& grid) override;
  void store(Grid& grid) const override;
  void step(uint64_t generations) override;
  // Editors' patches: only the words (or bytes) under the rectangle cross the bus.
  Grid read_region(const Box& box) const override;
  void write_region(const Grid& patch, Cell top_left) override;
  uint64_t population() const override;
  // On the device (gpu/grid_stats.cu); births and deaths after a step whose last pass was one
  // generation, from the other state buffer.
  CellStats cell_stats(bool changes, bool shape) const override;
  uint64_t hash() const override;
  double bytes_per_generation() const override;
  double last_step_ms() const override;
  int64_t width() const override { return width_; }
  int64_t height() const override { return height_; }
  Topology topology() const override { return topology_; }

  // GpuEngine. resize() zeroes owned buffers and resets the generation count; when attached
  // buffers are too small for the new size the engine falls back to owned memory until the next
  // attach(). load_device() replaces the cells and keeps the generation count.
  void resize(int64_t width, int64_t height, Topology topology) override;
  void attach(const ExternalBuffers& buffers) override;
  void forget_attached() noexcept override;
  int current_buffer() const override { return current_; }
  void set_current_buffer(int index) override;
  void store_device(uint64_t* canonical) const override;
  void load_device(const uint64_t* canonical) override;
  void set_stream(void* stream) override { stream_ = stream; }
  bool stored_inverted() const override { return phases_.inverted[phase_]; }
  // Engines whose passes run several generations step one generation a pass while the plane is
  // on (exact), unless they fold the plane into their own pass (history_in_pass()).
  void set_history_plane(const HistoryPlane& plane) override;
  HistoryPlane history_plane() const override { return history_; }

 protected:
  // One pass over memory: reads the state from `src` and writes it to `dst` (both in
  // device_layout()), advancing between 1 and max_generations generations; returns how many.
  // Launches asynchronously on `stream` (a cudaStream_t).
  virtual uint64_t launch_pass(const void* src, void* dst, uint64_t max_generations,
                               void* stream) = 0;
  // Whether launch_pass() can itself OR every generation it computes into the history plane;
  // when not, DeviceEngine ORs each pass's result in after it.
  virtual bool history_in_pass() const { return false; }
  // The plane launch_pass() ORs into: history_plane() where the engine folds it into its pass
  // and the pass is the whole generation (no edge fix-up follows it), else none.
  HistoryPlane pass_history() const;
  // Reads the launch parameters into the engine's own typed fields: set_params() calls it after
  // every change, and each engine's constructor once for the defaults, so launches read fields
  // and never look a name up.
  virtual void parse_params() {}
  // Refuses parameter combinations that the ranges alone do not exclude (throw Error naming
  // the valid ranges). `merged` holds every parameter. Default: any in-range set is valid.
  virtual void check_params(const Params& merged) const { (void)merged; }
  // The kernels and launch shape of the general path (gpu/rule_pass.hpp); the default is
  // one generation per pass, on 64-bit words for bit layouts.
  virtual RulePassShape rule_pass_shape() const;
  // The check every 2-D launch shares: block_x * block_y may not exceed 1024 threads.
  void check_block_threads(const Params& merged) const;
  // Rows of `row_bytes` padded to 16 bytes, so 16-byte accesses stay aligned.
  static DeviceLayout padded_rows(CellLayout layout, size_t row_bytes, int64_t height);

  // Current value of a launch parameter (its default until set); for parse_params().
  int param(const std::string& name) const;
  // Row pitch of the current layout in bytes.
  size_t row_pitch() const { return layout_.row_pitch_bytes; }
  const DeviceLayout& current_layout() const { return layout_; }
  void* stream() const { return stream_; }
  // Whether the pass about to be launched directly follows this engine's previous pass on the
  // stream, with nothing launched between them (the second and later passes of one step() with
  // neither an edge fix-up nor a history OR between passes).
  bool pass_follows_pass() const { return pass_follows_pass_; }

 private:
  void require_grid(const char* what) const;
  void allocate_owned();
  void invalidate_cache() {
    cache_valid_ = false;
    previous_is_last_ = false;
  }
  void compute_stats() const;
  // Canonical <-> current layout, on the device, asynchronously on the engine's stream.
  void to_canonical(const void* state, uint64_t* canonical) const;
  void from_canonical(const uint64_t* canonical, void* state) const;
  void sync() const;
  // One generation of the border cells from `src` into `dst` on a topology without a fast path.
  void step_edge_ring(const void* src, void* dst) const;
  // Complements the cells of a state buffer in the current layout (or canonical rows), on the
  // device; bits and bytes past the width stay zero.
  void invert_state(void* state, bool canonical) const;
  bool inverted() const { return phases_.inverted[phase_]; }
  // One pass of the general path, rebuilt when the launch shape changed.
  uint64_t general_pass(const void* src, void* dst, uint64_t max_generations);
  // The part of a rectangle of `w` x `h` cells at (x, y) that lies on the grid; empty if none.
  Box clip(int64_t x, int64_t y, int64_t w, int64_t h) const;
  // Copies the state's bytes under a clipped box to or from `host` (rows packed tightly): the
  // covering 64-bit words in the bit layout, the cells' bytes in the byte layout.
  size_t region_row_bytes(const Box& on_grid) const;
  void copy_region(const Box& on_grid, void* host, bool to_device) const;

  int64_t width_ = 0, height_ = 0;
  Topology topology_ = Topology::Plane;
  RulePhases phases_ = rule_phases(Rule::life());
  int phase_ = 0;                      // of the current state: which phase's rule steps it next
  std::unique_ptr<RulePass> general_;  // set when the rule needs the general path
  RulePassShape general_shape_;
  Params params_;  // only the values set explicitly; defaults come from param_info()
  DeviceLayout layout_;
  DeviceBuffer owned_[2];
  void* buffers_[2] = {nullptr, nullptr};
  bool attached_ = false;
  size_t attached_bytes_ = 0;
  int current_ = 0;
  void* stream_ = nullptr;
  bool pass_follows_pass_ = false;
  CudaEvent step_start_, step_end_;  // around the last step(), made on the first
  bool timed_ = false;
  mutable double last_ms_ = 0;
  mutable DeviceArray<unsigned long long> stats_;  // population, hash sum
  mutable bool cache_valid_ = false;
  // The other buffer holds the generation just before the current one (the last pass of the
  // last step() was a single generation and nothing changed the state since).
  bool previous_is_last_ = false;
  mutable DeviceBuffer cell_stats_scratch_;
  HistoryPlane history_;
  // Byte layouts are counted in canonical form.
  mutable DeviceArray<uint64_t> canonical_scratch_[2];
  mutable uint64_t population_ = 0, hash_ = 0;
};

// The row pitch of the canonical bit-packed layout: 8 * ceil(width / 64) bytes.
inline size_t canonical_pitch(int64_t width) {
  return size_t((width + 63) / 64) * 8;
}

}  // namespace gpulife::gpu
