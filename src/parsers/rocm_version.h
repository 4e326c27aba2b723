#pragma once
/// Version files of a ROCm install: <root>/.info/version ("6.2.0-66"), rocm_version.h and
/// hip_version.h (#define ROCM_VERSION_MAJOR 6 …), and the package databases (dpkg status, rpm -qa).
/// pitfalls.md #37 (several versions).
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

/// "6.2.0-66\n" -> "6.2.0"; "" when the text has no leading dotted version.
std::string ParseInfoVersion(std::string_view text);
/// MAJOR.MINOR.PATCH from `#define <prefix>_MAJOR n` (…_MINOR, …_PATCH); "" when absent.
std::string ParseVersionHeader(std::string_view text, const std::string& prefix);
/// MAJOR.MINOR.PATCH[-GITHASH] (as hipconfig --version prints it) from HIP's key=value version
/// file: share/hip/version since ROCm 6, bin/.hipVersion before (HIP_VERSION_MAJOR=6 …).
std::string ParseHipVersionFile(std::string_view text);

struct DpkgPackage {
  std::string name, version, arch;
};
/// The package names that belong to a ROCm stack (name prefixes), for every package database:
/// rock-dkms is amdgpu-dkms's name before ROCm 4.1.
inline const std::vector<std::string> kRocmPackagePrefixes = {
    "rocm", "amdrocm", "hip", "libamdhip64", "libhsa-runtime", "libhsakmt", "hsa-rocr", "rocblas", "librocblas", "miopen",
    "libmiopen", "amdgpu", "comgr", "libamd-comgr", "hipblaslt", "libhipblaslt", "librocm-smi", "rock-dkms"};
/// Installed packages ("Status: install ok installed") whose name starts with one of `prefixes`.
std::vector<DpkgPackage> ParseDpkgStatus(std::string_view text, const std::vector<std::string>& prefixes);
/// The rpm database (RHEL, Fedora, openSUSE), as `rpm -qa --qf` with kRpmQueryFormat prints it:
/// NAME<TAB>VERSION-RELEASE<TAB>ARCH per line. Lines of another shape are skipped.
inline constexpr const char* kRpmQueryFormat = "%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{ARCH}\\n";
std::vector<DpkgPackage> ParseRpmQuery(std::string_view text, const std::vector<std::string>& prefixes);
/// Listings people paste: `dpkg -l` ("ii  rock-dkms  1:4.0-23  all  amdgpu driver…", installed
/// states ii/hi/iU only) and `apt list --installed` ("rocm-core/jammy,now 6.2.0.60200-66~22.04 amd64
/// [installed]"). `lines` gets each package's 0-based line.
std::vector<DpkgPackage> ParsePackageListing(std::string_view text, const std::vector<std::string>& prefixes,
                                             std::vector<size_t>* lines = nullptr);

}  // namespace rd
