#pragma once
/// Whether the words just before a position in a line deny what follows: "not WSL", "without
/// HSA_OVERRIDE_GFX_VERSION=10.3.0", "Missing \"HSA_FORCE_FINE_GRAIN_PCIE=1\"" (RCCL's warning),
/// "non-WSL". One list for every paste reader, so a phrase negated for one is negated for all.
#include <cstddef>
#include <string_view>

namespace rd {

/// True when the text of `line` before byte `at`, with quotes, backticks and spaces trimmed from
/// its end, ends with a negating word that starts at a word boundary.
bool NegatedBefore(std::string_view line, size_t at);

}  // namespace rd
