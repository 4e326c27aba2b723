#pragma once
/// Title and fix templates: "{gpus.marketing_name} ({gpus.gfx})". `{{` and `}}` are literal braces.
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rd {

/// The fact paths a template refers to, in order.
std::vector<std::string> TemplateFacts(const std::string& text);
/// Replaces each {path} with lookup(path), or "(unknown)" when lookup gives nothing.
std::string RenderTemplate(const std::string& text,
                           const std::function<std::optional<std::string>(const std::string&)>& lookup);

}  // namespace rd
