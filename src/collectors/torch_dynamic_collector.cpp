// Frameworks section, dynamic view: import torch in a child process with a timeout and ask it what
// it sees (pitfalls.md #19, #20). Runs concurrently with every other collector; a crash or hang
// of the import becomes facts with its last lines, never a hang of ours.
#include <fmt/format.h>

#include <future>

#include "collectors/collectors.h"
#include "collectors/python_locate.h"
#include "parsers/gfx_names.h"
#include "util/json_depth.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kTorchDynamicFacts = {
    {"frameworks.torch_runtime.python", "string", "Interpreter that imported torch"},
    {"frameworks.torch_runtime.ok", "bool", "The import and the queries finished"},
    {"frameworks.torch_runtime.version", "string", "torch.__version__"},
    {"frameworks.torch_runtime.hip", "string", "torch.version.hip"},
    {"frameworks.torch_runtime.cuda", "string", "torch.version.cuda"},
    {"frameworks.torch_runtime.available", "bool", "torch.cuda.is_available()"},
    {"frameworks.torch_runtime.device_count", "int", "torch.cuda.device_count()"},
    {"frameworks.torch_runtime.devices", "array", "Each device torch sees"},
    {"frameworks.torch_runtime.devices.name", "string", "Device name"},
    {"frameworks.torch_runtime.devices.gcn_arch", "string", "gcnArchName (ROCm builds: gfx90a:sramecc+:xnack-)"},
    {"frameworks.torch_runtime.devices.gfx", "string", "Processor of gcnArchName"},
    {"frameworks.torch_runtime.devices.capability", "string", "Compute capability major.minor"},
    {"frameworks.torch_runtime.arch_list", "array", "torch.cuda.get_arch_list()"},
    {"frameworks.torch_runtime.error", "string", "Exception raised by the import or a query"},
    {"frameworks.torch_runtime.last_lines", "string", "Last lines of the child's output when it failed"},
    {"frameworks.torch_runtime.timed_out", "bool", "The import did not finish in time"},
    {"frameworks.torch_runtime.signal", "int", "Signal that killed the child (6: abort, as after hipErrorNoBinaryForGpu)"},
    {"frameworks.torch_runtime.elapsed_ms", "number", "Time of the child process"},
    {"summary.torch_dynamic", "string", "What the torch import reported"},
};

constexpr auto kImportTimeout = std::chrono::milliseconds(8000);
constexpr std::string_view kMarker = "@@RD-TORCH@@";

// Imports torch and prints one marked JSON line; no GPU work beyond the queries torch itself does.
const char* kScript = R"PY(import json
r = {}
try:
    import torch
    r['version'] = torch.__version__
    r['hip'] = getattr(torch.version, 'hip', None)
    r['cuda'] = getattr(torch.version, 'cuda', None)
    r['available'] = bool(torch.cuda.is_available())
    r['device_count'] = torch.cuda.device_count() if r['available'] else 0
    r['devices'] = []
    for i in range(r['device_count']):
        p = torch.cuda.get_device_properties(i)
        r['devices'].append({'name': p.name, 'gcn_arch': getattr(p, 'gcnArchName', None),
                             'capability': '%d.%d' % (p.major, p.minor)})
    r['arch_list'] = list(torch.cuda.get_arch_list())
except BaseException as e:
    r['error'] = '%s: %s' % (type(e).__name__, e)
print('@@RD-TORCH@@' + json.dumps(r), flush=True)
)PY";

std::string LastLines(const std::string& text, size_t count) {
  auto lines = SplitLines(text);
  size_t from = lines.size() > count ? lines.size() - count : 0;
  std::vector<std::string> tail(lines.begin() + static_cast<long>(from), lines.end());
  return Printable(Join(tail, "\n"), 2048);
}

// The child's JSON is untrusted (a sitecustomize or a patched torch may print anything): read
// fields only with the expected type.
std::string Str(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? Printable(j[key].get<std::string>(), 128) : std::string();
}

void SetIfString(Facts& facts, const std::string& path, const nlohmann::json& j, const char* key, const Evidence& ev) {
  if (j.contains(key) && j[key].is_string()) facts.Set(path, Printable(j[key].get<std::string>(), 256), ev);
}

void RecordResult(const nlohmann::json& j, Facts& facts, const Evidence& ev) {
  const std::string root = "frameworks.torch_runtime.";
  for (const char* key : {"version", "hip", "cuda", "error"}) SetIfString(facts, root + key, j, key, ev);
  facts.Set(root + "ok", !j.contains("error"), ev);
  if (j.contains("available") && j["available"].is_boolean()) facts.Set(root + "available", j["available"], ev);
  if (j.contains("device_count") && j["device_count"].is_number_integer()) facts.Set(root + "device_count", j["device_count"], ev);
  nlohmann::json devices = nlohmann::json::array();
  const nlohmann::json empty = nlohmann::json::array();
  const nlohmann::json& list = j.contains("devices") && j["devices"].is_array() ? j["devices"] : empty;
  for (const auto& d : list) {
    if (!d.is_object()) continue;
    nlohmann::json item = {{"name", Str(d, "name")}, {"capability", Str(d, "capability")}};
    if (d.contains("gcn_arch") && d["gcn_arch"].is_string()) {
      std::string arch = Printable(d["gcn_arch"].get<std::string>(), 64);
      item["gcn_arch"] = arch;
      if (auto gfx = ExtractGfx(arch)) item["gfx"] = *gfx;
    }
    devices.push_back(std::move(item));
  }
  if (j.contains("devices")) facts.Set(root + "devices", devices, ev);
  if (j.contains("arch_list") && j["arch_list"].is_array()) {
    std::vector<std::string> list;
    for (const auto& a : j["arch_list"]) {
      if (a.is_string()) list.push_back(Printable(a.get<std::string>(), 64));
    }
    facts.Set(root + "arch_list", list, ev);
  }
}

void CollectTorchDynamic(CollectContext& context, Facts& facts) {
  if (context.quick) {
    facts.MarkAbsent("frameworks.torch_runtime", "torch import not run (--quick)");
    return;
  }
  // One import, in the first interpreter whose search path has torch (the one --python names
  // when it has one). An interpreter without torch is not run at all, and a pyenv shim's own
  // interpreter runs directly (python_locate.h): a second import or a shim's bash chain would
  // compete for the CPU with the import that matters. Only when no search path shows torch do
  // wrapper scripts of unknown target run the script (it prints "No module named 'torch'" fast).
  auto pythons = LocatePythons(context);
  std::vector<const PythonInstall*> candidates;
  for (const auto& py : pythons) {
    if (py.problem.empty() && py.torch_dir) {
      candidates.push_back(&py);
      break;
    }
  }
  if (candidates.empty()) {
    for (const auto& py : pythons) {
      if (py.problem.empty() && !py.search_path_known) candidates.push_back(&py);
    }
  }
  if (candidates.empty()) {
    std::vector<std::string> names;
    for (const auto& py : pythons) {
      if (py.problem.empty()) names.push_back(py.interpreter);
    }
    facts.MarkAbsent("frameworks.torch_runtime", names.empty() ? "no Python interpreter found"
                                                               : "no torch in the search path of " + Join(names, ", "));
    return;
  }
  std::vector<std::future<CommandResult>> runs;
  for (const auto* py : candidates) {
    CommandSpec spec = PythonCommand(py->executable, kScript, kImportTimeout);  // no __pycache__ (D10)
    runs.push_back(std::async(std::launch::async, [&context, spec] { return context.system.Run(spec); }));
  }
  std::vector<CommandResult> results;
  for (auto& f : runs) results.push_back(f.get());
  // Torch seen in the search path: that import's result stands, even "No module named 'torch'".
  size_t pick = candidates.front()->torch_dir ? 0 : candidates.size();
  for (size_t i = 0; i < results.size() && pick == candidates.size(); ++i) {
    if (results[i].started && results[i].out.find("No module named 'torch'") == std::string::npos) pick = i;
  }
  if (pick == candidates.size()) {
    facts.MarkAbsent("frameworks.torch_runtime", "no Python interpreter with torch installed");
    return;
  }
  const PythonInstall* chosen = candidates[pick];
  const CommandResult& r = results[pick];
  std::string what = fmt::format("cmd:{} -B -c 'import torch …' (exit {}, {:.0f} ms)", chosen->executable, r.exit_code, r.elapsed_ms);
  Evidence ev{what, ""};
  const std::string root = "frameworks.torch_runtime.";
  if (!r.started) {
    facts.MarkAbsent("frameworks.torch_runtime", r.start_error);
    return;
  }
  facts.Set(root + "python", chosen->interpreter, ev);
  facts.Set(root + "elapsed_ms", r.elapsed_ms, ev);
  facts.Set(root + "timed_out", r.timed_out, ev);
  if (r.signal != 0) facts.Set(root + "signal", r.signal, ev);
  size_t marker = r.out.rfind(kMarker);
  std::string_view answer = marker == std::string::npos ? std::string_view() : std::string_view(r.out).substr(marker + kMarker.size());
  nlohmann::json j = answer.empty() || !JsonDepthOk(answer) ? nlohmann::json() : nlohmann::json::parse(answer, nullptr, false);
  if (j.is_object()) {
    RecordResult(j, facts, ev);
    // m12: an import that raised did not answer is_available(); say what it raised.
    if (j.contains("error") && j["error"].is_string()) {
      facts.Set("summary.torch_dynamic", "import torch failed: " + Printable(j["error"].get<std::string>(), 160));
      return;
    }
    facts.Set("summary.torch_dynamic", fmt::format("import torch: cuda.is_available() {}, {} device(s), {:.1f} s",
                                                   j.contains("available") && j["available"] == true ? "True" : "False",
                                                   j.contains("device_count") && j["device_count"].is_number_integer() ? j["device_count"].get<int64_t>() : 0,
                                                   r.elapsed_ms / 1000));
    return;
  }
  // Crash (abort after hipErrorNoBinaryForGpu, segfault), hang or garbage: keep its last words.
  facts.Set(root + "ok", false, ev);
  std::string why = r.timed_out ? fmt::format("import torch did not finish in {} s", kImportTimeout.count() / 1000)
                  : r.signal != 0 ? fmt::format("import torch was killed by signal {}", r.signal)
                                  : fmt::format("import torch exited {} without a result", r.exit_code);
  facts.Set(root + "error", why, ev);
  facts.Set(root + "last_lines", LastLines(r.err + "\n" + r.out, 12), ev);
}

}  // namespace

Collector TorchDynamicCollector() { return {"torch_dynamic", "frameworks", CollectTorchDynamic, &kTorchDynamicFacts}; }

}  // namespace rd
