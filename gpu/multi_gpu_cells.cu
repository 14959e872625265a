// bit-multistep-multi's cells, band by band: a grid built on the devices from a recipe or copied
// from the host, rows read back in chunks (rank 0 gathers the other ranks' rows), regions,
// population and hash, and the live cells' bounds, all without a host copy of the whole grid.
#if GPULIFE_HAVE_NCCL

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/hash.hpp"
#include "core/host_memory.hpp"
#include "gpu/cuda_check.cuh"
#include "gpu/device_engine.hpp"
#include "gpu/multi_gpu_engine.cuh"

namespace gpulife::gpu {
namespace {

// Cells uploaded per kernel launch when a recipe is placed.
constexpr size_t kCellsPerUpload = size_t{1} << 20;
// Bytes of rows one message between ranks carries at most, so no side needs a band's worth.
constexpr size_t kMessageBytes = size_t{64} << 20;

// A cheap fingerprint of a recipe's cells, to check that every rank placed the same ones.
uint64_t cells_checksum(const GridRecipe& r) {
  uint64_t sum = 0;
  for (const Cell& c : r.cells)
    sum += hash::mix64(uint64_t(c.x) * 0x9e3779b97f4a7c15ull ^ uint64_t(c.y));
  return sum;
}

}  // namespace

band::Rows BitMultistepMultiEngine::rows_of(const BandState& b) const {
  band::Rows r;
  r.data = b.current() + b.band.halo_top * words();
  r.pitch_words = words();
  r.words_per_row = int64_t(host_pitch_ / 8);
  r.count = b.band.rows;
  r.y0 = b.band.y0;
  return r;
}

void BitMultistepMultiEngine::load(const Grid& grid) {
  BandPlan plan = make_plan(grid.width(), grid.height(), grid.topology());
  std::string what = "a " + size_text(grid.width(), grid.height()) + " " +
                     std::string(to_string(grid.topology())) + " grid";
  if (multi_rank()) what += " of hash " + std::to_string(grid.hash());
  prepare(std::move(plan), what);
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(cudaMemcpy2DAsync(rows_of(*b).data, pitch_, grid.row(b->band.y0), host_pitch_,
                                 host_pitch_, size_t(b->band.rows), cudaMemcpyHostToDevice,
                                 b->stream));
  }
  sync_all();
}

void BitMultistepMultiEngine::load_recipe(const GridRecipe& recipe) {
  BandPlan plan = make_plan(recipe.width, recipe.height, recipe.topology);
  prepare(std::move(plan), "a " + size_text(recipe.width, recipe.height) + " " +
                               std::string(to_string(recipe.topology)) + " grid, soup " +
                               std::to_string(recipe.density) + " from seed " +
                               std::to_string(recipe.seed) + ", " +
                               std::to_string(recipe.cells.size()) + " cells of checksum " +
                               std::to_string(cells_checksum(recipe)));
  const int rem = int(recipe.width & 63);
  const uint64_t last_mask = rem == 0 ? ~uint64_t{0} : (uint64_t{1} << rem) - 1;
  std::vector<int64_t> xy;
  for (auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    const band::Rows rows = rows_of(*b);
    if (recipe.density > 0)
      band::fill_soup(rows, recipe.seed, soup::density_of(recipe.density), last_mask, b->stream);
    auto [first, last] = cells_in_rows(recipe, b->band.y0, b->band.y0 + b->band.rows);
    if (first == last) continue;
    DeviceBuffer upload(2 * sizeof(int64_t) * std::min(kCellsPerUpload, last - first));
    for (size_t i = first; i < last; i += kCellsPerUpload) {
      const size_t n = std::min(kCellsPerUpload, last - i);
      xy.resize(2 * n);
      for (size_t k = 0; k < n; ++k) {
        xy[2 * k] = recipe.cells[i + k].x;
        xy[2 * k + 1] = recipe.cells[i + k].y;
      }
      // Pageable memory: the call returns once `xy` may be reused, and the stream keeps the
      // upload after the previous launch.
      CUDA_CHECK(cudaMemcpyAsync(upload.data(), xy.data(), xy.size() * sizeof(int64_t),
                                 cudaMemcpyHostToDevice, b->stream));
      band::place_cells(rows, static_cast<const int64_t*>(upload.data()), int64_t(n), b->stream);
    }
    CUDA_CHECK(cudaStreamSynchronize(b->stream));
  }
  sync_all();
}

void BitMultistepMultiEngine::copy_local_rows(int64_t y0, int64_t count, int64_t word0, int64_t n,
                                              uint64_t* host, bool to_host) const {
  const int64_t y1 = y0 + count;
  const size_t row_bytes = size_t(n) * 8;
  for (const auto& b : bands_) {
    if (!b) continue;
    const int64_t lo = std::max(y0, b->band.y0), hi = std::min(y1, b->band.y0 + b->band.rows);
    if (lo >= hi) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    uint64_t* dev = rows_of(*b).data + (lo - b->band.y0) * words() + word0;
    uint64_t* h = host + (lo - y0) * n;
    if (to_host)
      CUDA_CHECK(cudaMemcpy2DAsync(h, row_bytes, dev, pitch_, row_bytes, size_t(hi - lo),
                                   cudaMemcpyDeviceToHost, b->stream));
    else
      CUDA_CHECK(cudaMemcpy2DAsync(dev, pitch_, h, row_bytes, row_bytes, size_t(hi - lo),
                                   cudaMemcpyHostToDevice, b->stream));
    CUDA_CHECK(cudaStreamSynchronize(b->stream));
  }
}

void BitMultistepMultiEngine::read_rows(int64_t y0, int64_t count, int64_t word0, int64_t n,
                                        uint64_t* out) const {
  require_grid("read_rows()");
  const int64_t words_per_row = int64_t(host_pitch_ / 8);
  if (y0 < 0 || count < 0 || y0 + count > plan_.height || word0 < 0 || n < 1 ||
      word0 + n > words_per_row)
    throw Error("read_rows: rows " + std::to_string(y0) + "+" + std::to_string(count) + ", words " +
                std::to_string(word0) + "+" + std::to_string(n) + " lie outside the " +
                size_text(plan_.width, plan_.height) + " grid");
  const int me = my_rank();
  if (me == 0) copy_local_rows(y0, count, word0, n, out, true);
  if (!multi_rank()) return;
  // Other ranks' rows reach rank 0 in plan order, in messages of bounded size.
  const int64_t chunk = std::max<int64_t>(1, int64_t(kMessageBytes / (size_t(n) * 8)));
  std::vector<uint64_t> buffer;
  for (size_t i = 0; i < plan_.bands.size(); ++i) {
    const Band& band = plan_.bands[i];
    if (band.owner == 0) continue;
    const int64_t lo = std::max(y0, band.y0), hi = std::min(y0 + count, band.y0 + band.rows);
    for (int64_t y = lo; y < hi; y += chunk) {
      const int64_t rows = std::min(chunk, hi - y);
      const size_t bytes = size_t(rows) * size_t(n) * 8;
      if (me == 0) {
        exchange().recv(band.owner, out + (y - y0) * n, bytes);
      } else if (band.owner == me) {
        buffer.resize(size_t(rows) * size_t(n));
        copy_local_rows(y, rows, word0, n, buffer.data(), true);
        exchange().send(0, buffer.data(), bytes);
      }
    }
  }
}

void BitMultistepMultiEngine::share_from_root(uint64_t* data, size_t words_count) const {
  if (!multi_rank()) return;
  if (my_rank() == 0) {
    for (int r = 1; r < exchange().ranks(); ++r) exchange().send(r, data, words_count * 8);
  } else {
    exchange().recv(0, data, words_count * 8);
  }
}

void BitMultistepMultiEngine::store(Grid& grid) const {
  require_grid("store()");
  const std::string what = "the " + size_text(plan_.width, plan_.height) + " grid";
  require_host_memory(double(host_pitch_) * double(plan_.height),
                      "copying " + what + " to the host",
                      "save it with gpulife run -o, which writes the pattern band by band");
  Grid out(plan_.width, plan_.height, plan_.topology);
  read_rows(0, plan_.height, 0, int64_t(host_pitch_ / 8), out.row(0));
  share_from_root(out.row(0), out.words().size());
  grid = std::move(out);
}

Grid BitMultistepMultiEngine::read_region(const Box& box) const {
  Grid patch(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
  if (box.empty() || plan_.bands.empty()) return patch;
  const int64_t y_lo = std::max<int64_t>(box.min_y, 0);
  const int64_t y_hi = std::min<int64_t>(box.max_y + 1, plan_.height);
  const int64_t x_lo = std::max<int64_t>(box.min_x, 0);
  const int64_t x_hi = std::min<int64_t>(box.max_x + 1, plan_.width);
  if (y_lo >= y_hi || x_lo >= x_hi) return patch;
  // Only the words under the box cross the bus.
  const int64_t w0 = x_lo / 64, n = (x_hi - 1) / 64 - w0 + 1;
  std::vector<uint64_t> rows(size_t(n) * size_t(y_hi - y_lo));
  read_rows(y_lo, y_hi - y_lo, w0, n, rows.data());
  share_from_root(rows.data(), rows.size());
  for (int64_t y = y_lo; y < y_hi; ++y) {
    const uint64_t* r = rows.data() + (y - y_lo) * n;
    for (int64_t x = x_lo; x < x_hi; ++x)
      if ((r[(x >> 6) - w0] >> (x & 63)) & 1) patch.set(x - box.min_x, y - box.min_y, true);
  }
  return patch;
}

void BitMultistepMultiEngine::write_region(const Grid& patch, Cell top_left) {
  require_grid("write_region()");
  const int64_t y_lo = std::max<int64_t>(top_left.y, 0);
  const int64_t y_hi = std::min<int64_t>(top_left.y + patch.height(), plan_.height);
  const int64_t x_lo = std::max<int64_t>(top_left.x, 0);
  const int64_t x_hi = std::min<int64_t>(top_left.x + patch.width(), plan_.width);
  if (y_lo >= y_hi || x_lo >= x_hi) return;
  // Every rank is given the same patch and writes the rows of its own bands.
  const int64_t w0 = x_lo / 64, n = (x_hi - 1) / 64 - w0 + 1;
  std::vector<uint64_t> rows(size_t(n) * size_t(y_hi - y_lo));
  copy_local_rows(y_lo, y_hi - y_lo, w0, n, rows.data(), true);
  for (int64_t y = y_lo; y < y_hi; ++y) {
    uint64_t* r = rows.data() + (y - y_lo) * n;
    for (int64_t x = x_lo; x < x_hi; ++x) {
      const uint64_t bit = uint64_t{1} << (x & 63);
      uint64_t& w = r[(x >> 6) - w0];
      w = patch.get(x - top_left.x, y - top_left.y) ? (w | bit) : (w & ~bit);
    }
  }
  copy_local_rows(y_lo, y_hi - y_lo, w0, n, rows.data(), false);
  halos_valid_ = false;
  stats_valid_ = false;
}

uint64_t BitMultistepMultiEngine::population() const {
  compute_stats();
  return population_;
}

uint64_t BitMultistepMultiEngine::hash() const {
  compute_stats();
  return hash_;
}

void BitMultistepMultiEngine::compute_stats() const {
  require_grid("population()/hash()");
  if (stats_valid_) return;
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    auto* out = static_cast<unsigned long long*>(b->stats.data());
    CUDA_CHECK(cudaMemsetAsync(out, 0, 2 * sizeof(uint64_t), b->stream));
    band::stats(rows_of(*b), out, b->stream);
  }
  std::vector<uint64_t> sums(2, 0);
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    uint64_t host[2];
    CUDA_CHECK(
        cudaMemcpyAsync(host, b->stats.data(), sizeof host, cudaMemcpyDeviceToHost, b->stream));
    CUDA_CHECK(cudaStreamSynchronize(b->stream));
    sums[0] += host[0];
    sums[1] += host[1];
  }
  // The hash's word terms add modulo 2^64 across ranks as they do across bands.
  if (multi_rank()) sums = sum_across(exchange(), sums);
  population_ = sums[0];
  hash_ = hash::finish(sums[1], uint64_t(plan_.width), uint64_t(plan_.height));
  stats_valid_ = true;
}

Box BitMultistepMultiEngine::live_bounds() const {
  require_grid("live_bounds()");
  const uint64_t start[4] = {~uint64_t{0}, 0, ~uint64_t{0}, 0};
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    CUDA_CHECK(
        cudaMemcpyAsync(b->stats.data(), start, sizeof start, cudaMemcpyHostToDevice, b->stream));
    band::bounds(rows_of(*b), static_cast<unsigned long long*>(b->stats.data()), b->stream);
  }
  uint64_t all[4] = {start[0], start[1], start[2], start[3]};
  auto combine = [&](const uint64_t* v) {
    all[0] = std::min(all[0], v[0]);
    all[1] = std::max(all[1], v[1]);
    all[2] = std::min(all[2], v[2]);
    all[3] = std::max(all[3], v[3]);
  };
  for (const auto& b : bands_) {
    if (!b) continue;
    CUDA_CHECK(cudaSetDevice(b->band.device));
    uint64_t v[4];
    CUDA_CHECK(cudaMemcpyAsync(v, b->stats.data(), sizeof v, cudaMemcpyDeviceToHost, b->stream));
    CUDA_CHECK(cudaStreamSynchronize(b->stream));
    combine(v);
  }
  if (multi_rank()) {
    const std::string mine(reinterpret_cast<const char*>(all), sizeof all);
    for (const std::string& s : all_gather(exchange(), mine)) {
      uint64_t v[4];
      std::memcpy(v, s.data(), sizeof v);
      combine(v);
    }
  }
  if (all[1] == 0) return {};
  return Box{int64_t(all[2]), int64_t(all[0]), int64_t(all[3]) - 1, int64_t(all[1]) - 1};
}

std::vector<BandMemory> BitMultistepMultiEngine::band_memory() const {
  std::vector<BandMemory> list;
  for (const auto& b : bands_) {
    if (!b) continue;
    BandMemory m;
    m.device = b->band.device;
    m.rows = rows_of(*b).data;
    m.pitch_bytes = pitch_;
    m.y0 = b->band.y0;
    m.rows_count = b->band.rows;
    m.stream = b->stream;
    list.push_back(m);
  }
  return list;
}

}  // namespace gpulife::gpu

#endif  // GPULIFE_HAVE_NCCL
