// DeviceEngine's figures for the viewer: cell statistics counted on the device, and the history
// plane it keeps when asked to.
#include "gpu/device_engine.hpp"

#include "core/topology.hpp"
#include "gpu/grid_stats.hpp"

namespace gpulife::gpu {

void DeviceEngine::set_history_plane(const HistoryPlane& plane) {
  // The same plane again (a caller mapping it anew) already holds the state.
  const bool same = plane.words == history_.words && plane.pitch_bytes == history_.pitch_bytes;
  history_ = plane;
  if (!same && history_ && width_ > 0 && buffers_[current_]) {
    or_into_history(buffers_[current_], layout_.layout, layout_.row_pitch_bytes, width_, height_,
                    history_, stream_);
    sync();
  }
}

HistoryPlane DeviceEngine::pass_history() const {
  if (!history_ || general_ || needs_edge_fixup(topology_) || !history_in_pass()) return {};
  return history_;
}

CellStats DeviceEngine::cell_stats(bool changes, bool shape) const {
  require_grid("cell_stats()");
  const bool with_previous = changes && previous_is_last_;
  const void* state[2] = {buffers_[current_], buffers_[1 - current_]};
  BitGridView now{static_cast<const uint64_t*>(state[0]), int64_t(layout_.row_pitch_bytes / 8),
                  width_, height_};
  const uint64_t* previous = with_previous ? static_cast<const uint64_t*>(state[1]) : nullptr;
  if (layout_.layout == CellLayout::BytePerCell) {
    // Packed into canonical words first; the counting kernels read bits only.
    const size_t words = canonical_pitch(width_) / 8 * size_t(height_);
    for (int i = 0; i < (with_previous ? 2 : 1); ++i) {
      if (canonical_scratch_[i].size() != words)
        canonical_scratch_[i] = DeviceArray<uint64_t>(words);
      to_canonical(state[i], canonical_scratch_[i].data());
    }
    now = {canonical_scratch_[0].data(), int64_t(canonical_pitch(width_) / 8), width_, height_};
    if (with_previous) previous = canonical_scratch_[1].data();
  }
  return count_cells(now, previous, shape, stream_, cell_stats_scratch_);
}

}  // namespace gpulife::gpu
