// Draws the grid: cells when zoomed in (with grid lines), the fraction of live cells under each
// pixel when zoomed out (counted directly, or from the density pyramid when far out), so no live
// cell ever vanishes and nothing aliases.

uniform vec2 u_viewport;       // size of the area drawn into, in pixels
uniform vec2 u_area_origin;    // its bottom-left corner in the framebuffer (tiles in compare mode)
uniform ivec2 u_origin_int;    // cell coordinate of the viewport's top-left corner: integer part
uniform vec2 u_origin_frac;    // ... and fraction; split so float precision is never an issue
uniform float u_cells_per_px;
uniform int u_mode;            // 0: one cell per pixel or more; 1: count cells; 2: pyramid
uniform int u_pyr_level;
// Where the bound data starts on the grid when it holds only the visible part (cells in modes
// 0 and 1, pyramid blocks in mode 2); 0 for a whole grid.
uniform ivec2 u_region_origin;
// Colour theme (colour_theme.hpp): 0 live cells only, 1 the history plane, 2 the age bytes.
uniform int u_theme_mode;
uniform vec3 u_born, u_alive, u_died, u_dead, u_never;
uniform float u_age_ramp;  // generations from born to alive, from died to dead

out vec4 frag_color;

const vec3 kOutside = vec3(0.085, 0.09, 0.11);
const vec3 kLine = vec3(0.30, 0.33, 0.40);
const vec3 kBorder = vec3(0.45, 0.50, 0.62);

vec3 density_color(float live, float cells, vec3 on) {
  if (live <= 0.0) return u_never;
  // Even a single live cell among many stays clearly visible.
  return mix(u_never, on, 0.3 + 0.7 * sqrt(live / cells));
}

// (x, y) on the grid; the state may be bound from u_region_origin on, the planes never are.
vec3 cell_color(int x, int y) {
  bool alive = cell_alive(x - u_region_origin.x, y - u_region_origin.y);
  if (u_theme_mode == 1) return alive ? u_alive : (history_alive(x, y) ? u_died : u_never);
  if (u_theme_mode == 2) {
    float a = float(age_of(x, y));
    if (a < 0.5) return alive ? u_born : u_never;  // not aged yet (a fresh edit)
    if (a <= 64.0) return mix(u_born, u_alive, clamp((a - 1.0) / u_age_ramp, 0.0, 1.0));
    return mix(u_died, u_dead, clamp((a - 65.0) / u_age_ramp, 0.0, 1.0));
  }
  return alive ? u_alive : u_never;
}

// Pixel footprint [p0, p1) in units of `unit` cells -> index range [ceil(p0), ceil(p1)), which
// gives every unit to exactly one pixel.
ivec2 unit_range(float local0, float local1, int origin, int unit) {
  // origin is a multiple of nothing in particular: work in cells, then divide.
  float a = float(origin) + local0;
  float b = float(origin) + local1;
  return ivec2(int(ceil(a / float(unit))), int(ceil(b / float(unit))));
}

void main() {
  vec2 frag = gl_FragCoord.xy - u_area_origin;
  vec2 px = vec2(frag.x - 0.5, u_viewport.y - frag.y - 0.5);  // top-left corner
  vec2 local0 = u_origin_frac + px * u_cells_per_px;
  vec2 local1 = local0 + vec2(u_cells_per_px);
  ivec2 size = u_grid_size;

  if (u_mode == 0) {
    vec2 centre = u_origin_frac + (px + 0.5) * u_cells_per_px;
    ivec2 cell = u_origin_int + ivec2(floor(centre));
    if (cell.x < 0 || cell.y < 0 || cell.x >= size.x || cell.y >= size.y) {
      frag_color = vec4(kOutside, 1.0);
      // The grid's edge as a one-pixel border.
      bool edge = (cell.x == -1 && cell.y >= -1 && cell.y <= size.y) ||
                  (cell.x == size.x && cell.y >= -1 && cell.y <= size.y) ||
                  (cell.y == -1 && cell.x >= -1 && cell.x <= size.x) ||
                  (cell.y == size.y && cell.x >= -1 && cell.x <= size.x);
      if (edge && u_cells_per_px > 0.4) frag_color = vec4(kBorder, 1.0);
      return;
    }
    vec3 color = cell_color(cell.x, cell.y);
    // Grid lines: a boundary k lies in this pixel when ceil(local0) < local1.
    float px_per_cell = 1.0 / u_cells_per_px;
    if (px_per_cell >= 4.0) {
      vec2 k = ceil(local0);
      bvec2 on = lessThan(k, local1);
      ivec2 line = u_origin_int + ivec2(k);
      bool bold = (on.x && line.x % 10 == 0) || (on.y && line.y % 10 == 0);
      if (on.x || on.y) {
        float fade = smoothstep(4.0, 9.0, px_per_cell);
        color = mix(color, kLine, bold ? 0.85 : 0.55 * fade);
      }
    }
    frag_color = vec4(color, 1.0);
    return;
  }

  // Zoomed out: count the cells (or pyramid blocks) this pixel owns.
  int unit = u_mode == 1 ? 1 : (kBaseBlock << u_pyr_level);
  ivec2 xr = unit_range(local0.x, local1.x, u_origin_int.x, unit);
  ivec2 yr = unit_range(local0.y, local1.y, u_origin_int.y, unit);
  // Clip to the grid (in units).
  ivec2 limit = (size + unit - 1) / unit;
  int x0 = max(xr.x, 0), x1 = min(xr.y, limit.x);
  int y0 = max(yr.x, 0), y1 = min(yr.y, limit.y);
  if (x0 >= x1 || y0 >= y1) {
    bool inside = xr.y > 0 && yr.y > 0 && xr.x < limit.x && yr.x < limit.y;
    frag_color = vec4(inside ? u_never : kOutside, 1.0);
    // Pixels that own no unit but lie on the grid keep the grid's background.
    vec2 a = vec2(u_origin_int) + local0, b = vec2(u_origin_int) + local1;
    bool over = b.x > 0.0 && b.y > 0.0 && a.x < float(size.x) && a.y < float(size.y);
    if (over) frag_color = vec4(u_never, 1.0);
    return;
  }
  // Loops are capped; the caps are only reached when the whole grid is a few pixels wide.
  const int cap = 24;
  x1 = min(x1, x0 + cap);
  y1 = min(y1, y0 + cap);
  float live = 0.0, ever = 0.0;
  if (u_mode == 1) {
    for (int y = y0; y < y1; ++y)
      live += float(count_row(y - u_region_origin.y, x0 - u_region_origin.x, x1 - u_region_origin.x));
    // Where nothing lives now, the history theme shows where something did.
    if (live == 0.0 && u_theme_mode == 1)
      for (int y = y0; y < y1; ++y) ever += float(history_count_row(y, x0, x1));
  } else {
    uint off = u_pyr_offset[u_pyr_level];
    int w = u_pyr_dims[u_pyr_level].x;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x)
        live += float(density[off + uint((y - u_region_origin.y) * w + (x - u_region_origin.x))]);
  }
  float cells = float(min(x1 * unit, size.x) - x0 * unit) * float(min(y1 * unit, size.y) - y0 * unit);
  frag_color = vec4(ever > 0.0 ? density_color(ever, cells, u_died) : density_color(live, cells, u_alive), 1.0);
}
