// Frameworks section, static view: which Python interpreters there are, which torch each would
// import, and what that torch was built for, read from its files without importing it
// (pitfalls.md #19 wrong wheel, #20 arch list, #10 bundled rocBLAS).
#include <fmt/format.h>

#include <set>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/device_code.h"
#include "collectors/kpack_source.h"
#include "collectors/python_locate.h"
#include "parsers/gfx_names.h"
#include "parsers/torch_version_py.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kTorchStaticFacts = {
    {"frameworks.pythons", "array", "Python interpreters found (--python, venv, conda, PATH, /usr/bin/python3)"},
    {"frameworks.pythons.interpreter", "string", "Interpreter path, as found or given"},
    {"frameworks.pythons.origin", "string", "--python, VIRTUAL_ENV, CONDA_PREFIX, PATH or system"},
    {"frameworks.pythons.executable", "string", "The interpreter a pyenv shim runs (resolved from pyenv's version files)"},
    {"frameworks.pythons.resolved_by", "string", "Which pyenv version and the file or variable that selects it, or the sys.executable a given wrapper ran"},
    {"frameworks.pythons.problem", "string", "Why it cannot run (a --python path that is missing, a directory, not executable, a wrapper that fails to start Python)"},
    {"frameworks.pythons.version", "string", "Python major.minor (from the interpreter's name, pyvenv.cfg or its lib dir)"},
    {"frameworks.pythons.search_path", "array", "Where import torch looks: PYTHONPATH, user site, site-packages, .pth dirs"},
    {"frameworks.pythons.search_path_known", "bool", "False for a wrapper script whose target is known only by running it (one given with --python is run for its sys.path)"},
    {"frameworks.pythons.torch_dir", "string", "The torch package this interpreter would import"},
    {"frameworks.pythons.externally_managed", "bool", "Its stdlib has PEP 668's EXTERNALLY-MANAGED marker (pip refuses to install into it)"},
    {"frameworks.torch.found", "bool", "Some interpreter has torch installed"},
    {"frameworks.torch.dir", "string", "Directory of the torch package examined"},
    {"frameworks.torch.python", "string", "Interpreter that imports it"},
    {"frameworks.torch.version", "string", "torch.__version__ from torch/version.py"},
    {"frameworks.torch.hip", "string", "torch.version.hip (ROCm builds only)"},
    {"frameworks.torch.cuda", "string", "torch.version.cuda (CUDA builds only)"},
    {"frameworks.torch.git_version", "string", "torch.version.git_version"},
    {"frameworks.torch.build", "string", "rocm, cuda or cpu"},
    {"frameworks.torch.bundled_libs", "array", "GPU runtime libraries shipped inside torch/lib"},
    {"frameworks.torch.gfx_targets", "array", "gfx processors with code in libtorch_hip.so (offload bundles)"},
    {"frameworks.torch.code_objects", "array", "Full target ids in libtorch_hip.so (gfx90a:xnack-)"},
    {"frameworks.torch.device_code", "string", "Where libtorch_hip.so's device code is: offload bundles (in the file) or kpack (archives beside it)"},
    {"frameworks.torch.kpack.host_lib", "string", "libtorch_hip.so when its device code is in kpack archives (HIPK wrappers, .rocm_kpack_ref)"},
    {"frameworks.torch.kpack.archives", "array", "kpack archives of libtorch_hip.so whose table of contents was read"},
    {"frameworks.torch.kpack.gfx_targets", "array", "gfx processors with code objects in those archives"},
    {"frameworks.torch.kpack.code_objects", "array", "Full target ids in those archives"},
    {"frameworks.torch.kpack.problems", "array", "Archives or markers that could not be read, and why"},
    {"frameworks.torch.rocblas_gfx_targets", "array", "gfx targets of the rocBLAS Tensile libraries bundled in torch/lib"},
    {"frameworks.override_gfx", "string", "The gfx target HSA_OVERRIDE_GFX_VERSION selects (10.3.0 -> gfx1030)"},
    {"summary.torch_static", "string", "torch version and build, or that none was found"},
};

// Libraries inside torch/lib that decide which GPU runtime torch uses (pitfalls.md #21).
bool IsRuntimeLib(const std::string& name) {
  for (const char* prefix : {"libamdhip64", "libhsa-runtime64", "librocblas", "libhipblaslt", "libMIOpen", "librccl",
                             "libtorch_hip", "libc10_hip", "libtorch_cuda", "libc10_cuda", "libcudart", "libcudnn", "libnccl"}) {
    if (StartsWith(name, prefix)) return true;
  }
  return false;
}

void RecordPythons(const std::vector<PythonInstall>& pythons, Facts& facts) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& py : pythons) {
    nlohmann::json item = {{"interpreter", py.interpreter}, {"origin", py.origin}};
    if (!py.problem.empty()) {
      item["problem"] = Printable(py.problem, 300);
      list.push_back(std::move(item));
      continue;
    }
    if (py.executable != py.interpreter) item["executable"] = py.executable;
    if (!py.resolved_by.empty()) item["resolved_by"] = Printable(py.resolved_by, 300);
    if (!py.version.empty()) item["version"] = py.version;
    item["search_path_known"] = py.search_path_known;
    if (py.externally_managed) item["externally_managed"] = true;
    item["search_path"] = py.search_path;
    if (py.torch_dir) item["torch_dir"] = *py.torch_dir;
    list.push_back(std::move(item));
  }
  facts.Set("frameworks.pythons", std::move(list));
}

std::set<std::string> TensileGfx(CollectContext& context, const std::string& dir) {
  std::set<std::string> out;
  for (const auto& name : context.system.ListDir(dir).value_or({})) {
    if (!StartsWith(name, "TensileLibrary") && !StartsWith(name, "Kernels.so")) continue;
    if (auto gfx = ExtractGfx(name)) out.insert(*gfx);
  }
  return out;
}

void ScanTorchHip(CollectContext& context, Facts& facts, const std::string& lib) {
  // TheRock builds move the device code into .kpack archives (issue 15): the host file keeps
  // HIPK wrappers and a marker, read by ranges, and the archives' tables give the targets.
  KpackSource kpack = ScanKpackSource(context, lib);
  if (kpack.split) {
    facts.Set("frameworks.torch.device_code", "kpack", FileEvidence(lib));
    SetKpackFacts(facts, "frameworks.torch.kpack", lib, kpack);
    if (kpack.gfx.empty()) {
      facts.MarkAbsent("frameworks.torch.gfx_targets", lib + ": device code in kpack archives, none readable" +
                                                           (kpack.problems.empty() ? "" : " (" + kpack.problems.front() + ")"));
      return;
    }
    Evidence ev = FileEvidence(lib, fmt::format("kpack: {}", Join(kpack.archives, ", ")));
    facts.Set("frameworks.torch.gfx_targets", kpack.gfx, ev);
    facts.Set("frameworks.torch.code_objects", kpack.targets, ev);
    return;
  }
  // libtorch_hip.so of a ROCm wheel is over 1 GB: its .hip_fatbin is walked bundle by bundle
  // with ranged reads (collectors/device_code.h), headers and entry tables only (issue 15).
  DeviceCode code = ScanDeviceCode(context, lib);
  if (code.gfx.empty()) {
    std::string why = !code.problems.empty() ? code.problems.front() : "no .hip_fatbin section";
    facts.MarkAbsent("frameworks.torch.gfx_targets", code.readable ? lib + ": no offload bundle found (" + why + ")" : why);
    return;
  }
  Evidence ev = FileEvidence(lib, fmt::format("{} bundles, {} in .hip_fatbin", code.bundles, code.source));
  facts.Set("frameworks.torch.device_code", "offload bundles", ev);
  facts.Set("frameworks.torch.gfx_targets", code.gfx, ev);
  facts.Set("frameworks.torch.code_objects", code.targets, ev);
}

void DescribeTorch(CollectContext& context, Facts& facts, const PythonInstall& py) {
  const std::string& dir = *py.torch_dir;
  facts.Set("frameworks.torch.found", true);
  facts.Set("frameworks.torch.dir", dir);
  facts.Set("frameworks.torch.python", py.interpreter);
  auto text = ReadForFact(context, facts, dir + "/version.py", "frameworks.torch.version");
  if (!text) return;
  TorchVersionPy v = ParseTorchVersionPy(*text);
  if (!v.saw_version_line) {
    facts.MarkAbsent("frameworks.torch.version", dir + "/version.py: no __version__ line");
    return;
  }
  Evidence ev = FileEvidence(dir + "/version.py");
  if (v.version) facts.Set("frameworks.torch.version", *v.version, ev);
  if (v.hip) facts.Set("frameworks.torch.hip", *v.hip, ev);
  if (v.cuda) facts.Set("frameworks.torch.cuda", *v.cuda, ev);
  if (v.git_version) facts.Set("frameworks.torch.git_version", *v.git_version, ev);
  std::string build = TorchBuildKind(v);
  facts.Set("frameworks.torch.build", build, ev);
  std::vector<std::string> libs;
  for (const auto& name : context.system.ListDir(dir + "/lib").value_or({})) {
    if (IsRuntimeLib(name)) libs.push_back(name);
  }
  facts.Set("frameworks.torch.bundled_libs", libs, FileEvidence(dir + "/lib"));
  if (build == "rocm") {
    ScanTorchHip(context, facts, dir + "/lib/libtorch_hip.so");
    auto tensile = TensileGfx(context, dir + "/lib/rocblas/library");
    if (!tensile.empty()) {
      facts.Set("frameworks.torch.rocblas_gfx_targets", std::vector<std::string>(tensile.begin(), tensile.end()),
                FileEvidence(dir + "/lib/rocblas/library"));
    }
  }
  facts.Set("summary.torch_static", fmt::format("torch {} ({} build) for {}", v.version.value_or("?"), build, py.interpreter));
}

void CollectTorchStatic(CollectContext& context, Facts& facts) {
  if (auto value = context.system.GetEnv("HSA_OVERRIDE_GFX_VERSION")) {
    if (auto gfx = GfxFromOverride(*value)) facts.Set("frameworks.override_gfx", *gfx, {"env", "HSA_OVERRIDE_GFX_VERSION=" + Printable(*value, 64)});
  }
  auto pythons = LocatePythons(context);
  RecordPythons(pythons, facts);
  for (const auto& py : pythons) {
    if (py.problem.empty() && py.torch_dir) {
      DescribeTorch(context, facts, py);
      return;
    }
  }
  size_t usable = 0;
  for (const auto& py : pythons) usable += py.problem.empty() ? 1 : 0;
  facts.Set("frameworks.torch.found", false);
  facts.Set("summary.torch_static", usable == 0 ? std::string("no Python interpreter found")
                                                : fmt::format("no torch in {} interpreter{}", usable, usable == 1 ? "" : "s"));
}

}  // namespace

Collector TorchStaticCollector() { return {"torch_static", "frameworks", CollectTorchStatic, &kTorchStaticFacts}; }

}  // namespace rd
