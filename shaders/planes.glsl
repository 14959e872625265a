// The planes colour themes read beside the state: the engine's history plane (cells ever alive,
// bit-packed, one binding) and the renderer's age bytes (four cells to a word: 0 never alive,
// 1..64 alive for that many generations (64: long alive), 65..128 dead for a - 64 (128: long)).

layout(std430, binding = 5) readonly buffer HistoryPlane { uint history_words[]; };
layout(std430, binding = 6) buffer AgePlane { uint age_words[]; };

uniform uint u_history_pitch_words;  // one history row, in 32-bit words
uniform uint u_age_pitch_words;      // one age row, in 32-bit words (4 cells each)

bool history_alive(int x, int y) {
  uint w = history_words[uint(y) * u_history_pitch_words + (uint(x) >> 5)];
  return ((w >> (uint(x) & 31u)) & 1u) != 0u;
}

// Set history cells of row y in columns [x0, x1), 0 <= x0 < x1 <= width.
uint history_count_row(int y, int x0, int x1) {
  uint total = 0u;
  uint w0 = uint(x0) >> 5, w1 = uint(x1 - 1) >> 5;
  for (uint w = w0; w <= w1; ++w)
    total += uint(bitCount(masked_word(history_words[uint(y) * u_history_pitch_words + w], w, w0,
                                       w1, x0, x1)));
  return total;
}

uint age_of(int x, int y) {
  uint w = age_words[uint(y) * u_age_pitch_words + (uint(x) >> 2)];
  return (w >> (8u * (uint(x) & 3u))) & 0xFFu;
}
