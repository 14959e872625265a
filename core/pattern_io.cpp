// Format sniffing and file loading/saving for every supported pattern format.
#include "core/pattern_io.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <system_error>

#include "core/cells.hpp"
#include "core/error.hpp"
#include "core/life106.hpp"
#include "core/rle.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

// Files larger than this are not patterns gpulife could hold anyway (kMaxPatternCells).
constexpr uintmax_t kMaxFileBytes = uintmax_t{1} << 32;

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_cells_row(std::string_view row) {
  for (char c : row)
    if (c != '.' && c != 'O' && c != '*' && !text::is_space(c)) return false;
  return true;
}

bool is_rle_body(std::string_view row) {
  for (char c : row) {
    if ((c >= '0' && c <= '9') || text::is_space(c)) continue;
    if (c == 'b' || c == 'o' || c == '$' || c == '!' || c == '.' || c == 'A') continue;
    return false;
  }
  return true;
}

bool is_coordinate_pair(std::string_view row) {
  row = text::trim(row);
  size_t split = 0;
  while (split < row.size() && !text::is_space(row[split])) ++split;
  return text::parse_int64(row.substr(0, split)) &&
         text::parse_int64(text::trim(row.substr(split)));
}

// What the first meaningful line says about the format, if anything definite.
enum class Evidence { None, Rle, Cells, Life106, Unknown };

Evidence classify(std::string_view text) {
  text::LineSplitter lines(text);
  std::string_view line;
  int rows_seen = 0;
  bool saw_hash = false;
  bool all_cells = true, all_rle = true, all_pairs = true;
  while (lines.next(line) && rows_seen < 64) {
    const std::string_view t = text::trim(line);
    if (t.empty()) continue;
    if (t.front() == '#') {
      if (rows_seen == 0 && text::starts_with_ci(t, "#Life")) return Evidence::Life106;
      saw_hash = true;
      continue;
    }
    if (t.front() == '!') {
      if (rows_seen == 0 && !saw_hash) return Evidence::Cells;
      if (rows_seen > 0 && all_rle) return Evidence::Rle;  // the RLE terminator on its own
      continue;                                            // a .cells comment among rows
    }
    if (rows_seen == 0 && t.find('=') != std::string_view::npos) return Evidence::Rle;
    ++rows_seen;
    all_cells = all_cells && is_cells_row(t);
    all_rle = all_rle && is_rle_body(t);
    all_pairs = all_pairs && is_coordinate_pair(t);
    if (t.find('!') != std::string_view::npos && all_rle) return Evidence::Rle;
  }
  if (rows_seen == 0) return saw_hash ? Evidence::Rle : Evidence::None;
  if (all_pairs) return Evidence::Life106;
  if (all_cells && !saw_hash) return Evidence::Cells;
  if (all_rle) return Evidence::Rle;
  return saw_hash ? Evidence::Rle : Evidence::Unknown;
}

std::string read_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error("cannot read " + name + ": it is a directory, not a pattern file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + name + ": " + std::strerror(errno));
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxFileBytes)
    throw Error("cannot read " + name + ": the file is " + std::to_string(size) +
                " bytes, too large for a pattern");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw Error("cannot read " + name + ": read error");
  return std::move(buffer).str();
}

}  // namespace

PatternFormat sniff_format(std::string_view text) {
  switch (classify(text)) {
    case Evidence::Cells:
      return PatternFormat::Cells;
    case Evidence::Life106:
      return PatternFormat::Life106;
    default:
      return PatternFormat::Rle;  // the RLE reader gives the clearest errors for odd text
  }
}

PatternFormat format_for_path(const std::filesystem::path& path, std::string_view text) {
  const std::string ext = lower(path.extension().string());
  if (ext == ".rle") return PatternFormat::Rle;
  if (ext == ".cells") return PatternFormat::Cells;
  if (ext == ".lif" || ext == ".life") {
    // .lif is shared by Life 1.05 and 1.06 and sometimes by RLE: trust the content when it is
    // definite.
    const Evidence e = classify(text);
    if (e == Evidence::Rle) return PatternFormat::Rle;
    if (e == Evidence::Cells) return PatternFormat::Cells;
    return PatternFormat::Life106;
  }
  return sniff_format(text);
}

Pattern parse_pattern(std::string_view text, std::string_view source) {
  switch (sniff_format(text)) {
    case PatternFormat::Cells:
      return parse_cells(text, source);
    case PatternFormat::Life106:
      return parse_life106(text, source);
    case PatternFormat::Rle:
      break;
  }
  return parse_rle(text, source);
}

Pattern load_pattern_file(const std::filesystem::path& path) {
  const std::string text = read_file(path);
  const std::string source = path.string();
  switch (format_for_path(path, text)) {
    case PatternFormat::Cells:
      return parse_cells(text, source);
    case PatternFormat::Life106:
      return parse_life106(text, source);
    case PatternFormat::Rle:
      break;
  }
  return parse_rle(text, source);
}

Pattern load_pattern(std::string_view path_or_text) {
  // Pattern text always has a line break or a character no sane file name has ('!', '$', '=');
  // anything else is taken as a path so that a typo reports "cannot read".
  const bool multi_line = path_or_text.find_first_of("\r\n") != std::string_view::npos;
  std::error_code ec;
  if (!multi_line && path_or_text.size() < 4096) {
    const std::filesystem::path path{std::string(path_or_text)};
    if (std::filesystem::exists(path, ec)) return load_pattern_file(path);
    const bool looks_like_text = path_or_text.find_first_of("!$=") != std::string_view::npos &&
                                 path_or_text.find('/') == std::string_view::npos;
    if (!looks_like_text) return load_pattern_file(path);  // reports "cannot read PATH"
  }
  return parse_pattern(path_or_text, "<text>");
}

std::string write_pattern(const Pattern& pattern, PatternFormat format) {
  switch (format) {
    case PatternFormat::Cells:
      return write_cells(pattern);
    case PatternFormat::Life106:
      return write_life106(pattern);
    case PatternFormat::Rle:
      break;
  }
  return write_rle(pattern);
}

void save_pattern(const Pattern& pattern, const std::filesystem::path& path) {
  const std::string ext = lower(path.extension().string());
  PatternFormat format = PatternFormat::Rle;
  if (ext == ".cells") format = PatternFormat::Cells;
  if (ext == ".lif" || ext == ".life") format = PatternFormat::Life106;
  const std::string text = write_pattern(pattern, format);

  const std::string name = path.string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error("cannot write " + name + ": it is a directory");
  std::random_device random;
  std::filesystem::path temp = path;
  temp += ".tmp" + std::to_string(random() % 1000000);
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("cannot write " + name + ": " + std::strerror(errno));
    out.write(text.data(), std::streamsize(text.size()));
    out.flush();
    if (!out) {
      const std::string reason = std::strerror(errno);
      out.close();
      std::filesystem::remove(temp, ec);
      throw Error("cannot write " + name + ": " + reason);
    }
  }
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw Error("cannot write " + name + ": " + ec.message());
  }
}

}  // namespace gpulife
