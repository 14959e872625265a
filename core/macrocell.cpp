// Macrocell reader and writer over CellTree, checking every node reference and level.
#include "core/pattern_formats.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/history_rule.hpp"
#include "core/text_lines.hpp"

namespace gpulife {
namespace {

uint64_t add_saturating(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

// Bit of cell (x, y) in an 8x8 frame, the layout of CellTree leaves.
uint64_t frame_bit(int x, int y) {
  return uint64_t{1} << (8 * y + x);
}

// Places a small bitmap (cells in the top-left `size` x `size` of its frame) at (dx, dy).
uint64_t shifted(uint64_t bits, int dx, int dy) {
  uint64_t out = 0;
  for (uint64_t b = bits; b; b &= b - 1) {
    const int i = __builtin_ctzll(b);
    out |= frame_bit((i & 7) + dx, (i >> 3) + dy);
  }
  return out;
}

// One node as the file defines it, kept while reading (node numbers are the file's).
struct RawNode {
  int8_t level = 0;
  uint64_t bits = 0;                         // levels 1 and 2: live cells in an 8x8 frame
  CellTree::NodeId tree = CellTree::kEmpty;  // level 3 and above
  uint64_t history = 0;                      // cells in other History states below it
  uint32_t child[4] = {0, 0, 0, 0};          // level >= 2: file node numbers; level 1: states
  bool referenced = false;                   // a later node has it as a child
};

class MacrocellReader {
 public:
  MacrocellReader(std::string_view text, std::string_view source, uint64_t max_history)
      : lines_(text, source), source_(source), max_history_(max_history) {
    nodes_.push_back(RawNode{});  // node 0: empty at every level
  }

  Pattern read() {
    // Blank lines before the header are passed over, as Golly does (text copied from a page).
    bool more = lines_.next();
    while (more && text::trim(lines_.line()).empty()) more = lines_.next();
    if (!more || !text::trim_left(lines_.line()).starts_with("[M2]"))
      throw ParseError(std::string(source_), more ? lines_.number() : 1, 1,
                       "not a Macrocell file: it must begin with \"[M2]\"");
    while (lines_.next()) {
      const std::string_view t = text::trim(lines_.line());
      if (t.empty()) continue;
      if (t.front() == '#') {
        hash_line(t);
      } else if (t.front() == '.' || t.front() == '*' || t.front() == '$') {
        leaf_line(t);
      } else if (t.front() >= '0' && t.front() <= '9') {
        node_line(t);
      } else {
        fail(t, "unexpected " + text::describe_char(t.front()) +
                    " at the start of a Macrocell line (expected a node \"level nw ne sw se\", "
                    "a leaf of '.', '*' and '$', or a '#' line)");
      }
    }
    return finish();
  }

 private:
  [[noreturn]] void fail(std::string_view part, const std::string& what) const {
    lines_.fail(part, what);
  }

  static std::string_view after_tag(std::string_view t) {
    return text::trim(t.substr(std::min<size_t>(2, t.size())));
  }

  void hash_line(std::string_view t) {
    if (t.starts_with("#R")) {
      const std::string_view r = after_tag(t);
      const FileRule f = parse_file_rule(r, source_, lines_.number(),
                                         int64_t(r.data() - lines_.line().data()) + 1);
      meta_.rule = f.spec;
      history_rule_ = f.history;
    } else if (t.starts_with("#G")) {
      const std::string_view g = after_tag(t);
      const auto gen = text::parse_uint64(g);
      if (!gen)
        fail(g.empty() ? t : g, "malformed generation \"" + std::string(g) +
                                    "\" (expected a non-negative integer below 2^64)");
      meta_.generation = *gen;
    } else if (t.starts_with("#N")) {
      meta_.name = std::string(after_tag(t));
    } else if (t.starts_with("#O")) {
      meta_.author = std::string(after_tag(t));
    } else if (t.starts_with("#FRAME")) {
      // Timeline frames (Golly's recordings) are not part of the pattern.
    } else {
      std::string_view c = t.substr(t.starts_with("#C") || t.starts_with("#D") ? 2 : 1);
      if (!c.empty() && c.front() == ' ') c.remove_prefix(1);
      meta_.comments.emplace_back(c);
    }
  }

  uint32_t next_number() const { return uint32_t(nodes_.size()); }

  void check_room() {
    if (nodes_.size() >= size_t(UINT32_MAX))
      fail(lines_.line(), "more than 2^32 nodes, the most gpulife reads");
  }

  // ".*$" rows of an 8x8 leaf, top row first; '$' ends a row.
  void leaf_line(std::string_view t) {
    check_room();
    uint64_t bits = 0;
    int x = 0, y = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      const char c = t[i];
      if (text::is_space(c)) break;
      if (c == '$') {
        x = 0;
        ++y;
        continue;
      }
      if (c != '.' && c != '*')
        fail(t.substr(i),
             "unexpected " + text::describe_char(c) + " in a leaf (expected '.', '*' or '$')");
      if (x > 7) fail(t.substr(i), "leaf row longer than 8 cells");
      if (y > 7) fail(t.substr(i), "leaf has more than 8 rows");
      if (c == '*') bits |= frame_bit(x, y);
      ++x;
    }
    RawNode n;
    n.level = CellTree::kLeafLevel;
    n.tree = tree_->add_leaf(bits);
    nodes_.push_back(n);
  }

  // "level nw ne sw se": level 1 over four states, higher levels over earlier nodes.
  void node_line(std::string_view t) {
    check_room();
    uint64_t v[5];
    std::string_view part[5];
    size_t i = 0;
    int count = 0;
    while (i < t.size()) {
      while (i < t.size() && text::is_space(t[i])) ++i;
      if (i >= t.size()) break;
      size_t end = i;
      while (end < t.size() && !text::is_space(t[end])) ++end;
      const std::string_view token = t.substr(i, end - i);
      // Golly once wrote a sixth number; anything past the fifth is ignored, as Golly does.
      if (count < 5) {
        const auto number = text::parse_uint64(token);
        if (!number || token.front() == '+')
          fail(token, "expected a non-negative integer, found \"" + std::string(token) + "\"");
        part[count] = token;
        v[count++] = *number;
      }
      i = end;
    }
    if (count < 5)
      fail(t,
           "a node line needs five numbers, \"level nw ne sw se\"; found " + std::to_string(count));
    if (v[0] < 1 || v[0] > uint64_t(CellTree::kMaxLevel))
      fail(part[0], "impossible level " + std::string(part[0]) +
                        " (levels go from 1, 2x2 cells, to " + std::to_string(CellTree::kMaxLevel) +
                        ", the largest tree gpulife holds)");
    const int level = int(v[0]);
    RawNode n;
    n.level = int8_t(level);
    if (level == 1) {
      const int states = history_rule_ ? kHistoryStates : 2;
      for (int k = 0; k < 4; ++k) {
        if (v[k + 1] == uint64_t(kHistoryBoundary) && history_rule_)
          fail(part[k + 1], history_boundary_refusal());
        if (v[k + 1] >= uint64_t(states))
          fail(part[k + 1],
               "state " + std::string(part[k + 1]) + " does not exist in rule " +
                   (history_rule_ ? history_rule_text(meta_.rule) : meta_.rule.to_string()) +
                   " (states 0 to " + std::to_string(states - 1) + ")");
        n.child[k] = uint32_t(v[k + 1]);
        if (history_state_alive(int(v[k + 1]))) n.bits |= frame_bit(k & 1, k >> 1);
        if (v[k + 1] > 1) ++n.history;
      }
      nodes_.push_back(n);
      root_ = next_number() - 1;
      return;
    }
    const RawNode* child[4];
    for (int k = 0; k < 4; ++k) {
      if (v[k + 1] >= next_number())
        fail(part[k + 1], "node " + std::to_string(next_number()) + " refers to node " +
                              std::string(part[k + 1]) +
                              ", which is not defined before it (nodes are numbered from 1 in "
                              "the order they appear)");
      n.child[k] = uint32_t(v[k + 1]);
      child[k] = &nodes_[n.child[k]];
      if (n.child[k] != 0 && !child[k]->referenced) {
        nodes_[n.child[k]].referenced = true;
        ++referenced_;
      }
      if (n.child[k] != 0 && child[k]->level != level - 1)
        fail(part[k + 1], "node " + std::to_string(next_number()) + " of level " +
                              std::to_string(level) + " refers to node " +
                              std::string(part[k + 1]) + " of level " +
                              std::to_string(child[k]->level) + "; its children must be of level " +
                              std::to_string(level - 1));
      n.history = add_saturating(n.history, child[k]->history);
    }
    if (level <= CellTree::kLeafLevel) {
      const int half = 1 << (level - 1);
      uint64_t bits = 0;
      for (int k = 0; k < 4; ++k) bits |= shifted(child[k]->bits, (k & 1) * half, (k >> 1) * half);
      if (level == CellTree::kLeafLevel)
        n.tree = tree_->add_leaf(bits);
      else
        n.bits = bits;
    } else {
      n.tree =
          tree_->add_node(level, child[0]->tree, child[1]->tree, child[2]->tree, child[3]->tree);
    }
    nodes_.push_back(n);
    root_ = next_number() - 1;
  }

  // History states under a node whose top-left cell is (x, y).
  void collect_history(uint32_t id, int64_t x, int64_t y, std::vector<StateCell>& out) const {
    const RawNode& n = nodes_[id];
    if (id == 0 || n.history == 0) return;
    if (n.level == 1) {
      for (int k = 0; k < 4; ++k)
        if (n.child[k] > 1) out.push_back({{x + (k & 1), y + (k >> 1)}, uint8_t(n.child[k])});
      return;
    }
    const int64_t half = int64_t{1} << (n.level - 1);
    for (int k = 0; k < 4; ++k)
      collect_history(n.child[k], x + (k & 1) * half, y + (k >> 1) * half, out);
  }

  Pattern finish() {
    Pattern p;
    if (root_ != 0) {
      const RawNode& root = nodes_[root_];
      const Cell origin = CellTree::golly_origin(root.level);
      CellTree::NodeId top = root.tree;
      int level = root.level;
      if (root.level < CellTree::kLeafLevel) {
        // A root of 2x2 or 4x4 cells: its cells sit in the top-left of one leaf.
        top = tree_->add_leaf(root.bits);
        level = CellTree::kLeafLevel;
      }
      tree_->set_root(top, level);
      if (root.history > max_history_)
        throw ParseError(std::string(source_), 0, 0,
                         "pattern has more than " + std::to_string(max_history_) +
                             " cells in History states, the most gpulife reads");
      std::vector<StateCell> history;
      collect_history(root_, origin.x, origin.y, history);
      p = Pattern(std::shared_ptr<const CellTree>(std::move(tree_)), origin);
      p.set_history(std::move(history));
    }
    p.rule = meta_.rule;
    p.history_rule = history_rule_;
    p.name = std::move(meta_.name);
    p.author = std::move(meta_.author);
    p.comments = std::move(meta_.comments);
    p.generation = meta_.generation;
    // Golly writes each node after its children and every node is in the root's tree, so
    // nodes outside it are what a file cut short leaves (its last node then a part).
    const uint64_t outside = nodes_.size() - 1 - referenced_ - (root_ != 0 ? 1 : 0);
    if (outside > 0)
      p.notes.push_back(std::to_string(outside) + " of the file's " +
                        std::to_string(nodes_.size() - 1) +
                        " nodes are not in the tree of its last node, which is the pattern, so "
                        "the file may have been cut short; that node's cells were read");
    return p;
  }

  text::LineReader lines_;
  std::string_view source_;
  uint64_t max_history_;
  std::vector<RawNode> nodes_;
  std::unique_ptr<CellTree> tree_ = std::make_unique<CellTree>();
  uint32_t root_ = 0;
  uint64_t referenced_ = 0;  // nodes some later node has as a child
  Pattern meta_;
  bool history_rule_ = false;
};

// Writes each node once, children first, numbering them as the file will.
class TreeWriter {
 public:
  TreeWriter(const CellTree& tree, std::string& out) : tree_(tree), out_(out) {}

  uint64_t write(CellTree::NodeId id) {
    if (id == CellTree::kEmpty) return 0;
    if (auto it = numbers_.find(id); it != numbers_.end()) return it->second;
    const CellTree::Node& n = tree_.node(id);
    if (n.level == CellTree::kLeafLevel) {
      int last_row = 7;
      while (last_row >= 0 && ((n.bits >> (8 * last_row)) & 0xff) == 0) --last_row;
      for (int y = 0; y <= last_row; ++y) {
        const unsigned row = unsigned(n.bits >> (8 * y)) & 0xffu;
        for (int x = 0; x < 8 && (row >> x); ++x) out_ += (row >> x) & 1u ? '*' : '.';
        out_ += '$';
      }
      out_ += '\n';
    } else {
      uint64_t c[4];
      for (int k = 0; k < 4; ++k) c[k] = write(n.child[k]);
      out_ += std::to_string(int(n.level)) + " " + std::to_string(c[0]) + " " +
              std::to_string(c[1]) + " " + std::to_string(c[2]) + " " + std::to_string(c[3]) + "\n";
    }
    return numbers_[id] = ++count_;
  }

 private:
  const CellTree& tree_;
  std::string& out_;
  std::unordered_map<CellTree::NodeId, uint64_t> numbers_;
  uint64_t count_ = 0;
};

// A multi-state tree of (cell, state) items, written level by level from 2x2 nodes up; equal
// nodes are written once. `level` is the root's, its top-left at `origin`.
void write_states(std::vector<StateCell> cells, Cell origin, int level, std::string& out) {
  struct Item {
    uint64_t x, y;  // position in units of the current level's node size
    uint64_t id;    // file number
  };
  std::map<std::vector<uint64_t>, uint64_t> written;
  uint64_t count = 0;
  auto emit = [&](int l, const uint64_t(&c)[4]) {
    std::vector<uint64_t> key = {uint64_t(l), c[0], c[1], c[2], c[3]};
    if (auto it = written.find(key); it != written.end()) return it->second;
    out += std::to_string(l) + " " + std::to_string(c[0]) + " " + std::to_string(c[1]) + " " +
           std::to_string(c[2]) + " " + std::to_string(c[3]) + "\n";
    return written[key] = ++count;
  };
  std::vector<Item> items;
  std::vector<std::pair<std::pair<uint64_t, uint64_t>, std::pair<int, uint8_t>>> leaf;
  for (const StateCell& s : cells) {
    const uint64_t ux = uint64_t(s.cell.x - origin.x), uy = uint64_t(s.cell.y - origin.y);
    leaf.push_back({{uy >> 1, ux >> 1}, {int((ux & 1) | ((uy & 1) << 1)), s.state}});
  }
  std::sort(leaf.begin(), leaf.end());
  for (size_t i = 0; i < leaf.size();) {
    uint64_t c[4] = {0, 0, 0, 0};
    size_t j = i;
    while (j < leaf.size() && leaf[j].first == leaf[i].first) {
      c[leaf[j].second.first] = leaf[j].second.second;
      ++j;
    }
    items.push_back({leaf[i].first.second, leaf[i].first.first, emit(1, c)});
    i = j;
  }
  for (int l = 2; l <= level; ++l) {
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
      return std::pair(a.y >> 1, a.x >> 1) < std::pair(b.y >> 1, b.x >> 1);
    });
    std::vector<Item> up;
    for (size_t i = 0; i < items.size();) {
      uint64_t c[4] = {0, 0, 0, 0};
      const uint64_t px = items[i].x >> 1, py = items[i].y >> 1;
      size_t j = i;
      while (j < items.size() && (items[j].x >> 1) == px && (items[j].y >> 1) == py) {
        c[(items[j].x & 1) | ((items[j].y & 1) << 1)] = items[j].id;
        ++j;
      }
      up.push_back({px, py, emit(l, c)});
      i = j;
    }
    items = std::move(up);
  }
}

}  // namespace

Pattern parse_macrocell(std::string_view text, std::string_view source, uint64_t max_history) {
  return MacrocellReader(text, source, max_history).read();
}

std::string write_macrocell(const Pattern& pattern) {
  const bool states = pattern.history_rule || !pattern.history().empty();
  std::string out = "[M2] (gpulife)\n";
  out += "#R " + (states ? history_rule_text(pattern.rule) : pattern.rule.to_string()) + "\n";
  if (pattern.generation != 0) out += "#G " + std::to_string(pattern.generation) + "\n";
  if (!pattern.name.empty()) out += "#N " + text::one_line(pattern.name) + "\n";
  if (!pattern.author.empty()) out += "#O " + text::one_line(pattern.author) + "\n";
  for (const std::string& c : pattern.comments) out += "#C " + text::one_line(c) + "\n";
  if (pattern.empty() && pattern.history().empty()) return out;

  if (states) {
    std::vector<StateCell> cells;
    for (const Cell& c : pattern.cells()) cells.push_back({c, 1});
    for (const StateCell& h : pattern.history()) cells.push_back(h);
    // A History state of a live cell replaces its plain "on" (it sorts after it).
    std::stable_sort(cells.begin(), cells.end(), [](const StateCell& a, const StateCell& b) {
      return a.cell.y != b.cell.y ? a.cell.y < b.cell.y : a.cell.x < b.cell.x;
    });
    std::vector<StateCell> merged;
    std::vector<Cell> where;
    for (const StateCell& c : cells) {
      if (!merged.empty() && merged.back().cell == c.cell)
        merged.back() = c;
      else
        merged.push_back(c);
    }
    for (const StateCell& c : merged) where.push_back(c.cell);
    // The same root a two-state tree of these cells would have.
    const int level = CellTree::from_cells(where).root_level();
    write_states(std::move(merged), CellTree::golly_origin(level), level, out);
    return out;
  }
  const CellTree* tree = pattern.tree();
  CellTree built;
  // Golly roots a file at a node line, so a root smaller than 16x16 (or one moved out of
  // Golly's place) is rebuilt from the cells.
  if (!tree || tree->root_level() <= CellTree::kLeafLevel ||
      pattern.tree_origin() != CellTree::golly_origin(tree->root_level())) {
    built = CellTree::from_cells(pattern.cells());
    tree = &built;
  }
  TreeWriter(*tree, out).write(tree->root());
  return out;
}

}  // namespace gpulife
