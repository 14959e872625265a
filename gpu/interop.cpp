// CUDA-OpenGL buffer interop: the only file that sees both CUDA and OpenGL.
#include "gpu/interop.hpp"

// GLAD's header first: it stands in for <GL/gl.h>, which cuda_gl_interop.h would include.
#include <glad/gl.h>
// (kept apart so include sorting cannot put it after the CUDA headers)
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace gpulife::gpu {
namespace {

void check(cudaError_t status, const char* expression, int line) {
  if (status == cudaSuccess) return;
  throw Error(std::string("CUDA-OpenGL interop failed: ") + cudaGetErrorString(status) + " (" +
              cudaGetErrorName(status) + ") in " + expression +
              " at gpu/interop.cpp:" + std::to_string(line) +
              (status == cudaErrorInvalidGraphicsContext || status == cudaErrorOperatingSystem
                   ? "; the OpenGL context must run on the CUDA device (for --headless, an EGL "
                     "device of the same GPU)"
                   : ""));
}
#define INTEROP_CHECK(expr) check((expr), #expr, __LINE__)

std::string mib(size_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

}  // namespace

GlBufferRegistration::GlBufferRegistration(unsigned int gl_buffer, size_t allocated_bytes)
    : bytes_(allocated_bytes) {
  cudaGraphicsResource_t resource = nullptr;
  INTEROP_CHECK(
      cudaGraphicsGLRegisterBuffer(&resource, GLuint(gl_buffer), cudaGraphicsRegisterFlagsNone));
  resource_ = resource;
}

GlBufferRegistration::~GlBufferRegistration() {
  reset();
}

void GlBufferRegistration::reset() {
  if (resource_) {
    // Nothing useful can be done about a failure while tearing down.
    cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(resource_));
  }
  resource_ = nullptr;
  bytes_ = 0;
}

GlBufferRegistration::GlBufferRegistration(GlBufferRegistration&& o) noexcept
    : resource_(std::exchange(o.resource_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}

GlBufferRegistration& GlBufferRegistration::operator=(GlBufferRegistration&& o) noexcept {
  if (this != &o) {
    reset();
    resource_ = std::exchange(o.resource_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

MappedGlBuffers::MappedGlBuffers(std::initializer_list<const GlBufferRegistration*> buffers,
                                 void* stream)
    : stream_(stream) {
  for (const GlBufferRegistration* b : buffers) {
    if (!b || !*b) throw Error("cannot map an unregistered GL buffer for CUDA");
    resources_.push_back(b->resource_);
  }
  auto* resources = reinterpret_cast<cudaGraphicsResource_t*>(resources_.data());
  INTEROP_CHECK(cudaGraphicsMapResources(int(resources_.size()), resources,
                                         static_cast<cudaStream_t>(stream_)));
  try {
    size_t i = 0;
    for (const GlBufferRegistration* b : buffers) {
      void* ptr = nullptr;
      size_t reported = 0;
      INTEROP_CHECK(cudaGraphicsResourceGetMappedPointer(&ptr, &reported, resources[i]));
      if (!mapped_size_consistent(reported, b->bytes()))
        throw Error("CUDA mapped a GL buffer of " + mib(b->bytes()) + " (" +
                    std::to_string(b->bytes()) + " bytes) but reports " + std::to_string(reported) +
                    " bytes; the buffer cannot be used safely");
      pointers_.push_back(ptr);
      ++i;
    }
  } catch (...) {
    cudaGraphicsUnmapResources(int(resources_.size()), resources,
                               static_cast<cudaStream_t>(stream_));
    throw;
  }
}

MappedGlBuffers::~MappedGlBuffers() {
  cudaGraphicsUnmapResources(int(resources_.size()),
                             reinterpret_cast<cudaGraphicsResource_t*>(resources_.data()),
                             static_cast<cudaStream_t>(stream_));
}

}  // namespace gpulife::gpu
