// The Engine interface every CPU and GPU Life engine implements, and the registry that makes them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/cell_stats.hpp"
#include "core/grid.hpp"
#include "core/rule.hpp"

namespace gpulife {

// How an engine stores cells in its own memory.
enum class CellLayout { BytePerCell, BitPacked };
std::string_view to_string(CellLayout layout);

// One tunable launch parameter with its valid range (inclusive); values must also be multiples
// of `multiple_of` and, when `power_of_two` is set, powers of two.
struct ParamInfo {
  std::string name;
  std::string description;
  int min = 1;
  int max = 1;
  int default_value = 1;
  int multiple_of = 1;
  bool power_of_two = false;
  // When not empty: the only values there are kernels for (each within min..max).
  std::vector<int> allowed = {};
};

using Params = std::map<std::string, int>;

// Everything the rest of the program asks about an engine lives here, as Golly's staticAlgoInfo
// does: a new engine is one file plus one registration, never a list of names elsewhere.
struct EngineInfo {
  std::string name;         // registry key, e.g. "bit64", "reference"
  std::string family;       // e.g. "cpu", "byte", "bit", "multistep"
  std::string description;  // one line for menus and `--help`
  CellLayout layout = CellLayout::BitPacked;
  bool gpu = false;
  // Preference when the user names no engine: the available engine of lowest rank wins.
  int rank = 100;
  // What the demo tour says while the engine runs; engines without one are not in the tour.
  std::string caption;
  // Most generations one pass over memory computes: steps in whole passes time the engine at
  // its own depth.
  int pass_depth = 1;
  // Whether the state lives on one device, in buffers the caller may own (memory OpenGL draws).
  bool gl_shared = false;
  // Bytes of memory (the GPU's for GPU engines, the host's otherwise) a width x height grid
  // needs, transient copies included; empty: the default for the layout (default_memory_bytes).
  std::function<double(int64_t width, int64_t height)> memory_bytes;
};

// Two state buffers of rows padded to 16 bytes in `info.layout`, and for GPU engines the
// canonical bit-packed copy used while switching engines, plus allocator headroom.
double default_memory_bytes(const EngineInfo& info, int64_t width, int64_t height);
// info.memory_bytes when the engine sets it, otherwise default_memory_bytes().
double memory_bytes(const EngineInfo& info, int64_t width, int64_t height);
// Whether `need` bytes fit in `free_bytes`: the one rule every memory check uses, keeping
// headroom for the GL context, the renderer's buffers and fragmentation.
bool fits_in_memory(double need, double free_bytes);

class Engine {
 public:
  virtual ~Engine() = default;

  virtual const EngineInfo& info() const = 0;

  // Launch parameters: their ranges, and the current values. set_params() validates the whole
  // set (including combinations) and throws Error naming the valid ranges when it is refused;
  // the previous values stay in force then.
  virtual std::vector<ParamInfo> param_info() const { return {}; }
  virtual Params params() const { return {}; }
  virtual void set_params(const Params& params);

  // Rule used by step(); an engine throws Error if it cannot run a rule.
  virtual void set_rule(const Rule& rule) = 0;
  virtual Rule rule() const = 0;

  // Replaces the engine's state with the grid (size, topology and cells) and resets the
  // generation count; throws Error when it does not fit (e.g. out of GPU memory).
  virtual void load(const Grid& grid) = 0;
  // Copies the current state out; `grid` is resized to the engine's size and topology.
  virtual void store(Grid& grid) const = 0;

  virtual void step(uint64_t generations) = 0;
  virtual uint64_t generation() const = 0;
  // Sets the generation counter (undo, loading a file with "Gen=", region edits). Engines that
  // keep their own counter override it; the default refuses.
  virtual void set_generation(uint64_t generation);

  // A rectangle of cells as a small Grid (cells outside the engine's grid read as dead), and
  // writing one back without touching the rest or the generation count: how editors change a
  // running engine's state. The defaults go through store()/load(); engines override them to
  // move only the rectangle (e.g. a small device copy).
  virtual Grid read_region(const Box& box) const;
  virtual void write_region(const Grid& patch, Cell top_left);

  virtual uint64_t population() const = 0;
  // Population and, when asked, births and deaths against the generation before and the live
  // cells' bounds and shape hash (core/cell_stats.hpp), counted where the state lives: GPU
  // engines reduce on their device and copy only the totals. Births and deaths come only from
  // engines that still hold the generation before (changes_known): GPU engines after a step()
  // whose last pass was a single generation, e.g. a step(1) call. The default stores the grid
  // and counts on the host, without changes.
  virtual CellStats cell_stats(bool changes, bool shape) const;
  // Equals Grid::hash() of the state store() would produce.
  virtual uint64_t hash() const = 0;

  // Minimum bytes of memory traffic one generation must move in this engine's layout (each
  // cell read once and written once), for "% of the bandwidth limit".
  virtual double bytes_per_generation() const = 0;

  // Device time of the last step() call in milliseconds, measured with GPU events; CPU engines
  // return the wall time. Waits for the step to finish.
  virtual double last_step_ms() const = 0;

  virtual int64_t width() const = 0;
  virtual int64_t height() const = 0;
  virtual Topology topology() const = 0;
};

// Validates `values` against `info`: unknown names and out-of-range values throw Error listing
// every parameter's valid range. Engines call it from set_params().
void validate_params(const EngineInfo& engine, const std::vector<ParamInfo>& info,
                     const Params& values);
// "name in [min, max] (multiple of m)" for each parameter, for messages and `--help`.
std::string describe_params(const std::vector<ParamInfo>& info);

// The rule and the generation count, which engines keep the same way: an engine derives from
// this over its interface (Engine, or one derived from it) and sets rule_ in set_rule() and
// generation_ in load() and step().
template <class Interface = Engine>
class EngineState : public Interface {
 public:
  Rule rule() const override { return rule_; }
  uint64_t generation() const override { return generation_; }
  void set_generation(uint64_t generation) override { generation_ = generation; }

 protected:
  Rule rule_;
  uint64_t generation_ = 0;
};

// Name -> factory, so the viewer, `run` and `bench` all list the same engines.
class EngineRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Engine>()>;
  // Whether the engine can run here now (e.g. a CUDA device exists); the string says why not.
  using Availability = std::function<std::string()>;

  void add(EngineInfo info, Factory factory, Availability availability = {});

  const std::vector<EngineInfo>& engines() const { return infos_; }
  bool contains(std::string_view name) const;
  const EngineInfo& info(std::string_view name) const;
  // Empty when the engine can run here, otherwise the reason it cannot.
  std::string unavailable_reason(std::string_view name) const;
  // Throws Error for unknown names (listing the known ones) and for unavailable engines.
  std::unique_ptr<Engine> create(std::string_view name) const;

 private:
  struct Entry {
    Factory factory;
    Availability availability;
  };
  std::vector<EngineInfo> infos_;
  std::map<std::string, Entry, std::less<>> entries_;
};

// Registers the CPU engines that core provides.
void register_cpu_engines(EngineRegistry& registry);

}  // namespace gpulife
