// LifeViewer's script commands, which LifeWiki and the forums embed in pattern comments
// ("#C [[ ZOOM 8 AUTOSTART GPS 10 TRACK 1/4 -1/4 ]]") to say how a pattern should be shown:
// read into what a viewer can apply. Pure text processing; the viewer applies it
// (app/viewer/lifeviewer_actions.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpulife {

// A signed rational p/q (q > 0), as LifeViewer writes speeds: "1/4", "-0.25", "2".
struct Fraction {
  int64_t num = 0;
  int64_t den = 1;
  double value() const { return double(num) / double(den); }
  bool operator==(const Fraction&) const = default;
};

struct LifeViewerScript {
  bool present = false;                      // the comments hold a [[ ... ]] section
  bool autostart = false;                    // AUTOSTART: start running
  std::optional<double> gps;                 // GPS: steps a second
  std::optional<uint64_t> step;              // STEP: generations a step
  std::optional<uint64_t> stop;              // STOP: pause at this generation
  std::optional<double> zoom;                // ZOOM or Z: pixels per cell (ZOOM -4 is 1/4)
  std::optional<double> x, y;                // X, Y: the view's centre, in cells from the pattern's
  bool autofit = false;                      // AUTOFIT: keep the pattern in view
  std::optional<Fraction> track_x, track_y;  // TRACK (and TRACKBOX's mean): cells a generation
  // What was read, in order, as written ("ZOOM 8"); commands LifeViewer has that gpulife does
  // not do ("ANGLE 30", "THEME 6", "LOOP 4"), and words it does not know at all.
  std::vector<std::string> applied, not_done, unknown;
  // Commands whose arguments are missing or out of range, each saying what it expected.
  std::vector<std::string> errors;
};

// Reads every [[ ... ]] section of the comments (one entry a comment line; a section may span
// lines). Words are separated by blanks, case-insensitively.
LifeViewerScript parse_lifeviewer_script(const std::vector<std::string>& comments);

// Parses "1/4", "-3", "0.25" (up to 6 decimals) as a fraction in lowest terms; nothing when
// malformed or beyond +-2^31.
std::optional<Fraction> parse_fraction(const std::string& text);

}  // namespace gpulife
