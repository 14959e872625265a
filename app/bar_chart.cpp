// The comparison chart: a small RGB canvas with anti-aliased rectangles and FreeType text, laid
// out as engine names on the left and one horizontal bar panel per measure.
#include "app/bar_chart.hpp"

#include "app/fonts.hpp"

#if GPULIFE_HAVE_FREETYPE
#include <ft2build.h>
#include FT_FREETYPE_H
#endif

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string_view>

#include "app/png_writer.hpp"
#include "core/error.hpp"

namespace gpulife::app {
namespace {

namespace fs = std::filesystem;

// Picked to stay apart from each other and from the red limit line, also in grey print.
constexpr std::array<ChartColour, 8> kPalette = {{{52, 114, 178},
                                                  {232, 125, 30},
                                                  {62, 150, 81},
                                                  {137, 87, 165},
                                                  {24, 150, 160},
                                                  {160, 100, 50},
                                                  {110, 118, 135},
                                                  {200, 160, 20}}};
constexpr ChartColour kLimit = {214, 39, 40};
constexpr ChartColour kWhite = {255, 255, 255};
constexpr ChartColour kInk = {25, 25, 25};
constexpr ChartColour kMuted = {100, 100, 100};
constexpr ChartColour kGrid = {226, 226, 226};
constexpr ChartColour kAxis = {150, 150, 150};

class Canvas {
 public:
  Canvas(int width, int height) : w_(width), h_(height), rgb_(size_t(width) * height * 3, 255) {}

  int width() const { return w_; }
  int height() const { return h_; }
  std::vector<uint8_t> take() { return std::move(rgb_); }

  void blend(int x, int y, ChartColour c, double alpha) {
    if (x < 0 || y < 0 || x >= w_ || y >= h_ || alpha <= 0) return;
    uint8_t* p = &rgb_[(size_t(y) * w_ + x) * 3];
    if (alpha >= 1) {
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      return;
    }
    const auto mix = [&](uint8_t dst, uint8_t src) {
      return uint8_t(std::lround(src * alpha + dst * (1 - alpha)));
    };
    p[0] = mix(p[0], c.r);
    p[1] = mix(p[1], c.g);
    p[2] = mix(p[2], c.b);
  }

  // Fills [x0, x1) x [y0, y1); edge pixels get their covered fraction so sizes need not be whole.
  void fill(double x0, double y0, double x1, double y1, ChartColour c) {
    if (x1 <= x0 || y1 <= y0) return;
    for (int y = int(std::floor(y0)); y < int(std::ceil(y1)); ++y) {
      const double cy = std::min<double>(y + 1, y1) - std::max<double>(y, y0);
      for (int x = int(std::floor(x0)); x < int(std::ceil(x1)); ++x) {
        const double cx = std::min<double>(x + 1, x1) - std::max<double>(x, x0);
        blend(x, y, c, cx * cy);
      }
    }
  }

 private:
  int w_, h_;
  std::vector<uint8_t> rgb_;
};

const char* font_file(bool bold) {
  return bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf";
}

// Found, or the system path where the package would put it (so the message can name it).
fs::path font_path(bool bold) {
  const fs::path found = find_font(font_file(bold));
  return found.empty() ? fs::path("/usr/share/fonts/truetype/dejavu") / font_file(bold) : found;
}

#if GPULIFE_HAVE_FREETYPE
// Next code point of UTF-8 text; malformed bytes come out as U+FFFD rather than failing.
char32_t next_code_point(std::string_view s, size_t& i) {
  const auto b = uint8_t(s[i++]);
  int extra = 0;
  char32_t cp = b;
  if (b >= 0xF0) {
    extra = 3;
    cp = b & 0x07;
  } else if (b >= 0xE0) {
    extra = 2;
    cp = b & 0x0F;
  } else if (b >= 0xC0) {
    extra = 1;
    cp = b & 0x1F;
  } else if (b >= 0x80) {
    return 0xFFFD;
  }
  for (int k = 0; k < extra; ++k) {
    if (i >= s.size() || (uint8_t(s[i]) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (uint8_t(s[i++]) & 0x3F);
  }
  return cp;
}

class FreeTypeLibrary {
 public:
  FreeTypeLibrary() {
    if (FT_Init_FreeType(&lib_)) throw Error("cannot initialise the FreeType library");
  }
  ~FreeTypeLibrary() { FT_Done_FreeType(lib_); }
  FreeTypeLibrary(const FreeTypeLibrary&) = delete;
  FreeTypeLibrary& operator=(const FreeTypeLibrary&) = delete;
  FT_Library get() const { return lib_; }

 private:
  FT_Library lib_ = nullptr;
};

class Face {
 public:
  Face(const FreeTypeLibrary& lib, const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
      throw Error("font " + path.string() + " not found: install the Debian package " +
                  kFontPackage + " (apt-get install " + kFontPackage + ")");
    if (FT_New_Face(lib.get(), path.c_str(), 0, &face_))
      throw Error("cannot load font " + path.string() + ": reinstall the Debian package " +
                  kFontPackage);
  }
  ~Face() { FT_Done_Face(face_); }
  Face(const Face&) = delete;
  Face& operator=(const Face&) = delete;

  double width(std::string_view text, double px) { return run(nullptr, 0, 0, text, px, {}); }

  // Draws with the pen starting at x on the baseline; returns the advance in pixels.
  double draw(Canvas& canvas, double x, double baseline, std::string_view text, double px,
              ChartColour c) {
    return run(&canvas, x, baseline, text, px, c);
  }

 private:
  // Measuring and drawing share one loop so that a measured width is exactly what is drawn.
  double run(Canvas* canvas, double x, double baseline, std::string_view text, double px,
             ChartColour c) {
    FT_Set_Pixel_Sizes(face_, 0, FT_UInt(std::max(1L, std::lround(px))));
    const int origin_x = int(std::lround(x)), origin_y = int(std::lround(baseline));
    const FT_Int32 flags = FT_LOAD_TARGET_LIGHT | (canvas ? FT_LOAD_RENDER : FT_LOAD_DEFAULT);
    long pen = 0;  // 26.6 fixed point
    FT_UInt previous = 0;
    for (size_t i = 0; i < text.size();) {
      const FT_UInt glyph = FT_Get_Char_Index(face_, FT_ULong(next_code_point(text, i)));
      if (previous && glyph && FT_HAS_KERNING(face_)) {
        FT_Vector kern;
        if (!FT_Get_Kerning(face_, previous, glyph, FT_KERNING_DEFAULT, &kern)) pen += kern.x;
      }
      previous = glyph;
      if (FT_Load_Glyph(face_, glyph, flags)) continue;
      const FT_GlyphSlot slot = face_->glyph;
      if (canvas) {
        const FT_Bitmap& bm = slot->bitmap;
        const int left = origin_x + int(pen >> 6) + slot->bitmap_left;
        const int top = origin_y - slot->bitmap_top;
        for (unsigned row = 0; row < bm.rows; ++row) {
          const unsigned char* line = bm.buffer + ptrdiff_t(row) * bm.pitch;
          for (unsigned col = 0; col < bm.width; ++col)
            canvas->blend(left + int(col), top + int(row), c, line[col] / 255.0);
        }
      }
      pen += slot->advance.x;
    }
    return double(pen) / 64.0;
  }

  FT_Face face_ = nullptr;
};

#else
// Without FreeType the chart cannot be drawn; render_comparison_chart() says so before this is
// reached, and these keep the layout code compiling.
struct FreeTypeLibrary {};
struct Face {
  Face(const FreeTypeLibrary&, const fs::path&) {}
  double width(std::string_view, double) { return 0; }
  double draw(Canvas&, double, double, std::string_view, double, ChartColour) { return 0; }
};
#endif

// The library outlives its faces: members are destroyed in reverse order.
struct Fonts {
  FreeTypeLibrary library;
  Face regular{library, font_path(false)};
  Face bold{library, font_path(true)};
};

// Three significant digits without an exponent, thousands grouped by a space (28 900).
std::string significant(double v, int digits = 3) {
  char buf[64];
  const int magnitude = int(std::floor(std::log10(v)));
  const int decimals = std::max(0, digits - 1 - magnitude);
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  const std::string plain = buf;
  if (decimals > 0 || plain.size() <= 4) return plain;
  std::string grouped;
  for (size_t i = 0; i < plain.size(); ++i) {
    if (i > 0 && (plain.size() - i) % 3 == 0) grouped += ' ';
    grouped += plain[i];
  }
  return grouped;
}

std::string speedup_text(double factor) {
  char buf[32];
  std::snprintf(buf, sizeof buf, factor < 100 ? "\u00d7%.1f" : "\u00d7%.0f", factor);
  return buf;
}

std::string tick_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// A value axis from `lo` to `hi`, linear or logarithmic, mapped onto [x0, x0 + length].
struct Scale {
  bool log = false;
  double lo = 0, hi = 1;
  double x0 = 0, length = 1;
  std::vector<double> ticks;

  double x(double v) const {
    const double t = log ? std::log(v / lo) / std::log(hi / lo) : (v - lo) / (hi - lo);
    return x0 + std::clamp(t, 0.0, 1.0) * length;
  }
};

// 0 .. a round number at or above `max`, with about five round steps.
Scale linear_scale(double max) {
  const double raw = max / 5;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * magnitude;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  Scale s;
  s.lo = 0;
  const int steps = std::max(1, int(std::ceil(max / step - 1e-9)));
  s.hi = steps * step;
  for (int i = 0; i <= steps; ++i) s.ticks.push_back(i * step);
  return s;
}

// Whole decades around [min, max]; the lowest bar keeps some length.
Scale log_scale(double min, double max) {
  Scale s;
  s.log = true;
  s.lo = std::pow(10.0, std::floor(std::log10(min / 2)));
  s.hi = std::pow(10.0, std::ceil(std::log10(max)));
  for (double v = s.lo; v <= s.hi * 1.0001; v *= 10) s.ticks.push_back(v);
  return s;
}

void validate(const std::vector<ChartEntry>& entries, const ChartOptions& options) {
  if (entries.empty())
    throw Error("the comparison chart needs at least one engine with a timing; none was given");
  for (const ChartEntry& e : entries) {
    const std::string who = "chart entry '" + e.name + "': ";
    if (!(e.ms_per_generation > 0) || !std::isfinite(e.ms_per_generation))
      throw Error(who + "ms/generation must be a positive number, got " +
                  std::to_string(e.ms_per_generation));
    if (!(e.gcells_per_second > 0) || !std::isfinite(e.gcells_per_second))
      throw Error(who + "Gcell/s must be a positive number, got " +
                  std::to_string(e.gcells_per_second));
    if (!std::isfinite(e.percent_of_limit))
      throw Error(who + "% of the bandwidth limit must be a number (<= 0 for unknown)");
  }
  if (options.width < 480 || options.width > 8192)
    throw Error("chart width " + std::to_string(options.width) +
                " is out of range: use 480 to 8192 pixels");
  if (options.height < 0 || options.height > 8192)
    throw Error("chart height " + std::to_string(options.height) +
                " is out of range: use 0 (automatic) or up to 8192 pixels");
}

}  // namespace

std::string chart_unavailable_reason() {
#if !GPULIFE_HAVE_FREETYPE
  return "this gpulife was built without FreeType, which draws the chart's text: install the "
         "Debian package libfreetype-dev and rebuild";
#endif
  for (bool bold : {false, true}) {
    std::error_code ec;
    if (!fs::is_regular_file(font_path(bold), ec))
      return "font " + font_path(bold).string() + " not found: install the Debian package " +
             kFontPackage + " (apt-get install " + kFontPackage + ")";
  }
  return {};
}

ChartColour chart_entry_colour(size_t index) {
  return kPalette[index % kPalette.size()];
}
ChartColour chart_limit_colour() {
  return kLimit;
}

ChartImage render_comparison_chart(const std::vector<ChartEntry>& entries,
                                   const ChartOptions& options) {
  validate(entries, options);
  if (std::string why = chart_unavailable_reason(); !why.empty()) throw Error(why);
  Fonts fonts;
  const int n = int(entries.size());
  // Sizes are designed at 1600 pixels wide and scale with the width.
  const double s = options.width / 1600.0;
  const double margin = 56 * s, title_px = 40 * s, subtitle_px = 22 * s, header_px = 25 * s,
               name_px = 22 * s, value_px = 20 * s, small_px = 16 * s;

  double slowest = 0, fastest = entries[0].ms_per_generation;
  double max_percent = 0;
  for (const ChartEntry& e : entries) {
    slowest = std::max(slowest, e.ms_per_generation);
    fastest = std::min(fastest, e.ms_per_generation);
    max_percent = std::max(max_percent, e.percent_of_limit);
  }
  const bool any_percent = max_percent > 0;

  // Vertical layout: title, subtitle, panel headers, rows, tick labels, footnote.
  const double title_base = margin + 0.8 * title_px;
  const double subtitle_base = title_base + 1.7 * subtitle_px;
  const double header_base = subtitle_base + 2.6 * header_px;
  const double rows_top = header_base + 46 * s;
  // The footnote explains the speed-up figures and, without a % panel, why it is missing.
  std::string footnote;
  if (n > 1) footnote = "\u00d7N: speed-up over the slowest engine.";
  if (!any_percent)
    footnote += std::string(footnote.empty() ? "" : "   ") +
                "% of the bandwidth limit: not shown, no engine here has a measured limit (GPU "
                "engines do).";
  const double below_rows = 34 * s + (footnote.empty() ? 0 : 40 * s) + 0.7 * margin;
  double row_h = 72 * s;
  int height = int(std::ceil(rows_top + n * row_h + below_rows));
  if (options.height > 0) {
    row_h = (options.height - rows_top - below_rows) / n;
    if (row_h < 24 * s)
      throw Error("a chart of " + std::to_string(n) + " engines at width " +
                  std::to_string(options.width) + " needs a height of at least " +
                  std::to_string(int(std::ceil(rows_top + n * 24 * s + below_rows))) +
                  " pixels (or 0 for automatic)");
    height = options.height;
  }
  if (height > 8192)
    throw Error("a chart of " + std::to_string(n) + " engines would be " + std::to_string(height) +
                " pixels tall: chart fewer engines at a time");
  const double bar_h = std::min(38 * s, row_h * 0.62);
  const double rows_bottom = rows_top + n * row_h;
  auto row_centre = [&](int i) { return rows_top + (i + 0.5) * row_h; };

  // Horizontal layout: names, then one or two panels, each with room for its labels.
  double names_w = 0;
  for (const ChartEntry& e : entries)
    names_w = std::max(names_w, fonts.bold.width(e.name, name_px));
  const double names_right = margin + names_w;
  const double plot_left = names_right + 24 * s, plot_right = options.width - margin;
  const double gap = 72 * s;
  const int panels = any_percent ? 2 : 1;
  const double panel_w = (plot_right - plot_left - (panels - 1) * gap) / panels;

  std::vector<std::string> ms_text, rate_text, percent_text;
  double ms_label_w = 0, percent_label_w = 0;
  for (const ChartEntry& e : entries) {
    std::string first = significant(e.ms_per_generation) + " ms";
    if (n > 1) first += "  " + speedup_text(slowest / e.ms_per_generation);
    ms_text.push_back(first);
    rate_text.push_back(significant(e.gcells_per_second) + " Gcell/s");
    ms_label_w = std::max({ms_label_w, fonts.bold.width(ms_text.back(), value_px),
                           fonts.regular.width(rate_text.back(), small_px)});
    percent_text.push_back(e.percent_of_limit > 0 ? significant(e.percent_of_limit, 2) + " %"
                                                  : "not measured");
    percent_label_w = std::max(percent_label_w, fonts.bold.width(percent_text.back(), value_px));
  }

  const bool log_ms = slowest / fastest > 100;
  Scale ms_scale = log_ms ? log_scale(fastest, slowest) : linear_scale(slowest);
  ms_scale.x0 = plot_left;
  ms_scale.length = panel_w - ms_label_w - 16 * s;
  std::optional<Scale> percent_scale;
  if (any_percent) {
    percent_scale = linear_scale(std::max(100.0, max_percent));
    percent_scale->x0 = plot_left + panel_w + gap;
    percent_scale->length = panel_w - percent_label_w - 16 * s;
  }
  if (ms_scale.length < 100 * s || (percent_scale && percent_scale->length < 100 * s))
    throw Error("chart width " + std::to_string(options.width) +
                " leaves no room for the bars next to names and labels this long: make it wider");

  Canvas canvas(options.width, height);
  fonts.bold.draw(canvas, margin, title_base, options.title, title_px, kInk);
  fonts.regular.draw(canvas, margin, subtitle_base, options.subtitle, subtitle_px, kMuted);

  auto draw_header = [&](double x, const std::string& what, const std::string& how) {
    x += fonts.bold.draw(canvas, x, header_base, what, header_px, kInk);
    fonts.regular.draw(canvas, x, header_base, how, header_px * 0.8, kMuted);
  };
  // Grid lines and tick labels sit behind the bars; the zero (or lowest) line is the axis.
  auto draw_axis = [&](const Scale& scale, bool percent) {
    for (double t : scale.ticks) {
      const double x = scale.x(t);
      const bool base = t == scale.ticks.front();
      canvas.fill(x - 0.5 * s, rows_top - 6 * s, x + 0.5 * s + (base ? 1 : 0), rows_bottom,
                  base ? kAxis : kGrid);
      const std::string label = tick_text(t) + (percent ? " %" : "");
      const double w = fonts.regular.width(label, small_px);
      fonts.regular.draw(canvas, x - w / 2, rows_bottom + 26 * s, label, small_px, kMuted);
    }
  };

  draw_header(plot_left, "ms / generation",
              log_ms ? "   log scale, shorter is faster" : "   shorter is faster");
  draw_axis(ms_scale, false);
  if (percent_scale) {
    draw_header(percent_scale->x0, "% of bandwidth limit", "");
    draw_axis(*percent_scale, true);
    const double x = percent_scale->x(100);
    canvas.fill(x - 1.5 * s, rows_top - 8 * s, x + 1.5 * s, rows_bottom, kLimit);
    const std::string label = "bandwidth limit";
    const double w = fonts.bold.width(label, small_px);
    fonts.bold.draw(canvas, std::min(x - w / 2, options.width - margin - w), rows_top - 14 * s,
                    label, small_px, kLimit);
  }

  for (int i = 0; i < n; ++i) {
    const ChartEntry& e = entries[size_t(i)];
    const ChartColour colour = chart_entry_colour(size_t(i));
    const double cy = row_centre(i), top = cy - bar_h / 2, bottom = cy + bar_h / 2;
    const double name_w = fonts.bold.width(e.name, name_px);
    fonts.bold.draw(canvas, names_right - name_w, cy + 0.36 * name_px, e.name, name_px, kInk);

    const double ms_end = ms_scale.x(e.ms_per_generation);
    canvas.fill(ms_scale.x0, top, ms_end, bottom, colour);
    const double lx = ms_end + 10 * s;
    fonts.bold.draw(canvas, lx, cy - 3 * s, ms_text[size_t(i)], value_px, kInk);
    fonts.regular.draw(canvas, lx, cy + 17 * s, rate_text[size_t(i)], small_px, kMuted);

    if (percent_scale) {
      double px = percent_scale->x0 + 10 * s;
      if (e.percent_of_limit > 0) {
        const double end = percent_scale->x(e.percent_of_limit);
        canvas.fill(percent_scale->x0, top, end, bottom, colour);
        px = end + 10 * s;
      }
      // A white box keeps a label readable where it crosses the limit line.
      const double label_w = fonts.bold.width(percent_text[size_t(i)], value_px);
      canvas.fill(px - 4 * s, cy - 0.6 * value_px, px + label_w + 4 * s, cy + 0.6 * value_px,
                  kWhite);
      fonts.bold.draw(canvas, px, cy + 0.36 * value_px, percent_text[size_t(i)], value_px,
                      e.percent_of_limit > 0 ? kInk : kMuted);
    }
  }
  if (!footnote.empty())
    fonts.regular.draw(canvas, plot_left, rows_bottom + 70 * s, footnote, small_px, kMuted);

  ChartImage image;
  image.width = canvas.width();
  image.height = canvas.height();
  image.rgb = canvas.take();
  return image;
}

void write_comparison_chart(const std::filesystem::path& path,
                            const std::vector<ChartEntry>& entries, const ChartOptions& options) {
  const ChartImage image = render_comparison_chart(entries, options);
  const std::vector<uint8_t> png = encode_png(image.rgb.data(), image.width, image.height, 3);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
  if (f) f.close();
  if (!f)
    throw Error("cannot write the chart to " + path.string() +
                ": check that the folder exists and is writable");
}

}  // namespace gpulife::app
