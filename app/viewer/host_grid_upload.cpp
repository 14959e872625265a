// Row-diffing upload: compare against a shadow copy, send contiguous runs of changed rows.
#include "app/viewer/host_grid_upload.hpp"

#include <cstring>

namespace gpulife::app {

int64_t HostGridUpload::upload(const Grid& grid) {
  const size_t pitch = size_t(grid.words_per_row()) * 8;
  const size_t bytes = pitch * size_t(grid.height());
  const bool fresh =
      !buffer_ || shadow_.width() != grid.width() || shadow_.height() != grid.height();
  if (fresh) {
    buffer_ = GlBuffer(std::max<size_t>(bytes, 16), GL_DYNAMIC_STORAGE_BIT, nullptr);
    glNamedBufferSubData(buffer_.id(), 0, GLsizeiptr(bytes), grid.words().data());
    shadow_ = grid;
    view_ = GridView{buffer_.id(),          buffer_.bytes(), 0,
                     CellLayout::BitPacked, pitch,           grid.width(),
                     grid.height(),         grid.topology(), view_.version + 1};
    return grid.height();
  }
  view_.topology = grid.topology();
  shadow_.set_topology(grid.topology());
  int64_t uploaded = 0;
  int64_t run_start = -1;
  auto flush = [&](int64_t end) {
    if (run_start < 0) return;
    const size_t offset = size_t(run_start) * pitch;
    const size_t n = size_t(end - run_start) * pitch;
    std::memcpy(shadow_.row(run_start), grid.row(run_start), n);
    glNamedBufferSubData(buffer_.id(), GLintptr(offset), GLsizeiptr(n), grid.row(run_start));
    uploaded += end - run_start;
    run_start = -1;
  };
  for (int64_t y = 0; y < grid.height(); ++y) {
    const bool changed = std::memcmp(grid.row(y), shadow_.row(y), pitch) != 0;
    if (changed && run_start < 0) run_start = y;
    if (!changed) flush(y);
  }
  flush(grid.height());
  if (uploaded > 0) ++view_.version;
  return uploaded;
}

}  // namespace gpulife::app
