// Engine parameter validation and the name -> factory registry.
#include "core/engine.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/error.hpp"

namespace gpulife {

std::string_view to_string(CellLayout layout) {
  return layout == CellLayout::BytePerCell ? "byte-per-cell" : "bit-packed";
}

double default_memory_bytes(const EngineInfo& info, int64_t width, int64_t height) {
  auto round16 = [](double bytes) { return std::ceil(bytes / 16.0) * 16.0; };
  const double h = double(height);
  const double canonical = double((width + 63) / 64) * 8.0 * h;
  const double pitch =
      info.layout == CellLayout::BytePerCell ? round16(double(width)) : round16(canonical / h);
  const double state = 2.0 * pitch * h + (info.gpu ? canonical : 0.0);
  return state * 1.05 + (info.gpu ? 256.0 : 16.0) * 1048576.0;
}

double memory_bytes(const EngineInfo& info, int64_t width, int64_t height) {
  return info.memory_bytes ? info.memory_bytes(width, height)
                           : default_memory_bytes(info, width, height);
}

bool fits_in_memory(double need, double free_bytes) {
  return need <= 0.85 * free_bytes;
}

void Engine::set_params(const Params& params) {
  validate_params(info(), param_info(), params);
}

void Engine::set_generation(uint64_t) {
  throw Error("engine " + info().name + " cannot set its generation counter");
}

CellStats Engine::cell_stats(bool, bool shape) const {
  Grid now;
  store(now);
  return gpulife::cell_stats(now, nullptr, shape);
}

Grid Engine::read_region(const Box& box) const {
  Grid full;
  store(full);
  Grid patch(std::max<int64_t>(box.width(), 1), std::max<int64_t>(box.height(), 1));
  for (int64_t y = 0; y < box.height(); ++y)
    for (int64_t x = 0; x < box.width(); ++x)
      if (full.in_bounds(box.min_x + x, box.min_y + y))
        patch.set(x, y, full.get(box.min_x + x, box.min_y + y));
  return patch;
}

void Engine::write_region(const Grid& patch, Cell top_left) {
  Grid full;
  store(full);
  for (int64_t y = 0; y < patch.height(); ++y)
    for (int64_t x = 0; x < patch.width(); ++x)
      if (full.in_bounds(top_left.x + x, top_left.y + y))
        full.set(top_left.x + x, top_left.y + y, patch.get(x, y));
  const uint64_t g = generation();
  load(full);
  set_generation(g);
}

std::string describe_params(const std::vector<ParamInfo>& info) {
  if (info.empty()) return "(no launch parameters)";
  std::string s;
  for (const ParamInfo& p : info) {
    if (!s.empty()) s += ", ";
    if (!p.allowed.empty()) {
      s += p.name + " one of ";
      for (size_t i = 0; i < p.allowed.size(); ++i)
        s += (i == 0                      ? ""
              : i + 1 == p.allowed.size() ? " or "
                                          : ", ") +
             std::to_string(p.allowed[i]);
      continue;
    }
    s += p.name + " in [" + std::to_string(p.min) + ", " + std::to_string(p.max) + "]";
    if (p.power_of_two) s += " (power of two)";
    if (p.multiple_of > 1) s += " (multiple of " + std::to_string(p.multiple_of) + ")";
  }
  return s;
}

void validate_params(const EngineInfo& engine, const std::vector<ParamInfo>& info,
                     const Params& values) {
  for (const auto& [name, value] : values) {
    const ParamInfo* match = nullptr;
    for (const ParamInfo& p : info)
      if (p.name == name) match = &p;
    const std::string where = "engine " + engine.name + ": ";
    if (!match)
      throw Error(where + "unknown parameter \"" + name + "\"; valid: " + describe_params(info));
    const bool bad =
        value < match->min || value > match->max ||
        (match->multiple_of > 1 && value % match->multiple_of != 0) ||
        (match->power_of_two && !std::has_single_bit(unsigned(value))) ||
        (!match->allowed.empty() &&
         std::find(match->allowed.begin(), match->allowed.end(), value) == match->allowed.end());
    if (bad)
      throw Error(where + name + "=" + std::to_string(value) +
                  " is out of range; valid: " + describe_params(info));
  }
}

void EngineRegistry::add(EngineInfo info, Factory factory, Availability availability) {
  if (entries_.count(info.name)) throw Error("engine \"" + info.name + "\" registered twice");
  entries_.emplace(info.name, Entry{std::move(factory), std::move(availability)});
  infos_.push_back(std::move(info));
}

bool EngineRegistry::contains(std::string_view name) const {
  return entries_.count(name) != 0;
}

const EngineInfo& EngineRegistry::info(std::string_view name) const {
  for (const EngineInfo& i : infos_)
    if (i.name == name) return i;
  std::string known;
  for (const EngineInfo& i : infos_) known += (known.empty() ? "" : ", ") + i.name;
  throw Error("unknown engine \"" + std::string(name) + "\"; known engines: " + known);
}

std::string EngineRegistry::unavailable_reason(std::string_view name) const {
  info(name);  // throws for unknown names
  const Entry& e = entries_.find(name)->second;
  return e.availability ? e.availability() : std::string();
}

std::unique_ptr<Engine> EngineRegistry::create(std::string_view name) const {
  if (std::string why = unavailable_reason(name); !why.empty())
    throw Error("engine \"" + std::string(name) + "\" cannot run here: " + why);
  return entries_.find(name)->second.factory();
}

}  // namespace gpulife
