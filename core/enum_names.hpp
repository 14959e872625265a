// Names of an enum's values listed in a table, so that a to_string is the table and one call.
#pragma once

#include <cstddef>
#include <type_traits>

namespace gpulife {

// The name of `value` in `names`, which lists the enum's values in order starting at `first`;
// `fallback` for a value the table does not list (a cast from an out-of-range number).
template <typename Enum, typename Name, size_t N>
constexpr Name enum_name(Enum value, const Name (&names)[N], std::type_identity_t<Name> fallback,
                         Enum first = Enum{}) {
  static_assert(std::is_enum_v<Enum>);
  using Number = std::underlying_type_t<Enum>;
  const auto at = static_cast<long long>(static_cast<Number>(value)) -
                  static_cast<long long>(static_cast<Number>(first));
  return at >= 0 && at < static_cast<long long>(N) ? names[at] : fallback;
}

}  // namespace gpulife
