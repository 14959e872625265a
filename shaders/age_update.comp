// Brings the age bytes (planes.glsl) up to the current state, u_gens generations after the state
// they were last updated to: alive cells grow older up to "long alive", new ones start as just
// born; cells that died start as just died and fade to "long dead"; u_reset starts over from the
// state (every live cell just born, nothing ever dead). One invocation per age word (4 cells).
layout(local_size_x = 64, local_size_y = 1) in;

uniform uint u_gens;
uniform int u_reset;

void main() {
  int y = int(gl_GlobalInvocationID.y + gl_GlobalInvocationID.z * gl_NumWorkGroups.y);
  uint word = gl_GlobalInvocationID.x;
  if (y >= u_grid_size.y || word >= u_age_pitch_words) return;
  uint index = uint(y) * u_age_pitch_words + word;
  uint before = u_reset != 0 ? 0u : age_words[index];
  uint after = 0u;
  for (uint k = 0u; k < 4u; ++k) {
    int x = int(4u * word + k);
    if (x >= u_grid_size.x) break;
    uint a = (before >> (8u * k)) & 0xFFu;
    bool was_alive = a >= 1u && a <= 64u;
    if (cell_alive(x, y)) {
      a = was_alive ? min(a + u_gens, 64u) : 1u;
    } else if (was_alive) {
      a = 65u;
    } else if (a >= 65u) {
      a = min(a + u_gens, 128u);
    }
    after |= a << (8u * k);
  }
  age_words[index] = after;
}
