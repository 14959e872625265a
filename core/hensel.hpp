// Hensel's letters for isotropic non-totalistic rules: which neighbour configurations each
// letter of each neighbour count stands for, as Golly and LifeWiki define them.
#pragma once

#include <cstdint>
#include <string_view>

namespace gpulife::hensel {

// The letters count n (0..8) takes, in Golly's table order: "" for 0 and 8, "ce" for 1 and 7,
// "cekain" for 2 and 6, "cekainyqjr" for 3 and 5, "cekainyqjrtwz" for 4.
std::string_view letters(int count);

// Position of `letter` in letters(count), or -1 when the count does not take it.
int letter_index(int count, char letter);

// The letter (its position in letters(count)) of a neighbourhood index's configuration of
// neighbours; the centre bit is ignored. -1 for counts 0 and 8, which have no letters.
int letter_of(int index);

// The eight images of a neighbourhood index under the square's rotations and reflections.
void symmetries(int index, int (&images)[8]);

}  // namespace gpulife::hensel
