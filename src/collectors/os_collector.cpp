// System section, part 1: distribution, kernel, C library, CPU, memory, host name.
#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "parsers/os_release.h"
#include "parsers/proc_files.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

const std::vector<FactSpec> kOsFacts = {
    {"os.id", "string", "ID from os-release (debian, ubuntu, rhel …)"},
    {"host.os_release_error", "string", "Why neither /etc/os-release nor /usr/lib/os-release could be used"},
    {"os.id_like", "array", "ID_LIKE from os-release"},
    {"os.version_id", "string", "VERSION_ID from os-release (12, 22.04, 9.4)"},
    {"os.version_major", "string", "First component of VERSION_ID"},
    {"os.codename", "string", "VERSION_CODENAME"},
    {"os.pretty_name", "string", "PRETTY_NAME"},
    {"os.support_key", "string", "id-version_id, as the support matrix lists it (ubuntu-22.04)"},
    {"os.support_key_major", "string", "id-major (rhel-9)"},
    {"os.source", "string", "Which os-release file was read"},
    {"kernel.release", "string", "uname -r"},
    {"kernel.version", "string", "uname -v"},
    {"kernel.machine", "string", "uname -m"},
    {"libc.version", "string", "glibc version this process runs on"},
    {"cpu.vendor", "string", "vendor_id of the first CPU"},
    {"cpu.model", "string", "model name of the first CPU"},
    {"cpu.logical_cpus", "int", "Logical CPUs in /proc/cpuinfo"},
    {"cpu.hypervisor_flag", "bool", "The CPU reports the hypervisor flag"},
    {"memory.total_bytes", "int", "MemTotal"},
    {"host.hostname", "string", "Host name (redacted in shared reports)"},
    {"summary.os", "string", "One-line summary: distribution, kernel, glibc, machine"},
};

std::optional<OsRelease> ReadOsRelease(CollectContext& context, Facts& facts, std::string& source) {
  std::string first_error;
  for (const char* path : {"/etc/os-release", "/usr/lib/os-release"}) {
    auto text = context.system.ReadFile(path, 64 * 1024);
    if (!text) {
      if (first_error.empty()) first_error = text.error().message;
      continue;
    }
    OsRelease release = ParseOsRelease(*text);
    if (release.fields.empty()) {
      if (first_error.empty()) first_error = std::string(path) + ": no KEY=value lines (not an os-release file)";
      continue;
    }
    source = path;
    return release;
  }
  facts.MarkAbsent("os", first_error);
  return std::nullopt;
}

void SetOsFacts(const OsRelease& release, const std::string& source, Facts& facts) {
  auto field = [&](const char* key, const char* fact) {
    auto it = release.fields.find(key);
    if (it == release.fields.end()) return;
    facts.Set(fact, Printable(it->second, 200), FileEvidence(source, fmt::format("line {}: {}={}", release.lines.at(key), key, Printable(it->second, 120))));
  };
  facts.Set("os.source", source);
  field("ID", "os.id");
  field("VERSION_ID", "os.version_id");
  field("VERSION_CODENAME", "os.codename");
  field("PRETTY_NAME", "os.pretty_name");
  if (auto it = release.fields.find("ID_LIKE"); it != release.fields.end()) {
    nlohmann::json like = nlohmann::json::array();
    for (const auto& word : Split(it->second, ' ')) {
      if (!word.empty()) like.push_back(Printable(word, 40));
    }
    facts.Set("os.id_like", like, FileEvidence(source));
  }
  auto id = release.fields.count("ID") ? ToLower(release.fields.at("ID")) : "";
  auto version = release.fields.count("VERSION_ID") ? release.fields.at("VERSION_ID") : "";
  if (id.empty() || version.empty()) return;
  std::string major = Split(version, '.')[0];
  facts.Set("os.version_major", Printable(major, 20));
  facts.Set("os.support_key", Printable(id + "-" + version, 80));
  facts.Set("os.support_key_major", Printable(id + "-" + major, 80));
}

void CollectOs(CollectContext& context, Facts& facts) {
  std::string source;
  auto release = ReadOsRelease(context, facts, source);
  if (release) SetOsFacts(*release, source, facts);
  Uname u = context.system.GetUname();
  facts.Set("kernel.release", u.release, {"uname", ""});
  facts.Set("kernel.version", u.version, {"uname", ""});
  facts.Set("kernel.machine", u.machine, {"uname", ""});
  facts.Set("host.hostname", u.nodename, {"uname", ""});
  if (!u.libc_version.empty()) facts.Set("libc.version", u.libc_version, {"gnu_get_libc_version()", ""});
  if (auto text = ReadForFact(context, facts, "/proc/cpuinfo", "cpu", 8 << 20)) {
    CpuInfo cpu = ParseCpuInfo(*text);
    facts.Set("cpu.vendor", cpu.vendor, FileEvidence("/proc/cpuinfo"));
    facts.Set("cpu.model", cpu.model, FileEvidence("/proc/cpuinfo"));
    facts.Set("cpu.logical_cpus", cpu.logical_cpus, FileEvidence("/proc/cpuinfo"));
    facts.Set("cpu.hypervisor_flag", cpu.hypervisor, FileEvidence("/proc/cpuinfo", "flags: … hypervisor"));
  }
  if (auto text = ReadForFact(context, facts, "/proc/meminfo", "memory")) {
    if (auto total = ParseMemTotal(*text)) facts.Set("memory.total_bytes", *total, FileEvidence("/proc/meminfo"));
    else facts.MarkAbsent("memory", "/proc/meminfo: no MemTotal line");
  }
  std::string pretty = release && release->fields.count("PRETTY_NAME") ? Printable(release->fields.at("PRETTY_NAME"), 80) : "unknown distribution";
  // m15: say why in the summary, not only in -v and JSON.
  if (!release) {
    auto why = facts.absent().find("os");
    std::string reason = why == facts.absent().end() ? "" : Printable(why->second, 120);
    if (!reason.empty()) {
      pretty = "distribution unknown (" + reason + ")";
      facts.Set("host.os_release_error", reason, FileEvidence("/etc/os-release"));
    }
  }
  facts.Set("summary.os", fmt::format("{} · kernel {} · glibc {} · {}", pretty, u.release,
                                          u.libc_version.empty() ? "?" : u.libc_version, u.machine));
}

}  // namespace

Collector OsCollector() { return {"os", "system", CollectOs, &kOsFacts}; }

}  // namespace rd
