// The GPU engine interface (plain C++, no CUDA headers): device-resident state that can live in
// buffers owned by someone else, such as OpenGL buffers mapped through CUDA-GL interop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/engine.hpp"
#include "gpu/history_plane.hpp"

namespace gpulife::gpu {

// How one state buffer is laid out in device memory.
//  - BitPacked: rows of 64-bit words, bit i of word j in row y is cell (64j + i, y) (the Grid
//    layout); bits past the width are zero. row_pitch_bytes >= 8 * ceil(width / 64).
//  - BytePerCell: rows of one byte per cell (0 dead, 1 alive); row_pitch_bytes >= width.
struct DeviceLayout {
  CellLayout layout = CellLayout::BitPacked;
  size_t row_pitch_bytes = 0;
  size_t buffer_bytes = 0;  // row_pitch_bytes * height, plus any tail the engine needs
};

// Two device buffers of DeviceLayout::buffer_bytes each; the engine ping-pongs between them.
struct ExternalBuffers {
  void* buffer[2] = {nullptr, nullptr};
  size_t bytes = 0;  // size of each buffer as allocated by its owner
};

class GpuEngine : public Engine {
 public:
  // The layout this engine (with its current parameters) uses for a grid of this size.
  virtual DeviceLayout device_layout(int64_t width, int64_t height) const = 0;

  // Sets the grid size and topology without touching cells; with owned memory this allocates
  // (throws Error when the GPU lacks memory, saying how much was needed and free).
  virtual void resize(int64_t width, int64_t height, Topology topology) = 0;

  // Makes the engine use caller-owned buffers (e.g. mapped GL buffers) instead of its own
  // memory, from now on; call again whenever the pointers may have changed (after each map).
  // The contents are kept: the engine's current state is in buffer[current_buffer()].
  // Pass {} to go back to owned memory (state is copied over). BufferLoan below ends the
  // attachment by itself.
  virtual void attach(const ExternalBuffers& buffers) = 0;
  // Lets go of attached buffers without copying anything out of them: until attach() lends
  // buffers again (holding the state, e.g. the same GL buffers mapped anew) or load() replaces
  // the state, the engine holds none, and calls that need it throw. No CUDA call; never throws.
  virtual void forget_attached() noexcept = 0;
  // Which of the two buffers holds the current generation.
  virtual int current_buffer() const = 0;
  // Tells the engine which buffer holds the current state (after a caller swapped them).
  virtual void set_current_buffer(int index) = 0;

  // Device-to-device exchange in the canonical bit-packed layout (row pitch
  // 8 * ceil(width / 64) bytes), used to switch engines live without a trip through the host.
  // `canonical` is a device pointer of at least that pitch times height bytes.
  virtual void store_device(uint64_t* canonical) const = 0;
  virtual void load_device(const uint64_t* canonical) = 0;

  // History colouring: from now on every generation stepped is ORed into `plane` (so it holds
  // every cell ever alive since the caller cleared it), the current state at once. The caller
  // owns the memory (e.g. a buffer OpenGL draws) and sizes it for the grid; an empty plane
  // turns it off. Off by default: the default path is untouched.
  virtual void set_history_plane(const HistoryPlane& plane) = 0;
  virtual HistoryPlane history_plane() const = 0;

  // Stream the engine launches on (a cudaStream_t, as an opaque pointer); 0 = default stream.
  virtual void set_stream(void* stream) = 0;

  // Whether the state in the current buffer is the complement of the true cells (B0 rules are
  // stepped that way, core/rule_phases.hpp): whoever draws straight from device memory inverts
  // it. store(), population(), hash() and read_region() always give the true cells.
  virtual bool stored_inverted() const { return false; }
};

// Buffers lent to an engine (attach()) for as long as this lives: when it ends, by destruction,
// by assignment or by end(), the engine lets go of them (forget_attached()), so it never keeps
// pointers into memory its owner frees or unmaps. end(true) moves the state into the engine's
// own memory instead. Declare a loan after the buffers it lends, so it ends first.
class BufferLoan {
 public:
  BufferLoan() = default;
  BufferLoan(GpuEngine& engine, const ExternalBuffers& buffers) : engine_(&engine) {
    engine.attach(buffers);
  }
  ~BufferLoan() { end(); }
  BufferLoan(BufferLoan&& other) noexcept : engine_(other.engine_) { other.engine_ = nullptr; }
  // A new loan to the same engine has already replaced these buffers: this one just passes.
  BufferLoan& operator=(BufferLoan&& other) noexcept {
    if (this != &other) {
      if (engine_ != other.engine_) end();
      engine_ = other.engine_;
      other.engine_ = nullptr;
    }
    return *this;
  }
  BufferLoan(const BufferLoan&) = delete;
  BufferLoan& operator=(const BufferLoan&) = delete;

  bool active() const { return engine_ != nullptr; }
  // Ends the loan now. keep_state: the engine copies the state into memory of its own first
  // (attach({}); throws Error when that memory cannot be had, and the loan stays).
  void end(bool keep_state = false) {
    if (!engine_) return;
    if (keep_state)
      engine_->attach({});
    else
      engine_->forget_attached();
    engine_ = nullptr;
  }

 private:
  GpuEngine* engine_ = nullptr;
};

}  // namespace gpulife::gpu
