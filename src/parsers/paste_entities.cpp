#include "parsers/paste_entities.h"

#include <map>
#include <set>

#include "util/negation.h"
#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

// "Ubuntu 22.04", "Ubuntu Jammy 22.04.5 LTS", "Oracle Linux Server 9.4", "Fedora release 40".
const Regex& OsNameRegex() {
  static const Regex regex = Regex::Literal(
      R"((?i)(?:^|[\s"'(:=*])(ubuntu|debian(?: gnu/linux)?|fedora(?: linux)?|arch ?linux|manjaro|endeavouros|cachyos|opensuse(?: tumbleweed| leap)?|linux mint|pop!_os|rocky linux|almalinux|red hat enterprise linux|rhel|centos(?: stream)?|oracle linux|sles|suse linux enterprise(?: server)?|nixos|gentoo|void linux|bazzite|nobara|kubuntu|xubuntu|windows)(?: \((?:RHEL|SLES|LTS)\))?(?:[ :]+(?:xenial|bionic|focal|jammy|noble|mantic|lunar|kinetic|oracular|plucky|questing|resolute))?[ :]*(?:release |version |server |desktop |workstation )?((?:[0-9]{1,2}(?:\.[0-9]{1,2}){0,2})|tumbleweed|sid|bookworm|trixie)?(?:[^0-9A-Za-z]|$))");
  return regex;
}

struct Pattern {
  const char* kind;
  Regex regex;
  int group;  ///< submatch holding the value
};

const std::vector<Pattern>& Patterns() {
  static const std::vector<Pattern> patterns = [] {
    Regex::Options ci{true, false};
    std::vector<Pattern> p;
    p.push_back({"isa", Regex::Literal(R"(amdgcn-amd-amdhsa-{1,2}(gfx[0-9a-f]{3,4}[a-z]?(?::[a-z]+[+-])*))", ci), 1});
    p.push_back({"gfx", Regex::Literal(R"((?:^|[^A-Za-z0-9])((?:gfx|GFX) ?(?:[0-9]{3,4}|[0-9]{2}[a-fA-F]|9-4-generic|9-generic|10-1-generic|10-3-generic|11-generic|12-generic))(?:[^A-Za-z0-9]|$))"), 1});
    p.push_back({"pci_id", Regex::Literal(R"((?:^|[^0-9A-Fa-fx])(?:0x)?(1002):(?:0x)?([0-9A-Fa-f]{4})(?:[^0-9A-Fa-f]|$))"), 0});
    // lspci without a name for the device: "[AMD/ATI] Device 687f (rev c1)".
    p.push_back({"pci_id", Regex::Literal(R"((\[AMD/ATI\]) Device ([0-9A-Fa-f]{4})\b)"), 0});
    p.push_back({"pci_bdf", Regex::Literal(R"((?:^|[^0-9a-fA-F:])((?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])(?:[^0-9]|$))"), 1});
    p.push_back({"rocm_path", Regex::Literal(R"((/opt/rocm(?:-[0-9]+\.[0-9]+(?:\.[0-9]+)?|/core-[0-9]+(?:\.[0-9]+)*|/core)?)(?:[/ :'"`),;]|\.(?:\s|$)|$))"), 1});
    p.push_back({"hip_version", Regex::Literal(R"((?:HIP version|HIP runtime version|HIP_VERSION|hip version|HIP Version|\bHIP:)\s*[:=]?\s*([0-9]+\.[0-9]+\.[0-9]+(?:-[0-9a-f]{7,40}\b)?))"), 1});  // as hipconfig --version: with its git hash
    p.push_back({"rocm_wheel", Regex::Literal(R"(\+(rocm[0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 1});
    p.push_back({"rocm_package", Regex::Literal(R"((?:^|[\s/])(rocm-core|rocm-hip-runtime|rocm-hip-sdk|rocm-dev|rocm-libs|hip-runtime-amd|rocm-language-runtime|rocm-dkms|rock-dkms|rocm-utils|rocm|amdgpu-install)(?:\.(?:x86_64|noarch|aarch64))?[_ =/:(]+(?:now )?([0-9]+\.[0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 0});
    p.push_back({"amdgpu_dkms", Regex::Literal(R"((?:amdgpu-dkms[ _=:(]+|amdgpu/|amdgpu, )(?:1:)?([0-9]+\.[0-9]+\.[0-9]+(?:\.[0-9]{5,6})?))"), 1});
    p.push_back({"windows_path", Regex::Literal(R"((?:^|[\s"'(=<])([A-Za-z]:\\[^\s"'<>|]*))"), 1});
    // A drive path written with forward slashes, as CMake-built Windows binaries print their
    // sources: "MIOpen Error: E:/TheRock/ml-libs/MIOpen/src/hipoc/hipoc_program.cpp:299" (ROCm/MIOpen#3862).
    p.push_back({"windows_path", Regex::Literal(R"((?:^|[\s"'(=<])([A-Za-z]:/[A-Za-z0-9_.$ -]*[A-Za-z0-9_.$-]/[^\s"'<>|]*))"), 1});
    p.push_back({"wsl_path", Regex::Literal(R"((?:^|[\s"'(=])(/mnt/[a-z]/[^\s"']*))"), 1});
    p.push_back({"python_path", Regex::Literal(R"(((?:/|[A-Za-z]:\\)[^\s"'<>|]*(?:site-packages|dist-packages|python_embeded|/bin/python[0-9.]*|\\python\.exe|/envs/[^\s/"']+)))"), 1});
    p.push_back({"rocm_sdk_wheel", Regex::Literal(R"((_rocm_sdk_[a-z_]+|rocm_sdk_[a-z_]+|rocm-sdk-[a-z-]+))"), 1});
    p.push_back({"rocm_mention", Regex::Literal(R"((?:^|[^+A-Za-z/_-])(?i:rocm)(?:[ -]|\**: ?)?v?([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?)(?:[^0-9.]|\.[^0-9]|$))"), 1});
    // Release builds name their release in the paths their errors print
    // (".../compute-rocm-rel-3.3/rocminfo/rocminfo.cc"), the HIP SDK in its folder
    // (C:\Program Files\AMD\ROCm\6.1\bin).
    p.push_back({"rocm_mention", Regex::Literal(R"(compute-rocm-(?:rel|dkms-no-npi-hipclang)-([0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 1});
    p.push_back({"rocm_path", Regex::Literal(R"((?i)(\\+AMD\\+ROCm\\+[0-9]+\.[0-9]+))"), 1});  // also a Python repr's doubled \\
    // apt's resolver trace (apt -o Debug::pkgProblemResolver=1): "rocm:amd64 < none -> 7.0.1.70001-42~24.04 @un puN Ib >"
    p.push_back({"rocm_package", Regex::Literal(R"(\b(rocm-core|rocm-hip-runtime(?:-dev)?|rocm-hip-sdk|rocm-dev|rocm-libs|rocm|hip-runtime-amd):(?:amd64|arm64) < [^>]*?-> ([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+))"), 0});
    // A Markdown table of packages: "| rocm-core | v5.6.0-1 |" (ROCm/rocBLAS#1352).
    p.push_back({"rocm_package", Regex::Literal(R"((?:^|\|)\s*(rocm-core|rocm-hip-runtime|rocm-hip-sdk|rocm-dev|rocm-libs|hip-runtime-amd|rocm-language-runtime)\s*\|\s*v?([0-9]+\.[0-9]+\.[0-9]+(?:\.[0-9]+)?))"), 0});
    // A release asset or folder named for its ROCm release: "sd-…-bin-win-rocm-7.14.0-x64.zip".
    // A source tree unpacked from a release tag, as build paths in errors show it:
    // "/build/rocminfo/src/rocminfo-rocm-5.3.0/rocminfo.cc" (rocm-arch/rocm-arch#901).
    p.push_back({"rocm_mention", Regex::Literal(R"((?i)[-_]rocm-([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?)[-_/])"), 1});
    // The repository a paste installs from: repo.radeon.com/rocm/apt/6.2.4, /amdgpu/6.2.4/ubuntu.
    p.push_back({"rocm_mention", Regex::Literal(R"(repo\.radeon\.com/(?:rocm/(?:apt|rhel[0-9.]*|sles[0-9.]*|zyp[a-z]*|el[0-9]+)|amdgpu|amdgpu-install|graphics)/([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?)(?:[/ ]|$))"), 1});
    // Issue templates: "- **ROCm Version**: 6.3.3 & 6.4", "ROCm version: 6.2.4".
    p.push_back({"rocm_mention", Regex::Literal(R"((?i)\brocm version\**\s*[:=]?\s*v?([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?))"), 1});
    p.push_back({"os_release_id", Regex::Literal(R"re(^\s*ID="?([a-z][a-z0-9._-]*)"?\s*$)re"), 1});
    p.push_back({"os_release_version", Regex::Literal(R"re(^\s*VERSION_ID="?([0-9][0-9.]*)"?\s*$)re"), 1});
    // An os-release cut to NAME= and VERSION= (no ID=, no VERSION_ID=).
    p.push_back({"os_release_name", Regex::Literal(R"re(^\s*NAME="?([A-Za-z][A-Za-z0-9 !/_.-]*?)"?\s*$)re"), 1});
    p.push_back({"os_release_version_text", Regex::Literal(R"re(^\s*VERSION="?([0-9][0-9.]*))re"), 1});
    p.push_back({"amdgpu_loaded", Regex::Literal(R"((?:\bdriver: (amdgpu)\b|\bloaded: (amdgpu)\b|^(amdgpu)\s+[0-9]+\s+[0-9]+|Kernel driver in use: (amdgpu)))"), 0});
    // "torch==2.3.0+rocm6.0", "torch version = 2.2.1+rocm5.7", "**PyTorch**: 2.13.0+rocm10.0.0",
    // pytorch's template "PyTorch Version (e.g., 1.0): 1.6.0", a wheel URL's "torch-2.3.0.dev…%2Brocm6.0".
    p.push_back({"torch_version", Regex::Literal(R"((?i:torch)(?:==|-| |\**: ?\s*`?|\s+version\s*[:=]?\s*|\s+[Vv]ersion\**:\**\s*|\.__version__\s*=?\s*'?|\s+Version \(e\.g\., [0-9.]+\):\s*)v?([0-9]+\.[0-9]+\.[0-9]+(?:a0|\.dev[0-9]+)?(?:(?:\+|%2B)(?:rocm|cu|cpu)[0-9a-z.]*)?))"), 1});
    // `pip list`: "torch                    2.5.1". pip shows a wheel's local tag, so a ROCm wheel
    // reads 2.5.1+rocm6.2 there and a bare version is PyPI's (or a distribution's) build.
    p.push_back({"torch_pip_listed", Regex::Literal(R"(^\s*torch\s{2,}([0-9]+\.[0-9]+\.[0-9]+(?:a0|\.dev[0-9]+)?(?:\+[0-9a-z.]+)?)\s*$)"), 1});
    // `conda list`: the same row with its build and channel ("… pypi_0    pypi").
    p.push_back({"torch_pip_listed", Regex::Literal(R"(^\s*torch\s{2,}([0-9]+\.[0-9]+\.[0-9]+(?:a0|\.dev[0-9]+)?(?:\+[0-9a-z.]+)?)\s+pypi_0\s+pypi\s*$)"), 1});
    // Python's platform.platform(), as web UIs' system info and bug templates print it:
    // "Linux-6.8.0-45-generic-x86_64-with-glibc2.39" holds uname -r.
    p.push_back({"kernel_release", Regex::Literal(R"(\bLinux-([2-7]\.[0-9]+\.[0-9]+[0-9A-Za-z_.+~-]*?)-(?:x86_64|aarch64|ppc64le)-with-)"), 1});
    p.push_back({"os_name", OsNameRegex(), 0});
    // nix-info -m, nixpkgs' issue template: "host os: `Linux 6.1.59, NixOS, 23.11 (Tapir), …`".
    p.push_back({"os_name", Regex::Literal(R"((?i)\b(nixos), ([0-9]{2}\.[0-9]{2})(?:[^0-9]|$))"), 0});
    // "I'm using arch", "on Arch": the bare distribution name only after a verb that says so.
    p.push_back({"os_name", Regex::Literal(R"((?i)\b(?:using|on|running|i use|with) (arch)\b(?:[^-.=:_]|$))"), 0});
    // "24.04.1 LTS (Noble Numbat)", VERSION="22.04.3 LTS (Jammy Jellyfish)": the codename says Ubuntu.
    p.push_back({"ubuntu_version", Regex::Literal(R"((?i)\b([0-9]{2}\.(?:04|10)(?:\.[0-9]{1,2})?)(?: LTS)? \((?:xenial|bionic|focal|jammy|noble|mantic|lunar|kinetic|oracular|plucky|questing|resolute) )"), 1});
    p.push_back({"windows_marker", Regex::Literal(R"((?i)(\\Scripts\\|\bpy -3|\bzluda\b|\.exe\b|\.dll\b|\bAppData\b|Program Files|\bHIP SDK\b|\bwindows (?:10|11)\b|\bwin(?:10|11)\b|\.bat\b|\.ps1\b|\bpowershell\b|\bdirectml\b|\bAdrenalin\b|%[A-Z]+%|\bwsarecv\b|\bwsasend\b))"), 1});
    // Linux-only commands and paths: a dnf error or a traceback under /home/ is a Linux paste
    // even without a prompt, a kernel line or an os-release (WSL markers still outrank it).
    p.push_back({"linux_marker", Regex::Literal(R"((?:^|[\s`$#>(|;&"'=])((?:sudo|apt-get|apt|dnf|yum|zypper|pacman|dpkg|modprobe|lsmod|dkms|systemctl|journalctl|ldconfig|amdgpu-install)\s|/dev/kfd\b|/dev/dri\b|/etc/(?:os-release|apt|yum\.repos\.d|modprobe\.d|default/grub)\b|/usr/(?:lib|lib64|bin|local|share|include)/|/home/[A-Za-z0-9_.-]+/|/lib/modules/|/sys/(?:class|module|bus)/|/proc/))"), 1});
    // ComfyUI's "System Information" block: Python's os.name, nt on Windows, posix elsewhere.
    p.push_back({"platform_form", Regex::Literal(R"(^\s*[-*]?\s*\*\*OS:?\*\*:?\s*(nt|posix)\s*$)"), 1});
    p.push_back({"mac_marker", Regex::Literal(R"((?i)(\bmacos ?(?:1[0-9]|2[0-9])(?:\.[0-9]+)*\b|\bmac os x\b|\bDarwin Kernel Version\b|\bapple m[1-5]\b))"), 1});
    // The Windows HIP SDK's release: "HIP SDK 6.2", "HIP SDK for Windows 6.4.2".
    p.push_back({"rocm_mention", Regex::Literal(R"((?i)\bHIP SDK (?:for Windows )?v?([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?)\b)"), 1});
    p.push_back({"wsl_marker", Regex::Literal(R"((?i)(\bwsl ?2?\b|\bwls ?2\b|microsoft-standard|/dev/dxg|\brocdxg\b|\bdxgkrnl\b))"), 1});
    p.push_back({"kernel_mention", Regex::Literal(R"((?i)(?:\bkernel(?: version)?|\bLinux [A-Za-z0-9_.-]+)[*`: ]+v?([2-7]\.[0-9]{1,2}(?:\.[0-9]{1,3})?(?:[-+][0-9A-Za-z_.+~]+(?:-[0-9A-Za-z_.+~]+)*)?))"), 1});
    // "Linux 6.1.59," as nix-info and inxi print it: a bare three-part release after "Linux".
    p.push_back({"kernel_mention", Regex::Literal(R"(\bLinux v?([2-7]\.[0-9]{1,2}\.[0-9]{1,3}(?:-[0-9A-Za-z_.+~]+)*)(?:[^0-9A-Za-z.]|$))"), 1});
    // The release inside a path or a package name: /lib/modules/R/, BOOT_IMAGE=/vmlinuz-R,
    // linux-headers-R, DKMS's KERNELVER=R.
    p.push_back({"kernel_mention", Regex::Literal(R"((?:/lib/modules/|/usr/src/linux-headers-|\blinux-(?:image|headers)-|/vmlinuz-|\bKERNELVER=)([2-7]\.[0-9]{1,2}(?:\.[0-9]{1,3})?(?:[-+][0-9A-Za-z_.+~]+(?:-[0-9A-Za-z_.+~]+)*)?))"), 1});
    // `uname -a`: "Linux host 6.8.0-40-generic #40-Ubuntu SMP … x86_64 x86_64 x86_64 GNU/Linux".
    p.push_back({"kernel_machine", Regex::Literal(R"(\bLinux \S+ [2-7]\.[0-9]+\S* #.* (x86_64|aarch64|ppc64le|riscv64|armv7l)(?: \S+)* GNU/Linux)"), 1});
    p.push_back({"kernel_release", Regex::Literal(R"((?:^|[\s(]|/lib/modules/)([2-7]\.[0-9]+\.[0-9]+(?:[.-][0-9A-Za-z_.+~-]*)?-(?:generic|amd64|arm64|lowlatency|azure|aws|gcp|oem|microsoft-standard-WSL2|arch[0-9]-[0-9]|default|rt|cachyos)[A-Za-z0-9_.+-]*|[2-7]\.[0-9]+\.[0-9]+[.-][0-9.]*-microsoft-standard-WSL2|[2-7]\.[0-9]+\.[0-9]+-[0-9]+\.fc[0-9]+\.x86_64|[2-7]\.[0-9]+\.[0-9]+-[0-9.]+\.el[0-9_.]+\.x86_64))"), 1});
    return p;
  }();
  return patterns;
}

// Lines that list build targets, set an override, or name a library file: a gfx there is
// not a GPU in the machine (AMDGPU_TARGETS="gfx1030;gfx1100", TensileLibrary_gfx90a.co).
bool TargetContext(std::string_view line) {
  // "Cannot read TensileLibrary.dat: … for GPU arch : gfx1031", ollama's gpu_type=, rocminfo's
  // Name: — these name the device even on a line about libraries.
  // rocBLAS loads TensileLibrary_lazy_<the device's target>.dat: a failed load names the GPU.
  static const Regex device = Regex::Literal(
      R"((?i)(gpu arch|for gpu\b|gpu_type=|compute=|device_name|\bName:\s+gfx|gfx[0-9a-f]+ \(0x|(?:could not load|cannot read)\b.*TensileLibrary_lazy_gfx|Architecture gfx[0-9a-f]+ not supported))");
  if (device.Search(line)) return false;
  static const Regex context = Regex::Literal(
      R"((?i)(targets?\b|_TARGETS|ARCH|offload-arch|--amdgpu-target|HSA_OVERRIDE|override|TensileLibrary|\.co\b|\.hsaco|\.dat\b|\.kpack|supported (?:gpus|targets|architectures)|arch list|\.so\b|kernels? for|compiled for|built for|code objects? for (?:gfx|these)))");
  return context.Search(line);
}

std::string Normalise(const std::string& kind, const RegexMatch& m, int group) {
  if (kind == "pci_id") return "1002:" + ToLower(m[2]);
  if (kind == "gfx") {  // "gfx 1013" as some write it -> gfx1013
    std::string v = ToLower(m[static_cast<size_t>(group)]);
    if (v.size() > 3 && v[3] == ' ') v.erase(3, 1);
    return v;
  }
  if (kind == "rocm_package") return m[1] + " " + m[2];
  if (kind == "os_name") return std::string(Trim(m[1] + (m.matched(2) ? " " + m[2] : "")));
  if (kind == "os_release_name") return std::string(Trim(m[1]));
  if (kind == "torch_version") {  // a wheel URL's "%2B" is the tag's '+'
    std::string v = m[static_cast<size_t>(group)];
    if (size_t at = v.find("%2B"); at != std::string::npos) v.replace(at, 3, "+");
    if (size_t at = v.find("%2b"); at != std::string::npos) v.replace(at, 3, "+");
    return v;
  }
  if (kind == "windows_marker" || kind == "wsl_marker" || kind == "mac_marker") return ToLower(m[1]);
  if (kind == "linux_marker") return std::string(Trim(m[1]));
  if (kind == "platform_form") return m[1] == "nt" ? "windows" : m[1];
  if (kind == "amdgpu_loaded") return "amdgpu";
  return m[static_cast<size_t>(group)];
}

// ollama's and llama.cpp's issue forms answer "### OS" with the platform only: "Linux",
// "Linux, Docker", "WSL2", "macOS". WSL first: "Windows, WSL2" is a WSL report.
std::string PlatformAnswer(std::string_view answer) {
  std::string a = ToLower(answer);
  static const Regex wsl = Regex::Literal(R"(\bwsl ?2?\b)"), linux_ = Regex::Literal(R"(\blinux\b)"),
                     mac = Regex::Literal(R"(\bmac ?os\b|\bos ?x\b|\bdarwin\b)");
  if (wsl.Search(a)) return "wsl";
  if (linux_.Search(a)) return "linux";
  if (mac.Search(a)) return "macos";
  return "";
}

// ROCm/ROCm's issue form: "### ROCm Version" and, a line or two later, "ROCm 6.4.2" or "6.4.2".
// Likewise the line after `cat /opt/rocm/.info/version`, and the Version: of an `apt show` /
// `dpkg -s` stanza of a ROCm package.
void TemplateValue(std::string_view line, std::string& heading, size_t line_no, std::set<std::pair<std::string, std::string>>& seen,
                   std::vector<PasteEntity>& out, size_t max) {
  std::string_view t = Trim(line);
  if (StartsWith(heading, "package ")) {
    if (StartsWith(t, "Version:")) {
      std::string value = heading.substr(8) + " " + std::string(Trim(t.substr(8)));
      if (out.size() < max && seen.insert({"rocm_package", value}).second) out.push_back({"rocm_package", value, line_no, false});
      heading.clear();
      return;
    }
    if (!t.empty() && !StartsWith(t, "Package:")) return;  // other fields of the stanza
    heading.clear();
  }
  static const Regex package = Regex::Literal(R"(^Package:\s*(rocm-core|rocm-hip-runtime|hip-runtime-amd|rocm-hip-sdk|rocm-dev|rocm-libs|rocm|amdgpu-install)\s*$)");
  if (auto m = package.Find(t); m && m->matched(1)) {
    heading = "package " + (*m)[1];
    return;
  }
  if (t == "Name: torch") {  // `pip show torch`: its Version: follows
    heading = "pip show torch";
    return;
  }
  if (heading == "pip show torch") {
    static const Regex pip_version = Regex::Literal(R"(^Version:\s*([0-9]+\.[0-9]+\.[0-9]+(?:a0|\.dev[0-9]+)?(?:\+[0-9a-z.]+)?)\s*$)");
    heading.clear();  // pip prints Version: right after Name:
    if (auto m = pip_version.Find(t); m && m->matched(1)) {
      if (out.size() < max && seen.insert({"torch_pip_listed", (*m)[1]}).second) out.push_back({"torch_pip_listed", (*m)[1], line_no, false});
      return;
    }
  }
  if (Contains(t, "rocm/.info/version") || Contains(t, "rocm/.info/version-")) {
    heading = "rocm version";  // its output follows
    return;
  }
  if (StartsWith(t, "#")) {
    size_t text = t.find_first_not_of('#');  // a line of only '#' (hostile input, a markdown rule) has none
    heading = text == std::string_view::npos ? "" : ToLower(Trim(t.substr(text)));
    return;
  }
  if (t.empty() || heading.empty()) return;
  // Issue forms ("### Operating System" / "### OS" then "Fedora"): the reporter's own answer,
  // which outranks a distribution the prose names in passing ("the RHEL instructions").
  static const std::set<std::string> kOsHeadings = {"operating system", "operating systems", "os", "os version", "distribution",
                                                    "linux distribution", "distro", "os/distro", "operating system version"};
  if (kOsHeadings.count(heading) && out.size() < max) {
    if (auto m = OsNameRegex().Find(t); m && m->groups[0]) {
      std::string value = std::string(Trim((*m)[1] + (m->matched(2) ? " " + (*m)[2] : "")));
      if (seen.insert({"os_form", value}).second) out.push_back({"os_form", value, line_no, false});
    } else if (std::string platform = PlatformAnswer(t); !platform.empty() && seen.insert({"platform_form", platform}).second) {
      out.push_back({"platform_form", platform, line_no, false});
    }
    heading.clear();
    return;
  }
  static const Regex version = Regex::Literal(R"(^(?i:rocm)?[ v-]*([0-9]{1,2}\.[0-9]{1,2}(?:\.[0-9]{1,2})?)\b)");
  if (heading == "rocm version" && out.size() < max) {
    if (auto m = version.Find(t); m && m->matched(1) && seen.insert({"rocm_mention", (*m)[1]}).second) out.push_back({"rocm_mention", (*m)[1], line_no, false});
  }
  heading.clear();  // only the first line under the heading is its value
}

}  // namespace

std::vector<PasteEntity> ScanPasteEntities(std::string_view text, size_t max) {
  std::vector<PasteEntity> out;
  std::set<std::pair<std::string, std::string>> seen;
  std::map<std::string, size_t> gfx_index;  // gfx value -> its entity
  std::string heading;                       // the issue-form heading above this line
  size_t line_no = 0, start = 0;
  while (start <= text.size() && out.size() < max) {
    size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (line.size() > 4096) line = line.substr(0, 4096);  // one huge line costs no more than 4 KiB
    std::set<std::string> gfx_on_line;
    size_t first_of_line = out.size();
    for (const auto& pattern : Patterns()) {
      size_t from = 0;
      while (from < line.size() && out.size() < max) {
        auto m = pattern.regex.Find(line, from);
        if (!m || !m->groups[0]) break;
        // Resume after the value, not the whole match: its trailing separator may begin the next
        // one ("gfx1030;gfx1100").
        const auto& value_view = m->matched(static_cast<size_t>(pattern.group)) ? m->groups[static_cast<size_t>(pattern.group)] : m->groups[0];
        size_t next = static_cast<size_t>(value_view->data() + value_view->size() - line.data());
        from = next > from ? next : from + 1;
        std::string kind = pattern.kind;
        if (kind == "wsl_marker" && NegatedBefore(line, static_cast<size_t>(value_view->data() - line.data()))) continue;
        std::string value = Normalise(kind, *m, pattern.group);
        if (kind == "gfx") gfx_on_line.insert(value);
        if (!seen.insert({kind, value}).second) continue;
        out.push_back({kind, value, line_no, false});
      }
    }
    // A gfx is a device sighting unless the line lists several targets or is about targets; a
    // gfx first seen on a target line becomes one when a later line speaks of it as a device.
    bool device = gfx_on_line.size() == 1 && !TargetContext(line);
    // A PCI address is a GPU's on amdgpu's own log lines and lspci's display-class lines.
    static const Regex gpu_address = Regex::Literal(R"((?i)(\bamdgpu [0-9a-f]{4}:|VGA compatible controller|Display controller))");
    bool gpu_line = false;
    for (size_t i = first_of_line; i < out.size() && !gpu_line; ++i) gpu_line = out[i].kind == "pci_bdf" && gpu_address.Search(line);
    for (size_t i = first_of_line; i < out.size(); ++i) {
      if (out[i].kind == "isa") out[i].device = true;
      if (out[i].kind == "pci_bdf") out[i].device = gpu_line;
      if (out[i].kind == "gfx") gfx_index[out[i].value] = i;
    }
    auto found = device ? gfx_index.find(*gfx_on_line.begin()) : gfx_index.end();
    if (found != gfx_index.end() && !out[found->second].device) {
      out[found->second].device = true;
      out[found->second].line = line_no;
    }
    TemplateValue(line, heading, line_no, seen, out, max);
    if (end == std::string_view::npos) break;
    start = end + 1;
    ++line_no;
  }
  return out;
}

}  // namespace rd
