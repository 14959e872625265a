// The split of a one-generation pass into its interior, where every neighbour of a thread's cells
// is a plain cell of the source, and the edges: the first and last rows, and the thread columns
// at the row's ends and in its padding. The interior runs as a kernel of its own, so that the
// torus wrap, the dead rows beyond a plane and the masks of the row's end cost it neither
// instructions nor registers; a second, small launch computes the edges one row a thread.
// Measured on the H200 this is slower than one kernel for all (fewer instructions, but less
// memory in flight, and for byte-grouped twice the L2 write sectors), so it is the launch
// parameter split_edges, off by default.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/engine.hpp"

namespace gpulife::gpu {

struct Interior {
  int64_t columns;  // thread columns over the row pitch
  int64_t first;    // interior thread columns are [first, end); first == end == columns: none
  int64_t end;
  int64_t edge_rows;  // rows 0 and height - 1 (one row when height is 1)
  int64_t height;

  __host__ __device__ bool empty() const { return end == first; }
  // Output rows of each interior column: 1 .. height - 2.
  __host__ __device__ int64_t rows() const { return height - 2; }
  // The interior launch covers columns 0 .. end - 1, the threads before `first` returning at
  // once: its warps then read and write the same aligned 128-byte lines as the one-kernel path
  // (starting at `first` put every warp across a line and measured slower on the H200).
  __host__ __device__ int64_t launch_columns() const { return end; }
  // Rows of `per_thread` cells the edge launch computes, and its blocks of kEdgeThreads.
  __host__ __device__ int64_t edge_tasks() const {
    return edge_rows * columns + (height - edge_rows) * (first + columns - end);
  }
  __host__ __device__ unsigned edge_blocks() const;
  // Edge task t: the whole of rows 0 and height - 1, then the edge columns of the rows between.
  __device__ void edge_task(int64_t t, int64_t& y, int64_t& column) const {
    const int64_t row_tasks = edge_rows * columns;
    if (t < row_tasks) {
      y = t < columns ? 0 : height - 1;
      column = t % columns;
      return;
    }
    const int64_t edge_columns = first + (columns - end);
    const int64_t u = t - row_tasks, c = u % edge_columns;
    y = 1 + u / edge_columns;
    column = c < first ? c : end + (c - first);
  }
};

// A row of `units` cells or words in a pitch of `pitch_units`, `per_thread` of them a thread
// column: column c is interior when its first unit has one on its left (c >= 1) and its last one
// on its right (c * per_thread + per_thread <= units - 1); rows are when height >= 3.
inline Interior interior_of(int64_t units, int64_t pitch_units, int64_t per_thread,
                            int64_t height) {
  Interior in;
  in.columns = (pitch_units + per_thread - 1) / per_thread;
  in.first = std::min<int64_t>(1, in.columns);
  in.end = std::max<int64_t>(in.first, (units - 1) / per_thread);
  if (height < 3 || in.end == in.first) in.end = in.first = in.columns;
  in.edge_rows = std::min<int64_t>(height, 2);
  in.height = height;
  return in;
}

// The launch parameter that picks the split (1) or one kernel for everything (0, the default).
inline ParamInfo split_edges_param() {
  return {.name = "split_edges",
          .description =
              "1 = the interior by a kernel without edge handling, the edges by a "
              "second launch (slower on an H200); 0 = one kernel for all",
          .min = 0,
          .max = 1,
          .default_value = 0};
}

// Threads a block of the edge launch.
constexpr int kEdgeThreads = 256;

__host__ __device__ inline unsigned Interior::edge_blocks() const {
  return unsigned((edge_tasks() + kEdgeThreads - 1) / kEdgeThreads);
}

}  // namespace gpulife::gpu
