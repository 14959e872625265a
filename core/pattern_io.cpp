// Format sniffing and file loading/saving for every supported pattern format.
#include "core/pattern_io.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/gzip.hpp"
#include "core/pattern_formats.hpp"
#include "core/rule_phases.hpp"
#include "core/text_lines.hpp"
#include "core/zip_archive.hpp"

namespace gpulife {
namespace {

// Files larger than this are not patterns gpulife could hold anyway (kMaxPatternCells): the
// same limit as a compressed file's inflated size, also for a pipe, which is read whole first.
constexpr uintmax_t kMaxFileBytes = kMaxInflatedBytes;

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// '.', 'O' and '*', each after an optional count (dblife).
bool is_cells_row(std::string_view row) {
  for (size_t i = 0; i < row.size(); ++i) {
    const char c = row[i];
    if (c >= '0' && c <= '9') {
      if (i + 1 == row.size() || !(row[i + 1] == '.' || row[i + 1] == 'O' || row[i + 1] == '*' ||
                                   (row[i + 1] >= '0' && row[i + 1] <= '9')))
        return false;
      continue;
    }
    if (c != '.' && c != 'O' && c != '*' && !text::is_space(c)) return false;
  }
  return true;
}

// A row of a plain picture, as Golly reads text without a header: '.', ',' and blanks dead,
// 'o', 'O' and '*' alive (the letters other pictures use are left to the error).
bool is_picture_row(std::string_view row) {
  for (char c : row)
    if (c != '.' && c != ',' && c != 'o' && c != 'O' && c != '*' && !text::is_space(c))
      return false;
  return true;
}

// Golly's test of a first line without a header: RLE when it is RLE tokens only (digits, b, o,
// $, blanks between tokens) with a count or a final '!', which pictures rarely have.
bool is_plain_rle(std::string_view row) {
  const size_t bang = row.find('!');
  if (bang != std::string_view::npos && !text::trim(row.substr(bang + 1)).empty()) return false;
  const std::string_view body = row.substr(0, bang);
  bool digit = false;
  for (char c : body)
    if (c >= '0' && c <= '9')
      digit = true;
    else if (c != 'b' && c != 'o' && c != '$' && !text::is_space(c))
      return false;
  return digit || bang != std::string_view::npos;
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

bool is_life105_row(std::string_view row) {
  for (char c : row)
    if (c != '.' && c != '*' && c != 'o' && c != 'O' && !text::is_space(c)) return false;
  return true;
}

// What the text's lines say about the format.
// Hashed: nothing but '#' lines point to RLE, a guess the file's name may overrule.
enum class Evidence { None, Rle, Hashed, Cells, Life106, Life105, Macrocell, MCell, Unknown };

// What the first meaningful line says, where it settles the format whatever the file is called
// (Golly goes by the content alone): a Macrocell, MCell or Life 1.05/1.06 header, a .cells
// "!" comment, or an RLE "x = " header. None otherwise.
Evidence header_evidence(std::string_view text) {
  text::LineSplitter lines(text);
  std::string_view line;
  bool saw_hash = false;
  while (lines.next(line)) {
    const std::string_view t = text::trim(line);
    if (t.empty()) continue;
    if (!saw_hash && t.starts_with("[M2]")) return Evidence::Macrocell;
    if (!saw_hash && t.starts_with("#MCell")) return Evidence::MCell;
    if (text::starts_with_ci(t, "#Life"))
      return text::life_version(t) == "1.05" ? Evidence::Life105 : Evidence::Life106;
    if (t.front() == '#') {
      saw_hash = true;
      continue;
    }
    if (t.front() == '!' && !saw_hash) return Evidence::Cells;
    if (t.front() == 'x' && text::trim(t.substr(1)).starts_with('=')) return Evidence::Rle;
    return Evidence::None;
  }
  return Evidence::None;
}

Evidence classify(std::string_view text) {
  text::LineSplitter lines(text);
  std::string_view line;
  int rows_seen = 0;
  bool saw_hash = false, saw_block = false;
  bool all_cells = true, all_rle = true, all_pairs = true, all_life105 = true;
  bool all_picture = true, first_plain_rle = false;
  while (lines.next(line) && rows_seen < 64) {
    const std::string_view t = text::trim(line);
    if (t.empty()) continue;
    if (rows_seen == 0 && !saw_hash && t.starts_with("[M2]")) return Evidence::Macrocell;
    if (rows_seen == 0 && !saw_hash && t.starts_with("#MCell")) return Evidence::MCell;
    if (t.front() == '#') {
      if (rows_seen == 0 && text::starts_with_ci(t, "#Life")) {
        return text::life_version(t) == "1.05" ? Evidence::Life105 : Evidence::Life106;
      }
      // XLife's "#P x y" blocks (Life 1.05 without its header line).
      if (t.starts_with("#P")) saw_block = true;
      saw_hash = true;
      continue;
    }
    if (t.front() == '!') {
      if (rows_seen == 0 && !saw_hash) return Evidence::Cells;
      if (rows_seen > 0 && all_rle) return Evidence::Rle;  // the RLE terminator on its own
      continue;                                            // a .cells comment among rows
    }
    if (rows_seen == 0 && t.find('=') != std::string_view::npos) return Evidence::Rle;
    if (rows_seen == 0) first_plain_rle = is_plain_rle(t);
    ++rows_seen;
    all_cells = all_cells && is_cells_row(t);
    all_picture = all_picture && is_picture_row(line);
    all_rle = all_rle && is_rle_body(t);
    all_pairs = all_pairs && is_coordinate_pair(t);
    all_life105 = all_life105 && is_life105_row(t);
    if (t.find('!') != std::string_view::npos && all_rle) return Evidence::Rle;
  }
  if (rows_seen == 0) return saw_hash ? Evidence::Hashed : Evidence::None;
  if (saw_block && all_life105) return Evidence::Life105;
  if (all_pairs) return Evidence::Life106;
  if (all_cells && !saw_hash) return Evidence::Cells;
  if (all_picture && !saw_hash && !first_plain_rle) return Evidence::Cells;
  if (all_rle) return Evidence::Rle;
  return saw_hash ? Evidence::Hashed : Evidence::Unknown;
}

// Text of a pattern in the given format.
Pattern parse_as(PatternFormat format, std::string_view text, std::string_view source,
                 uint64_t max_cells) {
  switch (format) {
    case PatternFormat::Cells:
      return parse_cells(text, source, max_cells);
    case PatternFormat::Life106:
      return parse_life106(text, source, max_cells);
    case PatternFormat::Life105:
      return parse_life105(text, source, max_cells);
    case PatternFormat::Macrocell:
      return parse_macrocell(text, source, max_cells);
    case PatternFormat::MCell:
      return parse_mcell(text, source, max_cells);
    case PatternFormat::Rle:
      break;
  }
  return parse_rle(text, source, max_cells);
}

// Inflates gzip data (a file compressed twice too); other data is returned as it is.
std::string inflate_if_gzip(std::string data, std::string_view source) {
  for (int depth = 0; depth < 2 && is_gzip(data); ++depth) data = gunzip(data, source);
  if (is_gzip(data))
    throw Error(std::string(source) + ": not a pattern file (gzip data compressed three times)");
  return data;
}

// A zip archive's first pattern file, and the archive's name with the file's for messages;
// other data is returned as it is.
std::string unzip_if_archive(std::string data, std::string& source) {
  if (!is_zip(data)) return data;
  ArchivedFile f = first_pattern_in_zip(data, source);
  source = (source.empty() ? std::string("<zip>") : source) + "/" + f.name;
  return std::move(f.data);
}

void refuse_non_pattern(std::string_view data, std::string_view source, std::string_view name) {
  const std::string what = not_a_pattern(data, name);
  if (!what.empty())
    throw Error((source.empty() ? std::string("<text>") : std::string(source)) +
                ": not a pattern file (" + what +
                "); gpulife reads RLE, plaintext .cells, Life 1.05 and 1.06, Macrocell and MCell, "
                "each also gzip-compressed");
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
  // In pieces, so that what is plainly not a pattern (a device such as /dev/zero, an image) is
  // refused from its first bytes, and what has no size to ask (a pipe) stops at the limit.
  std::string data;
  std::vector<char> piece(size_t(1) << 20);
  while (in) {
    in.read(piece.data(), std::streamsize(piece.size()));
    data.append(piece.data(), size_t(in.gcount()));
    if (data.size() > kMaxFileBytes)
      throw Error("cannot read " + name + ": more than " + std::to_string(kMaxFileBytes) +
                  " bytes, too large for a pattern");
    if (data.size() == size_t(in.gcount()) && !is_gzip(data) && !is_zip(data))
      refuse_non_pattern(data, name, name);
  }
  if (in.bad()) throw Error("cannot read " + name + ": read error");
  return data;
}

// The extension that names the format, looking through a trailing ".gz".
std::string format_extension(const std::filesystem::path& path) {
  std::string ext = lower(path.extension().string());
  if (ext == ".gz") ext = lower(path.stem().extension().string());
  return ext;
}

// NUL bytes an editor left at the end of a text file, which Golly passes over.
std::string without_trailing_nuls(std::string text) {
  while (!text.empty() && text.back() == '\0') text.pop_back();
  return text;
}

}  // namespace

std::string_view to_string(PatternFormat format) {
  static constexpr std::string_view kNames[] = {"RLE",       "plaintext (.cells)", "Life 1.06",
                                                "Life 1.05", "Macrocell",          "MCell"};
  return enum_name(format, kNames, "RLE");
}

PatternFormat parse_pattern_format(std::string_view text) {
  const std::string s = lower(std::string(text));
  if (s == "rle") return PatternFormat::Rle;
  if (s == "cells" || s == "plaintext") return PatternFormat::Cells;
  if (s == "life106" || s == "lif" || s == "1.06") return PatternFormat::Life106;
  if (s == "life105" || s == "1.05") return PatternFormat::Life105;
  if (s == "mc" || s == "macrocell") return PatternFormat::Macrocell;
  throw Error("unknown pattern format \"" + text::excerpt(text) +
              "\" (expected rle, cells, life105, life106 or mc)");
}

PatternFormat sniff_format(std::string_view text) {
  switch (classify(text)) {
    case Evidence::Cells:
      return PatternFormat::Cells;
    case Evidence::Life106:
      return PatternFormat::Life106;
    case Evidence::Life105:
      return PatternFormat::Life105;
    case Evidence::Macrocell:
      return PatternFormat::Macrocell;
    case Evidence::MCell:
      return PatternFormat::MCell;
    default:
      return PatternFormat::Rle;  // the RLE reader gives the clearest errors for odd text
  }
}

PatternFormat format_for_path(const std::filesystem::path& path, std::string_view text) {
  // A header line is definite whatever the name says.
  if (header_evidence(text) != Evidence::None) return sniff_format(text);
  const Evidence e = classify(text);
  const std::string ext = format_extension(path);
  // Golly goes by the content alone; without a header, content that is plainly another format
  // (a picture named .rle, RLE named .cells, a .mc or .mcl file without its header, XLife's #P
  // blocks) wins over the name too.
  const bool definite = e == Evidence::Cells || e == Evidence::Rle || e == Evidence::Life105 ||
                        e == Evidence::Life106;
  if (e == Evidence::Life105) return PatternFormat::Life105;
  if (e == Evidence::Life106 && (ext == ".rle" || ext == ".cells")) return PatternFormat::Life106;
  if ((ext == ".mc" || ext == ".mcl") && definite) return sniff_format(text);
  if (ext == ".rle") return e == Evidence::Cells ? PatternFormat::Cells : PatternFormat::Rle;
  if (ext == ".cells") return e == Evidence::Rle ? PatternFormat::Rle : PatternFormat::Cells;
  if (ext == ".mc") return PatternFormat::Macrocell;
  if (ext == ".mcl") return PatternFormat::MCell;
  if (ext == ".lif" || ext == ".life") {
    // .lif is shared by Life 1.05 and 1.06 and sometimes by RLE: trust the content when it is
    // definite.
    if (e == Evidence::Rle) return PatternFormat::Rle;
    if (e == Evidence::Cells) return PatternFormat::Cells;
    return PatternFormat::Life106;
  }
  return sniff_format(text);
}

std::string not_a_pattern(std::string_view data, std::string_view name) {
  auto starts = [&](std::string_view magic) { return data.substr(0, magic.size()) == magic; };
  if (is_zip(data)) return "a zip archive within a zip archive; extract the inner one first";
  if (starts("BZh")) return "bzip2-compressed data; decompress it first";
  if (starts(std::string_view("\xFD"
                              "7zXZ\0",
                              6)))
    return "xz-compressed data; decompress it first";
  if (starts("7z\xBC\xAF\x27\x1C"))
    return "a 7-Zip archive; extract the pattern file from it first";
  if (starts("\x89PNG")) return "a PNG image";
  if (starts("%PDF")) return "a PDF document";
  const std::string ext = lower(std::filesystem::path(std::string(name)).extension().string());
  std::string_view body = data;  // less the NUL bytes an editor may leave at the end
  while (!body.empty() && body.back() == '\0') body.remove_suffix(1);
  if (body.empty() && !data.empty()) return "binary data (NUL bytes only)";
  const std::string_view head = body.substr(0, 4096);
  if (ext == ".lua" || (head.starts_with("--") && head.find("golly") != std::string_view::npos))
    return "a Lua script for Golly; run it in Golly";
  if (ext == ".py" || head.find("import golly") != std::string_view::npos)
    return "a Python script for Golly; run it in Golly";
  // Text has no NUL bytes and few control characters; pattern files are text.
  const std::string_view probe = body.substr(0, 65536);
  if (probe.find('\0') != std::string_view::npos) return "binary data";
  size_t control = 0;
  for (char c : head) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && !text::is_space(c)) || u == 0x7f) ++control;
  }
  if (control * 20 > head.size() && control > 2) return "binary data";
  return "";
}

Pattern parse_pattern(std::string_view data, std::string_view source, uint64_t max_cells) {
  std::string where(source);
  // Refused before the trailing NUL bytes go, so that NUL bytes alone are refused, not empty.
  std::string text = inflate_if_gzip(unzip_if_archive(std::string(data), where), where);
  refuse_non_pattern(text, where, where == source ? "" : where);
  text = without_trailing_nuls(std::move(text));
  return where == source ? parse_as(sniff_format(text), text, where, max_cells)
                         : parse_as(format_for_path(where, text), text, where, max_cells);
}

Pattern load_pattern_file(const std::filesystem::path& path, uint64_t max_cells) {
  std::string source = path.string();
  std::string text = inflate_if_gzip(unzip_if_archive(read_file(path), source), source);
  refuse_non_pattern(text, source, source);  // as in parse_pattern, before the NULs go
  text = without_trailing_nuls(std::move(text));
  return parse_as(format_for_path(source, text), text, source, max_cells);
}

ArchivedFile first_pattern_in_zip(std::string_view archive, std::string_view source) {
  const std::vector<std::string> names = zip_file_names(archive, source);
  // As in Golly, a read-me and .txt files are text to read, not patterns: a .txt only counts
  // when the archive has no other pattern file.
  const auto candidate = [](const std::string& name, bool txt) {
    const std::string base = lower(std::filesystem::path(name).filename().string());
    return !name.starts_with("__MACOSX/") && base.find("readme") == std::string::npos &&
           is_pattern_file_name(name) && (format_extension(name) == ".txt") == txt;
  };
  for (bool txt : {false, true})
    for (const std::string& name : names)
      if (candidate(name, txt)) return {name, zip_read(archive, name, source)};
  std::string listed;
  for (size_t i = 0; i < names.size() && i < 8; ++i) listed += (i ? ", " : "") + names[i];
  if (names.size() > 8) listed += ", ...";
  throw Error((source.empty() ? std::string("<zip>") : std::string(source)) +
              ": a zip archive without a pattern file" +
              (names.empty() ? std::string(" (it is empty)") : " (it holds " + listed + ")") +
              "; gpulife reads RLE, plaintext .cells, Life 1.05 and 1.06, Macrocell and MCell");
}

bool is_pattern_file_name(const std::filesystem::path& path) {
  const std::string ext = format_extension(path);
  return ext == ".rle" || ext == ".cells" || ext == ".lif" || ext == ".life" || ext == ".txt" ||
         ext == ".mc" || ext == ".mcl" || ext == ".l";
}

Pattern load_pattern(std::string_view path_or_text, uint64_t max_cells) {
  // Pattern text always has a line break or a character no sane file name has ('!', '$', '=');
  // anything else is taken as a path so that a typo reports "cannot read".
  const bool multi_line = path_or_text.find_first_of("\r\n") != std::string_view::npos;
  std::error_code ec;
  if (!multi_line && path_or_text.size() < 4096) {
    const std::filesystem::path path{std::string(path_or_text)};
    if (std::filesystem::exists(path, ec)) return load_pattern_file(path, max_cells);
    const bool looks_like_text = path_or_text.find_first_of("!$=") != std::string_view::npos &&
                                 path_or_text.find('/') == std::string_view::npos;
    if (!looks_like_text) return load_pattern_file(path, max_cells);  // reports "cannot read PATH"
  }
  return parse_pattern(path_or_text, "<text>", max_cells);
}

std::string write_pattern(const Pattern& pattern, PatternFormat format) {
  switch (format) {
    case PatternFormat::Cells:
      return write_cells(pattern);
    case PatternFormat::Life106:
      return write_life106(pattern);
    case PatternFormat::Life105:
      return write_life105(pattern);
    case PatternFormat::Macrocell:
      return write_macrocell(pattern);
    case PatternFormat::MCell:
      throw Error(
          "gpulife reads MCell files but does not write them (as Golly does not); save "
          "as RLE or Macrocell");
    case PatternFormat::Rle:
      break;
  }
  return write_rle(pattern);
}

PatternFormat format_for_saving(const std::filesystem::path& path) {
  const std::string ext = format_extension(path);
  if (ext == ".cells") return PatternFormat::Cells;
  if (ext == ".lif" || ext == ".life") return PatternFormat::Life106;
  if (ext == ".mc") return PatternFormat::Macrocell;
  if (ext == ".mcl") return PatternFormat::MCell;  // refused by write_pattern(), saying why
  return PatternFormat::Rle;
}

void save_pattern(const Pattern& pattern, const std::filesystem::path& path,
                  std::optional<PatternFormat> format) {
  if (lower(path.extension().string()) == ".zip")
    throw Error("cannot write " + path.string() +
                ": gpulife reads zip archives but does not write them; save as .rle, .mc, .cells "
                "or .lif, with .gz added to compress");
  const PatternFormat chosen = format.value_or(format_for_saving(path));
  // A B0 rule's cells at an odd generation are Golly's complement: a format that keeps no
  // generation would have them read back as the true cells of generation 0.
  if ((chosen == PatternFormat::Cells || chosen == PatternFormat::Life105 ||
       chosen == PatternFormat::Life106) &&
      golly_inverts(pattern.rule.rule, pattern.generation) != golly_inverts(pattern.rule.rule, 0))
    throw Error("cannot write " + path.string() + ": the B0 rule " + pattern.rule.to_string() +
                " at odd generation " + std::to_string(pattern.generation) + " needs the " +
                "generation kept with the cells, which " + std::string(to_string(chosen)) +
                " cannot hold; save as RLE or Macrocell");
  std::string text = write_pattern(pattern, chosen);
  if (lower(path.extension().string()) == ".gz") text = gzip(text);

  write_file_atomically(
      path, [&](std::ostream& out) { out.write(text.data(), std::streamsize(text.size())); });
}

}  // namespace gpulife
