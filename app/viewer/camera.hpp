// The viewer's 2-D camera: cell <-> framebuffer-pixel mapping, zoom around a point, fit, smooth
// animation. Plain C++ (no GL, no glm) so its math is unit-tested without a window.
#pragma once

#include <algorithm>
#include <cmath>

namespace gpulife::app {

struct Vec2d {
  double x = 0;
  double y = 0;
};

// A rectangle in cell coordinates: [x0, x1) x [y0, y1).
struct CellRect {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// Cell (x, y) covers [x, x+1) x [y, y+1) in cell space; y grows downwards, as on screen. The
// camera maps cell space to framebuffer pixels (origin top-left): zoom = pixels per cell.
class Camera {
 public:
  // Far enough out to see a 2^31-cell side on a small window; close enough for a cell to fill
  // most of a 4K screen.
  static constexpr double kMinZoom = 1.0 / (1 << 24);
  static constexpr double kMaxZoom = 512.0;

  void set_viewport(double width_px, double height_px) {
    viewport_ = {std::max(1.0, width_px), std::max(1.0, height_px)};
  }
  Vec2d viewport() const { return viewport_; }

  Vec2d center() const { return center_; }
  double zoom() const { return zoom_; }
  // Jumps (no animation) to a view.
  void set_view(Vec2d center, double zoom) {
    center_ = center;
    zoom_ = clamp_zoom(zoom);
    anim_ = Anim::None;
  }

  Vec2d screen_to_cell(Vec2d px) const {
    return {center_.x + (px.x - viewport_.x * 0.5) / zoom_,
            center_.y + (px.y - viewport_.y * 0.5) / zoom_};
  }
  Vec2d cell_to_screen(Vec2d cell) const {
    return {(cell.x - center_.x) * zoom_ + viewport_.x * 0.5,
            (cell.y - center_.y) * zoom_ + viewport_.y * 0.5};
  }
  // Cell space covered by the viewport.
  CellRect visible() const {
    const Vec2d a = screen_to_cell({0, 0});
    const Vec2d b = screen_to_cell(viewport_);
    return {a.x, a.y, b.x, b.y};
  }

  // Zooms by `factor` at once, keeping the cell under `px` under `px`.
  void zoom_at(Vec2d px, double factor) {
    const Vec2d anchor = screen_to_cell(px);
    zoom_ = clamp_zoom(zoom_ * factor);
    place_anchor(anchor, px);
    anim_ = Anim::None;
  }
  // Moves the picture by `delta` pixels (dragging it).
  void pan_pixels(Vec2d delta) {
    center_.x -= delta.x / zoom_;
    center_.y -= delta.y / zoom_;
    if (anim_ == Anim::Free) target_center_ = center_;
    if (anim_ == Anim::Anchor) anchor_cell_ = screen_to_cell(anchor_px_);
  }

  // The view showing `rect` whole and centred with `margin` (a fraction of the viewport) left
  // on each side; zoom is capped at `max_zoom` so a tiny pattern is not blown up absurdly.
  void fit_view(const CellRect& rect, double margin, double max_zoom, Vec2d& center,
                double& zoom) const {
    const double w = std::max(rect.x1 - rect.x0, 1e-9);
    const double h = std::max(rect.y1 - rect.y0, 1e-9);
    const double usable = std::max(0.05, 1.0 - 2.0 * margin);
    zoom = clamp_zoom(std::min({viewport_.x * usable / w, viewport_.y * usable / h, max_zoom}));
    center = {(rect.x0 + rect.x1) * 0.5, (rect.y0 + rect.y1) * 0.5};
  }
  void fit(const CellRect& rect, double margin = 0.05, double max_zoom = 32.0,
           bool animate = false) {
    Vec2d c;
    double z;
    fit_view(rect, margin, max_zoom, c, z);
    if (animate) {
      animate_to(c, z);
    } else {
      set_view(c, z);
    }
  }

  // Like fit(), but centres `rect` in the screen area [area_min, area_max) (e.g. the part of
  // the window a side panel leaves free).
  void fit_in(const CellRect& rect, Vec2d area_min, Vec2d area_max, double margin, double max_zoom,
              bool animate) {
    Camera sub = *this;
    sub.set_viewport(area_max.x - area_min.x, area_max.y - area_min.y);
    Vec2d c;
    double z;
    sub.fit_view(rect, margin, max_zoom, c, z);
    // Shift the centre so the rectangle's centre lands on the area's centre.
    c.x -= ((area_min.x + area_max.x) * 0.5 - viewport_.x * 0.5) / z;
    c.y -= ((area_min.y + area_max.y) * 0.5 - viewport_.y * 0.5) / z;
    if (animate) {
      animate_to(c, z);
    } else {
      set_view(c, z);
    }
  }

  // Smooth zoom: the target zoom is multiplied by `factor` and reached over a few frames while
  // the cell under `px` stays under `px`.
  void animate_zoom_at(Vec2d px, double factor) {
    const double base = anim_ == Anim::None ? zoom_ : target_zoom_;
    if (anim_ != Anim::Anchor) {
      anchor_px_ = px;
      anchor_cell_ = screen_to_cell(px);
    } else if (px.x != anchor_px_.x || px.y != anchor_px_.y) {
      anchor_px_ = px;
      anchor_cell_ = screen_to_cell(px);
    }
    target_zoom_ = clamp_zoom(base * factor);
    anim_ = Anim::Anchor;
  }
  // Smooth move to a view (Home, F).
  void animate_to(Vec2d center, double zoom) {
    target_center_ = center;
    target_zoom_ = clamp_zoom(zoom);
    anim_ = Anim::Free;
  }
  bool animating() const { return anim_ != Anim::None; }
  double target_zoom() const { return anim_ == Anim::None ? zoom_ : target_zoom_; }

  // Advances the animation by `dt` seconds (exponential approach, ~90% in 0.12 s).
  void update(double dt) {
    if (anim_ == Anim::None) return;
    const double k = 1.0 - std::exp(-dt / 0.055);
    const double lz = std::log(zoom_) + (std::log(target_zoom_) - std::log(zoom_)) * k;
    zoom_ = clamp_zoom(std::exp(lz));
    const bool zoom_done = std::abs(std::log(zoom_ / target_zoom_)) < 1e-3;
    if (anim_ == Anim::Anchor) {
      if (zoom_done) zoom_ = target_zoom_;
      place_anchor(anchor_cell_, anchor_px_);
      if (zoom_done) anim_ = Anim::None;
      return;
    }
    center_.x += (target_center_.x - center_.x) * k;
    center_.y += (target_center_.y - center_.y) * k;
    const double dist_px =
        std::hypot(target_center_.x - center_.x, target_center_.y - center_.y) * zoom_;
    if (zoom_done && dist_px < 0.25) set_view(target_center_, target_zoom_);
  }

  static double clamp_zoom(double z) { return std::clamp(z, kMinZoom, kMaxZoom); }

 private:
  enum class Anim { None, Anchor, Free };

  void place_anchor(Vec2d cell, Vec2d px) {
    center_.x = cell.x - (px.x - viewport_.x * 0.5) / zoom_;
    center_.y = cell.y - (px.y - viewport_.y * 0.5) / zoom_;
  }

  Vec2d viewport_{1280, 800};
  Vec2d center_{0, 0};
  double zoom_ = 1.0;

  Anim anim_ = Anim::None;
  Vec2d target_center_;
  double target_zoom_ = 1.0;
  Vec2d anchor_px_;
  Vec2d anchor_cell_;
};

}  // namespace gpulife::app
