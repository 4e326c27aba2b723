// platform.kind (linux | windows | wsl | macos | unknown) and python.env_kind from whatever the
// facts hold: the live OS facts, or a paste's prompts, paths and kernel strings. Rules about
// HSA_OVERRIDE_GFX_VERSION, /dev/kfd or dkms do not apply on Windows; WSL has its own support
// list (issue 13 item 4: the report says what applies there and what does not).
#include <vector>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"

namespace rd {

namespace {

struct Signals {
  std::vector<std::string> linux_, windows, wsl, macos;
  std::vector<std::string> posix;  ///< ComfyUI's "OS: posix": Linux unless something says macOS
};

void FromEntities(const Facts& facts, Signals& s) {
  for (const auto& e : FactArray(facts, "triage.entities")) {
    std::string kind = Field(e, "kind"), value = Field(e, "value");
    std::string where = value + " (line " + std::to_string(e.value("line", 0)) + ")";
    if (kind == "windows_path" || kind == "windows_marker") s.windows.push_back(where);
    else if (kind == "wsl_path" || kind == "wsl_marker") s.wsl.push_back(where);
    else if (kind == "mac_marker" || (kind == "platform_form" && value == "macos")) s.macos.push_back(where);
    else if (kind == "platform_form" && value == "wsl") s.wsl.push_back("the form's OS answer " + where);
    else if (kind == "platform_form" && value == "windows") s.windows.push_back("the OS field " + where);
    else if (kind == "platform_form" && value == "linux") s.linux_.push_back("the OS answer " + where);
    else if (kind == "platform_form" && value == "posix") s.posix.push_back("OS: " + where);
    else if ((kind == "os_name" || kind == "os_form") && StartsWith(ToLower(value), "windows")) s.windows.push_back(where);
    else if (kind == "os_name" || kind == "os_form") s.linux_.push_back(where);
    else if (kind == "kernel_release") (Contains(ToLower(value), "microsoft") ? s.wsl : s.linux_).push_back("kernel " + where);
    else if (kind == "rocm_path" && StartsWith(value, "\\")) s.windows.push_back(where);  // the HIP SDK's \AMD\ROCm\6.2
    else if (kind == "rocm_path" || kind == "amdgpu_dkms" || kind == "linux_marker") s.linux_.push_back(where);
  }
  if (s.macos.empty()) s.linux_.insert(s.linux_.end(), s.posix.begin(), s.posix.end());
  for (const auto& p : FactArray(facts, "triage.prompts")) {
    std::string os = Field(p, "os");
    if (os == "windows") s.windows.push_back("a Windows prompt");
    else if (os == "linux") s.linux_.push_back("a shell prompt");
  }
}

std::string First(const std::vector<std::string>& v) { return v.empty() ? "" : v.front(); }

}  // namespace

void DerivePlatform(Facts& facts) {
  Signals s;
  if (FactFlag(facts, "wsl.detected")) s.wsl.push_back("WSL detected on this machine");
  else if (!FactText(facts, "kernel.release").empty()) {
    std::string release = FactText(facts, "kernel.release");
    (Contains(ToLower(release), "microsoft") ? s.wsl : s.linux_).push_back("kernel " + release);
  }
  if (FactFlag(facts, "rocminfo.wsl")) s.wsl.push_back("rocminfo: WSL environment detected");
  if (FactFlag(facts, "triage.windows_prompt")) s.windows.push_back("a Windows prompt");
  if (!FactText(facts, "os.id").empty()) s.linux_.push_back("os-release " + FactText(facts, "os.id"));
  FromEntities(facts, s);
  std::string kind, why;
  if (!s.wsl.empty()) {
    kind = "wsl", why = First(s.wsl);
  } else if (!s.windows.empty() && s.linux_.empty()) {
    kind = "windows", why = First(s.windows);
  } else if (!s.linux_.empty() && s.windows.empty()) {
    kind = "linux", why = First(s.linux_);
  } else if (!s.linux_.empty()) {
    // Both: a Linux log quoting a Windows path, or the reverse; the larger count decides.
    kind = s.linux_.size() >= s.windows.size() ? "linux" : "windows";
    why = First(s.linux_) + " and " + First(s.windows);
  } else if (!s.macos.empty()) {
    kind = "macos", why = First(s.macos);  // ROCm has no macOS build: rules say so
  } else {
    // Nothing says which. "unknown" rather than absent, so a rule can say "not on Windows"
    // (ne = "windows") and still be evaluated on a paste that shows no platform at all.
    kind = "unknown", why = "no prompt, path, kernel or OS line shows the platform";
  }
  Evidence ev{"derived", why};
  facts.Set("platform.kind", kind, ev);
  facts.Set("platform.why", why, ev);
}

// ux-review U13: what `python3 train.py` runs is the first interpreter on PATH; the torch the
// report examines may belong to another one (/usr/bin/python3 behind a pyenv shim).
void DerivePathPython(Facts& facts) {
  for (const auto& p : FactArray(facts, "frameworks.pythons")) {
    if (Field(p, "origin") != "PATH" || !Field(p, "problem").empty()) continue;
    std::string interpreter = Field(p, "interpreter");
    Evidence ev{"derived", Printable(interpreter, 160)};
    facts.Set("python.path_interpreter", interpreter, ev);
    facts.Set("python.path_runs", Field(p, "executable").empty() ? interpreter : Field(p, "executable"), ev);
    facts.Set("python.path_has_torch", !Field(p, "torch_dir").empty(), ev);
    bool managed = p.is_object() && p.value("externally_managed", false);
    facts.Set("python.path_pip", managed ? "" : interpreter, ev);  // '' drops the fix line
    return;
  }
}

void DerivePythonEnv(Facts& facts) {
  DerivePathPython(facts);
  std::vector<std::string> paths;
  for (const auto& p : FactArray(facts, "frameworks.pythons")) paths.push_back(Field(p, "executable"));
  for (const auto& e : FactArray(facts, "triage.entities")) {
    if (Field(e, "kind") == "python_path") paths.push_back(Field(e, "value"));
  }
  std::string venv_prompt;
  for (const auto& p : FactArray(facts, "triage.prompts")) {
    if (!Field(p, "venv").empty()) venv_prompt = Field(p, "venv");
  }
  std::string kind;
  for (const auto& path : paths) {
    std::string p = ToLower(path);
    if (Contains(p, "python_embeded") || Contains(p, "python_embedded")) kind = "embedded";
    else if (Contains(p, "conda") || Contains(p, "/envs/") || Contains(p, "\\envs\\") || Contains(p, "mamba")) kind = "conda";
    else if (Contains(p, "/.pyenv/")) kind = "pyenv";
    else if (Contains(p, "/uv/") || Contains(p, "\\uv\\")) kind = "uv";
    else if (Contains(p, "venv") || Contains(p, "/env/") || Contains(p, "\\env\\") || Contains(p, "virtualenvs")) kind = "venv";
    else if (StartsWith(p, "/usr/lib/python") || StartsWith(p, "/usr/bin/python") || StartsWith(p, "/usr/local/lib/python") ||
             StartsWith(p, "/usr/local/bin/python") || Contains(p, "dist-packages")) kind = "system";
    if (!kind.empty()) {
      facts.Set("python.env_kind", kind, {"derived", Printable(path, 160)});
      return;
    }
  }
  if (!venv_prompt.empty()) {
    facts.Set("python.env_kind", venv_prompt == "base" ? "conda" : "venv", {"derived", "prompt (" + venv_prompt + ")"});
  }
}

}  // namespace rd
