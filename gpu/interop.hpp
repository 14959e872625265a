// CUDA-OpenGL buffer interop (plain C++: GL buffers are named by their GLuint as unsigned int,
// CUDA objects stay opaque). Register a GL buffer once, map it each frame, unmap before GL
// draws from it; unregister before the GL buffer is deleted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace gpulife::gpu {

// A GL buffer registered with CUDA. Move-only; unregisters on destruction, so it must be
// destroyed before the GL buffer (and while the GL context is current).
class GlBufferRegistration {
 public:
  GlBufferRegistration() = default;
  // `allocated_bytes` is the size the GL buffer was created with: CUDA's own report of the
  // mapped size is wrong for buffers of 2 GiB or more on current drivers.
  GlBufferRegistration(unsigned int gl_buffer, size_t allocated_bytes);
  ~GlBufferRegistration();
  GlBufferRegistration(GlBufferRegistration&& other) noexcept;
  GlBufferRegistration& operator=(GlBufferRegistration&& other) noexcept;
  GlBufferRegistration(const GlBufferRegistration&) = delete;
  GlBufferRegistration& operator=(const GlBufferRegistration&) = delete;

  explicit operator bool() const { return resource_ != nullptr; }
  size_t bytes() const { return bytes_; }
  void reset();

 private:
  friend class MappedGlBuffers;
  void* resource_ = nullptr;  // cudaGraphicsResource_t
  size_t bytes_ = 0;
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
