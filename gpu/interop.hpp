// CUDA-OpenGL buffer interop (plain C++: GL buffers are named by their GLuint as unsigned int,
// CUDA objects stay opaque). Two ways to share a state buffer:
//  - SharedGlBuffer: CUDA owns the memory (VMM, exported as a file descriptor) and GL imports it
//    as a buffer (GL_EXT_memory_object_fd). Kernels run at the full speed of CUDA's own memory
//    and nothing is mapped per frame. The preferred path.
//  - GlBufferRegistration + MappedGlBuffers: GL owns the buffer, CUDA registers it once and maps
//    it around each use. Works on every driver with CUDA-GL interop, but on the H200 kernels move
//    only about half the bytes per second in such memory; the fallback.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/owned.hpp"
#include "gpu/exportable_memory.hpp"

namespace gpulife::gpu {

// Why the current GL context cannot draw CUDA-owned memory (missing GL_EXT_memory_object_fd, a
// GL device other than the CUDA device, no exportable CUDA memory); empty when it can. Needs a
// current GL context whose functions are loaded.
std::string shared_gl_memory_unavailable_reason();

// CUDA-owned device memory imported into GL as a buffer object. Move-only; destroying it
// releases GL's side first (buffer, then memory object), then CUDA's allocation, so it must be
// destroyed while the GL context is current.
class SharedGlBuffer {
 public:
  SharedGlBuffer() = default;
  // Allocates at least `bytes` (rounded up to CUDA's granularity) and imports it; throws Error
  // saying which step failed.
  explicit SharedGlBuffer(size_t bytes);

  explicit operator bool() const { return shared_->gl_buffer != 0; }
  unsigned int gl_buffer() const { return shared_->gl_buffer; }
  void* device_pointer() const { return shared_->memory.data(); }
  size_t bytes() const { return shared_->memory.bytes(); }
  void reset() { shared_.reset(); }

 private:
  struct Shared {
    ExportableAllocation memory;
    unsigned int gl_memory = 0;  // GL memory object
    unsigned int gl_buffer = 0;
  };
  // GL's side first (buffer, then memory object), then CUDA's allocation.
  static void release(Shared& shared) noexcept;
  Owned<Shared, release> shared_;
};

// A GL buffer registered with CUDA. Move-only; unregisters on destruction, so it must be
// destroyed before the GL buffer (and while the GL context is current).
class GlBufferRegistration {
 public:
  GlBufferRegistration() = default;
  // `allocated_bytes` is the size the GL buffer was created with: CUDA's own report of the
  // mapped size is wrong for buffers of 2 GiB or more on current drivers.
  GlBufferRegistration(unsigned int gl_buffer, size_t allocated_bytes);

  explicit operator bool() const { return registered_->resource != nullptr; }
  size_t bytes() const { return registered_->bytes; }
  void reset() { registered_.reset(); }

 private:
  friend class MappedGlBuffers;
  struct Registered {
    void* resource = nullptr;  // cudaGraphicsResource_t
    size_t bytes = 0;
  };
  static void release(Registered& registered) noexcept;
  Owned<Registered, release> registered_;
};

// Registered buffers mapped for CUDA for the lifetime of this object (one map call for all);
// unmapping on destruction orders the CUDA work on `stream` before any later GL use.
class MappedGlBuffers {
 public:
  MappedGlBuffers(std::initializer_list<const GlBufferRegistration*> buffers,
                  void* stream = nullptr);
  ~MappedGlBuffers();
  MappedGlBuffers(const MappedGlBuffers&) = delete;
  MappedGlBuffers& operator=(const MappedGlBuffers&) = delete;

  // Device pointer to the whole of buffer `i` (its allocated size, see GlBufferRegistration).
  void* pointer(size_t i) const { return pointers_.at(i); }

 private:
  std::vector<void*> resources_;
  std::vector<void*> pointers_;
  void* stream_;
};

// True when a mapped size `reported` by CUDA is consistent with `allocated` bytes: equal, or
// (for 2 GiB and more, where the driver truncates it to 32 bits, sign-extended) equal modulo 2^32.
inline bool mapped_size_consistent(size_t reported, size_t allocated) {
  if (reported == allocated) return true;
  return allocated >= (size_t{1} << 31) &&
         (uint64_t(reported) & 0xFFFFFFFFu) == (uint64_t(allocated) & 0xFFFFFFFFu);
}

}  // namespace gpulife::gpu
