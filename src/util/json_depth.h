#pragma once
/// How deeply JSON text nests, counted before any parser builds (and later destroys, copies or
/// prints) a tree: every nlohmann operation on a tree recurses, and 30,000–100,000 levels of
/// brackets in a report, a paste or a child's output overflowed the stack (hostile-input report
/// D11; under ASan a 100k-deep probe line did so in the probes collector's thread).
#include <cstddef>
#include <string_view>

namespace rd {

/// Deeper than anything rocm-doctor or the tools it reads write (reports nest about 8 levels).
inline constexpr size_t kMaxJsonDepth = 256;

/// The deepest nesting of [ and { outside strings (a linear scan; malformed text is fine).
size_t JsonNestingDepth(std::string_view text);
/// True when `text` nests at most kMaxJsonDepth levels: safe to hand to a JSON parser.
inline bool JsonDepthOk(std::string_view text) { return JsonNestingDepth(text) <= kMaxJsonDepth; }

}  // namespace rd
