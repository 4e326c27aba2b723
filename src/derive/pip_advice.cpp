// What a pip fix needs to be exact for this machine (issue 14 item 4, ux-review U5): the
// distribution's package manager, the interpreter the doctor examined (its `-m pip`, not whatever
// `pip` comes first on PATH), whether pip may change that interpreter's packages at all (a torch
// owned by the distribution, an externally managed Python under PEP 668: then a venv), and the
// PyTorch ROCm index for the installed ROCm release and the GPUs (rules/data/pip.toml).
#include <algorithm>

#include "core/facts.h"
#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

using nlohmann::json;

// The row of rules/data/package_managers.toml for os.id, or failing that an entry of os.id_like.
json DistroRow(const Facts& facts, const json& data) {
  const json& table = DataTable(data, "package_managers");
  if (!table.contains("distro") || !table["distro"].is_array()) return nullptr;
  const json& rows = table["distro"];
  std::vector<std::string> ids = {FactText(facts, "os.id")};
  for (const auto& like : FactArray(facts, "os.id_like")) {
    if (like.is_string()) ids.push_back(like.get<std::string>());
  }
  for (const auto& id : ids) {
    if (id.empty()) continue;
    for (const auto& row : rows) {
      if (row.is_object() && row.contains("ids") && HasString(row["ids"], id)) return row;
    }
  }
  return nullptr;
}

// The manager's own commands: the same for every distribution that uses it.
constexpr std::pair<const char*, const char*> kCommandKeys[] = {
    {"os.package_manager", "manager"}, {"os.install_command", "install"}, {"os.reinstall_command", "reinstall"}, {"os.remove_command", "remove"}};
// Package names and steps that are the distribution's own.
constexpr std::pair<const char*, const char*> kDistroKeys[] = {
    {"os.initramfs_update", "initramfs_update"}, {"os.firmware_package", "firmware"},
    {"os.python_venv_package", "python_venv"},   {"os.python_torch_package", "python_torch"}};

// No distribution named (or one the table lacks: "KDE neon", a derivative), but the paste runs
// apt, dnf, zypper or pacman: that manager's own commands are exact, its distribution's package
// names (firmware, headers, python) are not, so only the commands are given.
void DeriveManagerFromCommands(Facts& facts, const json& data) {
  const json& table = DataTable(data, "package_managers");
  if (!table.contains("distro") || !table["distro"].is_array()) return;
  for (const auto& run : FactArray(facts, "commands.package_installs")) {
    std::string manager = Field(run, "manager");
    for (const auto& row : table["distro"]) {
      if (manager.empty() || Field(row, "manager") != manager) continue;
      Evidence ev{"rules/data/package_managers.toml", "the paste runs " + manager};
      for (const auto& [path, key] : kCommandKeys) facts.Set(path, Field(row, key), ev);
      return;
    }
  }
}

void DerivePackageManager(Facts& facts, const json& data) {
  json row = DistroRow(facts, data);
  if (!row.is_object()) return DeriveManagerFromCommands(facts, data);
  Evidence ev{"rules/data/package_managers.toml", FactText(facts, "os.id")};
  for (const auto& [path, key] : kCommandKeys) facts.Set(path, Field(row, key), ev);
  for (const auto& [path, key] : kDistroKeys) facts.Set(path, Field(row, key), ev);
  // The headers package of the kernel a build wanted: linux-headers-6.8.0-45-generic on Ubuntu.
  std::string headers = Field(row, "kernel_headers");
  std::string kernel = FactText(facts, "dkms.headers_missing_kernel");
  if (kernel.empty()) kernel = FactText(facts, "kernel.release");
  if (size_t at = headers.find("{kernel}"); at != std::string::npos) headers = kernel.empty() ? "" : headers.replace(at, 8, kernel);
  if (!headers.empty()) facts.Set("os.kernel_headers_package", headers, ev);
}

// How many of the GPUs' targets the torch row of `line` (rules/data/framework_targets.toml) has
// (none for a line without a row: a line that is known to have them wins).
size_t Covered(const json& torch_rows, const std::string& line, const std::vector<std::string>& gfx) {
  for (const auto& [name, row] : torch_rows.items()) {
    if (!row.is_object() || !HasString(row.value("lines", json::array()), line)) continue;
    const json targets = row.value("targets", json::array());
    return std::count_if(gfx.begin(), gfx.end(), [&](const std::string& g) { return HasString(targets, g); });
  }
  return 0;
}

// The newest index line not newer than the installed release (any line without one) that has
// code for the most GPUs; the oldest line when the release predates them all.
std::string PickIndexLine(const Facts& facts, const json& data) {
  const json lines = DataTable(data, "pip").value("torch", json::object()).value("lines", json::array());
  const json torch_rows = DataTable(data, "framework_targets").value("torch", json::object());
  std::vector<std::string> gfx;
  for (const auto& gpu : FactArray(facts, "gpus")) {
    if (!Field(gpu, "gfx").empty()) gfx.push_back(Field(gpu, "gfx"));
  }
  auto release = ParseVersion(FactText(facts, "rocm.release"));
  std::string installed = release && release->release.size() >= 2
                              ? std::to_string(release->release[0]) + "." + std::to_string(release->release[1]) : "";
  std::string best, oldest;
  size_t best_covered = 0;
  for (const auto& value : lines) {
    if (!value.is_string()) continue;
    std::string line = value.get<std::string>();
    if (oldest.empty()) oldest = line;
    if (!installed.empty() && CompareVersions(line, installed).value_or(1) > 0) continue;
    size_t covered = Covered(torch_rows, line, gfx);
    if (best.empty() || covered >= best_covered) best = line, best_covered = covered;
  }
  return best.empty() ? oldest : best;
}

// Site directories only the distribution's package manager writes (pip run as root writes
// /usr/local/lib/python3.N on Debian and Fedora).
bool DistroOwnedDir(const std::string& dir) {
  return StartsWith(dir, "/usr/lib/python3/dist-packages/") ||
         ((StartsWith(dir, "/usr/lib/python3.") || StartsWith(dir, "/usr/lib64/python3.")) && Contains(dir, "/site-packages/"));
}

bool ExternallyManaged(const Facts& facts, const std::string& interpreter) {
  for (const auto& py : FactArray(facts, "frameworks.pythons")) {
    if (Field(py, "interpreter") == interpreter && py.is_object() && py.value("externally_managed", false)) return true;
  }
  return false;
}

void DeriveTorchPip(Facts& facts) {
  std::string python = FactText(facts, "frameworks.torch.python");
  std::string dir = FactText(facts, "frameworks.torch.dir");
  if (python.empty() || dir.empty()) return;
  bool distro = DistroOwnedDir(dir + "/");
  bool managed = ExternallyManaged(facts, python);
  Evidence ev{"derived", dir};
  // "" leaves the fix lines that use it out (engine/evaluator.cpp, RenderFixTemplate).
  facts.Set("pip_fix.distro_torch_dir", distro ? dir : "", ev);
  facts.Set("pip_fix.externally_managed", managed && !distro ? python : "", ev);
  facts.Set("pip_fix.venv_from", distro || managed ? python : "", ev);
  facts.Set("pip_fix.python", distro || managed ? "" : python, ev);
}

}  // namespace

void DerivePipAdvice(Facts& facts, const nlohmann::json& data) {
  DerivePackageManager(facts, data);
  std::string line = PickIndexLine(facts, data);
  if (!line.empty()) {
    std::string base = DataTable(data, "pip").value("torch", json::object()).value("index_url", std::string());
    Evidence ev{"rules/data/pip.toml", FactText(facts, "rocm.release")};
    facts.Set("pip_fix.index", "rocm" + line, ev);
    facts.Set("pip_fix.index_url", base + "rocm" + line, ev);
  }
  DeriveTorchPip(facts);
}

}  // namespace rd
