#pragma once
/// Title and fix templates: "{gpus.marketing_name} ({gpus.gfx})". `{{` and `}}` are literal braces.
/// "{gpus.bar_bytes:MiB}" prints a bytes fact in MiB (GiB likewise), so a quantity has one fact
/// in one unit and the text still reads well (issue 13: gpus.bar_mib beside gpus.bar_bytes).
/// "{compile.elapsed_ms:s}" prints a milliseconds fact in seconds with one decimal.
/// "{log.tensile_arch|the GPU it ran on}" says the words after | where the fact is not known, so
/// a paste that never names the target reads "for the GPU it ran on", not "for (unknown)".
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rd {

struct TemplateRef {
  std::string path;                     ///< without a ":MiB" display unit
  std::optional<std::string> fallback;  ///< the words after '|', said where the fact is unknown
};
/// The references of a template, in order.
std::vector<TemplateRef> TemplateRefs(const std::string& text);
/// The fact paths a template refers to, in order (without a ":MiB" display unit).
std::vector<std::string> TemplateFacts(const std::string& text);
/// Replaces each {path} with lookup(path), or "(unknown)" when lookup gives nothing.
std::string RenderTemplate(const std::string& text,
                           const std::function<std::optional<std::string>(const std::string&)>& lookup);

}  // namespace rd
