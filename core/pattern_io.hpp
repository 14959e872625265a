// Loading and saving patterns in any supported format, choosing the format by content or name;
// gzip-compressed files of every format are read (and written, for names ending in .gz).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

// MCell is read, never written.
enum class PatternFormat { Rle, Cells, Life106, Life105, Macrocell, MCell };

// "RLE", "plaintext (.cells)", "Life 1.06", "Life 1.05", "Macrocell", "MCell".
std::string_view to_string(PatternFormat format);
// Parses a format's name as a command line gives it: rle, cells, life106 (or lif), life105, mc.
PatternFormat parse_pattern_format(std::string_view text);

// Guesses the format from the text itself (headers, characters used).
PatternFormat sniff_format(std::string_view text);
// Format from a file name's extension (.rle, .cells, .lif/.life, .mc, .mcl; a trailing .gz is
// looked through), or sniffed when unknown or ambiguous (.lif is Life 1.05 or 1.06).
PatternFormat format_for_path(const std::filesystem::path& path, std::string_view text = {});

// Whether a file's name is one of a pattern format's: .rle, .cells, .lif, .life, .txt, .mc,
// .mcl or .l (dblife), any of them gzipped (.rle.gz), in any case.
bool is_pattern_file_name(const std::filesystem::path& path);

// A zip archive's first pattern file by name (Golly's choice; Mac resource forks left out): its
// name in the archive and its content. Throws Error naming `source` and what the archive holds
// when it has none.
struct ArchivedFile {
  std::string name, data;
};
ArchivedFile first_pattern_in_zip(std::string_view archive, std::string_view source);

// What the data is when it is plainly not pattern text ("binary data", "a Lua script for Golly",
// a zip archive found inside the archive just opened, ...); empty when it may be a pattern.
// `name` is a file name, if any.
std::string not_a_pattern(std::string_view data, std::string_view name = {});

// Parses text (or gzip data, or a zip archive's first pattern file, as Golly opens archives) in
// the sniffed format; `source` names it in error messages.
// Throws Error naming what the data is when it is not a pattern at all, ParseError when it
// lists more than `max_cells` live cells.
Pattern parse_pattern(std::string_view data, std::string_view source = {},
                      uint64_t max_cells = listable_cells());
// Reads a file and parses it; throws Error when it cannot be read, ParseError when malformed.
Pattern load_pattern_file(const std::filesystem::path& path, uint64_t max_cells = listable_cells());
// A path if a file of that name exists, otherwise pattern text (e.g. pasted RLE).
Pattern load_pattern(std::string_view path_or_text, uint64_t max_cells = listable_cells());

std::string write_pattern(const Pattern& pattern, PatternFormat format);
// The format a file name asks for when saving: by extension (.rle default, .cells, .lif/.life
// as Life 1.06, .mc, .mcl as MCell, which write_pattern() refuses), a trailing .gz looked
// through.
PatternFormat format_for_saving(const std::filesystem::path& path);
// Writes in `format`, or the one the extension names; a name ending in .gz is compressed.
// Throws Error when it cannot write. Writes through write_file_atomically(), so a failed save
// never destroys a file ("-" is standard output).
void save_pattern(const Pattern& pattern, const std::filesystem::path& path,
                  std::optional<PatternFormat> format = std::nullopt);

}  // namespace gpulife
