#include "parsers/proc_files.h"

#include "util/strings.h"

namespace rd {

namespace {
// "key<spaces/tabs>: value" -> {key, value}
bool SplitField(std::string_view line, std::string_view& key, std::string_view& value) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos) return false;
  key = Trim(line.substr(0, colon));
  value = Trim(line.substr(colon + 1));
  return true;
}

std::optional<uint64_t> SizeWithSuffix(std::string_view text) {
  if (text.empty()) return std::nullopt;
  uint64_t scale = 1;
  char last = text.back();
  if (last == 'k' || last == 'K') scale = 1024;
  if (last == 'm' || last == 'M') scale = 1024 * 1024;
  if (last == 'g' || last == 'G') scale = 1024ull * 1024 * 1024;
  if (scale != 1) text.remove_suffix(1);
  auto value = ParseInt(text);
  if (!value || *value < 0) return std::nullopt;
  return static_cast<uint64_t>(*value) * scale;
}
}  // namespace

CpuInfo ParseCpuInfo(std::string_view text) {
  CpuInfo info;
  for (const auto& line : SplitLines(text)) {
    std::string_view key, value;
    if (!SplitField(line, key, value)) continue;
    if (key == "processor") ++info.logical_cpus;
    else if (key == "vendor_id" && info.vendor.empty()) info.vendor = Printable(value, 64);
    else if (key == "model name" && info.model.empty()) info.model = Printable(value, 128);
    else if (key == "flags" && !info.hypervisor) {
      for (const auto& flag : Split(value, ' ')) info.hypervisor = info.hypervisor || flag == "hypervisor";
    }
  }
  return info;
}

std::optional<uint64_t> ParseMemTotal(std::string_view text) {
  for (const auto& line : SplitLines(text)) {
    std::string_view key, value;
    if (!SplitField(line, key, value) || key != "MemTotal") continue;
    auto parts = Split(value, ' ');
    auto kb = ParseInt(parts.empty() ? "" : parts[0]);
    if (kb && *kb >= 0) return static_cast<uint64_t>(*kb) * 1024;
  }
  return std::nullopt;
}

std::optional<int64_t> ParseMemlockLimit(std::string_view text) {
  for (const auto& line : SplitLines(text)) {
    if (!StartsWith(line, "Max locked memory")) continue;
    std::vector<std::string> words;
    for (const auto& w : Split(std::string_view(line).substr(17), ' ')) {
      if (!w.empty()) words.push_back(w);
    }
    if (words.empty()) return std::nullopt;
    if (words[0] == "unlimited") return -1;
    auto value = ParseInt(words[0]);
    if (value) return *value;
  }
  return std::nullopt;
}

std::optional<std::string> ParseStatusField(std::string_view text, std::string_view name) {
  for (const auto& line : SplitLines(text)) {
    std::string_view key, value;
    if (SplitField(line, key, value) && key == name) return std::string(value);
  }
  return std::nullopt;
}

std::optional<uint64_t> ParseMountSize(std::string_view mounts, std::string_view target) {
  std::optional<uint64_t> size;
  for (const auto& line : SplitLines(mounts)) {
    auto fields = Split(line, ' ');
    if (fields.size() < 4 || fields[1] != target) continue;
    for (const auto& option : Split(fields[3], ',')) {
      if (StartsWith(option, "size=")) size = SizeWithSuffix(std::string_view(option).substr(5));
    }
  }
  return size;
}

std::optional<std::string> ParseMountType(std::string_view mounts, std::string_view target) {
  std::optional<std::string> type;
  for (const auto& line : SplitLines(mounts)) {
    auto fields = Split(line, ' ');
    if (fields.size() >= 3 && fields[1] == target) type = fields[2];
  }
  return type;
}

}  // namespace rd
