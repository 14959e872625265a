// GPU engines stepping inside GL buffers through CUDA-GL interop.
#if GPULIFE_HAVE_CUDA

#include "app/viewer/interop_backend.hpp"

#include "core/error.hpp"
#include "gpu/bandwidth.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/gpu_engines.hpp"

namespace gpulife::app {
namespace {

constexpr double kPopulationPeriodSeconds = 0.25;

size_t canonical_bytes(int64_t width, int64_t height) {
  return size_t((width + 63) / 64) * 8 * size_t(height);
}

}  // namespace

InteropBackend::Attached::Attached(InteropBackend& b)
    : backend_(b), mapped_({&b.registrations_[0], &b.registrations_[1]}) {
  gpu::ExternalBuffers ext;
  ext.buffer[0] = mapped_.pointer(0);
  ext.buffer[1] = mapped_.pointer(1);
  ext.bytes = b.registrations_[0].bytes();
  b.engine_->attach(ext);
}

InteropBackend::InteropBackend(const std::string& engine, const Grid& grid, const Rule& rule)
    : engine_(gpu::make_gpu_engine(engine)) {
  engine_->set_rule(rule);
  engine_->load(grid);  // into the engine's own memory; attach() below moves it into GL
  allocate_buffers();
  Attached a(*this);
  refresh_population(a.engine(), true);
}

InteropBackend::InteropBackend(const std::string& engine, InteropBackend& from, const Rule& rule)
    : engine_(gpu::make_gpu_engine(engine)) {
  const int64_t w = from.engine_->width(), h = from.engine_->height();
  gpu::DeviceBuffer canonical(canonical_bytes(w, h));
  {
    Attached a(from);
    a.engine().store_device(static_cast<uint64_t*>(canonical.data()));
  }
  engine_->set_rule(rule);
  engine_->resize(w, h, from.engine_->topology());
  allocate_buffers();
  Attached a(*this);
  a.engine().load_device(static_cast<const uint64_t*>(canonical.data()));
  refresh_population(a.engine(), true);
}

InteropBackend::~InteropBackend() {
  // Back to the engine's own memory is not needed: the engine dies with the buffers.
  release_buffers();
}

void InteropBackend::release_buffers() {
  for (auto& r : registrations_) r.reset();
  for (auto& b : buffers_) b.reset();
}

void InteropBackend::allocate_buffers() {
  layout_ = engine_->device_layout(engine_->width(), engine_->height());
  // Multiples of 256 bytes keep every SSBO range offset aligned.
  const size_t bytes = (layout_.buffer_bytes + 255) / 256 * 256;
  release_buffers();
  while (glGetError() != GL_NO_ERROR) {
  }
  for (int i = 0; i < 2; ++i) {
    buffers_[i] = GlBuffer(bytes, 0);
    if (glGetError() == GL_OUT_OF_MEMORY)
      throw Error("OpenGL is out of memory for two grid buffers of " + std::to_string(bytes >> 20) +
                  " MiB each; use a smaller grid or a "
                  "bit-packed engine");
    registrations_[i] = gpu::GlBufferRegistration(buffers_[i].id(), bytes);
  }
  ++version_;
}

void InteropBackend::refresh_population(gpu::GpuEngine& engine, bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force &&
      std::chrono::duration<double>(now - last_population_).count() < kPopulationPeriodSeconds)
    return;
  last_population_ = now;
  figures_.population = engine.population();
  figures_.population_known = true;
}

void InteropBackend::advance(uint64_t generations) {
  if (generations == 0) return;
  Attached a(*this);
  a.engine().step(generations);
  figures_.ms_per_generation = a.engine().last_step_ms() / double(generations);
  figures_.last_step_generations = generations;
  figures_.generation = a.engine().generation();
  ++figures_.steps_completed;
  refresh_population(a.engine(), false);
  ++version_;
}

double InteropBackend::state_buffer_copy_bandwidth() {
  gpu::MappedGlBuffers mapped({&registrations_[0], &registrations_[1]});
  const int current = engine_->current_buffer();
  return gpu::copy_bandwidth_between(mapped.pointer(size_t(1 - current)),
                                     mapped.pointer(size_t(current)), layout_.buffer_bytes);
}

GridView InteropBackend::view() {
  const int current = engine_->current_buffer();
  GridView v;
  v.buffer = buffers_[current].id();
  v.buffer_bytes = buffers_[current].bytes();
  v.layout = layout_.layout;
  v.row_pitch_bytes = layout_.row_pitch_bytes;
  v.width = engine_->width();
  v.height = engine_->height();
  v.topology = engine_->topology();
  v.inverted = engine_->stored_inverted();
  v.version = (version_ * 2 + uint64_t(current)) * 2 + uint64_t(v.inverted);
  return v;
}

Grid InteropBackend::state(uint64_t* engine_generation) {
  Attached a(*this);
  Grid g;
  a.engine().store(g);
  if (engine_generation) *engine_generation = a.engine().generation();
  return g;
}

void InteropBackend::with_engine(const std::function<void(Engine&)>& fn) {
  {
    Attached a(*this);
    ++version_;  // the buffers may change even when fn throws half-way
    fn(a.engine());
    figures_.generation = a.engine().generation();  // undoing a run moves it back
    refresh_population(a.engine(), true);
  }
}

void InteropBackend::edit_engine(const std::function<Box(Engine&)>& fn) {
  Attached a(*this);
  ++version_;  // conservatively: fn may have written before throwing
  const Box touched = fn(a.engine());
  // Reads (copy, the paste-fits check) leave the population as it was.
  if (!touched.empty()) refresh_population(a.engine(), true);
}

void InteropBackend::set_params(const Params& params) {
  // A new layout may need larger buffers: park the state in the engine's own memory, change the
  // parameters there, then move it into buffers of the new size.
  {
    Attached a(*this);
    a.engine().attach({});
  }
  try {
    engine_->set_params(params);
  } catch (...) {
    Attached a(*this);
    throw;
  }
  const gpu::DeviceLayout next = engine_->device_layout(engine_->width(), engine_->height());
  if (next.buffer_bytes > registrations_[0].bytes()) allocate_buffers();
  layout_ = next;
  Attached a(*this);
  ++version_;
}

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_CUDA
