// Toolchain section: hipcc/hipconfig, the clang it uses, the GCC installations, which one
// clang selects and whether its libstdc++ headers and library exist, cmake.
// pitfalls.md #38 (libstdc++-N-dev for the selected GCC), #39 (new libstdc++ vs HIP clang).
#include <algorithm>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/gcc_installs.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

const std::vector<FactSpec> kToolchainFacts = {
    {"toolchain.hipcc", "string", "hipcc found on PATH"},
    {"toolchain.hip_version", "string", "HIP version (hipconfig)"},
    {"toolchain.hip_platform", "string", "HIP_PLATFORM (amd or nvidia)"},
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

void CollectToolchain(CollectContext& context, Facts& facts) {
  auto hipcc = context.system.FindProgram("hipcc");
  if (hipcc) facts.Set("toolchain.hipcc", *hipcc, {"PATH", *hipcc});
  if (auto hipconfig = context.system.FindProgram("hipconfig"); hipconfig && !context.quick) {
    // Not --full: it runs llc and clang --version and takes seconds on a busy machine.
    const std::pair<const char*, const char*> queries[] = {{"--version", "toolchain.hip_version"}, {"--platform", "toolchain.hip_platform"}};
    for (const auto& [flag, fact] : queries) {
      // hipconfig.pl runs clang++ --version on every call (0.3 CPU-s): in the background.
      CommandResult result = RunQuick(context, AtLowPriority(context, {*hipconfig, flag}));
      std::string value(Trim(result.out));
      if (result.exit_code == 0 && !value.empty()) facts.Set(fact, Printable(value, 100), CommandEvidence(std::string("hipconfig ") + flag, result));
    }
  } else if (!hipcc) {
    facts.MarkAbsent("toolchain.hip_version", "hipconfig and hipcc are not on PATH");
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
