// Keeps a GL buffer equal to a host Grid by uploading only the rows that changed (CPU engines).
#pragma once

#include <cstdint>

#include "app/viewer/gl_objects.hpp"
#include "app/viewer/grid_view.hpp"
#include "core/grid.hpp"

namespace gpulife::app {

class HostGridUpload {
 public:
  // Makes the GL copy equal to `grid`; returns the number of rows uploaded.
  int64_t upload(const Grid& grid);
  GridView view() const { return view_; }

 private:
  GlBuffer buffer_;
  Grid shadow_;  // what the GL buffer holds now
  GridView view_;
};

}  // namespace gpulife::app
