#include "parsers/rocminfo.h"


#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

std::optional<int> IntPrefix(std::string_view text) {
  // "32", "1100(0x44c)", "4096(0x1000) KB": the decimal number before any parenthesis.
  std::string digits;
  for (char c : Trim(text)) {
    if (c < '0' || c > '9') break;
    digits += c;
  }
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  return std::stoi(digits);
}

std::optional<long long> LongPrefix(std::string_view text) {
  std::string digits;
  for (char c : Trim(text)) {
    if (c < '0' || c > '9') break;
    digits += c;
  }
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  return std::stoll(digits);
}

// "  Marketing Name:          AMD Radeon RX 6700 XT" -> key/value, trimmed.
bool KeyValue(std::string_view line, std::string& key, std::string& value) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos) return false;
  key = std::string(Trim(line.substr(0, colon)));
  value = std::string(Trim(line.substr(colon + 1)));
  return !key.empty() && key.size() < 64;
}

void ApplyAgentField(RocminfoAgent& agent, const std::string& key, const std::string& value, bool in_isa, bool in_pool,
                     bool& pool_is_global) {
  if (in_isa) {
    if (key == "Name") agent.isas.push_back(value);
    return;
  }
  if (in_pool) {
    if (key == "Segment") pool_is_global = StartsWith(value, "GLOBAL");
    if (key == "Size" && pool_is_global && !agent.global_pool_bytes) {
      // A size no machine has (hostile text) would overflow the conversion: left out.
      if (auto kb = LongPrefix(value); kb && *kb >= 0 && *kb <= (1LL << 50)) agent.global_pool_bytes = *kb * 1024;
    }
    return;
  }
  if (key == "Name") agent.name = value;
  else if (key == "Marketing Name") agent.marketing_name = value;
  else if (key == "Vendor Name") agent.vendor_name = value;
  else if (key == "Device Type") agent.device_type = value;
  else if (key == "Uuid") agent.uuid = value;
  else if (key == "Node") agent.node = IntPrefix(value);
  else if (key == "Compute Unit") agent.compute_units = IntPrefix(value);
  else if (key == "Chip ID") agent.chip_id = IntPrefix(value);
  else if (key == "BDFID") agent.bdfid = IntPrefix(value);
}

void ParseErrorLine(RocminfoReport& report, std::string_view line) {
  if (line.find("ROCk module is NOT loaded") != std::string_view::npos) report.rock_loaded = false;
  else if (line.find("ROCk module is loaded") != std::string_view::npos) report.rock_loaded = true;
  if (line.find("WSL environment detected") != std::string_view::npos) report.wsl = true;
  if (auto at = line.find("Unable to open /dev/kfd read-write:"); at != std::string_view::npos && report.kfd_open_error.empty()) {
    report.kfd_open_error = Printable(Trim(line.substr(at + 35)), 200);
  }
  if ((line.find("is not member of") != std::string_view::npos || line.find("Failed to get user name") != std::string_view::npos) &&
      report.group_error.empty()) {
    report.group_error = Printable(line, 300);
  }
  if (auto at = line.find("Call returned "); at != std::string_view::npos && report.hsa_error.empty()) {
    report.hsa_error = Printable(Trim(line.substr(at)), 400);
    std::string_view rest = Trim(line.substr(at + 14));
    size_t end = rest.find_first_of(": \t");
    report.hsa_status = std::string(rest.substr(0, end == std::string_view::npos ? rest.size() : end));
  }
}

}  // namespace

bool LooksLikeRocminfo(std::string_view text) {
  for (const char* marker : {"ROCk module is", "HSA System Attributes", "HSA Agents", "Runtime Ext Version:",
                             "Unable to open /dev/kfd", "rocminfo.cc"}) {
    if (text.find(marker) != std::string_view::npos) return true;
  }
  // The tail of a listing: its ISA Info block's keys and the closing "*** Done ***"
  // (ROCm/aotriton#18 pasted only that: the run did finish).
  if (Contains(text, "*** Done ***") && (Contains(text, "Workgroup Max Size") || Contains(text, "FBarrier Max Size") ||
                                         Contains(text, "Grid Max Size"))) {
    return true;
  }
  // An ISA name alone is in every runtime log ("Missing CO for these ISAs - amdgcn-amd-amdhsa--…");
  // rocminfo prints it as the value of a "Name:" line of its ISA Info block.
  static const Regex agent = Regex::Literal(R"((\*{4,}\s*\n\s*Agent \d+)|(Name:\s+amdgcn-amd-amdhsa--))");
  std::string_view head = text.substr(0, 65536);
  if (!Contains(head, "Agent ") && !Contains(head, "amdgcn-amd-amdhsa--")) return false;  // no regex needed
  return agent.Search(head);
}

RocminfoReport ParseRocminfo(std::string_view text) {
  RocminfoReport report;
  RocminfoAgent* agent = nullptr;
  bool in_isa = false, in_pool = false, pool_is_global = false;
  for (const auto& raw : SplitLines(text)) {
    std::string_view line = Trim(raw);
    ParseErrorLine(report, line);
    if (line == "HSA Agents") report.saw_agents_header = true;
    if (line.find("*** Done ***") != std::string_view::npos) report.complete = true;
    if (StartsWith(line, "Agent ") && IntPrefix(line.substr(6))) {
      report.agents.push_back({});
      agent = &report.agents.back();
      agent->index = *IntPrefix(line.substr(6));
      in_isa = in_pool = false;
      continue;
    }
    if (StartsWith(line, "ISA Info")) in_isa = true, in_pool = false;
    if (StartsWith(line, "Pool Info")) in_pool = true, in_isa = false;
    if (StartsWith(line, "Pool ") && IntPrefix(line.substr(5))) pool_is_global = false;
    std::string key, value;
    if (!KeyValue(line, key, value)) continue;
    if (!agent) {
      if (key == "Runtime Version") report.runtime_version = Printable(value, 40);
      continue;
    }
    ApplyAgentField(*agent, key, Printable(value, 200), in_isa, in_pool, pool_is_global);
  }
  return report;
}

std::pair<std::string, std::string> SplitIsaName(std::string_view isa) {
  size_t dash = isa.rfind("--");
  std::string_view target = dash == std::string_view::npos ? isa : isa.substr(dash + 2);
  size_t colon = target.find(':');
  if (colon == std::string_view::npos) return {std::string(target), ""};
  return {std::string(target.substr(0, colon)), std::string(target.substr(colon + 1))};
}

}  // namespace rd
