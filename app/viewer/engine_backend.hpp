// The part of a backend that owns its engine and calls it on the viewer's thread (the GPU
// backends): what the engine says of itself is the backend's answer as it stands.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "app/viewer/sim_backend.hpp"

namespace gpulife::app {

// `EngineType` is the engine class the backend drives (its own calls need more than Engine's).
template <typename EngineType>
class EngineBackend : public SimBackend {
 public:
  const EngineInfo& info() const override { return engine_->info(); }
  BackendFigures figures() override { return figures_; }
  std::vector<ParamInfo> param_info() override { return engine_->param_info(); }
  Params params() override { return engine_->params(); }
  double bytes_per_generation() override { return engine_->bytes_per_generation(); }

 protected:
  explicit EngineBackend(std::unique_ptr<EngineType> engine) : engine_(std::move(engine)) {}

  // Made first and destroyed last: everything the derived backend holds (buffers lent to the
  // engine, registrations) goes before it.
  std::unique_ptr<EngineType> engine_;
  BackendFigures figures_;  // kept up to date by the derived backend's steps
};

}  // namespace gpulife::app
