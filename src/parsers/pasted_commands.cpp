#include "parsers/pasted_commands.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "parsers/python_environ.h"
#include "parsers/shell_prompt.h"
#include "parsers/shell_words.h"
#include "util/negation.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::set<std::string> kPrograms = {
    "docker", "podman", "nerdctl", "apptainer", "singularity", "distrobox", "pip", "pip3", "uv", "python",
    "python3", "py", "conda", "mamba", "apt", "apt-get", "dnf", "yum", "zypper", "pacman", "yay", "paru",
    "emerge", "brew", "winget", "choco", "amdgpu-install", "export", "set", "setx", "systemctl", "modprobe",
    "usermod", "rocminfo", "rocm-smi", "amd-smi", "hipcc", "cmake", "make", "ollama", "dkms", "git", "sudo",
    "HSA_OVERRIDE_GFX_VERSION", "kubectl", "helm", "wsl", "pytest", "torchrun", "vllm", "llama-server",
    "llama-cli", "update-alternatives", "ldconfig", "ldd", "lspci", "dmesg", "journalctl", "groups", "id"};

bool IsEnvName(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name) {
    if (!(std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

// NAME=value as one word: the name, or "" when it is not an assignment.
std::string AssignmentName(std::string_view word) {
  size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) return "";
  std::string_view name = word.substr(0, eq);
  return IsEnvName(name) ? std::string(name) : "";
}

std::string StripValueQuotes(std::string_view v) {
  v = Trim(v);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  return std::string(v);
}

// The text after a prompt, a list marker, a Dockerfile RUN or a `$ `: what was typed.
std::string_view CommandPart(std::string_view line, std::string& storage) {
  if (auto prompt = ParseShellPrompt(line)) {
    storage = prompt->command;
    return storage;
  }
  std::string_view s = Trim(line);
  // "> $ docker run …" (a quoted reply holding a prompt): strip markers until none is left.
  for (int guard = 0; guard < 4; ++guard) {
    bool stripped = false;
    for (std::string_view prefix : {"$ ", "# ", "> ", "RUN ", "- ", "* ", "+ ", ">>> "}) {
      if (StartsWith(s, prefix)) {
        s = Trim(s.substr(prefix.size()));
        stripped = true;
        break;
      }
    }
    if (!stripped) break;
  }
  return s;
}

// Words after sudo, env, time, nohup and leading NAME=value assignments.
size_t ProgramIndex(const ShellWords& w) {
  size_t i = 0;
  while (i < w.size()) {
    if (w[i] == "sudo" || w[i] == "env" || w[i] == "time" || w[i] == "nohup" || w[i] == "exec") {
      ++i;
      while (i < w.size() && StartsWith(w[i], "-") && w[i - 1] == "sudo") ++i;  // sudo -E, -u x is rare
    } else if (!AssignmentName(w[i]).empty()) {
      ++i;
    } else {
      break;
    }
  }
  return i;
}

std::string Basename(const std::string& word) {
  size_t slash = word.find_last_of("/\\");
  std::string base = slash == std::string::npos ? word : word.substr(slash + 1);
  if (EndsWith(base, ".exe")) base.resize(base.size() - 4);
  return base;
}

// --flag=value or --flag value; returns the value and advances i past it.
bool FlagValue(const ShellWords& w, size_t& i, std::string_view flag, std::string& value) {
  const std::string& word = w[i];
  if (word == flag) {
    if (i + 1 >= w.size()) return false;
    value = w[++i];
    return true;
  }
  if (StartsWith(word, std::string(flag) + "=")) {
    value = word.substr(flag.size() + 1);
    return true;
  }
  return false;
}

// Docker/podman flags that take a value (so the word after them is not the image).
const std::set<std::string> kRunValueFlags = {
    "-e", "--env", "-v", "--volume", "--device", "--group-add", "--security-opt", "--ipc", "--network", "--net",
    "--name", "-p", "--publish", "-w", "--workdir", "--shm-size", "--gpus", "--runtime", "-u", "--user",
    "--cap-add", "--cap-drop", "--entrypoint", "--mount", "--ulimit", "-m", "--memory", "--platform",
    "--hostname", "-h", "--env-file", "--label", "-l", "--restart", "--pid", "--userns", "--cpus", "--tmpfs",
    "--add-host", "--log-driver", "--pull", "--annotation", "--hooks-dir", "--cgroupns", "--memory-swap"};

std::optional<ContainerRun> ParseContainerRun(const ShellWords& w, size_t p) {
  std::string engine = Basename(w[p]);
  size_t i = p + 1;
  if (engine == "apptainer" || engine == "singularity") {
    if (i >= w.size() || (w[i] != "run" && w[i] != "exec" && w[i] != "shell")) return std::nullopt;
    ContainerRun run{engine};
    for (++i; i < w.size(); ++i) {
      if (w[i] == "--rocm") run.device_kfd = run.device_dri = true;  // apptainer binds /dev/kfd, /dev/dri
      else if (!StartsWith(w[i], "-") && run.image.empty()) run.image = w[i];
    }
    return run;
  }
  if (i < w.size() && w[i] == "container") ++i;
  if (i >= w.size() || (w[i] != "run" && w[i] != "create")) return std::nullopt;
  ContainerRun run{engine};
  for (++i; i < w.size(); ++i) {
    std::string value;
    const std::string& word = w[i];
    if (FlagValue(w, i, "--device", value)) {
      std::string host = value.substr(0, value.find(':'));
      run.devices.push_back(host);
      if (StartsWith(host, "/dev/kfd")) run.device_kfd = true;
      if (StartsWith(host, "/dev/dri")) run.device_dri = true;
    } else if (FlagValue(w, i, "--group-add", value)) {
      run.group_add.push_back(value);
    } else if (FlagValue(w, i, "--security-opt", value)) {
      run.security_opt.push_back(value);
    } else if (FlagValue(w, i, "-e", value) || FlagValue(w, i, "--env", value)) {
      run.env.push_back(value);
    } else if (FlagValue(w, i, "--gpus", value)) {
      run.gpus_flag = value;
    } else if (FlagValue(w, i, "--runtime", value)) {
      run.runtime = value;
    } else if (FlagValue(w, i, "--ipc", value)) {
      run.ipc_host = value == "host";
    } else if (word == "--privileged" || word == "--privileged=true") {
      run.privileged = true;
    } else if (StartsWith(word, "-")) {
      if (word.find('=') == std::string::npos && kRunValueFlags.count(word)) ++i;
    } else {
      run.image = word;  // the first plain word; the rest is the container's command
      break;
    }
  }
  return run;
}

std::optional<PipInstall> ParsePipInstall(const ShellWords& w, size_t p) {
  size_t i = p + 1;
  std::string program = Basename(w[p]);
  if (StartsWith(program, "python") || program == "py") {
    // python -m pip install …
    while (i < w.size() && StartsWith(w[i], "-") && w[i] != "-m") ++i;
    if (i + 1 >= w.size() || w[i] != "-m" || (w[i + 1] != "pip" && w[i + 1] != "pip3")) return std::nullopt;
    i += 2;
  } else if (program == "uv") {
    if (i >= w.size() || w[i] != "pip") return std::nullopt;
    ++i;
  }
  if (i >= w.size() || w[i] != "install") return std::nullopt;
  PipInstall pip;
  for (++i; i < w.size(); ++i) {
    std::string value;
    if (FlagValue(w, i, "--index-url", value) || FlagValue(w, i, "-i", value)) {
      pip.index_url = value;
    } else if (FlagValue(w, i, "--extra-index-url", value)) {
      pip.extra_index_urls.push_back(value);
    } else if (FlagValue(w, i, "-f", value) || FlagValue(w, i, "--find-links", value) || FlagValue(w, i, "-r", value) ||
               FlagValue(w, i, "--requirement", value) || FlagValue(w, i, "-c", value) || FlagValue(w, i, "--target", value) ||
               FlagValue(w, i, "-t", value) || FlagValue(w, i, "--python", value)) {
      continue;
    } else if (w[i] == "--pre") {
      pip.pre = true;
    } else if (!StartsWith(w[i], "-")) {
      pip.packages.push_back(w[i]);
      std::string lower = ToLower(w[i]);
      if (pip.torch_spec.empty() && StartsWith(lower, "torch") && (lower.size() == 5 || !std::isalpha(static_cast<unsigned char>(lower[5])))) {
        pip.torch_spec = w[i];
      }
    }
  }
  std::string url = !pip.index_url.empty() ? pip.index_url : pip.extra_index_urls.empty() ? "" : pip.extra_index_urls.front();
  pip.index_kind = url.empty() ? "none" : PipIndexKind(url);
  pip.index_rocm_version = RocmVersionInUrl(url);
  if (pip.index_rocm_version.empty() && !pip.torch_spec.empty()) pip.index_rocm_version = RocmVersionInUrl(pip.torch_spec);
  return pip;
}

std::optional<PackageInstall> ParsePackageInstall(const ShellWords& w, size_t p) {
  PackageInstall pkg{Basename(w[p])};
  std::string m = pkg.manager;
  size_t i = p + 1;
  while (i < w.size() && StartsWith(w[i], "-") && m != "pacman" && m != "yay" && m != "paru") ++i;
  if (i >= w.size()) return std::nullopt;
  std::string verb = w[i];
  if (m == "pacman" || m == "yay" || m == "paru") {
    if (StartsWith(verb, "-S")) pkg.action = verb.find('u') != std::string::npos && verb.size() > 2 && i + 1 >= w.size() ? "upgrade" : "install";
    else if (StartsWith(verb, "-R")) pkg.action = "remove";
    else return std::nullopt;
  } else if (m == "emerge") {
    pkg.action = "install";
    --i;
  } else {
    static const std::set<std::string> kInstall = {"install", "in", "reinstall", "add"};
    static const std::set<std::string> kRemove = {"remove", "rm", "erase", "uninstall", "autoremove"};
    if (kInstall.count(verb)) pkg.action = "install";
    else if (kRemove.count(verb)) pkg.action = "remove";
    else if (verb == "purge") pkg.action = "purge";
    else if (verb == "upgrade" || verb == "up" || verb == "dist-upgrade" || verb == "full-upgrade") pkg.action = "upgrade";
    else if (verb == "update" || verb == "refresh" || verb == "ref") pkg.action = "update";
    else return std::nullopt;
  }
  for (++i; i < w.size(); ++i) {
    if (!StartsWith(w[i], "-")) pkg.packages.push_back(w[i]);
  }
  return pkg;
}

std::optional<AmdgpuInstall> ParseAmdgpuInstall(const ShellWords& w, size_t p) {
  AmdgpuInstall a;
  for (size_t i = p + 1; i < w.size(); ++i) {
    std::string value;
    if (FlagValue(w, i, "--usecase", value)) {
      for (auto& u : Split(value, ',')) {
        if (!u.empty()) a.usecases.push_back(u);
      }
    } else if (StartsWith(w[i], "-")) {
      a.flags.push_back(w[i]);
      if (w[i] == "--no-dkms") a.no_dkms = true;
    }
  }
  return a;
}

void AddAssignments(std::string_view s, const std::string& origin, size_t line, PastedCommands& out) {
  // One or more NAME=value pairs, quoted or not (Environment="A=1" "B=2", export A=1 B=2).
  for (const auto& command : SplitShellCommands(s)) {
    for (const auto& word : command) {
      std::string name = AssignmentName(word);
      if (name.empty()) break;
      out.env.push_back({name, StripValueQuotes(word.substr(name.size() + 1)), origin, line});
    }
  }
}

// Lines that set variables without being a shell command.
bool ParseAssignmentLine(std::string_view s, size_t line, PastedCommands& out) {
  if (StartsWith(s, "Environment=")) {
    AddAssignments(s.substr(12), "systemd", line, out);
    return true;
  }
  if (StartsWith(s, "$env:") || StartsWith(s, "$Env:") || StartsWith(s, "$ENV:")) {
    size_t eq = s.find('=');
    if (eq == std::string_view::npos) return false;
    std::string name(Trim(s.substr(5, eq - 5)));
    if (!IsEnvName(name)) return false;
    std::string_view value = Trim(s.substr(eq + 1));
    size_t semi = value.find(';');
    out.env.push_back({name, StripValueQuotes(value.substr(0, semi)), "powershell", line});
    return true;
  }
  std::string lower = StartsWith(ToLower(s.substr(0, 5)), "setx ") ? "setx " : ToLower(s.substr(0, 4));
  if (lower == "set " || lower == "setx ") {
    std::string_view rest = Trim(s.substr(lower.size()));
    if (lower == "setx ") {
      auto words = SplitShellCommands(rest);
      if (!words.empty() && words[0].size() >= 2 && IsEnvName(words[0][0])) out.env.push_back({words[0][0], words[0][1], "cmd", line});
      return true;
    }
    if (StartsWith(rest, "\"")) rest = Trim(rest.substr(1, rest.rfind('"') > 0 ? rest.rfind('"') - 1 : std::string_view::npos));
    size_t eq = rest.find('=');
    if (eq != std::string_view::npos && IsEnvName(Trim(rest.substr(0, eq)))) {
      out.env.push_back({std::string(Trim(rest.substr(0, eq))), std::string(Trim(rest.substr(eq + 1))), "cmd", line});
      return true;
    }
  }
  return false;
}

void ParseCommand(std::string_view text, size_t line, PastedCommands& out) {
  std::string_view s = Trim(text);
  if (ParseAssignmentLine(s, line, out)) return;
  for (const auto& w : SplitShellCommands(s)) {
    if (w.empty()) continue;
    if (w[0] == "export" || w[0] == "declare") {
      AddAssignments(s.substr(s.find(w[0]) + w[0].size()), "export", line, out);
      continue;
    }
    size_t p = ProgramIndex(w);
    // Leading assignments: `HSA_OVERRIDE_GFX_VERSION=10.3.0 python x.py`, or a bare assignment.
    for (size_t i = 0; i < p; ++i) {
      std::string name = AssignmentName(w[i]);
      if (!name.empty()) out.env.push_back({name, StripValueQuotes(w[i].substr(name.size() + 1)), "inline", line});
    }
    if (p >= w.size()) continue;
    std::string program = Basename(w[p]);
    if (!kPrograms.count(program) && !StartsWith(program, "python3")) continue;
    PastedCommand c;
    c.line = line;
    c.text = std::string(s);
    c.program = program;
    if (program == "docker" || program == "podman" || program == "nerdctl" || program == "apptainer" || program == "singularity") {
      c.container_run = ParseContainerRun(w, p);
      if (c.container_run) {
        for (const auto& e : c.container_run->env) {
          std::string name = AssignmentName(e);
          if (!name.empty()) out.env.push_back({name, StripValueQuotes(e.substr(name.size() + 1)), "docker", line});
        }
      }
    } else if (program == "pip" || program == "pip3" || program == "uv" || StartsWith(program, "python") || program == "py") {
      c.pip_install = ParsePipInstall(w, p);
    } else if (program == "amdgpu-install") {
      c.amdgpu_install = ParseAmdgpuInstall(w, p);
    } else if (program == "apt" || program == "apt-get" || program == "dnf" || program == "yum" || program == "zypper" ||
               program == "pacman" || program == "yay" || program == "paru" || program == "emerge" || program == "brew" ||
               program == "winget" || program == "choco") {
      c.package_install = ParsePackageInstall(w, p);
    }
    out.commands.push_back(std::move(c));
  }
}

// `docker run …` inside backticks in a sentence.
void ParseInlineCode(std::string_view line, size_t number, PastedCommands& out) {
  size_t open = line.find('`');
  while (open != std::string_view::npos) {
    size_t close = line.find('`', open + 1);
    if (close == std::string_view::npos) return;
    ParseCommand(line.substr(open + 1, close - open - 1), number, out);
    open = line.find('`', close + 1);
  }
}

// "first i installed pytorch with: pip install torch … --index-url …", "Running `docker run …":
// a command inside a sentence, from where its program starts.
void ParseEmbeddedCommand(std::string_view line, size_t number, PastedCommands& out) {
  static const char* const kStarts[] = {"python -m pip install", "python3 -m pip install", "pip install ", "pip3 install ",
                                        "uv pip install ", "docker run ", "podman run ", "sudo docker run ", "nerdctl run ",
                                        "apt install ", "apt-get install ", "dnf install ", "zypper install ", "pacman -S",
                                        "amdgpu-install "};
  size_t best = std::string_view::npos;
  for (const char* start : kStarts) best = std::min(best, line.find(start));
  if (best == std::string_view::npos || best == 0) return;
  std::string_view rest = line.substr(best);
  if (size_t tick = rest.find('`'); tick != std::string_view::npos) rest = rest.substr(0, tick);
  ParseCommand(rest, number, out);
}

// "I use export HSA_OVERRIDE_GFX_VERSION=10.3.0 in .bashrc", "with HIP_VISIBLE_DEVICES=1 it
// works": an assignment inside a sentence, for the variables ROCm stacks read (a prose
// NAME=value of any other name is too often code or a quote).
void ParseProseAssignments(std::string_view line, size_t number, PastedCommands& out) {
  static const char* const kPrefixes[] = {"HSA_", "HIP_", "ROCR_", "ROCM_", "AMD_", "PYTORCH_", "MIOPEN_", "OLLAMA_",
                                          "GGML_", "HCC_", "GPU_", "CUDA_VISIBLE_DEVICES", "TORCH_", "VLLM_", "RCCL_", "NCCL_"};
  if (line.size() > 4096) line = line.substr(0, 4096);
  size_t at = 0;
  while ((at = line.find('=', at + 1)) != std::string_view::npos) {
    size_t start = at;
    while (start > 0 && (std::isupper(static_cast<unsigned char>(line[start - 1])) || std::isdigit(static_cast<unsigned char>(line[start - 1])) ||
                         line[start - 1] == '_')) {
      --start;
    }
    std::string name(line.substr(start, at - start));
    if (!IsEnvName(name) || (start > 0 && std::isalnum(static_cast<unsigned char>(line[start - 1])))) continue;
    bool known = false;
    for (const char* prefix : kPrefixes) known = known || StartsWith(name, prefix);
    if (!known) continue;
    size_t end = at + 1;
    char quote = end < line.size() && (line[end] == '"' || line[end] == '\'') ? line[end] : 0;
    if (quote) ++end;
    size_t value_start = end;
    // Unquoted, the value ends where the text around it resumes: a space, a backtick, a comma, a
    // closing bracket or quote (ollama's `environment="[… HSA_OVERRIDE_GFX_VERSION=10.3.0]"`).
    auto ends = [](char c) { return c == ' ' || c == '`' || c == ',' || c == ')' || c == ']' || c == '}' || c == '"' || c == '\''; };
    while (end < line.size() && (quote ? line[end] != quote : !ends(line[end]))) ++end;
    std::string value(line.substr(value_start, end - value_start));
    while (!value.empty() && (value.back() == '.' || value.back() == ';')) value.pop_back();
    if (value.empty()) continue;
    // "Missing \"HSA_FORCE_FINE_GRAIN_PCIE=1\" from environment" (RCCL's warning), "without
    // HSA_OVERRIDE_GFX_VERSION=10.3.0 it fails": the sentence says it is NOT set.
    if (NegatedBefore(line, start)) continue;
    bool exported = start >= 7 && line.substr(start - 7, 7) == "export ";
    // "I tried HSA_OVERRIDE_GFX_VERSION=10.3.0 python main.py": the sentence quotes a command
    // line whose prefix assignment reaches that one process (Comfy-Org/ComfyUI#5138).
    size_t word = line.find_first_not_of(' ', end + (quote ? 1 : 0));
    std::string next = word == std::string_view::npos ? "" : std::string(line.substr(word, line.find_first_of(" `", word) - word));
    bool runs = !exported && !next.empty() &&
                (kPrograms.count(Basename(next)) || StartsWith(Basename(next), "python3") || StartsWith(next, "./"));
    out.env.push_back({name, value, exported ? "export" : runs ? "inline" : "prose", number});
  }
}

bool Continues(std::string_view line) {
  std::string_view t = Trim(line);
  return !t.empty() && (t.back() == '\\' || t.back() == '`' || (t.back() == '^' && t.size() > 1));
}

}  // namespace

std::string PipIndexKind(std::string_view url) {
  std::string u = ToLower(url);
  if (Contains(u, "rocm.nightlies.amd.com") || Contains(u, "therock") || Contains(u, "rocm.prereleases.amd.com") ||
      Contains(u, "d2awnip2yjpvqn.cloudfront.net") || Contains(u, "repo.amd.com/rocm/whl")) {
    return "therock";
  }
  if (Contains(u, "/nightly/rocm")) return "rocm-nightly";
  if (Contains(u, "/whl/rocm") || Contains(u, "repo.radeon.com")) return "rocm";
  if (Contains(u, "/whl/cu") || Contains(u, "/nightly/cu")) return "cuda";
  if (Contains(u, "/whl/cpu") || Contains(u, "/nightly/cpu")) return "cpu";
  if (Contains(u, "pypi.org") || Contains(u, "pypi.python.org")) return "pypi";
  return "other";
}

std::string RocmVersionInUrl(std::string_view url) {
  std::string u = ToLower(url);
  size_t at = u.find("rocm");
  while (at != std::string::npos) {
    size_t i = at + 4;
    if (i < u.size() && (u[i] == '-' || u[i] == '/')) ++i;
    size_t start = i;
    while (i < u.size() && (std::isdigit(static_cast<unsigned char>(u[i])) || u[i] == '.')) ++i;
    std::string version = u.substr(start, i - start);
    while (!version.empty() && version.back() == '.') version.pop_back();
    if (version.find('.') != std::string::npos && std::isdigit(static_cast<unsigned char>(version[0]))) return version;
    at = u.find("rocm", at + 4);
  }
  return "";
}

PastedCommands ParsePastedCommands(std::string_view text) {
  PastedCommands out;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    AddPythonEnviron(lines[i], i, out.env);
    std::string storage;
    std::string_view command = CommandPart(lines[i], storage);
    if (command.empty()) continue;
    std::string joined(command);
    size_t first = i;
    // Continuation lines (bash \, PowerShell `, cmd ^), capped so a hostile paste stays linear.
    while (Continues(joined) && i + 1 < lines.size() && i - first < 64) {
      joined.pop_back();
      joined += " " + std::string(Trim(lines[++i]));
    }
    size_t before = out.commands.size() + out.env.size();
    ParseCommand(joined, first, out);
    if (out.commands.size() + out.env.size() == before) ParseInlineCode(lines[first], first, out);
    if (out.commands.size() + out.env.size() == before) ParseEmbeddedCommand(joined, first, out);
    if (out.commands.size() + out.env.size() == before) ParseProseAssignments(lines[first], first, out);
  }
  return out;
}

}  // namespace rd
