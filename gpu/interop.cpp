// CUDA-OpenGL buffer interop: the only file that sees both CUDA and OpenGL.
#include "gpu/interop.hpp"

// GLAD's header first: it stands in for <GL/gl.h>, which cuda_gl_interop.h would include.
#include <glad/gl.h>
// (kept apart so include sorting cannot put it after the CUDA headers)
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/error.hpp"

namespace gpulife::gpu {
namespace {

void check(cudaError_t status, const char* expression, int line) {
  if (status == cudaSuccess) return;
  (void)cudaGetLastError();  // reported here, not again by the next launch (see cuda_check)
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

void clear_gl_errors() {
  while (glGetError() != GL_NO_ERROR) {
  }
}

// Throws Error naming the GL call that raised an error, if any did.
void check_gl(const char* what) {
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    clear_gl_errors();
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", e);
    throw Error(std::string("OpenGL refused ") + what + " (error " + code +
                (e == GL_OUT_OF_MEMORY ? ", out of memory" : "") + ")");
  }
}

}  // namespace

std::string shared_gl_memory_unavailable_reason() {
  if (!GLAD_GL_EXT_memory_object || !GLAD_GL_EXT_memory_object_fd)
    return "the OpenGL driver lacks GL_EXT_memory_object_fd";
  if (std::string why = exportable_memory_unavailable_reason(); !why.empty()) return why;
  // The memory can only be imported by a GL context on the same GPU.
  std::array<uint8_t, 16> cuda_uuid{};
  try {
    cuda_uuid = current_device_uuid();
  } catch (const Error& e) {
    return e.what();
  }
  clear_gl_errors();
  GLint devices = 0;
  glGetIntegerv(GL_NUM_DEVICE_UUIDS_EXT, &devices);
  for (GLint i = 0; i < devices; ++i) {
    std::array<GLubyte, GL_UUID_SIZE_EXT> gl_uuid{};
    glGetUnsignedBytei_vEXT(GL_DEVICE_UUID_EXT, GLuint(i), gl_uuid.data());
    if (std::equal(gl_uuid.begin(), gl_uuid.end(), cuda_uuid.begin())) {
      clear_gl_errors();
      return {};
    }
  }
  clear_gl_errors();
  return "the OpenGL context runs on another GPU than the CUDA device";
}

SharedGlBuffer::SharedGlBuffer(size_t bytes) {
  Shared& s = shared_.state();  // released by shared_'s destructor if a step below throws
  s.memory = ExportableAllocation(bytes);
  const int fd = s.memory.export_fd();
  clear_gl_errors();
  glCreateMemoryObjectsEXT(1, &s.gl_memory);
  // On success GL owns the descriptor; on failure it is still ours to close.
  glImportMemoryFdEXT(s.gl_memory, GLuint64(s.memory.bytes()), GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);
  if (glGetError() != GL_NO_ERROR) {
    close(fd);
    throw Error("OpenGL refused to import " + mib(bytes) + " of CUDA memory (glImportMemoryFdEXT)");
  }
  glCreateBuffers(1, &s.gl_buffer);
  glNamedBufferStorageMemEXT(s.gl_buffer, GLsizeiptr(s.memory.bytes()), s.gl_memory, 0);
  check_gl("a buffer on imported CUDA memory (glNamedBufferStorageMemEXT)");
}

void SharedGlBuffer::release(Shared& shared) noexcept {
  if (shared.gl_buffer) glDeleteBuffers(1, &shared.gl_buffer);
  if (shared.gl_memory) glDeleteMemoryObjectsEXT(1, &shared.gl_memory);
  shared.memory.reset();
}

GlBufferRegistration::GlBufferRegistration(unsigned int gl_buffer, size_t allocated_bytes) {
  cudaGraphicsResource_t resource = nullptr;
  INTEROP_CHECK(
      cudaGraphicsGLRegisterBuffer(&resource, GLuint(gl_buffer), cudaGraphicsRegisterFlagsNone));
  registered_ = Owned<Registered, release>(Registered{resource, allocated_bytes});
}

void GlBufferRegistration::release(Registered& registered) noexcept {
  // Nothing useful can be done about a failure while tearing down.
  if (registered.resource)
    cudaGraphicsUnregisterResource(static_cast<cudaGraphicsResource_t>(registered.resource));
}

MappedGlBuffers::MappedGlBuffers(std::initializer_list<const GlBufferRegistration*> buffers,
                                 void* stream)
    : stream_(stream) {
  for (const GlBufferRegistration* b : buffers) {
    if (!b || !*b) throw Error("cannot map an unregistered GL buffer for CUDA");
    resources_.push_back(b->registered_->resource);
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
