// Compile check: build probes/compile_check.hip with the user's hipcc for the GPU targets of
// this machine (KFD topology) or, without a GPU, the default list of rules/data/toolchain.toml
// (one target: each --offload-arch is a whole device compile), in the private working
// directory, with a timeout; the log becomes facts so rules turn known errors into fixes.
// pitfalls.md #13 (offload targets), #38 ('cmath' not found), #39 (host function in device code).
#include <algorithm>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/gcc_installs.h"
#include "parsers/clang_verbose.h"
#include "parsers/compiler_log.h"
#include "system/local_files.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr auto kCompileTimeout = std::chrono::milliseconds(60000);
constexpr const char* kKfdNodes = "/sys/class/kfd/kfd/topology/nodes";

const std::vector<FactSpec> kCompileFacts = {
    {"compile.ran", "bool", "The compile check ran"},
    {"compile.ok", "bool", "hipcc built the probe (exit 0)"},
    {"compile.exit_code", "int", "hipcc exit status"},
    {"compile.timed_out", "bool", "hipcc ran past the timeout"},
    {"compile.elapsed_ms", "number", "How long hipcc ran"},
    {"compile.targets", "array", "--offload-arch targets compiled for"},
    {"compile.targets_source", "string", "gpu (KFD topology) or default (no GPU: rules/data/toolchain.toml default_targets)"},
    {"compile.errors", "array", "Error lines of the log (first 20)"},
    {"compile.first_error", "string", "The first error line"},
    {"compile.failure_lines", "array", "When hipcc failed: its first error lines, else the last lines of its output"},
    {"compile.missing_headers", "array", "Headers not found ('cmath' file not found -> cmath)"},
    {"compile.missing_libraries", "array", "Libraries the linker could not find (-lstdc++ -> stdc++)"},
    {"compile.undeclared", "array", "Undeclared identifiers (rocMemcpyAsync …)"},
    {"compile.suggestions", "array", "The compiler's 'did you mean' names"},
    {"compile.bad_targets", "array", "GPU targets the compiler rejected"},
    {"compile.bad_target_count", "int", "Number of rejected targets"},
    {"compile.missing_shared", "array", "Shared libraries a tool failed to load"},
    {"compile.host_function_in_device", "bool", "A __host__ libstdc++ function called from device code"},
    {"compile.offload_arch_to_gxx", "bool", "--offload-arch passed to g++ (HIP code compiled by the host compiler)"},
    {"toolchain.clang.version", "string", "Version of the clang hipcc runs (from its -v output)"},
    {"toolchain.clang.major", "int", "Its major version"},
    {"toolchain.selected_gcc.dir", "string", "GCC installation hipcc's clang selects ('Selected GCC installation')"},
    {"toolchain.selected_gcc.version", "string", "Its major"},
    {"toolchain.selected_gcc.has_headers", "bool", "Its libstdc++ headers exist (libstdc++-N-dev)"},
    {"toolchain.selected_gcc.has_lib", "bool", "Its libstdc++.so exists (libstdc++-N-dev)"},
};

// issue 14 item 1: a hipcc that fails without a known pattern (ROCM_PATH naming a missing
// /opt/rocm, missing device-library bitcode) is still a finding, shown with hipcc's own words:
// its "error:" lines, or else the last lines it wrote (the verbose -v lines come first).
std::vector<std::string> FailureLines(const CompilerLog& log, const CommandResult& result) {
  constexpr size_t kLines = 3, kWidth = 200;
  std::vector<std::string> out;
  for (const auto& line : log.errors) {
    if (out.size() < kLines) out.push_back(Printable(line, kWidth));
  }
  if (!out.empty()) return out;
  std::vector<std::string> lines;
  for (const auto& raw : SplitLines(result.err.empty() ? result.out : result.err)) {
    if (!Trim(raw).empty()) lines.push_back(Printable(std::string(Trim(raw)), kWidth));
  }
  size_t from = lines.size() > kLines ? lines.size() - kLines : 0;
  out.assign(lines.begin() + static_cast<long>(from), lines.end());
  if (out.empty()) out.push_back(result.timed_out ? "(no output: it ran past the time limit)" : "(no output)");
  return out;
}

/// gfx_target_version 90010 -> gfx90a; 110000 -> gfx1100 (KFD encodes major*10000+minor*100+step).
std::string GfxName(long long version) {
  if (version <= 0) return "";
  long long major = version / 10000, minor = (version / 100) % 100, step = version % 100;
  const char* hex = "0123456789abcdef";
  if (minor > 15 || step > 15) return "";
  return "gfx" + std::to_string(major) + hex[minor] + hex[step];
}

std::vector<std::string> GpuTargets(CollectContext& context) {
  std::vector<std::string> targets;
  auto nodes = context.system.ListDir(kKfdNodes);
  if (!nodes) return targets;
  for (const auto& node : *nodes) {
    auto text = context.system.ReadFile(std::string(kKfdNodes) + "/" + node + "/properties", 64 * 1024);
    if (!text) continue;
    for (const auto& line : SplitLines(*text)) {
      if (!StartsWith(line, "gfx_target_version ")) continue;
      std::string gfx = GfxName(ParseInt(Trim(line.substr(19))).value_or(0));
      if (!gfx.empty() && std::find(targets.begin(), targets.end(), gfx) == targets.end()) targets.push_back(gfx);
    }
  }
  return targets;
}

std::optional<std::string> ProbeSource() {
  std::vector<std::string> candidates;
  std::string exe = ExecutablePath();
  if (auto slash = exe.rfind('/'); slash != std::string::npos) {
    candidates.push_back(exe.substr(0, slash) + "/../share/rocm-doctor/probes/compile_check.hip");
  }
  candidates.push_back(std::string(ROCM_DOCTOR_SOURCE_DIR) + "/probes/compile_check.hip");
  for (const auto& path : candidates) {
    if (auto text = ReadLocalFile(path, 1 << 20)) return *text;
  }
  return std::nullopt;
}

void SetLogFacts(Facts& facts, const CompilerLog& log, const Evidence& evidence) {
  EmitCompilerLogFacts(log, [&](const std::string& path, nlohmann::json value) { facts.Set(path, std::move(value), evidence); });
}

// hipcc -v prints the clang driver's choices on stderr: the version and the GCC installation
// whose libstdc++ it will use (pitfalls.md #38).
void SetDriverFacts(CollectContext& context, Facts& facts, const std::string& log, const Evidence& ev) {
  ClangVerbose verbose = ParseClangVerbose(log);
  if (!verbose.clang_version.empty()) {
    facts.Set("toolchain.clang.version", verbose.clang_version, ev);
    facts.Set("toolchain.clang.major", ParseInt(verbose.clang_version.substr(0, verbose.clang_version.find('.'))).value_or(0));
  }
  if (verbose.selected_gcc.empty()) return;
  facts.Set("toolchain.selected_gcc.dir", verbose.selected_gcc, {ev.source, "Selected GCC installation: " + verbose.selected_gcc});
  facts.Set("toolchain.selected_gcc.version", verbose.selected_gcc_version);
  for (const auto& gcc : FindGccInstalls(context)) {
    if (gcc.version != verbose.selected_gcc_version) continue;
    facts.Set("toolchain.selected_gcc.has_headers", gcc.has_headers, {"stat:/usr/include/c++/" + gcc.version, ""});
    facts.Set("toolchain.selected_gcc.has_lib", gcc.has_lib, {"stat:" + gcc.dir + "/libstdc++.so", ""});
  }
}

void CollectCompile(CollectContext& context, Facts& facts) {
  if (context.quick || context.no_compile) {
    facts.MarkAbsent("compile", context.quick ? "skipped (--quick)" : "skipped (--no-compile)");
    return;
  }
  auto hipcc = context.system.FindProgram("hipcc");
  if (!hipcc) {
    facts.Set("compile.ran", false, {"PATH", "hipcc not found"});
    return;
  }
  auto source = ProbeSource();
  if (!source) {
    facts.MarkAbsent("compile", "probes/compile_check.hip is not installed next to rocm-doctor");
    return;
  }
  std::vector<std::string> targets = GpuTargets(context);
  facts.Set("compile.targets_source", targets.empty() ? "default" : "gpu");
  if (targets.empty()) {
    const auto& table = context.data.value("toolchain", nlohmann::json::object());
    for (const auto& t : table.value("default_targets", nlohmann::json::array())) {
      if (t.is_string()) targets.push_back(t.get<std::string>());
    }
  }
  // Normal priority: hipcc is the longest view of check (2.6 s here, the torch import 1.7 s); at
  // nice 10 it waited behind every other view and check took longer on 2 cores.
  CommandSpec spec;
  spec.argv = {*hipcc, "-v"};
  for (const auto& target : targets) spec.argv.push_back("--offload-arch=" + target);
  for (const char* arg : {"compile_check.hip", "-o", "compile_check"}) spec.argv.push_back(arg);
  spec.input_files["compile_check.hip"] = *source;
  spec.timeout = kCompileTimeout;
  CommandResult result = context.system.Run(spec);
  std::string command = Join(spec.argv, " ");
  facts.Set("compile.targets", targets);
  facts.Set("compile.ran", result.started, {"cmd:" + command, result.start_error});
  if (!result.started) return;
  Evidence ev{"cmd:" + command + " (exit " + std::to_string(result.exit_code) + ")", Printable(ParseCompilerLog(result.err).errors.empty() ? "" : ParseCompilerLog(result.err).errors.front(), 300)};
  facts.Set("compile.ok", result.exit_code == 0 && !result.timed_out, ev);
  facts.Set("compile.exit_code", result.exit_code, ev);
  facts.Set("compile.timed_out", result.timed_out, ev);
  facts.Set("compile.elapsed_ms", result.elapsed_ms);
  std::string log = result.err + "\n" + result.out;
  CompilerLog parsed = ParseCompilerLog(log);
  SetLogFacts(facts, parsed, ev);
  if (result.exit_code != 0 || result.timed_out) facts.Set("compile.failure_lines", FailureLines(parsed, result), ev);
  SetDriverFacts(context, facts, log, ev);
}

}  // namespace

Collector CompileCheckCollector() { return {"compile_check", "toolchain", CollectCompile, &kCompileFacts}; }

}  // namespace rd
