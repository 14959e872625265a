// GPU engines stepping inside memory OpenGL draws: CUDA-owned and imported, or GL-owned and
// registered (see interop_backend.hpp for the synchronisation).
#if GPULIFE_HAVE_CUDA

#include "app/viewer/interop_backend.hpp"

#include <exception>

#include "core/error.hpp"
#include "gpu/bandwidth.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_engine.hpp"
#include "gpu/gpu_engines.hpp"

namespace gpulife::app {
namespace {

constexpr double kPopulationPeriodSeconds = 0.25;
// Multiples of 256 bytes keep every SSBO range offset aligned.
constexpr size_t kBufferAlignment = 256;

}  // namespace

InteropChoice interop_choice(InteropRequest request) {
  // What the context and device allow does not change while the program runs.
  static const std::string shared_unavailable = gpu::shared_gl_memory_unavailable_reason();
  return choose_interop_path(request, shared_unavailable);
}

InteropBackend::CudaAccess::CudaAccess(InteropBackend& b) : backend_(b) {
  if (b.path_.path == InteropPath::Shared) {
    b.drawn_.wait();
    return;
  }
  if (b.history_registration_) {
    mapped_.emplace(std::initializer_list<const gpu::GlBufferRegistration*>{
        &b.registrations_[0], &b.registrations_[1], &b.history_registration_});
  } else {
    mapped_.emplace(std::initializer_list<const gpu::GlBufferRegistration*>{&b.registrations_[0],
                                                                            &b.registrations_[1]});
  }
  gpu::ExternalBuffers ext;
  ext.buffer[0] = mapped_->pointer(0);
  ext.buffer[1] = mapped_->pointer(1);
  ext.bytes = b.buffer_bytes_;
  b.loan_ = gpu::BufferLoan(*b.engine_, ext);
  if (b.history_registration_)
    b.engine_->set_history_plane({static_cast<uint64_t*>(mapped_->pointer(2)), b.history_pitch_});
}

void* InteropBackend::CudaAccess::history_pointer() const {
  if (backend_.history_pitch_ == 0) return nullptr;
  return mapped_ ? mapped_->pointer(2) : backend_.history_shared_.device_pointer();
}

void* InteropBackend::CudaAccess::pointer(int i) const {
  return mapped_ ? mapped_->pointer(size_t(i)) : backend_.shared_[i].device_pointer();
}

InteropBackend::CudaAccess::~CudaAccess() {
  if (backend_.path_.path == InteropPath::Shared) {
    try {
      gpu::wait_for_device();
    } catch (...) {
      // A failed kernel has already thrown from the call that launched it.
    }
    return;
  }
  // The mapped pointers die with the mapping (mapped_, after this body): the engine lets go.
  backend_.loan_.end();
}

InteropBackend::InteropBackend(const std::string& engine, const Grid& grid, const Rule& rule,
                               const InteropChoice& path)
    : EngineBackend(gpu::make_gpu_engine(engine)), path_(path) {
  engine_->set_rule(rule);
  allocate_buffers(engine_->device_layout(grid.width(), grid.height()).buffer_bytes);
  attach_shared();
  CudaAccess a(*this);
  // Attached buffers large enough for the grid: load() allocates nothing of its own.
  a.engine().load(grid);
  layout_ = a.engine().device_layout(grid.width(), grid.height());
  refresh_population(a.engine(), true);
}

InteropBackend::InteropBackend(const std::string& engine, InteropBackend& from, const Rule& rule)
    : EngineBackend(gpu::make_gpu_engine(engine)), path_(from.path_) {
  const int64_t w = from.engine_->width(), h = from.engine_->height();
  gpu::DeviceBuffer canonical(gpu::canonical_pitch(w) * size_t(h));
  {
    CudaAccess a(from);
    a.engine().store_device(static_cast<uint64_t*>(canonical.data()));
  }
  engine_->set_rule(rule);
  allocate_buffers(engine_->device_layout(w, h).buffer_bytes);
  attach_shared();
  CudaAccess a(*this);
  a.engine().resize(w, h, from.engine_->topology());
  a.engine().load_device(static_cast<const uint64_t*>(canonical.data()));
  layout_ = a.engine().device_layout(w, h);
  refresh_population(a.engine(), true);
  request_ = from.request_;
  if (from.history_pitch_ != 0) {
    // The plane carries on with the new engine: it is the same grid, and memory of one path.
    history_pitch_ = from.history_pitch_;
    history_bytes_ = from.history_bytes_;
    history_shared_ = std::move(from.history_shared_);
    history_buffer_ = std::move(from.history_buffer_);
    history_registration_ = std::move(from.history_registration_);
    from.history_pitch_ = 0;
    from.history_bytes_ = 0;
    // The registered path hands the plane over on every access; the shared one once, here.
    if (path_.path == InteropPath::Shared)
      a.engine().set_history_plane(
          {static_cast<uint64_t*>(history_shared_.device_pointer()), history_pitch_});
  }
}

InteropBackend::~InteropBackend() {
  // The engine lets go of the buffers before they go (it copies nothing: it dies with them), and
  // GL must be done with them first.
  loan_.end();
  drawn_.wait();
  release_history();
  release_buffers();
}

void InteropBackend::release_history() {
  history_registration_.reset();
  history_buffer_.reset();
  history_shared_.reset();
  history_pitch_ = history_bytes_ = 0;
}

void InteropBackend::allocate_history(const Grid* initial) {
  const int64_t w = engine_->width(), h = engine_->height();
  const size_t pitch = gpu::canonical_pitch(w);
  const size_t bytes =
      (pitch * size_t(h) + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
  // One shader storage binding reads the plane: it must stay below 2 GiB.
  if (bytes >= (size_t{1} << 31))
    throw Error("history colouring of a " + std::to_string(w) + "x" + std::to_string(h) +
                " grid needs a " + std::to_string(bytes >> 20) +
                " MiB plane, more than one GL storage binding reads (2 GiB)");
  drawn_.wait();
  release_history();
  if (path_.path == InteropPath::Shared) {
    history_shared_ = gpu::SharedGlBuffer(bytes);
  } else {
    history_buffer_ = GlBuffer(bytes, 0);
    history_registration_ = gpu::GlBufferRegistration(history_buffer_.id(), bytes);
  }
  history_bytes_ = bytes;
  history_pitch_ = pitch;
  CudaAccess a(*this);
  void* plane = a.history_pointer();
  gpu::fill_device(plane, 0, bytes);
  if (initial && initial->width() == w && initial->height() == h)
    gpu::copy_to_device(plane, initial->words().data(), pitch * size_t(h));
  // Setting the plane ORs the current state in (also when the new memory sits where the old
  // plane was).
  a.engine().set_history_plane({});
  a.engine().set_history_plane({static_cast<uint64_t*>(plane), pitch});
  ++version_;
}

void InteropBackend::set_history(bool on, const Grid* initial) {
  if (!on) {
    {
      CudaAccess a(*this);
      a.engine().set_history_plane({});
    }
    drawn_.wait();
    release_history();
    ++version_;
    return;
  }
  allocate_history(initial);
}

Grid InteropBackend::history() {
  if (history_pitch_ == 0) return Grid();
  CudaAccess a(*this);
  Grid g(engine_->width(), engine_->height(), engine_->topology());
  gpu::copy_to_host(g.words().data(), a.history_pointer(), history_pitch_ * size_t(g.height()));
  return g;
}

void InteropBackend::release_buffers() {
  for (auto& r : registrations_) r.reset();
  for (auto& b : buffers_) b.reset();
  for (auto& s : shared_) s.reset();
  buffer_bytes_ = 0;
}

void InteropBackend::allocate_buffers(size_t bytes) {
  bytes = (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
  drawn_.wait();
  loan_.end();  // before the buffers go (set_params() has moved the state out already)
  release_buffers();
  if (path_.path == InteropPath::Shared) {
    for (auto& s : shared_) s = gpu::SharedGlBuffer(bytes);
    buffer_bytes_ = shared_[0].bytes();
  } else {
    while (glGetError() != GL_NO_ERROR) {
    }
    for (int i = 0; i < 2; ++i) {
      buffers_[i] = GlBuffer(bytes, 0);
      if (glGetError() == GL_OUT_OF_MEMORY)
        throw Error("OpenGL is out of memory for two grid buffers of " +
                    std::to_string(bytes >> 20) +
                    " MiB each; use a smaller grid or a bit-packed engine");
      registrations_[i] = gpu::GlBufferRegistration(buffers_[i].id(), bytes);
    }
    buffer_bytes_ = bytes;
  }
  // Rows are padded past the grid's width; kernels read the padding, so it starts as zero.
  // (Before the engine is attached: it may be about to move its state in.)
  if (path_.path == InteropPath::Shared) {
    for (auto& s : shared_) gpu::fill_device(s.device_pointer(), 0, buffer_bytes_);
  } else {
    gpu::MappedGlBuffers mapped({&registrations_[0], &registrations_[1]});
    for (size_t i = 0; i < 2; ++i) gpu::fill_device(mapped.pointer(i), 0, buffer_bytes_);
  }
  gpu::wait_for_device();
  ++version_;
}

void InteropBackend::attach_shared() {
  if (path_.path != InteropPath::Shared) return;
  gpu::ExternalBuffers ext;
  ext.buffer[0] = shared_[0].device_pointer();
  ext.buffer[1] = shared_[1].device_pointer();
  ext.bytes = buffer_bytes_;
  loan_ = gpu::BufferLoan(*engine_, ext);  // for good: the pointers never change
}

unsigned int InteropBackend::gl_buffer(int i) const {
  return path_.path == InteropPath::Shared ? shared_[i].gl_buffer() : buffers_[i].id();
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
  CudaAccess a(*this);
  double ms = 0;
  if (request_.changes && generations > 1) {
    // The last generation in a pass of its own leaves the one before it in the other buffer,
    // for births and deaths.
    a.engine().step(generations - 1);
    ms = a.engine().last_step_ms();
    a.engine().step(1);
  } else {
    a.engine().step(generations);
  }
  ms += a.engine().last_step_ms();
  figures_.ms_per_generation = ms / double(generations);
  figures_.last_step_generations = generations;
  figures_.generation = a.engine().generation();
  ++figures_.steps_completed;
  if (request_.changes || request_.shape || request_.population) {
    refresh_stats(a.engine());
  } else {
    refresh_population(a.engine(), false);
  }
  ++version_;
}

void InteropBackend::refresh_stats(gpu::GpuEngine& engine) {
  figures_.stats = engine.cell_stats(request_.changes, request_.shape);
  figures_.stats_known = true;
  figures_.stats_generation = engine.generation();
  figures_.population = figures_.stats.population;
  figures_.population_known = true;
}

double InteropBackend::state_buffer_copy_bandwidth() {
  CudaAccess a(*this);
  const int current = engine_->current_buffer();
  return gpu::copy_bandwidth_between(a.pointer(1 - current), a.pointer(current),
                                     layout_.buffer_bytes);
}

GridView InteropBackend::view() {
  const int current = engine_->current_buffer();
  GridView v;
  v.buffer = gl_buffer(current);
  v.buffer_bytes = buffer_bytes_;
  v.layout = layout_.layout;
  v.row_pitch_bytes = layout_.row_pitch_bytes;
  v.width = engine_->width();
  v.height = engine_->height();
  v.topology = engine_->topology();
  v.inverted = engine_->stored_inverted();
  v.version = (version_ * 2 + uint64_t(current)) * 2 + uint64_t(v.inverted);
  if (history_pitch_ != 0) {
    v.history_buffer =
        path_.path == InteropPath::Shared ? history_shared_.gl_buffer() : history_buffer_.id();
    v.history_bytes = history_bytes_;
    v.history_pitch_bytes = history_pitch_;
  }
  return v;
}

void InteropBackend::frame_drawn() {
  if (path_.path == InteropPath::Shared) drawn_.place();
}

Grid InteropBackend::state(uint64_t* engine_generation) {
  CudaAccess a(*this);
  Grid g;
  a.engine().store(g);
  if (engine_generation) *engine_generation = a.engine().generation();
  return g;
}

void InteropBackend::with_engine(const std::function<void(Engine&)>& fn) {
  CudaAccess a(*this);
  ++version_;  // the buffers may change even when fn throws half-way
  fn(a.engine());
  figures_.generation = a.engine().generation();  // undoing a run moves it back
  refresh_population(a.engine(), true);
}

void InteropBackend::edit_engine(const std::function<Box(Engine&)>& fn) {
  CudaAccess a(*this);
  ++version_;  // conservatively: fn may have written before throwing
  const Box touched = fn(a.engine());
  // Reads (copy, the paste-fits check) leave the population as it was.
  if (!touched.empty()) refresh_population(a.engine(), true);
}

void InteropBackend::set_rule(const Rule& rule) {
  // A rule that stores the cells complemented (B0) converts them, so CUDA needs the buffers.
  CudaAccess a(*this);
  ++version_;
  a.engine().set_rule(rule);
}

void InteropBackend::set_params(const Params& params) {
  // A new layout may need larger buffers: park the state in the engine's own memory, change the
  // parameters there, then move it back into buffers of the size the layout needs.
  {
    CudaAccess a(*this);
    loan_.end(/*keep_state=*/true);
  }
  std::exception_ptr refused;
  try {
    engine_->set_params(params);
  } catch (...) {
    refused = std::current_exception();  // the old parameters stay; the state moves back
  }
  const gpu::DeviceLayout next = engine_->device_layout(engine_->width(), engine_->height());
  if (next.buffer_bytes > buffer_bytes_) allocate_buffers(next.buffer_bytes);
  layout_ = next;
  attach_shared();
  { CudaAccess a(*this); }  // the registered path attaches the mapped buffers here
  ++version_;
  if (refused) std::rethrow_exception(refused);
}

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_CUDA
