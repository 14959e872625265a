// The multi-GPU engine in the viewer: stepping on the bands' GPUs, and each frame the region
// the renderer asks for gathered into one GL buffer on the display GPU.
#if GPULIFE_HAVE_NCCL

#include "app/viewer/bands_backend.hpp"

#include <algorithm>

#include "app/banded_run.hpp"
#include "app/engines.hpp"
#include "core/error.hpp"
#include "core/host_memory.hpp"

namespace gpulife::app {
namespace {

// Multiples of 256 bytes keep every SSBO range offset aligned.
constexpr size_t kBufferAlignment = 256;
// The population is a reduction over the whole grid: at most about 5 % of the time goes to it.
constexpr double kPopulationShare = 20.0;
constexpr double kMinPopulationPeriodSeconds = 0.25;
// OpenGL's device (the CUDA device the context was made on; see interop_path.hpp).
constexpr int kDisplayDevice = 0;

std::unique_ptr<gpu::MultiGpuEngine> banded_engine(const std::string& name) {
  std::unique_ptr<Engine> e = engine_registry().create(name);
  auto* banded = dynamic_cast<gpu::MultiGpuEngine*>(e.get());
  if (!banded) throw Error("engine " + name + " does not keep its grid in bands");
  e.release();
  return std::unique_ptr<gpu::MultiGpuEngine>(banded);
}

}  // namespace

std::unique_ptr<SimBackend> make_bands_backend(const std::string& engine, const Grid& grid,
                                               const Rule& rule, const InteropChoice& path) {
  return std::make_unique<BandsBackend>(banded_engine(engine), grid, rule, path);
}

std::unique_ptr<SimBackend> make_bands_backend(const std::string& engine, const GridRecipe& recipe,
                                               const Rule& rule, const InteropChoice& path,
                                               const Params& params) {
  return std::make_unique<BandsBackend>(banded_engine(engine), recipe, rule, path, params);
}

BandsBackend::BandsBackend(std::unique_ptr<gpu::MultiGpuEngine> engine, const Grid& grid,
                           const Rule& rule, const InteropChoice& path)
    : EngineBackend(std::move(engine)), path_(path) {
  engine_->set_rule(rule);
  engine_->load(grid);
  start();
}

BandsBackend::BandsBackend(std::unique_ptr<gpu::MultiGpuEngine> engine, const GridRecipe& recipe,
                           const Rule& rule, const InteropChoice& path, const Params& params)
    : EngineBackend(std::move(engine)), path_(path) {
  if (!params.empty()) engine_->set_params(params);
  engine_->set_rule(rule);
  engine_->load_recipe(recipe);
  start();
}

BandsBackend::~BandsBackend() {
  // GL must be done with the region buffer before it goes.
  drawn_.wait();
  mapped_.reset();
  registration_.reset();
}

void BandsBackend::start() {
  display_device_ = kDisplayDevice;
  band_view_ = std::make_unique<gpu::BandView>(display_device_);
  refresh_population(true);
}

std::string BandsBackend::memory_description() const {
  const gpu::BandPlan& plan = engine_->plan();
  return std::to_string(plan.bands.size()) + " band(s) on " + std::to_string(plan.devices) +
         " GPU(s); the visible region gathered to GPU " + std::to_string(display_device_) +
         " each frame (" + describe(path_) + "), density pyramids " +
         format_bytes(double(band_view_->pyramid_bytes()));
}

void BandsBackend::refresh_population(bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force &&
      std::chrono::duration<double>(now - last_population_).count() < population_period_s_)
    return;
  figures_.population = engine_->population();
  figures_.population_known = true;
  last_population_ = std::chrono::steady_clock::now();
  const double took = std::chrono::duration<double>(last_population_ - now).count();
  population_period_s_ = std::max(kMinPopulationPeriodSeconds, kPopulationShare * took);
}

void BandsBackend::advance(uint64_t generations) {
  if (generations == 0) return;
  engine_->step(generations);
  figures_.ms_per_generation = engine_->last_step_ms() / double(generations);
  figures_.last_step_generations = generations;
  figures_.generation = engine_->generation();
  ++figures_.steps_completed;
  ++version_;
  refresh_population(false);
}

GridView BandsBackend::view() {
  GridView v;
  v.layout = CellLayout::BitPacked;
  v.width = engine_->width();
  v.height = engine_->height();
  v.topology = engine_->topology();
  v.version = version_;
  v.regions = this;
  return v;
}

void BandsBackend::reserve(size_t bytes) {
  if (bytes <= region_bytes_) return;
  const size_t n = (std::max(bytes, region_bytes_ * 3 / 2) + kBufferAlignment - 1) /
                   kBufferAlignment * kBufferAlignment;
  held_.reset();
  gpu::use_device(display_device_);
  if (path_.path == InteropPath::Shared) {
    shared_ = gpu::SharedGlBuffer(n);
    region_bytes_ = shared_.bytes();
  } else {
    registration_.reset();
    while (glGetError() != GL_NO_ERROR) {
    }
    buffer_ = GlBuffer(n, 0);
    if (glGetError() == GL_OUT_OF_MEMORY)
      throw Error("OpenGL is out of memory for a region buffer of " + format_bytes(double(n)));
    registration_ = gpu::GlBufferRegistration(buffer_.id(), n);
    region_bytes_ = n;
  }
}

void* BandsBackend::map_region() {
  if (path_.path == InteropPath::Shared) return shared_.device_pointer();
  mapped_.emplace(std::initializer_list<const gpu::GlBufferRegistration*>{&registration_});
  return mapped_->pointer(0);
}

void BandsBackend::unmap_region() {
  mapped_.reset();
}

RegionData BandsBackend::fetch(const RegionRequest& r) {
  if (held_ && *held_ == r && held_version_ == version_) return held_data_;
  if (r.x1 <= r.x0 || r.y1 <= r.y0 || r.x0 < 0 || r.y0 < 0) return {};
  RegionData d;
  d.x0 = r.x0;
  d.y0 = r.y0;
  d.height = r.y1 - r.y0;
  const bool cells = r.level < 0;
  int64_t words = 0;
  if (cells) {
    if (r.x0 % 64 != 0 || r.x1 > engine_->width() || r.y1 > engine_->height())
      throw Error("a region of cells must start at a multiple of 64 and lie on the grid");
    words = (r.x1 - r.x0 + 63) / 64;
    d.width = words * 64;
    d.row_pitch_bytes = size_t(words) * 8;
  } else {
    d.width = r.x1 - r.x0;
    d.row_pitch_bytes = size_t(d.width) * 4;
  }
  const size_t bytes = d.row_pitch_bytes * size_t(d.height);
  drawn_.wait();  // GL has drawn from the buffer for the last time before it changes
  reserve(bytes);
  void* dst = map_region();
  try {
    const std::vector<gpu::BandMemory> bands = engine_->band_memory();
    if (cells)
      band_view_->gather_cells(bands, r.y0, d.height, r.x0 / 64, words, dst);
    else
      band_view_->gather_density(bands, engine_->width(), r.level, r.x0, r.y0, d.width, d.height,
                                 static_cast<uint32_t*>(dst), version_);
  } catch (...) {
    unmap_region();
    held_.reset();
    throw;
  }
  unmap_region();
  d.buffer = path_.path == InteropPath::Shared ? shared_.gl_buffer() : buffer_.id();
  d.buffer_bytes = region_bytes_;
  held_ = r;
  held_version_ = version_;
  held_data_ = d;
  return d;
}

Grid BandsBackend::state(uint64_t* engine_generation) {
  Grid g;
  engine_->store(g);  // checks the host memory first
  if (engine_generation) *engine_generation = engine_->generation();
  return g;
}

void BandsBackend::with_engine(const std::function<void(Engine&)>& fn) {
  ++version_;  // the bands may change even when fn throws half-way
  fn(*engine_);
  figures_.generation = engine_->generation();
  refresh_population(true);
}

void BandsBackend::edit_engine(const std::function<Box(Engine&)>& fn) {
  ++version_;
  const Box touched = fn(*engine_);
  // The population is a pass over the whole grid: strokes refresh it on its usual period.
  if (!touched.empty()) refresh_population(false);
}

void BandsBackend::set_params(const Params& params) {
  ++version_;
  held_.reset();
  engine_->set_params(params);
}

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_NCCL
