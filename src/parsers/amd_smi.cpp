#include "parsers/amd_smi.h"

#include <cctype>
#include <nlohmann/json.hpp>

#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

namespace {

std::optional<double> Number(std::string_view s) {
  s = Trim(s);
  size_t end = 0;
  while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.')) ++end;
  if (end == 0) return std::nullopt;
  try {
    return std::stod(std::string(s.substr(0, end)));
  } catch (...) {
    return std::nullopt;
  }
}

void SetField(AmdSmiGpu& gpu, const std::string& section, const std::string& key, const std::string& value,
              std::string& fw_id) {
  if (value.empty() || value == "N/A") return;
  if (key == "BDF") gpu.bdf = value;
  else if (key == "UUID") gpu.uuid = value;
  else if (key == "MARKET_NAME") gpu.marketing_name = value;
  else if (key == "TARGET_GRAPHICS_VERSION") gpu.gfx = value;
  else if (key == "DEVICE_ID" && section == "ASIC") gpu.device_id = value;
  else if (key == "VERSION" && section == "DRIVER") gpu.driver_version = value;
  else if (key == "VERSION" && section == "VBIOS") gpu.vbios_version = value;
  else if (key == "GFX_ACTIVITY") gpu.gfx_activity = Number(value);
  else if (key == "SOCKET_POWER") gpu.socket_power_w = Number(value);
  else if (key == "HOTSPOT" && section == "TEMPERATURE") gpu.hotspot_c = Number(value);
  else if (key == "FW_ID") fw_id = value;
  else if (key == "FW_VERSION" && !fw_id.empty() && gpu.firmware.size() < 64) gpu.firmware.push_back({fw_id, value});
}

AmdSmiOutput ParseText(std::string_view text) {
  AmdSmiOutput out;
  auto lines = Split(text, '\n');
  std::string section, fw_id;
  bool in_gpu = false;  // "AI_NIC: 0" / "CPU: 0" blocks of amd-smi list are not GPUs
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view raw = lines[i];
    std::string_view s = Trim(raw);
    if (!s.empty() && raw.find_first_not_of(" \t") == 0 && !StartsWith(s, "GPU: ")) in_gpu = false;
    if (StartsWith(s, "GPU: ") && raw.find_first_not_of(" \t") == 0) {
      in_gpu = true;
      auto index = ParseInt(Trim(s.substr(5)));
      out.gpus.push_back({});
      out.gpus.back().index = index && *index >= 0 && *index < 64 ? static_cast<int>(*index) : 0;
      out.gpus.back().line = i;
      section.clear();
      continue;
    }
    if (out.gpus.empty() || !in_gpu) continue;
    size_t colon = s.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key(Trim(s.substr(0, colon)));
    std::string value(Trim(s.substr(colon + 1)));
    size_t indent = raw.find_first_not_of(" \t");
    if (value.empty() && indent <= 4) section = key;
    else SetField(out.gpus.back(), section, key, value, fw_id);
  }
  return out;
}

std::string Str(const nlohmann::json& j, std::initializer_list<const char*> path) {
  const nlohmann::json* node = &j;
  for (const char* key : path) {
    if (!node->is_object() || !node->contains(key)) return "";
    node = &(*node)[key];
  }
  if (node->is_string()) return node->get<std::string>() == "N/A" ? "" : node->get<std::string>();
  if (node->is_number()) return node->dump();
  return "";
}

std::optional<double> Value(const nlohmann::json& j, const char* section, const char* key) {
  if (!j.is_object() || !j.contains(section) || !j[section].is_object() || !j[section].contains(key)) return std::nullopt;
  const auto& v = j[section][key];
  if (v.is_number()) return v.get<double>();
  if (v.is_object() && v.contains("value") && v["value"].is_number()) return v["value"].get<double>();
  return std::nullopt;
}

AmdSmiOutput ParseJson(std::string_view text, size_t start_line) {
  AmdSmiOutput out;
  out.json = true;
  auto doc = JsonDepthOk(text) ? nlohmann::json::parse(text, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
  if (doc.is_discarded()) return out;
  if (doc.is_object() && doc.contains("gpu_data")) doc = doc["gpu_data"];
  if (!doc.is_array()) return out;
  for (const auto& g : doc) {
    if (!g.is_object() || !g.contains("gpu") || !g["gpu"].is_number_integer()) continue;
    AmdSmiGpu gpu;
    int index = g["gpu"].get<int>();
    gpu.index = index >= 0 && index < 64 ? index : 0;
    gpu.line = start_line;
    gpu.bdf = Str(g, {"bdf"}).empty() ? Str(g, {"bus", "bdf"}) : Str(g, {"bdf"});
    gpu.uuid = Str(g, {"uuid"});
    gpu.marketing_name = Str(g, {"asic", "market_name"});
    gpu.gfx = Str(g, {"asic", "target_graphics_version"});
    gpu.device_id = Str(g, {"asic", "device_id"});
    gpu.driver_version = Str(g, {"driver", "version"});
    gpu.vbios_version = Str(g, {"vbios", "version"});
    gpu.gfx_activity = Value(g, "usage", "gfx_activity");
    gpu.socket_power_w = Value(g, "power", "socket_power");
    gpu.hotspot_c = Value(g, "temperature", "hotspot");
    if (g.contains("fw_list") && g["fw_list"].is_array()) {
      for (const auto& fw : g["fw_list"]) {
        std::string id = Str(fw, {"fw_id"}), version = Str(fw, {"fw_version"});
        if (!id.empty() && gpu.firmware.size() < 64) gpu.firmware.push_back({id, version});
      }
    }
    out.gpus.push_back(std::move(gpu));
  }
  return out;
}

// Where the JSON document starts (after a prompt line, say), or npos.
size_t JsonStart(std::string_view text, size_t& line) {
  line = 0;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    std::string_view s = Trim(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (StartsWith(s, "[") || StartsWith(s, "{")) return at;
    if (end == std::string_view::npos) break;
    at = end + 1;
    ++line;
  }
  return std::string_view::npos;
}

}  // namespace

bool LooksLikeAmdSmi(std::string_view text) {
  bool text_form = Contains(text, "GPU: ") && (Contains(text, "MARKET_NAME:") || Contains(text, "TARGET_GRAPHICS_VERSION:") ||
                                          Contains(text, "GFX_ACTIVITY:") || Contains(text, "FW_LIST:") ||
                                          (Contains(text, "BDF:") && Contains(text, "UUID:")));
  bool json_form = Contains(text, "\"gpu\"") && (Contains(text, "\"asic\"") || Contains(text, "\"bdf\"") || Contains(text, "\"usage\"") ||
                                            Contains(text, "\"fw_list\""));
  return text_form || json_form;
}

AmdSmiOutput ParseAmdSmi(std::string_view text) {
  size_t line = 0;
  size_t start = JsonStart(text, line);
  if (start != std::string_view::npos && Contains(text, "\"gpu\"")) {
    AmdSmiOutput json = ParseJson(text.substr(start), line);
    if (!json.gpus.empty()) return json;
  }
  return ParseText(text);
}

}  // namespace rd
