// Hensel's letters: one picture of each letter's configuration, the rest by symmetry.
#include "core/hensel.hpp"

#include <array>

#include "core/rule.hpp"

namespace gpulife::hensel {
namespace {

constexpr std::string_view kLetters[9] = {
    "", "ce", "cekain", "cekainyqjr", "cekainyqjrtwz", "cekainyqjr", "cekain", "ce", ""};

// One configuration of each letter of counts 1..4, drawn as the 3x3 block in reading order
// (rows separated by spaces, 'o' alive, the centre always '.'). Counts 5..7 are the
// complements of counts 3..1 with the same letter.
constexpr std::string_view kPictures[5][13] = {
    {},
    {"... ... ..o", "... ... .o."},
    {"... ... o.o", "... ..o .o.", "... ..o o..", "... ... .oo", "... o.o ...", "..o ... o.."},
    {"..o ... o.o", "... o.o .o.", "..o o.. .o.", "... ..o .oo", "... ... ooo", "... ..o o.o",
     "..o o.. ..o", "..o ... oo.", "... ..o oo.", "... o.o ..o"},
    {"o.o ... o.o", ".o. o.o .o.", "..o o.. .oo", "... ..o ooo", "... o.o o.o", "..o ... ooo",
     "..o o.. o.o", "..o o.. oo.", "..o o.o .o.", "... o.o .oo", "..o o.o ..o", "..o ..o oo.",
     "..o o.o o.."},
};

constexpr int kNeighbours = (kNeighbourhoods - 1) & ~(1 << kCentreBit);

constexpr int picture_index(std::string_view picture) {
  int index = 0;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col)
      if (picture[size_t(4 * row + col)] == 'o') index |= 1 << neighbourhood_bit(row, col);
  return index;
}

// letter_of() for every index, built once from the pictures and their symmetries.
std::array<int8_t, kNeighbourhoods> build_letters() {
  std::array<int8_t, kNeighbourhoods> table;
  table.fill(-1);
  for (int count = 1; count <= 7; ++count) {
    const int drawn = count <= 4 ? count : 8 - count;
    for (size_t l = 0; l < kLetters[count].size(); ++l) {
      int index = picture_index(kPictures[drawn][l]);
      if (count > 4) index ^= kNeighbours;
      int images[8];
      symmetries(index, images);
      for (int image : images) {
        table[size_t(image)] = int8_t(l);
        table[size_t(image | (1 << kCentreBit))] = int8_t(l);
      }
    }
  }
  return table;
}

}  // namespace

std::string_view letters(int count) {
  return count >= 0 && count <= 8 ? kLetters[count] : std::string_view();
}

int letter_index(int count, char letter) {
  const size_t at = letters(count).find(letter);
  return at == std::string_view::npos ? -1 : int(at);
}

int letter_of(int index) {
  static const std::array<int8_t, kNeighbourhoods> table = build_letters();
  return table[size_t(index & (kNeighbourhoods - 1))];
}

void symmetries(int index, int (&images)[8]) {
  // Cell (row, col) of every image: four rotations of the block and of its mirror image.
  for (int s = 0; s < 8; ++s) {
    int out = 0;
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) {
        if (!((index >> neighbourhood_bit(row, col)) & 1)) continue;
        int r = row, c = s >= 4 ? 2 - col : col;
        for (int turn = 0; turn < s % 4; ++turn) {
          const int t = r;
          r = c;
          c = 2 - t;
        }
        out |= 1 << neighbourhood_bit(r, c);
      }
    }
    images[s] = out;
  }
}

}  // namespace gpulife::hensel
