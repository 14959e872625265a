// Following a pattern with the camera: Track moves the view a set number of cells every so many
// generations (LifeViewer's TRACK; "move the view X cells every Z generations"), Autofit keeps
// the live cells in view as they grow or move (LifeViewer's AUTOFIT). Plain C++ over the camera,
// tested without a window. A pan by the user hands the view back to them (Golly does the same).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "app/viewer/camera.hpp"
#include "core/pattern.hpp"

namespace gpulife::app {

enum class FollowMode { Off, Track, Autofit };

// (dx, dy) cells every `generations` generations; x right, y down.
struct TrackSpeed {
  int64_t dx = 0;
  int64_t dy = 0;
  uint64_t generations = 1;
  bool operator==(const TrackSpeed&) const = default;
};

class Follow {
 public:
  FollowMode mode() const { return mode_; }
  const TrackSpeed& speed() const { return speed_; }

  // Starts tracking at `generation`: from then on the view moves with the given speed.
  void track(const TrackSpeed& speed, uint64_t generation) {
    mode_ = FollowMode::Track;
    speed_ = speed;
    if (speed_.generations == 0) speed_.generations = 1;
    anchor_generation_ = generation;
    last_generation_ = generation;
  }
  void autofit() {
    mode_ = FollowMode::Autofit;
    placed_ = false;
  }
  void stop() { mode_ = FollowMode::Off; }

  // How far Track has moved the view from where it started, at `generation` (negative before
  // the start: undo moves it back).
  Vec2d track_offset(uint64_t generation) const {
    const double g = double(int64_t(generation - anchor_generation_));
    const double per = double(speed_.generations);
    return {g * double(speed_.dx) / per, g * double(speed_.dy) / per};
  }

  // Once a frame, before drawing. Track moves the view by what the generations since the last
  // frame call for, as a pan, so the user's own panning and (smooth) zooming go on on top of it.
  // Autofit fits `live` (the live cells' bounding box; empty when unknown or none) into the
  // screen area [area_min, area_max) left free by the panel; a pan or zoom by the user since the
  // last frame stops it, and then apply() returns false.
  bool apply(Camera& camera, uint64_t generation, const Box& live, Vec2d area_min, Vec2d area_max,
             double dt, double max_zoom) {
    if (mode_ == FollowMode::Track) {
      const Vec2d a = track_offset(last_generation_), b = track_offset(generation);
      last_generation_ = generation;
      camera.pan_pixels({-(b.x - a.x) * camera.zoom(), -(b.y - a.y) * camera.zoom()});
      return true;
    }
    if (mode_ != FollowMode::Autofit) return true;
    if (placed_ && (camera.animating() ||
                    std::abs(camera.center().x - placed_center_.x) * camera.zoom() > 0.5 ||
                    std::abs(camera.center().y - placed_center_.y) * camera.zoom() > 0.5 ||
                    std::abs(std::log(camera.zoom() / placed_zoom_)) > 1e-6)) {
      mode_ = FollowMode::Off;  // the user took the view
      return false;
    }
    if (live.empty()) return true;
    Vec2d center;
    double zoom;
    Camera sub = camera;
    sub.set_viewport(area_max.x - area_min.x, area_max.y - area_min.y);
    sub.fit_view(
        {double(live.min_x), double(live.min_y), double(live.max_x + 1), double(live.max_y + 1)},
        0.08, max_zoom, center, zoom);
    center.x -= ((area_min.x + area_max.x) * 0.5 - camera.viewport().x * 0.5) / zoom;
    center.y -= ((area_min.y + area_max.y) * 0.5 - camera.viewport().y * 0.5) / zoom;
    // Zooming out comes at once (nothing leaves the view); zooming in waits until the fit is
    // clearly closer, so an oscillating box does not make the view pulse. The centre glides.
    const double current = camera.zoom();
    double next = current;
    if (!placed_ || zoom < current) {
      next = zoom;
    } else if (zoom > current * 1.3) {
      const double k = 1.0 - std::exp(-dt / 0.15);
      next = std::exp(std::log(current) + (std::log(zoom) - std::log(current)) * k);
    }
    const double k = placed_ ? 1.0 - std::exp(-dt / 0.1) : 1.0;
    const Vec2d c = camera.center();
    camera.set_view({c.x + (center.x - c.x) * k, c.y + (center.y - c.y) * k}, next);
    placed_ = true;
    placed_center_ = camera.center();
    placed_zoom_ = camera.zoom();
    return true;
  }

  // "Track: 2 cells west every 4 generations", "Autofit", "off".
  std::string describe() const {
    if (mode_ == FollowMode::Off) return "off";
    if (mode_ == FollowMode::Autofit) return "autofit";
    return "track (" + std::to_string(speed_.dx) + ", " + std::to_string(speed_.dy) + ") every " +
           std::to_string(speed_.generations) + " generations";
  }

 private:
  FollowMode mode_ = FollowMode::Off;
  TrackSpeed speed_;
  uint64_t anchor_generation_ = 0;
  uint64_t last_generation_ = 0;
  bool placed_ = false;
  Vec2d placed_center_;
  double placed_zoom_ = 1.0;
};

}  // namespace gpulife::app
