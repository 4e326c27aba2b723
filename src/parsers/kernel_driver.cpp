#include "parsers/kernel_driver.h"

#include "util/strings.h"

namespace rd {

CmdlineFacts ParseKernelCmdline(std::string_view cmdline) {
  CmdlineFacts out;
  for (const auto& word : Split(Trim(cmdline), ' ')) {
    if (word.empty()) continue;
    if (word == "nomodeset") out.nomodeset = true;
    if (word == "iommu=pt") out.iommu_pt = true;
    if (StartsWith(word, "modprobe.blacklist=")) {
      for (const auto& name : Split(word.substr(19), ',')) out.blacklisted |= name == "amdgpu";
    }
    if (StartsWith(word, "amdgpu.") && out.amdgpu_params.size() < 32) {
      out.amdgpu_params.push_back(Printable(word, 100));
      if (word == "amdgpu.modeset=0") out.blacklisted = true;
    }
  }
  return out;
}

std::optional<std::string> FindAmdgpuBlacklist(std::string_view conf) {
  for (const auto& raw : SplitLines(conf)) {
    std::string_view line = Trim(raw);
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> words;
    for (auto& w : Split(line, ' ')) {
      if (!w.empty()) words.push_back(w);
    }
    if (words.size() >= 2 && words[1] == "amdgpu" && (words[0] == "blacklist" || words[0] == "install")) {
      if (words[0] == "install" && words.size() >= 3 && words[2].find("modprobe") != std::string::npos) continue;
      return Printable(line, 200);
    }
  }
  return std::nullopt;
}

std::optional<bool> ParseSecureBootVar(std::string_view bytes) {
  if (bytes.size() != 5) return std::nullopt;
  return bytes[4] == 1;
}

KernelLogSummary ScanKernelLog(std::string_view log, size_t keep) {
  KernelLogSummary out;
  for (const auto& raw : SplitLines(log)) {
    std::string lower = ToLower(raw);
    bool ours = lower.find("amdgpu") != std::string::npos || lower.find("kfd") != std::string::npos;
    if (!ours) continue;
    bool atomics = lower.find("pci rejects atomics") != std::string::npos;
    bool unsupported = lower.find("not supported in kfd") != std::string::npos;
    bool firmware = lower.find("direct firmware load") != std::string::npos ||
                    (lower.find("failed to load") != std::string::npos && lower.find("firmware") != std::string::npos);
    bool error = atomics || unsupported || firmware || lower.find("*error*") != std::string::npos ||
                 lower.find("fatal error") != std::string::npos || lower.find("probe of") != std::string::npos ||
                 lower.find("page fault") != std::string::npos || (lower.find("ring ") != std::string::npos && lower.find("timeout") != std::string::npos);
    if (!error) continue;
    ++out.error_count;
    if (out.errors.size() < keep) out.errors.push_back(Printable(Trim(raw), 300));
  }
  return out;
}

}  // namespace rd
