// Move-only RAII owners of OpenGL objects (buffers, vertex arrays, fences) used by the renderer.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <utility>

namespace gpulife::app {

// An immutable-storage buffer (glNamedBufferStorage), so it can be registered with CUDA once.
class GlBuffer {
 public:
  GlBuffer() = default;
  GlBuffer(size_t bytes, GLbitfield flags, const void* data = nullptr) : bytes_(bytes) {
    glCreateBuffers(1, &id_);
    glNamedBufferStorage(id_, GLsizeiptr(bytes), data, flags);
  }
  ~GlBuffer() { reset(); }
  GlBuffer(GlBuffer&& o) noexcept : id_(std::exchange(o.id_, 0)), bytes_(o.bytes_) {}
  GlBuffer& operator=(GlBuffer&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, 0);
      bytes_ = o.bytes_;
    }
    return *this;
  }
  GlBuffer(const GlBuffer&) = delete;
  GlBuffer& operator=(const GlBuffer&) = delete;

  void reset() {
    if (id_) glDeleteBuffers(1, &id_);
    id_ = 0;
    bytes_ = 0;
  }
  GLuint id() const { return id_; }
  size_t bytes() const { return bytes_; }
  explicit operator bool() const { return id_ != 0; }

 private:
  GLuint id_ = 0;
  size_t bytes_ = 0;
};

class GlVertexArray {
 public:
  GlVertexArray() { glCreateVertexArrays(1, &id_); }
  ~GlVertexArray() {
    if (id_) glDeleteVertexArrays(1, &id_);
  }
  GlVertexArray(const GlVertexArray&) = delete;
  GlVertexArray& operator=(const GlVertexArray&) = delete;
  GLuint id() const { return id_; }

 private:
  GLuint id_ = 0;
};

// A fence in GL's command stream, for CPU-side waits on GL work (interop with CUDA).
class GlFence {
 public:
  GlFence() = default;
  ~GlFence() { clear(); }
  GlFence(const GlFence&) = delete;
  GlFence& operator=(const GlFence&) = delete;

  // Marks the commands issued so far; replaces a fence not yet waited for.
  void place() {
    clear();
    sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  }
  // Blocks until the marked commands (all commands so far, when none were marked) completed.
  void wait() {
    if (!sync_) place();
    while (glClientWaitSync(sync_, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000) == GL_TIMEOUT_EXPIRED) {
    }
    clear();
  }

 private:
  void clear() {
    if (sync_) glDeleteSync(sync_);
    sync_ = nullptr;
  }
  GLsync sync_ = nullptr;
};

// An RGBA8 colour render target (headless rendering, screenshots).
class GlFramebuffer {
 public:
  GlFramebuffer(int width, int height) : width_(width), height_(height) {
    glCreateRenderbuffers(1, &color_);
    glNamedRenderbufferStorage(color_, GL_RGBA8, width, height);
    glCreateFramebuffers(1, &fbo_);
    glNamedFramebufferRenderbuffer(fbo_, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  }
  ~GlFramebuffer() {
    glDeleteFramebuffers(1, &fbo_);
    glDeleteRenderbuffers(1, &color_);
  }
  GlFramebuffer(const GlFramebuffer&) = delete;
  GlFramebuffer& operator=(const GlFramebuffer&) = delete;
  GLuint id() const { return fbo_; }
  bool complete() const {
    return glCheckNamedFramebufferStatus(fbo_, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  GLuint fbo_ = 0, color_ = 0;
  int width_, height_;
};

}  // namespace gpulife::app
