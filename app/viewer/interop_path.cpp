// The choice between the shared-memory path and the registered-buffer fallback.
#include "app/viewer/interop_path.hpp"

#include "core/error.hpp"

namespace gpulife::app {

InteropRequest parse_interop_request(std::string_view text) {
  if (text == "auto") return InteropRequest::Auto;
  if (text == "shared") return InteropRequest::Shared;
  if (text == "registered") return InteropRequest::Registered;
  throw Error("--interop is auto, shared or registered, not \"" + std::string(text) + "\"");
}

InteropChoice choose_interop_path(InteropRequest request, const std::string& shared_unavailable) {
  switch (request) {
    case InteropRequest::Registered:
      return {InteropPath::Registered, "asked for with --interop registered"};
    case InteropRequest::Shared:
      if (!shared_unavailable.empty())
        throw Error("--interop shared cannot be used here: " + shared_unavailable);
      return {InteropPath::Shared, ""};
    case InteropRequest::Auto:
      break;
  }
  if (shared_unavailable.empty()) return {InteropPath::Shared, ""};
  return {InteropPath::Registered, shared_unavailable};
}

std::string describe(const InteropChoice& choice) {
  if (choice.path == InteropPath::Shared) return "CUDA memory shared with OpenGL (nothing copied)";
  return "GL buffers registered with CUDA, mapped per step (fallback: " + choice.why + ")";
}

}  // namespace gpulife::app
