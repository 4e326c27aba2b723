#pragma once
/// Title and fix templates: "{gpus.marketing_name} ({gpus.gfx})". `{{` and `}}` are literal braces.
/// "{gpus.bar_bytes:MiB}" prints a bytes fact in MiB (GiB likewise), so a quantity has one fact
/// in one unit and the text still reads well (issue 13: gpus.bar_mib beside gpus.bar_bytes).
/// "{compile.elapsed_ms:s}" prints a milliseconds fact in seconds with one decimal.
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rd {

/// The fact paths a template refers to, in order (without a ":MiB" display unit).
std::vector<std::string> TemplateFacts(const std::string& text);
/// Replaces each {path} with lookup(path), or "(unknown)" when lookup gives nothing.
std::string RenderTemplate(const std::string& text,
                           const std::function<std::optional<std::string>(const std::string&)>& lookup);

}  // namespace rd
