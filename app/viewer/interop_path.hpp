// Which memory the viewer's GPU engines step in: CUDA-owned memory that GL imports, or GL
// buffers registered with CUDA (the fallback). Plain C++, so the choice is tested without a GPU.
#pragma once

#include <string>
#include <string_view>

namespace gpulife::app {

enum class InteropPath {
  Shared,      // CUDA VMM memory exported to GL (GL_EXT_memory_object_fd): full kernel speed
  Registered,  // GL buffers registered with CUDA and mapped around each step
};

// What the user asked for with --interop.
enum class InteropRequest { Auto, Shared, Registered };
// Parses "auto", "shared" or "registered"; throws Error naming the text otherwise.
InteropRequest parse_interop_request(std::string_view text);

struct InteropChoice {
  InteropPath path = InteropPath::Shared;
  std::string why;  // why the fallback is in use (empty on the shared path)
};

// `shared_unavailable` is why the shared path cannot run in this context (empty when it can).
// Auto takes the shared path when it can and says why not otherwise; Registered is taken as
// asked; Shared throws Error with the reason when it cannot run.
InteropChoice choose_interop_path(InteropRequest request, const std::string& shared_unavailable);

// One line for the panel and logs, e.g. "CUDA memory shared with OpenGL (nothing copied)".
std::string describe(const InteropChoice& choice);

}  // namespace gpulife::app
