// Loading and saving patterns in any supported format, choosing the format by content or name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/pattern.hpp"

namespace gpulife {

enum class PatternFormat { Rle, Cells, Life106 };

// Largest number of live cells a reader accepts, so a hostile file cannot exhaust memory.
inline constexpr uint64_t kMaxPatternCells = uint64_t{1} << 28;

// Guesses the format from the text itself (headers, characters used).
PatternFormat sniff_format(std::string_view text);
// Format from a file name's extension (.rle, .cells, .lif/.life), or sniffed when unknown.
PatternFormat format_for_path(const std::filesystem::path& path, std::string_view text = {});

// Parses text in the sniffed format; `source` names it in error messages.
Pattern parse_pattern(std::string_view text, std::string_view source = {});
// Reads a file and parses it; throws Error when it cannot be read, ParseError when malformed.
Pattern load_pattern_file(const std::filesystem::path& path);
// A path if a file of that name exists, otherwise pattern text (e.g. pasted RLE).
Pattern load_pattern(std::string_view path_or_text);

std::string write_pattern(const Pattern& pattern, PatternFormat format);
// Writes in the format the extension names (.rle default); throws Error when it cannot write.
// Writes to a temporary file first and renames it, so a failed save never destroys a file.
void save_pattern(const Pattern& pattern, const std::filesystem::path& path);

}  // namespace gpulife
