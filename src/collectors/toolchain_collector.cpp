// Toolchain section: hipcc/hipconfig, the clang it uses, the GCC installations, which one
// clang selects and whether its libstdc++ headers and library exist, cmake.
// pitfalls.md #38 (libstdc++-N-dev for the selected GCC), #39 (new libstdc++ vs HIP clang).
#include <algorithm>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/gcc_installs.h"
#include "collectors/rocm_roots.h"
#include "parsers/rocm_version.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

const std::vector<FactSpec> kToolchainFacts = {
    {"toolchain.hipcc", "string", "hipcc found on PATH"},
    {"toolchain.hip_version", "string", "HIP version of the hipcc on PATH, as hipconfig --version prints it (from share/hip/version or bin/.hipVersion)"},
    {"toolchain.hip_platform", "string", "amd or nvidia, decided as hipconfig --platform does (HIP_PLATFORM, else the compilers present)"},
    {"toolchain.gcc_installs", "array", "GCC installations under /usr/lib/gcc/<triplet>"},
    {"toolchain.gcc_installs.version", "string", "GCC major (directory name)"},
    {"toolchain.gcc_installs.dir", "string", "The directory"},
    {"toolchain.gcc_installs.has_headers", "bool", "/usr/include/c++/<N> exists (libstdc++-N-dev)"},
    {"toolchain.gcc_installs.has_lib", "bool", "<dir>/libstdc++.so exists (libstdc++-N-dev)"},
    {"toolchain.gcc_versions", "string", "GCC majors installed, comma separated"},
    {"toolchain.usable_gcc_dir", "string", "Newest GCC installation with headers and library (for --gcc-install-dir)"},
    {"toolchain.cmake_version", "string", "cmake --version"},
};

CommandResult RunQuick(CollectContext& context, std::vector<std::string> argv) {
  CommandSpec spec;
  spec.argv = std::move(argv);
  spec.timeout = std::chrono::milliseconds(5000);
  return context.system.Run(spec);
}

Evidence CommandEvidence(const std::string& command, const CommandResult& result) {
  return {"cmd:" + command + " (exit " + std::to_string(result.exit_code) + ")", ""};
}

void CollectGcc(CollectContext& context, Facts& facts) {
  auto installs = FindGccInstalls(context);
  nlohmann::json list = nlohmann::json::array();
  std::vector<std::string> versions;
  std::string usable;
  for (const auto& gcc : installs) {
    list.push_back({{"version", gcc.version}, {"dir", gcc.dir}, {"has_headers", gcc.has_headers}, {"has_lib", gcc.has_lib}});
    versions.push_back(gcc.version);
    if (gcc.has_headers && gcc.has_lib) usable = gcc.dir;
  }
  facts.Set("toolchain.gcc_installs", list, {"dir:/usr/lib/gcc", ""});
  facts.Set("toolchain.gcc_versions", Join(versions, ", "));
  facts.Set("toolchain.usable_gcc_dir", usable);
}

// What `hipconfig --version` prints, read from the files it reads (hipvars.pm: HIP_PATH is the
// parent of hipcc's directory; share/hip/version since ROCm 6, bin/.hipVersion before).
void CollectHipVersion(CollectContext& context, Facts& facts, const std::string& hip_path) {
  for (const char* rel : {"/share/hip/version", "/bin/.hipVersion"}) {
    auto text = context.system.ReadFile(hip_path + rel, 64 * 1024);
    std::string version = text ? ParseHipVersionFile(*text) : "";
    if (!version.empty()) return facts.Set("toolchain.hip_version", version, FileEvidence(hip_path + rel));
  }
  std::string header = hip_path + "/include/hip/hip_version.h";
  auto text = context.system.ReadFile(header, 256 * 1024);
  std::string version = text ? ParseVersionHeader(*text, "HIP_VERSION") : "";
  if (!version.empty()) return facts.Set("toolchain.hip_version", version, FileEvidence(header));
  facts.MarkAbsent("toolchain.hip_version", "no HIP version in " + hip_path + "/share/hip/version, bin/.hipVersion or include/hip/hip_version.h");
}

// hipvars.pm's ROCM_PATH when $ROCM_PATH is unset: /usr for a distribution's HIP, else the
// install holding bin/rocm_agent_enumerator (HIP's parent, or HIP itself), else /opt/rocm.
std::string RocmPathOfHip(CollectContext& context, const std::string& hip_path) {
  if (hip_path == "/usr") return "/usr";
  for (const auto& root : {ParentDir(hip_path), hip_path}) {
    if (IsExecutableFile(context, root + "/bin/rocm_agent_enumerator")) return root;
  }
  return "/opt/rocm";
}

// What `hipconfig --platform` prints, decided the way hipvars.pm decides it: HIP_PLATFORM, else
// amd when a clang++ is there, nvidia when only nvcc is, amd otherwise. (hipvars runs each
// candidate with --version; an executable file is what that finds.)
void CollectHipPlatform(CollectContext& context, Facts& facts, const std::string& hip_path) {
  if (auto value = context.system.GetEnv("HIP_PLATFORM")) {
    std::string platform = *value == "hcc" ? "amd" : *value == "nvcc" ? "nvidia" : Printable(*value, 32);
    return facts.Set("toolchain.hip_platform", platform, {"env", "HIP_PLATFORM=" + Printable(*value, 32)});
  }
  std::string rocm = context.system.GetEnv("ROCM_PATH").value_or(RocmPathOfHip(context, hip_path));
  std::string clang_dir = context.system.GetEnv("HIP_CLANG_PATH").value_or(PathExists(context, rocm + "/llvm/bin").value_or(false) ? rocm + "/llvm/bin" : rocm + "/bin");
  for (const auto& clang : {clang_dir + "/clang++", context.system.FindProgram("clang++").value_or("")}) {
    if (!clang.empty() && IsExecutableFile(context, clang)) return facts.Set("toolchain.hip_platform", "amd", FileEvidence(clang, "clang++ present"));
  }
  std::string cuda = context.system.GetEnv("CUDA_PATH").value_or("/usr/local/cuda");
  for (const auto& nvcc : {cuda + "/bin/nvcc", context.system.FindProgram("nvcc").value_or("")}) {
    if (!nvcc.empty() && IsExecutableFile(context, nvcc)) return facts.Set("toolchain.hip_platform", "nvidia", FileEvidence(nvcc, "nvcc present, no clang++"));
  }
  facts.Set("toolchain.hip_platform", "amd", {"default", "neither clang++ nor nvcc found"});
}

void CollectToolchain(CollectContext& context, Facts& facts) {
  auto hipcc = context.system.FindProgram("hipcc");
  if (hipcc) {
    facts.Set("toolchain.hipcc", *hipcc, {"PATH", *hipcc});
    // Files, not `hipconfig --version/--platform`: each is a perl script running clang++ --version
    // (0.3 CPU-s), which on a small machine slowed the torch import that runs beside it.
    std::string hip_path = context.system.GetEnv("HIP_PATH").value_or(ParentDir(ParentDir(Canonicalize(context.system, *hipcc))));
    CollectHipVersion(context, facts, hip_path);
    CollectHipPlatform(context, facts, hip_path);
  } else {
    facts.MarkAbsent("toolchain.hip_version", "hipcc is not on PATH");
  }
  CollectGcc(context, facts);
  if (auto cmake = context.system.FindProgram("cmake"); cmake && !context.quick) {
    CommandResult result = RunQuick(context, {*cmake, "--version"});
    auto words = Split(SplitLines(result.out).empty() ? "" : SplitLines(result.out)[0], ' ');
    if (words.size() >= 3) facts.Set("toolchain.cmake_version", words[2], CommandEvidence("cmake --version", result));
  }
}

}  // namespace

Collector ToolchainCollector() { return {"toolchain", "toolchain", CollectToolchain, &kToolchainFacts}; }

}  // namespace rd
