#pragma once
/// Fact paths as rules write them: `os.id`, `gpus[0].gfx`, `env.HSA_OVERRIDE_GFX_VERSION`,
/// `libraries["libamdhip64.so.5"].missing` (quote keys that contain dots).
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rd {

using PathSegment = std::variant<std::string, size_t>;  // object key or array index

/// nullopt on syntax errors (unbalanced brackets, empty segments).
std::optional<std::vector<PathSegment>> ParseFactPath(std::string_view path);
std::string FormatFactPath(const std::vector<PathSegment>& segments);
/// Appends one segment to a path FormatFactPath wrote, giving FormatFactPath of the longer path
/// (lets a walk name each prefix without formatting it again from the start).
void AppendFactPathSegment(std::string& path, const PathSegment& segment);
/// The path with every array index removed ("gpus[2].gfx" -> "gpus.gfx"), as catalogs name it.
std::string GenericFactPath(std::string_view path);

}  // namespace rd
