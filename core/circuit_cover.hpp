// The rule compiler's third construction, for tables with no structure to exploit: a
// multiplexer tree on a few cells whose leaves, functions on small sets of neighbourhoods, are
// found by searching gates over every signal built so far (internal to core/rule_circuit.cpp).
#pragma once

#include <array>
#include <span>

#include "core/circuit_builder.hpp"

namespace gpulife::circuit {

// A circuit for f over row features `features` (the cells w, c, e among them): f is split on
// the cells `top` in turn (a multiplexer gate each, equal subfunctions shared) until a side
// covers 32 neighbourhoods or fewer; such a side is an existing signal, one gate over three
// signals or two gates, whichever search finds first, and is otherwise split again on the cell
// or built signal whose sides look cheapest. Later sides read what earlier ones built, so the
// gates of the first leaves serve the rest.
Circuit cover_circuit(const Truth& f, std::span<const RowFeature> features,
                      std::span<const int> top);

}  // namespace gpulife::circuit
