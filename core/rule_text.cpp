// Rule bodies as text: B/S counts with Hensel letters and MAP tables, parsed to a 512-entry
// table and printed back in Golly's canonical form.
#include "core/rule_text.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <span>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/hensel.hpp"
#include "core/text_lines.hpp"

namespace gpulife::rule_text {
namespace {

constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The cells of each neighbourhood's MAP entry as Moore index bits, from the entry's lowest bit
// up (Golly's orders, checked against bgolly: hexagonal S SE W C E NW N and von Neumann
// N W C E S from the top bit down).
constexpr int kMooreCells[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
constexpr int kHexagonalCells[7] = {7, 8, 3, 4, 5, 0, 1};
constexpr int kVonNeumannCells[5] = {1, 3, 4, 5, 7};

struct MapShape {
  Neighbourhood neighbourhood;
  std::span<const int> cells;
  size_t chars() const { return ((size_t(1) << cells.size()) + 5) / 6; }
};
constexpr MapShape kMapShapes[3] = {{Neighbourhood::Moore, kMooreCells},
                                    {Neighbourhood::Hexagonal, kHexagonalCells},
                                    {Neighbourhood::VonNeumann, kVonNeumannCells}};

const MapShape& shape_of(Neighbourhood n) {
  for (const MapShape& s : kMapShapes)
    if (s.neighbourhood == n) return s;
  return kMapShapes[0];
}

// The Moore index whose neighbourhood cells spell MAP entry `entry` (other cells dead).
int index_of_entry(const MapShape& shape, uint32_t entry) {
  int index = 0;
  for (size_t b = 0; b < shape.cells.size(); ++b)
    if ((entry >> b) & 1u) index |= 1 << shape.cells[b];
  return index;
}

uint32_t entry_of_index(const MapShape& shape, int index) {
  uint32_t entry = 0;
  for (size_t b = 0; b < shape.cells.size(); ++b)
    if ((index >> shape.cells[b]) & 1) entry |= 1u << b;
  return entry;
}

std::string_view neighbourhood_name(Neighbourhood n) {
  static constexpr std::string_view kNames[] = {"Moore", "hexagonal", "von Neumann"};
  return enum_name(n, kNames, "Moore");
}

Rule parse_map(std::string_view body, std::string_view whole, int64_t column) {
  std::string_view data = body.substr(3);
  const int64_t data_column = column + 3;
  if (data.size() >= 2 && data.substr(data.size() - 2) == "==") data.remove_suffix(2);
  for (size_t i = 0; i < data.size(); ++i)
    if (kBase64.find(data[i]) == std::string_view::npos)
      fail(whole, data_column + int64_t(i),
           std::string("'") + data[i] + "' is not a base64 character (A-Z a-z 0-9 + /)");
  const MapShape* shape = nullptr;
  for (const MapShape& s : kMapShapes)
    if (data.size() == s.chars()) shape = &s;
  if (!shape)
    fail(whole, data_column + int64_t(data.size()),
         "a MAP rule has 86 base64 characters (Moore), 22 (hexagonal) or 6 (von Neumann), not " +
             std::to_string(data.size()));
  RuleTable table;
  for (int k = 0; k < kNeighbourhoods; ++k) {
    const uint32_t e = entry_of_index(*shape, k);
    const size_t sextet = kBase64.find(data[e / 6]);
    table.set(k, (sextet >> (5 - e % 6)) & 1u);
  }
  return Rule::from_table(table, RuleNotation::Map, shape->neighbourhood);
}

// Which configurations of each count 0..8 a B or S part includes: bit l of counts[n] for the
// l-th letter of count n, or bit 0 for a count without letters (or outside the Moore
// neighbourhood, where letters are not used).
using CountSets = std::array<uint16_t, 9>;

uint16_t full_set(int count, Neighbourhood nb) {
  const size_t letters = nb == Neighbourhood::Moore ? hensel::letters(count).size() : 0;
  return letters == 0 ? 1 : uint16_t((1u << letters) - 1);
}

std::string letter_list(int count) {
  std::string s;
  for (char c : hensel::letters(count)) s += std::string(s.empty() ? "" : ", ") + c;
  return s;
}

// Parses one part's counts ("23-a4ei6") starting at column `column`.
CountSets parse_counts(std::string_view part, std::string_view whole, int64_t column,
                       Neighbourhood nb) {
  CountSets sets{};
  int count = -1;  // the count the letters being read belong to
  int64_t count_at = 0;
  bool negate = false;
  uint16_t letters = 0;
  // Each count's first mention and what its mentions were (1: bare, 2: letters, 4: negated).
  // Letters named twice add up ("2a2c" is "2ac", as in Golly), and so does a bare count twice;
  // a bare count beside letters, or a negation beside anything, has no one meaning (Golly
  // shows one rule and runs another), so it is refused.
  std::array<int64_t, 10> first_at{};
  std::array<int, 10> kinds{};
  auto finish = [&] {
    if (count < 0) return;
    const int kind = negate ? 4 : letters != 0 ? 2 : 1;
    const int all = kinds[size_t(count)] | kind;
    if (first_at[size_t(count)] != 0 && (all == 3 || (all & 4) != 0))
      fail(whole, count_at,
           "count " + std::to_string(count) + " appears twice in this part (first at column " +
               std::to_string(first_at[size_t(count)]) +
               ") with different meanings; give each count once, with all its letters");
    if (first_at[size_t(count)] == 0) first_at[size_t(count)] = count_at;
    kinds[size_t(count)] = all;
    const uint16_t full = full_set(count, nb);
    sets[size_t(count)] |= letters == 0 ? full : (negate ? uint16_t(full & ~letters) : letters);
    count = -1;
  };
  for (size_t i = 0; i < part.size(); ++i) {
    const char c = part[i];
    const int64_t at = column + int64_t(i);
    if (c >= '0' && c <= '9') {
      finish();
      const int n = c - '0';
      if (n > max_count(nb))
        fail(whole, at,
             "neighbour count " + std::to_string(n) + " is impossible in the " +
                 std::string(neighbourhood_name(nb)) + " neighbourhood (0.." +
                 std::to_string(max_count(nb)) + ")");
      count = n;
      count_at = at;
      negate = false;
      letters = 0;
    } else if (c == '-') {
      if (count < 0 || negate || letters)
        fail(whole, at, "'-' must come right after a neighbour count, before its letters");
      negate = true;
    } else if (c >= 'a' && c <= 'z') {
      if (c == 'v' || c == 'h')
        fail(whole, at, "the neighbourhood suffix (V or H) goes at the end of the rule");
      if (count < 0)
        fail(whole, at, std::string("letter '") + c + "' must follow a neighbour count");
      if (nb != Neighbourhood::Moore)
        fail(whole, at,
             "letters need the Moore neighbourhood; the " + std::string(neighbourhood_name(nb)) +
                 " one has none");
      const int l = hensel::letter_index(count, c);
      if (l < 0) {
        if (hensel::letters(count).empty())
          fail(whole, at, "count " + std::to_string(count) + " takes no letters");
        if (hensel::letter_index(4, c) < 0)
          fail(whole, at,
               std::string("'") + c +
                   "' is not one of Hensel's letters (c e k a i j n q r t w y z)");
        fail(whole, at,
             std::string("'") + c + "' is not a letter of count " + std::to_string(count) + " (" +
                 std::to_string(count) + " takes " + letter_list(count) + ")");
      }
      letters |= uint16_t(1u << l);
    } else {
      fail(whole, at, std::string("unexpected character '") + c + "'");
    }
  }
  finish();
  return sets;
}

RuleTable build_table(const CountSets& birth, const CountSets& survival, Neighbourhood nb) {
  const int mask = neighbour_mask(nb);
  RuleTable table;
  for (int k = 0; k < kNeighbourhoods; ++k) {
    const int n = std::popcount(unsigned(k & mask));
    const int letter = nb == Neighbourhood::Moore ? hensel::letter_of(k) : -1;
    const uint16_t set = ((k >> kCentreBit) & 1) ? survival[size_t(n)] : birth[size_t(n)];
    table.set(k, (set >> (letter < 0 ? 0 : letter)) & 1u);
  }
  return table;
}

bool partial(const CountSets& sets, Neighbourhood nb) {
  for (int n = 0; n <= 8; ++n)
    if (sets[size_t(n)] != 0 && sets[size_t(n)] != full_set(n, nb)) return true;
  return false;
}

size_t find_any(std::string_view s, std::string_view chars, size_t from = 0) {
  return s.find_first_of(chars, from);
}

// The state count C of a Generations rule (S/B/C or B/S/C): cells that leave S take C - 2
// further generations to die. Two states is the Life-like rule without the C; more states are
// beyond a two-state program, and say so.
void require_two_states(std::string_view states, std::string_view whole, int64_t column) {
  const bool digits =
      !states.empty() && states.size() <= 9 &&
      std::all_of(states.begin(), states.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits)
    fail(whole, column,
         "expected the number of states of a Generations rule (S/B/C or B/S/C) here; other rules "
         "have one separator");
  const int n = std::stoi(std::string(states));
  if (n < 2) fail(whole, column, "a Generations rule has at least 2 states");
  if (n > 2)
    fail(whole, column,
         "a Generations rule with " + std::to_string(n) +
             " states is multi-state: gpulife runs two-state rules (with 2 states a Generations "
             "rule is its Life-like rule)");
}

Rule parse_counts_rule(std::string_view body, std::string_view whole, int64_t column) {
  std::string lower;
  for (char c : body) lower += char(std::tolower(static_cast<unsigned char>(c)));
  Neighbourhood nb = Neighbourhood::Moore;
  std::string_view text = lower;
  if (text.back() == 'v' || text.back() == 'h') {
    nb = text.back() == 'v' ? Neighbourhood::VonNeumann : Neighbourhood::Hexagonal;
    text.remove_suffix(1);
  }
  CountSets birth{}, survival{};
  auto part_at = [&](size_t from, size_t to) {
    return parse_counts(text.substr(from, to - from), whole, column + int64_t(from), nb);
  };
  if (find_any(text, "bs") == std::string_view::npos) {
    // Survival/birth, the older form: "23/3".
    const size_t slash = find_any(text, "/_");
    if (slash == std::string_view::npos)
      fail(whole, column,
           "not a rule: expected B/S notation such as B3/S23, S/B such as 23/3, MAP followed by "
           "base64, or a name such as Life, HighLife, Seeds");
    size_t end = text.size();
    if (const size_t again = find_any(text, "/_", slash + 1); again != std::string_view::npos) {
      // Generations, S/B/C.
      require_two_states(text.substr(again + 1), whole, column + int64_t(again) + 1);
      end = again;
    }
    survival = part_at(0, slash);
    birth = part_at(slash + 1, end);
  } else {
    // One or two parts, each B or S first, optionally separated by '/' or '_'.
    size_t at = 0;
    bool seen[2] = {false, false};
    const size_t first_slash = find_any(text, "/_");
    while (at < text.size()) {
      char kind = text[at];
      size_t from = at + 1;
      if (kind != 'b' && kind != 's') {
        // As Golly reads them, one of two parts may leave out its letter, which is then the
        // other part's partner: "B3/23" and "23/B3" are B3/S23, "/S23" is B/S23.
        const bool first_part = at == 0 && first_slash != std::string_view::npos;
        const bool second_part = at == first_slash + 1 && seen[0] != seen[1];
        const char other = first_part && first_slash + 1 < text.size() ? text[first_slash + 1] : 0;
        if (first_part && (other == 'b' || other == 's'))
          kind = other == 'b' ? 's' : 'b';
        else if (second_part)
          kind = seen[0] ? 's' : 'b';
        else
          fail(whole, column + int64_t(at),
               std::string("expected B or S here, not '") + body[at] + "'");
        from = at;
      }
      const int k = kind == 's';
      if (seen[k]) fail(whole, column + int64_t(at), std::string(k ? "S" : "B") + " appears twice");
      seen[k] = true;
      size_t end = find_any(text, k ? "b/_" : "s/_", from);
      if (end == std::string_view::npos) end = text.size();
      (k ? survival : birth) = part_at(from, end);
      at = end;
      if (at < text.size() && (text[at] == '/' || text[at] == '_')) {
        if (seen[0] && seen[1]) {
          // Generations, B/S/C.
          if (at + 1 < text.size() && text[at + 1] == 'c') {
            require_two_states(text.substr(at + 2), whole, column + int64_t(at) + 2);
            break;
          }
          fail(whole, column + int64_t(at), "nothing may follow the B and S parts");
        }
        ++at;
        if (at == text.size()) break;
      }
    }
  }
  const bool letters = nb == Neighbourhood::Moore && (partial(birth, nb) || partial(survival, nb));
  return Rule::from_table(build_table(birth, survival, nb),
                          letters ? RuleNotation::Isotropic : RuleNotation::Totalistic, nb);
}

// One representative index (centre dead) of each letter of each count.
int letter_representative(int count, int letter) {
  static const auto reps = [] {
    std::array<std::array<int16_t, 13>, 9> r{};
    for (int k = 0; k < kNeighbourhoods; ++k) {
      if ((k >> kCentreBit) & 1) continue;
      const int n = std::popcount(unsigned(k));
      const int l = hensel::letter_of(k);
      if (l >= 0 && r[size_t(n)][size_t(l)] == 0) r[size_t(n)][size_t(l)] = int16_t(k);
    }
    return r;
  }();
  return reps[size_t(count)][size_t(letter)];
}

// "B" or "S" and its counts, from the table's entries for a dead (centre 0) or live cell.
std::string format_part(const Rule& rule, bool live) {
  const int centre = live ? 1 << kCentreBit : 0;
  const Neighbourhood nb = rule.neighbourhood();
  const int mask = neighbour_mask(nb);
  std::string s = live ? "S" : "B";
  for (int n = 0; n <= max_count(nb); ++n) {
    const std::string_view names =
        rule.notation() == RuleNotation::Isotropic ? hensel::letters(n) : std::string_view();
    if (names.empty()) {
      // The lowest n cells of the neighbourhood stand for every configuration of n.
      int index = 0;
      for (int bit = 0, got = 0; got < n; ++bit)
        if ((mask >> bit) & 1) index |= 1 << bit, ++got;
      if (rule.next(index | centre)) s += char('0' + n);
      continue;
    }
    std::string on, off;
    for (size_t l = 0; l < names.size(); ++l)
      (rule.next(letter_representative(n, int(l)) | centre) ? on : off) += names[l];
    if (on.empty()) continue;
    s += char('0' + n);
    if (off.empty()) continue;
    std::sort(on.begin(), on.end());
    std::sort(off.begin(), off.end());
    // Golly's choice: the shorter form, the one without '-' on a tie.
    s += on.size() <= off.size() + 1 ? on : "-" + off;
  }
  return s;
}

}  // namespace

[[noreturn]] void fail(std::string_view whole, int64_t column, const std::string& why) {
  throw ParseError("rule", 1, column, why + " in rule \"" + text::excerpt(whole) + "\"");
}

int neighbour_mask(Neighbourhood neighbourhood) {
  switch (neighbourhood) {
    case Neighbourhood::Hexagonal:  // no north-east (bit 6) or south-west (bit 2)
      return 0x1EF & ~((1 << 6) | (1 << 2));
    case Neighbourhood::VonNeumann:  // N, W, E, S
      return (1 << 7) | (1 << 5) | (1 << 3) | (1 << 1);
    default:
      return 0x1EF;
  }
}

int max_count(Neighbourhood neighbourhood) {
  return std::popcount(unsigned(neighbour_mask(neighbourhood)));
}

Rule parse_body(std::string_view body, std::string_view whole, int64_t column) {
  if (body.empty()) fail(whole, column, "the rule is empty");
  const auto lower_prefix = [&](std::string_view p) {
    if (body.size() < p.size()) return false;
    for (size_t i = 0; i < p.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(body[i])) != p[i]) return false;
    return true;
  };
  if (lower_prefix("map")) return parse_map(body, whole, column);
  if (lower_prefix("w") && body.size() > 1 && std::isdigit(static_cast<unsigned char>(body[1])))
    fail(whole, column, "Wolfram's one-dimensional rules (W...) are not supported");
  std::string lower;
  for (char c : body) lower += char(std::tolower(static_cast<unsigned char>(c)));
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto is_letter = [](char c) { return c >= 'a' && c <= 'z'; };
  if (lower.size() > 1 && lower[0] == 'r' && is_digit(lower[1]) &&
      lower.find(",c") != std::string::npos)
    fail(whole, column,
         "Larger than Life rules (R...,C...) are not supported: gpulife runs two-state rules on "
         "the 3x3 neighbourhood");
  // B/S notation starts with B, S or a digit: other words are names (JvN29, Turmite_121181,
  // Worm-1040512 with digits too).
  const bool name = (is_letter(lower[0]) && lower[0] != 'b' && lower[0] != 's') ||
                    (std::none_of(lower.begin(), lower.end(), is_digit) &&
                     std::count_if(lower.begin(), lower.end(), is_letter) > 3);
  if (name)
    fail(whole, column,
         "not a rule name gpulife knows (multi-state rules such as Generations, WireWorld, JvN, "
         "Turmites or RuleLoader rules are not supported); expected B/S notation such as B3/S23 "
         "or B2-a/S12, MAP followed by base64, or a name such as Life, HighLife, Seeds, "
         "Day & Night");
  return parse_counts_rule(body, whole, column);
}

std::string format(const Rule& rule) {
  const Neighbourhood nb = rule.neighbourhood();
  if (rule.notation() == RuleNotation::Map) {
    const MapShape& shape = shape_of(nb);
    const uint32_t entries = 1u << shape.cells.size();
    std::string s = "MAP";
    for (uint32_t e0 = 0; e0 < entries; e0 += 6) {
      uint32_t sextet = 0;
      for (uint32_t e = e0; e < e0 + 6; ++e)
        sextet = (sextet << 1) | (e < entries && rule.next(index_of_entry(shape, e)) ? 1u : 0u);
      s += kBase64[sextet];
    }
    return s;
  }
  std::string s = format_part(rule, false) + "/" + format_part(rule, true);
  if (nb == Neighbourhood::Hexagonal) s += "H";
  if (nb == Neighbourhood::VonNeumann) s += "V";
  return s;
}

}  // namespace gpulife::rule_text
