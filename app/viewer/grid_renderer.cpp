// The grid renderer: SSBO range binding for large buffers, the density pyramid, GPU timing.
#include "app/viewer/grid_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"

namespace gpulife::app {

// GridView names GL buffers as uint32_t so that its header needs no GL.
static_assert(sizeof(GLuint) == sizeof(uint32_t));
namespace {

// One binding covers less than 2 GiB; ranges of at most 1 GiB keep offsets aligned and simple.
constexpr size_t kMaxChunkBytes = size_t{1} << 30;
constexpr int kChunkBindings = 4;
static_assert(GridRenderer::kMaxStateBytes == kChunkBindings * kMaxChunkBytes);
constexpr GLuint kDensityBinding = 4;
constexpr GLuint kHistoryBinding = 5;  // planes.glsl
constexpr GLuint kAgeBinding = 6;

std::vector<ShaderStage> compute_stage(const char* file) {
  return {{GL_COMPUTE_SHADER, {"grid_header.glsl", "grid_access.glsl", file}}};
}

}  // namespace

GridRenderer::GridRenderer()
    : draw_program_({{GL_VERTEX_SHADER, {"fullscreen.vert"}},
                     {GL_FRAGMENT_SHADER,
                      {"grid_header.glsl", "grid_access.glsl", "planes.glsl", "grid.frag"}}}),
      base_program_(compute_stage("density_base.comp")),
      reduce_program_(compute_stage("density_reduce.comp")),
      age_program_({{GL_COMPUTE_SHADER,
                     {"grid_header.glsl", "grid_access.glsl", "planes.glsl", "age_update.comp"}}}),
      empty_plane_(16, GL_DYNAMIC_STORAGE_BIT),
      pyramid_buffer_(16, GL_DYNAMIC_STORAGE_BIT) {
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &ssbo_alignment_);
  for (auto& frame : timestamps_) glGenQueries(3, frame.data());
}

GridRenderer::~GridRenderer() {
  for (auto& frame : timestamps_) glDeleteQueries(3, frame.data());
}

void GridRenderer::bind_grid(const GridView& view, int64_t height) {
  const size_t pitch = view.row_pitch_bytes;
  if (pitch == 0 || pitch % 4 != 0)
    throw Error("cannot draw a grid whose row pitch (" + std::to_string(pitch) +
                " bytes) is not a multiple of 4");
  const size_t grid_bytes = pitch * size_t(height);
  if (view.offset_bytes + grid_bytes > view.buffer_bytes)
    throw Error("grid buffer too small to draw: " + std::to_string(view.buffer_bytes) +
                " bytes for " + std::to_string(grid_bytes));
  int64_t rows = height;
  if (grid_bytes > kMaxChunkBytes) {
    rows = int64_t(kMaxChunkBytes / pitch) / 256 * 256;
    if (rows == 0) rows = int64_t(kMaxChunkBytes / pitch);
  }
  const int64_t chunks = (height + rows - 1) / rows;
  if (chunks > kChunkBindings)
    throw Error("grid of " + std::to_string(grid_bytes >> 20) +
                " MiB is too large to draw (at most " +
                std::to_string(kChunkBindings * (kMaxChunkBytes >> 20)) + " MiB per state)");
  rows_per_chunk_ = int(rows);
  for (int c = 0; c < kChunkBindings; ++c) {
    const int64_t chunk = std::min<int64_t>(c, chunks - 1);
    const size_t offset = view.offset_bytes + size_t(chunk) * size_t(rows) * pitch;
    if (offset % size_t(ssbo_alignment_) != 0)
      throw Error("grid range offset " + std::to_string(offset) +
                  " breaks the GL storage-buffer alignment of " + std::to_string(ssbo_alignment_));
    const int64_t chunk_rows = std::min<int64_t>(rows, height - chunk * rows);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, GLuint(c), view.buffer, GLintptr(offset),
                      GLsizeiptr(size_t(chunk_rows) * pitch));
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDensityBinding, pyramid_buffer_.id());
}

void GridRenderer::set_grid_uniforms(const ShaderProgram& p, const GridView& view) const {
  glProgramUniform2i(p.id(), p.uniform("u_grid_size"), GLint(view.width), GLint(view.height));
  glProgramUniform1ui(p.id(), p.uniform("u_pitch_words"), GLuint(view.row_pitch_bytes / 4));
  glProgramUniform1i(p.id(), p.uniform("u_layout"), view.layout == CellLayout::BitPacked ? 0 : 1);
  glProgramUniform1i(p.id(), p.uniform("u_rows_per_chunk"), rows_per_chunk_);
  glProgramUniform1i(p.id(), p.uniform("u_inverted"), view.inverted ? 1 : 0);
}

void GridRenderer::set_pyramid_uniforms(const ShaderProgram& p, const Pyramid& pyramid) const {
  glProgramUniform1uiv(p.id(), p.uniform("u_pyr_offset"), kMaxLevels, pyramid.offset.data());
  glProgramUniform2iv(p.id(), p.uniform("u_pyr_dims"), kMaxLevels, pyramid.dims.data());
}

int GridRenderer::pyramid_levels(int64_t width, int64_t height) {
  int64_t w = (width + kBaseBlock - 1) / kBaseBlock, h = (height + kBaseBlock - 1) / kBaseBlock;
  int levels = 1;
  // As plan_pyramid stops: at a few blocks, or at blocks of 2^15 cells (32-bit counts).
  while (levels < kMaxLevels && !(w <= 4 && h <= 4) &&
         (int64_t{kBaseBlock} << (levels - 1)) < (int64_t{1} << 15)) {
    w = (w + 1) / 2;
    h = (h + 1) / 2;
    ++levels;
  }
  return levels;
}

void GridRenderer::bind_region(const GridView& view, const Camera& camera, int& mode, int& level,
                               GLint origin[2]) {
  const Vec2d vp = camera.viewport();
  const Vec2d a = camera.screen_to_cell({0, 0}), b = camera.screen_to_cell({vp.x, vp.y});
  // The cells any pixel may read, with a unit to spare on each side, clipped to the grid.
  auto span = [](double lo, double hi, int64_t unit, int64_t limit) {
    const double l =
        std::clamp(std::floor(std::min(lo, hi) / double(unit)) - 2, 0.0, double(limit));
    const double h = std::clamp(std::ceil(std::max(lo, hi) / double(unit)) + 2, 0.0, double(limit));
    return std::pair<int64_t, int64_t>{int64_t(l), int64_t(h)};
  };
  RegionRequest r;
  if (mode < 2) {
    auto [x0, x1] = span(a.x, b.x, 1, view.width);
    auto [y0, y1] = span(a.y, b.y, 1, view.height);
    x0 = x0 / 64 * 64;
    x1 = std::min(view.width, (x1 + 63) / 64 * 64);
    const double bytes = double((x1 - x0 + 63) / 64) * 8.0 * double(y1 - y0);
    if (bytes <= double(kMaxRegionBytes))
      r = RegionRequest{-1, x0, y0, x1, y1};
    else
      mode = 2;
  }
  if (mode == 2) {
    const int64_t unit = int64_t{kBaseBlock} << level;
    const auto [x0, x1] = span(a.x, b.x, unit, (view.width + unit - 1) / unit);
    const auto [y0, y1] = span(a.y, b.y, unit, (view.height + unit - 1) / unit);
    r = RegionRequest{level, x0, y0, x1, y1};
  }
  RegionData d;
  if (r.x1 > r.x0 && r.y1 > r.y0) d = view.regions->fetch(r);
  origin[0] = GLint(d.x0);
  origin[1] = GLint(d.y0);
  GridView bound = view;
  bound.buffer = d.buffer;
  bound.buffer_bytes = d.buffer_bytes;
  bound.offset_bytes = 0;
  bound.row_pitch_bytes = mode == 2 ? size_t(4) : d.row_pitch_bytes;
  if (d.buffer == 0) {
    // Nothing of the grid is in view: bind something valid; no pixel reads it.
    bound.buffer = pyramid_buffer_.id();
    bound.buffer_bytes = 16;
    bound.row_pitch_bytes = 4;
    region_pitch_ = 4;
    bind_grid(bound, 1);
    return;
  }
  region_pitch_ = bound.row_pitch_bytes;
  bind_grid(bound, mode == 2 ? int64_t(d.buffer_bytes / 4) : d.height);
  if (mode == 2) {
    region_pyramid_.offset.fill(0);
    region_pyramid_.dims.fill(0);
    region_pyramid_.dims[2 * level] = GLint(d.width);
    region_pyramid_.dims[2 * level + 1] = GLint(d.height);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDensityBinding, d.buffer);
  }
}

void GridRenderer::plan_pyramid(const GridView& view) {
  if (pyramid_.width == view.width && pyramid_.height == view.height && pyramid_.levels > 0) return;
  Pyramid p;
  p.width = view.width;
  p.height = view.height;
  int64_t w = (view.width + kBaseBlock - 1) / kBaseBlock;
  int64_t h = (view.height + kBaseBlock - 1) / kBaseBlock;
  size_t total = 0;
  // Counts fit 32 bits up to blocks of 2^15 x 2^15 cells; stop there or at a few blocks.
  for (int l = 0; l < kMaxLevels; ++l) {
    p.offset[l] = GLuint(total);
    p.dims[2 * l] = GLint(w);
    p.dims[2 * l + 1] = GLint(h);
    total += size_t(w) * size_t(h);
    p.levels = l + 1;
    if ((w <= 4 && h <= 4) || (int64_t{kBaseBlock} << l) >= (int64_t{1} << 15)) break;
    w = (w + 1) / 2;
    h = (h + 1) / 2;
  }
  pyramid_buffer_ = GlBuffer(std::max<size_t>(total * 4, 16), 0);
  p.version = ~uint64_t{0};
  pyramid_ = p;
}

void GridRenderer::build_pyramid(const GridView& view) {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDensityBinding, pyramid_buffer_.id());
  base_program_.use();
  set_grid_uniforms(base_program_, view);
  set_pyramid_uniforms(base_program_, pyramid_);
  // One invocation per word column (two blocks) bit-packed, per block byte-per-cell; see
  // density_base.comp.
  const int units =
      view.layout == CellLayout::BitPacked ? (pyramid_.dims[0] + 1) / 2 : pyramid_.dims[0];
  const GLuint rows = GLuint(pyramid_.dims[1]), per_layer = std::min<GLuint>(rows, 65535);
  glDispatchCompute(GLuint((units + 63) / 64), per_layer, (rows + per_layer - 1) / per_layer);
  reduce_program_.use();
  set_grid_uniforms(reduce_program_, view);
  set_pyramid_uniforms(reduce_program_, pyramid_);
  for (int l = 1; l < pyramid_.levels; ++l) {
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glProgramUniform1i(reduce_program_.id(), reduce_program_.uniform("u_level"), l);
    glDispatchCompute(GLuint((pyramid_.dims[2 * l] + 7) / 8),
                      GLuint((pyramid_.dims[2 * l + 1] + 7) / 8), 1);
  }
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  pyramid_.version = view.version;
  pyramid_.buffer_id = view.buffer;
  pyramid_.layout = view.layout;
}

void GridRenderer::collect_timer() {
  const int i = timer_index_;
  if (!timer_pending_[i]) return;
  GLint ready = 0;
  glGetQueryObjectiv(timestamps_[i][2], GL_QUERY_RESULT_AVAILABLE, &ready);
  if (!ready) return;
  GLuint64 t[3];
  for (int k = 0; k < 3; ++k) glGetQueryObjectui64v(timestamps_[i][k], GL_QUERY_RESULT, &t[k]);
  last_gpu_ms_ = double(t[2] - t[0]) * 1e-6;
  if (t[1] > t[0]) last_pyramid_ms_ = double(t[1] - t[0]) * 1e-6;
  timer_pending_[i] = false;
}

void GridRenderer::finish_timing() {
  for (int k = 0; k < 2; ++k) {
    timer_index_ ^= 1;
    if (!timer_pending_[timer_index_]) continue;
    GLuint64 dummy;
    glGetQueryObjectui64v(timestamps_[timer_index_][2], GL_QUERY_RESULT, &dummy);
    collect_timer();
  }
}

void GridRenderer::set_theme(ColourTheme theme) {
  if (theme == theme_) return;
  theme_ = theme;
  theme_changed_ = true;
}

void GridRenderer::update_age(const GridView& view) {
  const size_t pitch_words = size_t((view.width + 3) / 4);
  const bool fresh = !age_buffer_ || age_width_ != view.width || age_height_ != view.height;
  if (fresh) {
    age_buffer_ = GlBuffer(std::max<size_t>(pitch_words * 4 * size_t(view.height), 16), 0);
    age_width_ = view.width;
    age_height_ = view.height;
  }
  // Going back in time (undo, a reset) or a new theme starts the ages over.
  const bool reset = fresh || theme_changed_ || view.generation < age_generation_;
  // A still life leaves the buffer alone but grows older all the same.
  if (!reset && view.version == age_version_ && view.generation == age_generation_) return;
  const ShaderProgram& p = age_program_;
  p.use();
  set_grid_uniforms(p, view);
  glProgramUniform1ui(p.id(), p.uniform("u_age_pitch_words"), GLuint(pitch_words));
  glProgramUniform1ui(
      p.id(), p.uniform("u_gens"),
      GLuint(std::min<uint64_t>(reset ? 0 : view.generation - age_generation_, 255)));
  glProgramUniform1i(p.id(), p.uniform("u_reset"), reset ? 1 : 0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAgeBinding, age_buffer_.id());
  const GLuint rows = GLuint(view.height), per_layer = std::min<GLuint>(rows, 65535);
  glDispatchCompute(GLuint((pitch_words + 63) / 64), per_layer, (rows + per_layer - 1) / per_layer);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  age_version_ = view.version;
  age_generation_ = view.generation;
  theme_changed_ = false;
}

int GridRenderer::prepare_theme(const GridView& view) {
  const ThemeColours c = theme_colours(theme_);
  const ShaderProgram& p = draw_program_;
  auto colour = [&](const char* name, const std::array<float, 3>& v) {
    glProgramUniform3f(p.id(), p.uniform(name), v[0], v[1], v[2]);
  };
  colour("u_born", c.born);
  colour("u_alive", c.alive);
  colour("u_died", c.died);
  colour("u_dead", c.dead);
  colour("u_never", c.never);
  glProgramUniform1f(p.id(), p.uniform("u_age_ramp"), float(kAgeRamp));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kHistoryBinding, empty_plane_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAgeBinding, empty_plane_.id());
  theme_problem_.clear();
  if (view.regions && (c.history_plane || c.age_plane)) {
    theme_problem_ = "a grid held in bands on several GPUs is drawn plain";
    return 0;
  }
  if (c.history_plane) {
    if (view.history_buffer == 0) {
      theme_problem_ = "no history plane for this grid";
      return 0;
    }
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kHistoryBinding, view.history_buffer, 0,
                      GLsizeiptr(view.history_pitch_bytes * size_t(view.height)));
    glProgramUniform1ui(p.id(), p.uniform("u_history_pitch_words"),
                        GLuint(view.history_pitch_bytes / 4));
    return 1;
  }
  if (c.age_plane) {
    if (uint64_t(view.width) * uint64_t(view.height) > kMaxAgeCells) {
      theme_problem_ = "age colouring keeps a byte per cell, for grids of up to 2^30 cells";
      return 0;
    }
    update_age(view);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kAgeBinding, age_buffer_.id());
    glProgramUniform1ui(p.id(), p.uniform("u_age_pitch_words"), GLuint((view.width + 3) / 4));
    return 2;
  }
  return 0;
}

void GridRenderer::draw(const GridView& view, const Camera& camera, Vec2d area) {
  timer_index_ ^= 1;
  collect_timer();  // the query issued two frames ago
  glQueryCounter(timestamps_[timer_index_][0], GL_TIMESTAMP);

  const Vec2d vp = camera.viewport();
  glViewport(GLint(area.x), GLint(area.y), GLsizei(vp.x), GLsizei(vp.y));
  if ((view.buffer == 0 && !view.regions) || view.width <= 0 || view.height <= 0) {
    glEnable(GL_SCISSOR_TEST);
    glScissor(GLint(area.x), GLint(area.y), GLsizei(vp.x), GLsizei(vp.y));
    glClearColor(0.085f, 0.09f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glQueryCounter(timestamps_[timer_index_][1], GL_TIMESTAMP);
    glQueryCounter(timestamps_[timer_index_][2], GL_TIMESTAMP);
    timer_pending_[timer_index_] = true;
    return;
  }

  const double cells_per_px = 1.0 / camera.zoom();
  int mode = 0;
  int level = 0;
  if (cells_per_px > 1.0) mode = 1;
  // Counting cells directly costs up to (cells per pixel)^2 reads per pixel; from one base
  // block per pixel on, the pyramid is cheaper (on the H200 at 65536^2, byte layout: 15 ms
  // counting at 25 cells per pixel, 2.4 ms from the pyramid at 40).
  if (cells_per_px >= double(kBaseBlock)) {
    // Coarsest level whose blocks are no larger than a pixel's footprint: each pixel then owns
    // 1..4 blocks per axis, every block belongs to exactly one pixel.
    mode = 2;
    int levels = 0;
    if (view.regions) {
      levels = pyramid_levels(view.width, view.height);  // the source keeps the pyramid
    } else {
      plan_pyramid(view);
      levels = pyramid_.levels;
    }
    while (level + 1 < levels && (double(kBaseBlock) * (2 << level)) <= cells_per_px) ++level;
  }
  GLint region_origin[2] = {0, 0};
  const Pyramid* pyramid = &pyramid_;
  if (view.regions) {
    bind_region(view, camera, mode, level, region_origin);
    pyramid = &region_pyramid_;
  } else {
    bind_grid(view, view.height);
    if (mode == 2) {
      if (pyramid_.version != view.version || pyramid_.buffer_id != view.buffer ||
          pyramid_.layout != view.layout) {
        build_pyramid(view);
      }
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDensityBinding, pyramid_buffer_.id());
    }
  }
  glQueryCounter(timestamps_[timer_index_][1], GL_TIMESTAMP);

  const Vec2d origin = camera.screen_to_cell({0, 0});
  // Far off the grid the exact origin no longer matters; keep it inside int range.
  const double ox = std::clamp(std::floor(origin.x), -1e9, 1e9);
  const double oy = std::clamp(std::floor(origin.y), -1e9, 1e9);
  const int theme_mode = prepare_theme(view);
  const ShaderProgram& p = draw_program_;
  p.use();
  set_grid_uniforms(p, view);
  if (view.regions)
    glProgramUniform1ui(p.id(), p.uniform("u_pitch_words"), GLuint(region_pitch_ / 4));
  set_pyramid_uniforms(p, *pyramid);
  glProgramUniform2i(p.id(), p.uniform("u_region_origin"), region_origin[0], region_origin[1]);
  glProgramUniform1i(p.id(), p.uniform("u_theme_mode"), theme_mode);
  glProgramUniform2f(p.id(), p.uniform("u_viewport"), float(vp.x), float(vp.y));
  glProgramUniform2f(p.id(), p.uniform("u_area_origin"), float(area.x), float(area.y));
  glProgramUniform2i(p.id(), p.uniform("u_origin_int"), GLint(ox), GLint(oy));
  glProgramUniform2f(p.id(), p.uniform("u_origin_frac"), float(origin.x - ox),
                     float(origin.y - oy));
  glProgramUniform1f(p.id(), p.uniform("u_cells_per_px"), float(cells_per_px));
  glProgramUniform1i(p.id(), p.uniform("u_mode"), mode);
  glProgramUniform1i(p.id(), p.uniform("u_pyr_level"), level);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glQueryCounter(timestamps_[timer_index_][2], GL_TIMESTAMP);
  timer_pending_[timer_index_] = true;
}

}  // namespace gpulife::app
