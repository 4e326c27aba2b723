// DKMS / amdgpu-install output and make.log (pitfalls.md #23).
#include "parsers/dkms_log.h"
#include "triage/kinds.h"
#include "util/strings.h"

namespace rd {

namespace {

void Parse(std::string_view text, const PasteOrigin& origin, Facts& facts) {
  DkmsLog log = ParseDkmsLog(text);
  Evidence ev = log.evidence.empty() ? Evidence{} : PasteLine(origin, log.evidence[0].line, log.evidence[0].text);
  if (log.build_failed) facts.Set("dkms.build_failed", true, ev);
  else if (!facts.Get("dkms.build_failed").value) facts.Set("dkms.build_failed", false);
  if (!log.kernel.empty()) facts.Set("dkms.kernel", log.kernel, ev);
  if (!log.module.empty()) {
    // Name and version apart, as `dkms status` lines give dkms.modules[] (one vocabulary).
    size_t slash = log.module.find('/');
    facts.Set("dkms.module", log.module.substr(0, slash), ev);
    if (slash != std::string::npos) facts.Set("dkms.module_version", log.module.substr(slash + 1), ev);
  }
  if (!log.make_log.empty()) facts.Set("dkms.make_log", log.make_log, ev);
  for (const auto& e : log.errors) {
    facts.Set("dkms.errors[" + std::to_string(NextIndex(facts, "dkms.errors")) + "]", e.text, PasteLine(origin, e.line, e.text));
  }
}

const std::vector<FactSpec>& Specs() {
  static const std::vector<FactSpec> specs = {
      {"dkms.build_failed", "bool", "A pasted DKMS log shows the module build failing"},
      {"dkms.kernel", "string", "Kernel the module was built for"},
      {"dkms.module", "string", "Module whose build the log shows (amdgpu)"},
      {"dkms.module_version", "string", "Its version (6.12.12-2164967.24.04)"},
      {"dkms.make_log", "string", "make.log path the log points to"},
      {"dkms.errors", "array", "Compiler and make errors quoted from make.log"},
  };
  return specs;
}

}  // namespace

PasteKind DkmsLogKind() { return {"dkms-log", LooksLikeDkmsLog, Parse, &Specs()}; }

}  // namespace rd
