// The multi-GPU engine in the viewer: its bands stay on their GPUs, and each frame the display
// GPU gathers only what the camera shows (the visible cells, or the visible level of the
// density pyramid each band keeps of itself) into one small buffer OpenGL draws. Edits go to
// the bands under the edited rows; nothing of the grid is copied to the host.
#pragma once

#if GPULIFE_HAVE_NCCL

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "app/viewer/engine_backend.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/interop_path.hpp"
#include "core/grid_recipe.hpp"
#include "gpu/band_view.hpp"
#include "gpu/interop.hpp"
#include "gpu/multi_gpu.hpp"

namespace gpulife::app {

class BandsBackend final : public EngineBackend<gpu::MultiGpuEngine>, public RegionSource {
 public:
  // Starts `engine` (a gpu::MultiGpuEngine) on a host grid, or on a recipe built on the GPUs.
  BandsBackend(std::unique_ptr<gpu::MultiGpuEngine> engine, const Grid& grid, const Rule& rule,
               const InteropChoice& path);
  BandsBackend(std::unique_ptr<gpu::MultiGpuEngine> engine, const GridRecipe& recipe,
               const Rule& rule, const InteropChoice& path, const Params& params = {});
  ~BandsBackend() override;

  void advance(uint64_t generations) override;
  GridView view() override;
  void frame_drawn() override { drawn_.place(); }
  std::string memory_description() const override;
  Grid state(uint64_t* engine_generation = nullptr) override;
  void with_engine(const std::function<void(Engine&)>& fn) override;
  void edit_engine(const std::function<Box(Engine&)>& fn) override;
  void set_params(const Params& params) override;
  void set_rule(const Rule& rule) override { engine_->set_rule(rule); }
  std::optional<Box> live_bounds() override { return engine_->live_bounds(); }
  // The bands count their population only: births, deaths and the shape hash are not kept, and
  // there is no history plane (the graph shows the population, themes draw plain).
  void set_stats_request(const StatsRequest&) override {}
  void set_history(bool, const Grid* = nullptr) override {}
  bool history_on() const override { return false; }
  Grid history() override { return Grid(); }

  RegionData fetch(const RegionRequest& request) override;

 private:
  void start();
  void refresh_population(bool force);
  // Room for `bytes` in the GL buffer the regions go to (GL must be done with it).
  void reserve(size_t bytes);
  void* map_region();
  void unmap_region();

  InteropChoice path_;
  int display_device_ = 0;
  std::unique_ptr<gpu::BandView> band_view_;
  // The region buffer: CUDA memory GL imports, or a GL buffer CUDA maps (see interop_path.hpp).
  gpu::SharedGlBuffer shared_;
  GlBuffer buffer_;
  gpu::GlBufferRegistration registration_;
  std::optional<gpu::MappedGlBuffers> mapped_;
  size_t region_bytes_ = 0;
  GlFence drawn_;  // placed after the last draw that read the region buffer
  // What the buffer holds now, so a still camera over a paused grid costs nothing.
  std::optional<RegionRequest> held_;
  uint64_t held_version_ = 0;
  RegionData held_data_;
  uint64_t version_ = 1;
  std::chrono::steady_clock::time_point last_population_;
  double population_period_s_ = 0.25;
};

// The backend of a banded engine (see is_banded_engine) on a host grid, or on a recipe built
// on the GPUs (with the engine's `params` set before it is built); throws Error when `engine`
// is not banded.
std::unique_ptr<SimBackend> make_bands_backend(const std::string& engine, const Grid& grid,
                                               const Rule& rule, const InteropChoice& path);
std::unique_ptr<SimBackend> make_bands_backend(const std::string& engine, const GridRecipe& recipe,
                                               const Rule& rule, const InteropChoice& path,
                                               const Params& params = {});

}  // namespace gpulife::app

#endif  // GPULIFE_HAVE_NCCL
