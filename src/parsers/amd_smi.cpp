#include "parsers/amd_smi.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "util/json_depth.h"
#include "util/strings.h"
#include "util/whole_number.h"

namespace rd {

namespace {

using nlohmann::json;

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

// Whole numbers stay integers ("42", not "42.0").
json NumberJson(double v) {
  if (auto whole = WholeNumber(v)) return *whole;
  return v;
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// A link speed in GT/s: amd-smi prints "32 GT/s"; a value in MT/s (the library's unit) is
// converted.
std::optional<double> SpeedGts(std::string_view value) {
  auto n = Number(value);
  if (!n) return std::nullopt;
  return Contains(value, "MT/s") ? *n / 1000.0 : *n;
}

void SetNumber(AmdSmiGpu& gpu, const char* leaf, std::optional<double> value) {
  if (value) gpu.health[leaf] = NumberJson(*value);
}

json& EccBlock(AmdSmiGpu& gpu, const std::string& block) {
  json& list = gpu.health["ecc"];
  if (!list.is_array()) list = json::array();
  for (auto& entry : list) {
    if (entry["block"] == block) return entry;
  }
  list.push_back({{"block", block}});
  return list.back();
}

void AddThrottle(AmdSmiGpu& gpu, const std::string& limit) {
  json& active = gpu.health["throttle_active"];
  if (!active.is_array()) active = json::array();
  if (std::find(active.begin(), active.end(), limit) == active.end()) active.push_back(limit);
}

// `amd-smi metric -v` THROTTLE keys: <LIMIT>_VIOLATION_ACTIVITY (percent) and
// <LIMIT>_VIOLATION_STATUS (ACTIVE / NOT ACTIVE, per XCP on newer versions).
void SetThrottle(AmdSmiGpu& gpu, const std::string& key, const std::string& value) {
  static const std::pair<const char*, const char*> kLimits[] = {
      {"PPT", "ppt"}, {"SOCKET_THERMAL", "socket_thermal"}, {"PROCHOT", "prochot"}, {"VR_THERMAL", "vr_thermal"}, {"HBM_THERMAL", "hbm_thermal"}};
  if (!gpu.health.contains("throttle_active")) gpu.health["throttle_active"] = json::array();
  for (const auto& [prefix, name] : kLimits) {
    if (key == std::string(prefix) + "_VIOLATION_ACTIVITY") SetNumber(gpu, (std::string("throttle_") + name + "_percent").c_str(), Number(value));
    // "ACTIVE" anywhere but not only as part of "NOT ACTIVE".
    bool active = false;
    for (size_t at = value.find("ACTIVE"); at != std::string::npos; at = value.find("ACTIVE", at + 1)) {
      if (at < 4 || value.compare(at - 4, 4, "NOT ") != 0) active = true;
    }
    if (key == std::string(prefix) + "_VIOLATION_STATUS" && active) AddThrottle(gpu, name);
  }
}

int TrailingInt(const std::string& s) {
  size_t at = s.find_last_not_of("0123456789");
  at = at == std::string::npos ? 0 : at + 1;
  auto n = ParseInt(s.substr(at));
  return n ? static_cast<int>(*n) : -1;
}

// One "KEY: value" of amd-smi's output, text or JSON alike (JSON keys are the text keys in lower
// case). section/sub: the enclosing "ASIC:" / "ECC_BLOCKS: UMC:" headings.
void SetField(AmdSmiGpu& gpu, const std::string& section, const std::string& sub, const std::string& key,
              const std::string& value, std::string& fw_id) {
  if (value.empty() || value == "N/A") return;
  if (key == "BDF") gpu.bdf = value;
  else if (key == "UUID") gpu.uuid = value;
  else if (key == "MARKET_NAME") gpu.marketing_name = value;
  else if (key == "TARGET_GRAPHICS_VERSION") gpu.gfx = value;
  else if (key == "DEVICE_ID" && section == "ASIC") gpu.device_id = value;
  else if (key == "VERSION" && section == "DRIVER") gpu.driver_version = value;
  else if (key == "VERSION" && (section == "VBIOS" || section == "IFWI")) gpu.vbios_version = value;
  else if (key == "GFX_ACTIVITY") gpu.gfx_activity = Number(value);
  else if (key == "SOCKET_POWER" && section == "POWER") gpu.socket_power_w = Number(value);
  else if (key == "HOTSPOT" && section == "TEMPERATURE") gpu.hotspot_c = Number(value);
  else if (key == "FW_ID") fw_id = value;
  else if (key == "FW_VERSION" && !fw_id.empty() && gpu.firmware.size() < 64) gpu.firmware.push_back({fw_id, value});
  // list -e: which index is which (HIP, HSA, OAM, DRM nodes).
  else if (section.empty() && (key == "HIP_ID" || key == "HSA_ID" || key == "OAM_ID")) SetNumber(gpu, key == "HIP_ID" ? "hip_id" : key == "HSA_ID" ? "hsa_id" : "oam_id", Number(value));
  else if (section.empty() && key == "HIP_UUID") gpu.health["hip_uuid"] = value;
  else if (section.empty() && (key == "CARD" || key == "RENDER") && TrailingInt(value) >= 0) gpu.health[key == "CARD" ? "drm_card" : "drm_render"] = TrailingInt(value);
  else if (section == "BUS" && key == "MAX_PCIE_WIDTH") SetNumber(gpu, "max_link_width", Number(value));
  else if (section == "BUS" && key == "MAX_PCIE_SPEED") SetNumber(gpu, "max_link_speed", SpeedGts(value));
  else if (section == "PCIE" && key == "WIDTH") SetNumber(gpu, "link_width", Number(value));
  else if (section == "PCIE" && key == "SPEED") SetNumber(gpu, "link_speed", SpeedGts(value));
  else if (section == "PCIE" && key == "REPLAY_COUNT") SetNumber(gpu, "pcie_replay_count", Number(value));
  else if (section == "VRAM" && key == "SIZE") SetNumber(gpu, "vram_total_bytes", Number(value) ? std::optional<double>(*Number(value) * (Contains(value, "GB") ? 1073741824.0 : 1048576.0)) : std::nullopt);
  else if (section == "ECC" && key == "TOTAL_CORRECTABLE_COUNT") SetNumber(gpu, "ecc_correctable_total", Number(value));
  else if (section == "ECC" && key == "TOTAL_UNCORRECTABLE_COUNT") SetNumber(gpu, "ecc_uncorrectable_total", Number(value));
  else if (section == "ECC" && key == "TOTAL_DEFERRED_COUNT") SetNumber(gpu, "ecc_deferred_total", Number(value));
  else if (section == "ECC_BLOCKS" && !sub.empty() && (key == "CORRECTABLE_COUNT" || key == "UNCORRECTABLE_COUNT" || key == "DEFERRED_COUNT")) {
    if (auto n = Number(value)) EccBlock(gpu, sub)[key == "CORRECTABLE_COUNT" ? "correctable" : key == "UNCORRECTABLE_COUNT" ? "uncorrectable" : "deferred"] = NumberJson(*n);
  } else if (section == "PARTITION" && (key == "COMPUTE_PARTITION" || key == "ACCELERATOR_PARTITION")) gpu.health["compute_partition"] = value;
  else if (section == "PARTITION" && key == "MEMORY_PARTITION") gpu.health["memory_partition"] = value;
  else if (section == "LIMIT" && (key == "SOCKET_POWER_LIMIT" || key == "SOCKET_POWER") && (sub.empty() || sub == "PPT0")) SetNumber(gpu, "power_cap_w", Number(value));
  else if (section == "LIMIT" && (key == "MAX_POWER_LIMIT" || key == "MAX_POWER") && (sub.empty() || sub == "PPT0")) SetNumber(gpu, "power_cap_max_w", Number(value));
  else if (section == "THROTTLE") SetThrottle(gpu, key, value);
  else if (key == "XGMI_ERR") gpu.health["xgmi_error"] = ToLower(value);
  else if (section == "RETIRED" && key == "PAGE_ADDRESS") gpu.health["bad_pages"] = gpu.health.value("bad_pages", 0) + 1;
  else if (section.empty() && key == "RETIRED" && Contains(value, "No bad pages")) gpu.health["bad_pages"] = 0;
}

// `amd-smi xgmi -l`: "GPU0   0000:05:00.0  SELF  U  D  X …" rows under "XGMI LINK STATUS".
std::vector<std::string> Words(std::string_view s) {
  std::vector<std::string> words;
  for (const auto& part : Split(s, ' ')) {
    if (!Trim(part).empty()) words.emplace_back(Trim(part));
  }
  return words;
}

void ParseXgmiTable(const std::vector<std::string>& lines, AmdSmiOutput& out) {
  bool in_table = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = Trim(lines[i]);
    if (Contains(s, "LINK STATUS")) {
      in_table = true;
      continue;
    }
    if (!in_table || !StartsWith(s, "GPU") || s.size() < 4 || !std::isdigit(static_cast<unsigned char>(s[3]))) continue;
    auto words = Words(s);
    if (words.size() < 3) continue;
    AmdSmiGpu gpu;
    gpu.index = TrailingInt(words[0]);
    if (gpu.index < 0 || gpu.index >= 64) continue;
    gpu.line = i;
    gpu.bdf = words[1];
    int up = 0, down = 0;
    for (size_t w = 2; w < words.size(); ++w) {
      for (auto part : Split(words[w], '/')) {
        up += part == "U";
        down += part == "D";
      }
    }
    gpu.health["xgmi_links_up"] = up;
    gpu.health["xgmi_links_down"] = down;
    out.gpus.push_back(std::move(gpu));
  }
}

AmdSmiOutput ParseText(std::string_view text) {
  AmdSmiOutput out;
  auto lines = Split(text, '\n');
  std::string section, sub, fw_id;
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
      sub.clear();
      continue;
    }
    if (out.gpus.empty() || !in_gpu) continue;
    size_t colon = s.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key(Trim(s.substr(0, colon)));
    std::string value(Trim(s.substr(colon + 1)));
    size_t indent = raw.find_first_not_of(" \t");
    if (indent <= 4) {
      section = value.empty() ? key : "";
      sub.clear();
      if (!value.empty()) SetField(out.gpus.back(), "", "", key, value, fw_id);
    } else if (indent <= 8 && value.empty()) {
      sub = key;
    } else {
      if (indent <= 8) sub.clear();
      SetField(out.gpus.back(), section, sub, key, value, fw_id);
    }
  }
  ParseXgmiTable(lines, out);
  return out;
}

// `amd-smi version`: "AMDSMI Tool: 27.1.0 | AMDSMI Library version: 27.1.0 | ROCm version: 10.1.0 | …".
void ParseVersionLine(std::string_view text, AmdSmiOutput& out) {
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    size_t at = lines[i].find("ROCm version: ");
    if (at == std::string::npos) continue;
    std::string value(Trim(lines[i].substr(at + 14)));
    value = value.substr(0, value.find_first_of(" |"));
    if (!value.empty() && value != "N/A" && std::isdigit(static_cast<unsigned char>(value[0]))) {
      out.rocm_version = value;
      out.version_line = i;
      return;
    }
  }
}

std::string ValueText(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  // {"value": 32, "unit": "GT/s"}
  if (v.is_object() && v.contains("value") && (v["value"].is_number() || v["value"].is_string())) {
    std::string unit = v.contains("unit") && v["unit"].is_string() ? " " + v["unit"].get<std::string>() : "";
    return ValueText(v["value"]) + unit;
  }
  return "";
}

// JSON keys are the text keys in lower case: walk up to two levels of sections into SetField.
void WalkJson(AmdSmiGpu& gpu, const json& g) {
  std::string fw_id;
  for (const auto& [k1, v1] : g.items()) {
    std::string section = Upper(k1);
    if (section == "RETIRED" && v1.is_array()) {
      gpu.health["bad_pages"] = v1.size();
      continue;
    }
    if (!v1.is_object() || v1.contains("value")) {
      SetField(gpu, "", "", section, ValueText(v1), fw_id);
      continue;
    }
    for (const auto& [k2, v2] : v1.items()) {
      std::string key = Upper(k2);
      if (v2.is_object() && !v2.contains("value")) {
        for (const auto& [k3, v3] : v2.items()) SetField(gpu, section, key, Upper(k3), ValueText(v3), fw_id);
      } else if (v2.is_array() || v2.is_object()) {
        SetField(gpu, section, "", key, v2.is_array() ? v2.dump() : ValueText(v2), fw_id);
      } else {
        SetField(gpu, section, "", key, ValueText(v2), fw_id);
      }
    }
  }
}

// `amd-smi xgmi -l --json`: {"link_status": [{"gpu": 0, "bdf": …, "link_status": ["SELF", "U", …]}]}.
void XgmiJson(const json& doc, size_t start_line, AmdSmiOutput& out) {
  const json* list = nullptr;
  if (doc.is_object() && doc.contains("link_status") && doc["link_status"].is_array()) list = &doc["link_status"];
  if (!list) return;
  for (const auto& row : *list) {
    if (!row.is_object() || !row.contains("gpu") || !row.contains("link_status") || !row["link_status"].is_array()) continue;
    AmdSmiGpu gpu;
    gpu.index = row["gpu"].is_number_integer() ? row["gpu"].get<int>() : TrailingInt(row["gpu"].is_string() ? row["gpu"].get<std::string>() : "");
    if (gpu.index < 0 || gpu.index >= 64) continue;
    gpu.line = start_line;
    if (row.contains("bdf") && row["bdf"].is_string()) gpu.bdf = row["bdf"].get<std::string>();
    int up = 0, down = 0;
    for (const auto& status : row["link_status"]) {
      if (!status.is_string()) continue;
      for (auto part : Split(status.get<std::string>(), '/')) {
        up += part == "U";
        down += part == "D";
      }
    }
    gpu.health["xgmi_links_up"] = up;
    gpu.health["xgmi_links_down"] = down;
    out.gpus.push_back(std::move(gpu));
  }
}

std::string Str(const json& j, std::initializer_list<const char*> path) {
  const json* node = &j;
  for (const char* key : path) {
    if (!node->is_object() || !node->contains(key)) return "";
    node = &(*node)[key];
  }
  if (node->is_string()) return node->get<std::string>() == "N/A" ? "" : node->get<std::string>();
  if (node->is_number()) return node->dump();
  return "";
}

AmdSmiOutput ParseJson(std::string_view text, size_t start_line) {
  AmdSmiOutput out;
  out.json = true;
  auto doc = JsonDepthOk(text) ? json::parse(text, nullptr, false) : json(json::value_t::discarded);
  if (doc.is_discarded()) return out;
  XgmiJson(doc, start_line, out);
  // `amd-smi version --json`: {"tool": "AMDSMI Tool", "rocm_version": "10.1.0", …} (or in a list).
  const json& tool = doc.is_array() && !doc.empty() ? doc[0] : doc;
  if (tool.is_object() && tool.contains("rocm_version") && tool["rocm_version"].is_string() && tool["rocm_version"] != "N/A") {
    out.rocm_version = tool["rocm_version"].get<std::string>();
    out.version_line = start_line;
  }
  if (doc.is_object() && doc.contains("gpu_data")) doc = doc["gpu_data"];
  if (!doc.is_array()) return out;
  for (const auto& g : doc) {
    if (!g.is_object() || !g.contains("gpu") || !g["gpu"].is_number_integer()) continue;
    AmdSmiGpu gpu;
    int index = g["gpu"].get<int>();
    gpu.index = index >= 0 && index < 64 ? index : 0;
    gpu.line = start_line;
    WalkJson(gpu, g);
    if (gpu.bdf.empty()) gpu.bdf = Str(g, {"bus", "bdf"});
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
                                          Contains(text, "ECC_BLOCKS:") || Contains(text, "MAX_PCIE_SPEED:") ||
                                          Contains(text, "HIP_ID:") || Contains(text, "VIOLATION_ACTIVITY:") || Contains(text, "PAGE_ADDRESS:") ||
                                          Contains(text, "RETIRED:") || Contains(text, "PARTITION:") || Contains(text, "LIMIT:") ||
                                          Contains(text, "TOTAL_CORRECTABLE_COUNT:") || Contains(text, "XGMI_ERR:") ||
                                          (Contains(text, "PCIE:") && Contains(text, "SPEED:")) ||
                                          (Contains(text, "BDF:") && Contains(text, "UUID:")));
  bool xgmi_table = Contains(text, "XGMI LINK STATUS");
  bool version = Contains(text, "AMDSMI Tool") && (Contains(text, "ROCm version") || Contains(text, "\"rocm_version\""));
  bool json_form = Contains(text, "\"gpu\"") && (Contains(text, "\"asic\"") || Contains(text, "\"bdf\"") || Contains(text, "\"usage\"") ||
                                            Contains(text, "\"fw_list\"") || Contains(text, "\"ecc_blocks\"") ||
                                            Contains(text, "\"pcie\"") || Contains(text, "\"link_status\""));
  return text_form || json_form || xgmi_table || version;
}

AmdSmiOutput ParseAmdSmi(std::string_view text) {
  size_t line = 0;
  size_t start = JsonStart(text, line);
  if (start != std::string_view::npos && (Contains(text, "\"gpu\"") || Contains(text, "\"rocm_version\""))) {
    AmdSmiOutput json = ParseJson(text.substr(start), line);
    if (!json.gpus.empty() || !json.rocm_version.empty()) return json;
  }
  AmdSmiOutput out = ParseText(text);
  ParseVersionLine(text, out);
  return out;
}

AmdSmiGpu AmdSmiGpuFromQuery(const json& g) {
  AmdSmiGpu gpu;
  auto str = [&](const char* key) { return g.contains(key) && g[key].is_string() ? g[key].get<std::string>() : std::string(); };
  gpu.index = g.contains("index") && g["index"].is_number_integer() ? g["index"].get<int>() : 0;
  gpu.bdf = str("pci_bdf");
  gpu.uuid = str("uuid");
  gpu.marketing_name = str("marketing_name");
  gpu.driver_version = str("driver_version");
  gpu.vbios_version = str("vbios_version");
  if (g.contains("device_id") && g["device_id"].is_number_unsigned()) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%04llx", static_cast<unsigned long long>(g["device_id"].get<uint64_t>() & 0xffff));
    gpu.device_id = text;
  }
  // amd-smi prints target_graphics_version as "gfx" + its hex digits (0x942 -> gfx942).
  if (g.contains("target_graphics_version") && g["target_graphics_version"].is_number_unsigned()) {
    char text[32];
    std::snprintf(text, sizeof text, "gfx%llx", static_cast<unsigned long long>(g["target_graphics_version"].get<uint64_t>()));
    gpu.gfx = text;
  }
  if (g.contains("firmware") && g["firmware"].is_array()) {
    for (const auto& fw : g["firmware"]) {
      if (fw.is_object() && fw.contains("id") && fw["id"].is_string() && fw.contains("version") && fw["version"].is_string() &&
          gpu.firmware.size() < 64) {
        gpu.firmware.push_back({fw["id"].get<std::string>(), fw["version"].get<std::string>()});
      }
    }
  }
  for (const auto& key : AmdSmiHealthKeys()) {
    std::string leaf = key.leaf;
    if (leaf.find('.') != std::string::npos || !g.contains(leaf)) continue;
    const json& v = g[leaf];
    bool fits = std::string(key.type) == "string" ? v.is_string()
                : std::string(key.type) == "array" ? v.is_array()
                                                   : v.is_number();
    if (fits) gpu.health[leaf] = v;
  }
  if (gpu.health.contains("ecc")) {  // only well-formed block entries
    json blocks = json::array();
    for (const auto& b : gpu.health["ecc"]) {
      if (b.is_object() && b.contains("block") && b["block"].is_string()) blocks.push_back(b);
    }
    gpu.health["ecc"] = blocks;
  }
  return gpu;
}

const std::vector<AmdSmiFieldDecl>& AmdSmiHealthKeys() {
  static const std::vector<AmdSmiFieldDecl> keys = {
      {"hip_id", "int", "HIP device index (amd-smi list -e HIP_ID)"},
      {"hsa_id", "int", "HSA agent index (list -e HSA_ID)"},
      {"oam_id", "int", "OAM / physical XGMI socket id (list -e OAM_ID)"},
      {"drm_card", "int", "DRM card node number (/dev/dri/cardN)"},
      {"drm_render", "int", "DRM render node number (/dev/dri/renderDN)"},
      {"hip_uuid", "string", "HIP UUID (list -e HIP_UUID)"},
      {"vram_total_bytes", "int", "VRAM total"},
      {"link_speed", "number", "Current PCIe link speed"},
      {"max_link_speed", "number", "Maximum PCIe link speed of the GPU (static BUS MAX_PCIE_SPEED)"},
      {"link_width", "int", "Current PCIe lanes"},
      {"max_link_width", "int", "Maximum PCIe lanes (static BUS MAX_PCIE_WIDTH)"},
      {"pcie_replay_count", "int", "PCIe replays since boot (metric PCIE REPLAY_COUNT)"},
      {"ecc", "array", "RAS error counts per block (metric ECC_BLOCKS)"},
      {"ecc.block", "string", "RAS block: UMC, GFX, SDMA, MMHUB, PCIE_BIF, HDP, XGMI_WAFL …"},
      {"ecc.correctable", "int", "Correctable errors of the block"},
      {"ecc.uncorrectable", "int", "Uncorrectable errors of the block"},
      {"ecc.deferred", "int", "Deferred errors of the block"},
      {"ecc_correctable_total", "int", "Correctable ECC errors, all blocks (metric ECC TOTAL_CORRECTABLE_COUNT)"},
      {"ecc_uncorrectable_total", "int", "Uncorrectable ECC errors, all blocks"},
      {"ecc_deferred_total", "int", "Deferred ECC errors, all blocks"},
      {"bad_pages", "int", "Retired (bad) VRAM pages (amd-smi bad-pages RETIRED)"},
      {"xgmi_links_up", "int", "XGMI links up (amd-smi xgmi -l: U)"},
      {"xgmi_links_down", "int", "XGMI links down (amd-smi xgmi -l: D)"},
      {"xgmi_error", "string", "XGMI error status (no errors, errors, multiple errors); N/A on MI300/MI355"},
      {"throttle_active", "array", "Limits holding the clocks down now: ppt, socket_thermal, prochot, vr_thermal, hbm_thermal"},
      {"throttle_ppt_percent", "number", "Share of time the package power limit (PPT) held the clocks down (metric -v)"},
      {"throttle_socket_thermal_percent", "number", "Share of time the socket thermal limit held the clocks down"},
      {"throttle_prochot_percent", "number", "Share of time PROCHOT held the clocks down"},
      {"throttle_vr_thermal_percent", "number", "Share of time the voltage regulator thermal limit held the clocks down"},
      {"throttle_hbm_thermal_percent", "number", "Share of time the HBM thermal limit held the clocks down"},
      {"power_cap_w", "number", "Current power cap"},
      {"power_cap_default_w", "number", "Default power cap"},
      {"power_cap_max_w", "number", "Maximum power cap"},
      {"compute_partition", "string", "Compute partition mode: SPX, DPX, TPX, QPX, CPX"},
      {"memory_partition", "string", "Memory partition mode: NPS1, NPS2, NPS4, NPS8"},
  };
  return keys;
}

const std::vector<AmdSmiFieldDecl>& AmdSmiHealthFacts() {
  static const std::vector<std::string> paths = [] {
    std::vector<std::string> v;
    for (const auto& key : AmdSmiHealthKeys()) v.push_back(std::string("amd_smi.gpus.") + key.leaf);
    return v;
  }();
  static const std::vector<AmdSmiFieldDecl> decls = [] {
    std::vector<AmdSmiFieldDecl> v;
    for (size_t i = 0; i < AmdSmiHealthKeys().size(); ++i) {
      v.push_back({paths[i].c_str(), AmdSmiHealthKeys()[i].type, AmdSmiHealthKeys()[i].meaning});
    }
    return v;
  }();
  return decls;
}

}  // namespace rd
