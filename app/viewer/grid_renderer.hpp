// Draws the grid state buffer through the camera: cells, grid lines, and density when zoomed out.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "app/viewer/camera.hpp"
#include "app/viewer/colour_theme.hpp"
#include "app/viewer/gl_objects.hpp"
#include "app/viewer/grid_view.hpp"
#include "app/viewer/shader_program.hpp"

namespace gpulife::app {

class GridRenderer {
 public:
  // Compiles the shaders (throws Error with the logs when they do not build).
  GridRenderer();
  ~GridRenderer();
  GridRenderer(const GridRenderer&) = delete;
  GridRenderer& operator=(const GridRenderer&) = delete;

  // Draws into the currently bound framebuffer: an area of the camera's viewport size whose
  // bottom-left corner is at `area` (framebuffer pixels, GL's y-up), the whole of it by default.
  void draw(const GridView& view, const Camera& camera, Vec2d area = {0, 0});

  // Colours the cells by `theme` from the next draw on: the history plane comes with the view,
  // the age bytes are kept here and brought up to date whenever the state changed.
  void set_theme(ColourTheme theme);
  // Why the theme cannot be drawn for the last view (empty when it is).
  const std::string& theme_problem() const { return theme_problem_; }
  // The most cells age colouring keeps bytes for (one storage binding of 1 GiB).
  static constexpr uint64_t kMaxAgeCells = uint64_t{1} << 30;

  // GPU time of the most recent draw whose result is available (ms), pyramid build included.
  double last_gpu_ms() const { return last_gpu_ms_; }
  // GPU time of the last density pyramid build (ms), 0 if none was needed yet.
  double last_pyramid_ms() const { return last_pyramid_ms_; }
  // Waits for the pending timer queries (headless runs that want exact per-frame figures).
  void finish_timing();

  static constexpr int kBaseBlock = 16;  // must match grid_access.glsl
  static constexpr int kMaxLevels = 12;
  // The largest state buffer it can draw (bound as four 1 GiB shader storage ranges).
  static constexpr size_t kMaxStateBytes = size_t{4} << 30;
  // The most cells it fetches from a region source; beyond that it draws 16-cell blocks.
  static constexpr size_t kMaxRegionBytes = size_t{256} << 20;
  // Levels of the density pyramid of a width x height grid.
  static int pyramid_levels(int64_t width, int64_t height);

 private:
  struct Pyramid {
    int levels = 0;
    std::array<GLuint, kMaxLevels> offset{};
    std::array<GLint, 2 * kMaxLevels> dims{};
    GLuint buffer_id = 0;
    int64_t width = 0, height = 0;
    CellLayout layout = CellLayout::BitPacked;
    uint64_t version = ~uint64_t{0};
  };

  // Binds `rows` rows of the view's buffer as the shaders' grid.
  void bind_grid(const GridView& view, int64_t rows);
  void set_grid_uniforms(const ShaderProgram& program, const GridView& view) const;
  void set_pyramid_uniforms(const ShaderProgram& program, const Pyramid& pyramid) const;
  // A view with `regions`: fetches what the camera shows at the chosen mode and level (mode 1
  // becomes mode 2 at level 0 when the cells would be too many) and binds it; `origin` gets
  // the fetched data's grid position (cells, or blocks in mode 2).
  void bind_region(const GridView& view, const Camera& camera, int& mode, int& level,
                   GLint origin[2]);
  void plan_pyramid(const GridView& view);
  void build_pyramid(const GridView& view);
  void collect_timer();
  // The theme's mode for the shader (0 plain, 1 history plane, 2 age bytes), after binding the
  // planes and updating the age bytes.
  int prepare_theme(const GridView& view);
  void update_age(const GridView& view);

  ShaderProgram draw_program_;
  ShaderProgram base_program_;
  ShaderProgram reduce_program_;
  ShaderProgram age_program_;
  ColourTheme theme_ = ColourTheme::Plain;
  bool theme_changed_ = false;
  std::string theme_problem_;
  GlBuffer age_buffer_;
  GlBuffer empty_plane_;  // bound where a plane is absent
  int64_t age_width_ = 0, age_height_ = 0;
  uint64_t age_version_ = ~uint64_t{0}, age_generation_ = 0;
  GlVertexArray vao_;
  GlBuffer pyramid_buffer_;
  Pyramid pyramid_;
  Pyramid region_pyramid_;   // the one level a region source gave, at offset 0
  size_t region_pitch_ = 4;  // row pitch of the region bound last
  int rows_per_chunk_ = 1;
  GLint ssbo_alignment_ = 256;

  // Timestamps (start, after the pyramid, end) of the last two frames, read a frame late so
  // the CPU never waits for the GPU.
  std::array<std::array<GLuint, 3>, 2> timestamps_{};
  std::array<bool, 2> timer_pending_{};
  int timer_index_ = 0;
  double last_gpu_ms_ = 0;
  double last_pyramid_ms_ = 0;
};

}  // namespace gpulife::app
