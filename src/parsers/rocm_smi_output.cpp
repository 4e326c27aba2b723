#include "parsers/rocm_smi_output.h"

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "util/json_depth.h"
#include "util/strings.h"
#include "util/whole_number.h"

namespace rd {

namespace {

std::optional<double> Number(std::string_view text) {
  std::string t(Trim(text));
  size_t end = t.find_first_not_of("0123456789.");
  std::string digits = t.substr(0, end);
  if (digits.empty() || digits.size() > 15) return std::nullopt;
  char* stop = nullptr;
  double v = std::strtod(digits.c_str(), &stop);
  if (stop != digits.c_str() + digits.size()) return std::nullopt;
  return v;
}

std::vector<std::string> Columns(std::string_view line) {
  std::vector<std::string> out;
  for (auto& part : Split(Trim(line), ' ')) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

// A JSON value of rocm-smi --json: every value is a string.
std::string JsonText(const nlohmann::json& card, const char* key) {
  auto it = card.find(key);
  return it != card.end() && it->is_string() ? Printable(it->get<std::string>(), 100) : std::string();
}

void ParseJson(const nlohmann::json& doc, SmiOutput& out) {
  out.format = "json";
  out.complete = true;
  for (const auto& [name, card] : doc.items()) {
    if (name == "system" && card.is_object()) {
      out.driver_version = JsonText(card, "Driver version");
      continue;
    }
    if (!StartsWith(name, "card") || !card.is_object()) continue;
    SmiDevice device;
    device.index = static_cast<int>(ParseInt(name.substr(4)).value_or(static_cast<long long>(out.devices.size())));
    device.device_id = JsonText(card, "Device ID");
    if (device.device_id.empty()) device.device_id = JsonText(card, "GPU ID");
    device.temperature_c = Number(JsonText(card, "Temperature (Sensor edge) (C)"));
    device.power_w = Number(JsonText(card, "Average Graphics Package Power (W)"));
    if (!device.power_w) device.power_w = Number(JsonText(card, "Current Socket Graphics Package Power (W)"));
    device.gpu_percent = Number(JsonText(card, "GPU use (%)"));
    if (auto total = Number(JsonText(card, "VRAM Total Memory (B)"))) device.vram_total_bytes = ClampToInteger(*total);
    if (auto used = Number(JsonText(card, "VRAM Total Used Memory (B)"))) device.vram_used_bytes = ClampToInteger(*used);
    device.vbios_version = JsonText(card, "VBIOS version");
    device.card_series = JsonText(card, "Card Series");
    device.gfx = JsonText(card, "GFX Version");
    out.devices.push_back(device);
  }
}

// Table rows start with the device index; the header names the columns we read.
void ParseTable(const std::vector<std::string>& lines, SmiOutput& out) {
  out.format = "table";
  std::vector<std::string> header;
  for (const auto& raw : lines) {
    std::string_view line = Trim(raw);
    if (line.find("End of ROCm SMI Log") != std::string_view::npos) out.complete = true;
    if (StartsWith(line, "Device") || StartsWith(line, "GPU ")) {
      if (line.find("Temp") != std::string_view::npos) header = Columns(line);
      continue;
    }
    auto cols = Columns(line);
    if (header.empty() || cols.size() < 4 || !ParseInt(cols[0])) continue;
    SmiDevice device;
    device.index = static_cast<int>(*ParseInt(cols[0]));
    for (const auto& col : cols) {
      if (EndsWith(col, "°C") || (EndsWith(col, "c") && Number(col) && col.find('.') != std::string::npos)) device.temperature_c = Number(col);
      else if (EndsWith(col, "W") && !device.power_w) device.power_w = Number(col);
      else if (StartsWith(col, "0x") && device.device_id.empty()) device.device_id = Printable(Trim(col), 12).substr(0, col.find(','));
    }
    // The last two columns are VRAM% and GPU% in every table layout.
    if (EndsWith(cols.back(), "%") && EndsWith(cols[cols.size() - 2], "%")) {
      device.gpu_percent = Number(cols.back());
      device.vram_percent = Number(cols[cols.size() - 2]);
    }
    out.devices.push_back(device);
  }
}

// `rocm-smi -a` / --showid style: "GPU[0]\t\t: GPU ID: 0x731f" lines, one fact per line.
void ParseShowAll(const std::vector<std::string>& lines, SmiOutput& out) {
  for (const auto& raw : lines) {
    std::string_view line = Trim(raw);
    if (!StartsWith(line, "GPU[")) continue;
    size_t close = line.find(']');
    auto index = close == std::string_view::npos ? std::nullopt : ParseInt(line.substr(4, close - 4));
    size_t colon = line.find(':');
    if (!index || *index < 0 || *index > 1024 || colon == std::string_view::npos) continue;
    std::string_view rest = Trim(line.substr(colon + 1));
    size_t sep = rest.rfind(": ");
    if (sep == std::string_view::npos) continue;
    std::string key(Trim(rest.substr(0, sep))), value = Printable(Trim(rest.substr(sep + 2)), 100);
    SmiDevice* device = nullptr;
    for (auto& d : out.devices) device = d.index == *index ? &d : device;
    if (!device) {
      out.devices.push_back({});
      device = &out.devices.back();
      device->index = static_cast<int>(*index);
    }
    if (key == "GPU ID" || key == "Device ID") device->device_id = value;
    else if (key == "Temperature (Sensor edge) (C)") device->temperature_c = Number(value);
    else if (key == "VBIOS version") device->vbios_version = value;
    else if (key == "Card series" || key == "Card Series") device->card_series = value;
    else if (key == "GFX Version") device->gfx = value;
  }
  if (!out.devices.empty()) out.format = "showall";
}

}  // namespace

bool LooksLikeRocmSmi(std::string_view text) {
  for (const char* marker : {"ROCm System Management Interface", "End of ROCm SMI Log", "amdgpu not found in modules",
                             "rocm_smi_lib", "rsmi_init", "Card series", "Card Series", "PwrCap", "VRAM%", "Temperature (Sensor edge) (C)"}) {
    if (text.find(marker) != std::string_view::npos) return true;
  }
  return false;
}

SmiOutput ParseRocmSmiOutput(std::string_view text) {
  SmiOutput out;
  std::string_view trimmed = Trim(text);
  if (StartsWith(trimmed, "{")) {
    auto doc = JsonDepthOk(trimmed) ? nlohmann::json::parse(trimmed, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
    if (!doc.is_discarded() && doc.is_object()) {
      ParseJson(doc, out);
      return out;
    }
  }
  auto lines = SplitLines(text);
  for (const auto& raw : lines) {
    std::string_view line = Trim(raw);
    if (auto at = line.find("ERROR:root:"); at != std::string_view::npos && out.error.empty()) out.error = Printable(line.substr(at + 11), 300);
    if (line.find("amdgpu not found in modules") != std::string_view::npos) out.driver_missing = true;
    if (auto at = line.find("Driver version:"); at != std::string_view::npos) out.driver_version = Printable(Trim(line.substr(at + 15)), 60);
  }
  ParseTable(lines, out);
  if (out.devices.empty()) ParseShowAll(lines, out);
  if (out.devices.empty() && !out.error.empty()) out.format = "error";
  return out;
}

}  // namespace rd
