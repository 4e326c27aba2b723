#include "parsers/kernel_log.h"

#include <cctype>

#include "util/strings.h"

namespace rd {

namespace {

// "[    8.841500] x" / "Mar 15 20:30:56 host kernel: x" / "kernel: x" -> "x".
std::string_view StripStamp(std::string_view line) {
  line = Trim(line);
  if (!line.empty() && line[0] == '[') {
    size_t close = line.find(']');
    if (close != std::string_view::npos && close < 24) line = Trim(line.substr(close + 1));
  }
  size_t kernel = line.find("kernel: ");
  if (kernel != std::string_view::npos && kernel < 64) {
    line = Trim(line.substr(kernel + 8));
    if (!line.empty() && line[0] == '[') {
      size_t close = line.find(']');
      if (close != std::string_view::npos && close < 24) line = Trim(line.substr(close + 1));
    }
  }
  return line;
}

// First "dddd:bb:dd.f" in the line.
std::string FindPci(std::string_view s) {
  for (size_t i = 0; i + 12 <= s.size(); ++i) {
    std::string_view c = s.substr(i, 12);
    if (c[4] == ':' && c[7] == ':' && c[10] == '.' && std::isxdigit(static_cast<unsigned char>(c[0])) &&
        std::isxdigit(static_cast<unsigned char>(c[5])) && std::isxdigit(static_cast<unsigned char>(c[8]))) {
      return std::string(c);
    }
  }
  return "";
}

int TrailingError(std::string_view s) {
  size_t at = s.rfind("error ");
  if (at == std::string_view::npos) return 0;
  std::string_view num = s.substr(at + 6);
  size_t end = 0;
  while (end < num.size() && (num[end] == '-' || std::isdigit(static_cast<unsigned char>(num[end])))) ++end;
  auto value = ParseInt(num.substr(0, end));
  return value && *value > -100000 && *value < 100000 ? static_cast<int>(*value) : 0;
}

// Text between `after` and the next occurrence of `until`.
std::string Between(std::string_view s, std::string_view after, std::string_view until) {
  size_t a = s.find(after);
  if (a == std::string_view::npos) return "";
  a += after.size();
  size_t b = s.find(until, a);
  return std::string(Trim(s.substr(a, b == std::string_view::npos ? std::string_view::npos : b - a)));
}

bool AmdLine(std::string_view s) { return Contains(s, "amdgpu") || Contains(s, "kfd") || Contains(s, "[drm") || Contains(s, "gfxhub"); }

}  // namespace

bool LooksLikeKernelLog(std::string_view text) {
  // Kernel log lines of the amdgpu/kfd drivers; the events below are distinctive on their own.
  return Contains(text, "amdgpu: probe of") || Contains(text, "Direct firmware load for amdgpu/") ||
         Contains(text, "PCI rejects atomics") || Contains(text, "not supported in kfd") || Contains(text, "page fault (src_id") ||
         Contains(text, "] amdgpu") || Contains(text, "kernel: amdgpu") || Contains(text, "] kfd kfd:") ||
         (Contains(text, "ring ") && Contains(text, " timeout")) || Contains(text, "[drm] amdgpu kernel modesetting");
}

KernelLog ParseKernelLog(std::string_view text) {
  KernelLog log;
  auto lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = StripStamp(lines[i]);
    if (!AmdLine(s)) continue;
    ++log.amd_lines;
    KernelLogEvent e{KernelLogEvent::GpuInit, i, std::string(s), FindPci(s), 0, ""};
    if (Contains(s, "probe of ") && Contains(s, "failed with error")) {
      e.type = KernelLogEvent::ProbeFailed;
      e.error = TrailingError(s);
    } else if (Contains(s, "Direct firmware load for ") && Contains(s, "failed with error")) {
      e.type = KernelLogEvent::FirmwareFailed;
      e.detail = Between(s, "Direct firmware load for ", " failed");
      e.error = TrailingError(s);
    } else if (Contains(s, "ring ") && Contains(s, " timeout")) {
      e.type = KernelLogEvent::RingTimeout;
      e.detail = Between(s, "ring ", " timeout");
    } else if (Contains(s, "page fault")) {
      e.type = KernelLogEvent::PageFault;
      e.detail = Between(s, "[", "]");
      if (!Contains(e.detail, "hub")) e.detail.clear();
    } else if (Contains(s, "PCI rejects atomics")) {
      e.type = KernelLogEvent::AtomicsRejected;
      e.detail = Between(s, "skipped device ", ",");
    } else if (Contains(s, "not supported in kfd")) {
      e.type = KernelLogEvent::KfdUnsupported;
      e.detail = Between(s, "amdgpu: ", "not supported in kfd");
    } else {
      continue;
    }
    log.events.push_back(std::move(e));
  }
  return log;
}

KernelLogFacts KernelLogEventFacts(const KernelLogEvent& e) {
  switch (e.type) {
    case KernelLogEvent::ProbeFailed: return {"probe_failures", {{"pci", e.pci}, {"error", e.error}}};
    case KernelLogEvent::FirmwareFailed: return {"firmware_failures", {{"file", e.detail}, {"error", e.error}}};
    case KernelLogEvent::RingTimeout: return {"ring_timeouts", {{"ring", e.detail}, {"pci", e.pci}}};
    case KernelLogEvent::PageFault: return {"page_faults", {{"hub", e.detail}, {"pci", e.pci}}};
    case KernelLogEvent::AtomicsRejected: return {"atomics_rejected", {{"device", e.detail}}};
    case KernelLogEvent::KfdUnsupported: return {"kfd_unsupported", {{"asic", e.detail}}};
    case KernelLogEvent::GpuInit: break;
  }
  return {};
}

}  // namespace rd
