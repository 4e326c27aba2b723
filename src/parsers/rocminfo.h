#pragma once
/// Pure parser for `rocminfo` output (rocminfo.cc of ROCm/rocminfo): the banner lines, HSA
/// system attributes, "Agent N" blocks, and the error lines it prints when it cannot start.
/// Partial or truncated text is fine: `complete` says whether the "*** Done ***" end was seen.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct RocminfoAgent {
  int index = 0;               ///< "Agent N"
  std::string name;            ///< "gfx1030" or the CPU model
  std::string marketing_name;
  std::string vendor_name;
  std::string device_type;     ///< CPU | GPU | DSP
  std::string uuid;
  std::optional<int> node;     ///< KFD topology node
  std::optional<int> compute_units;
  std::optional<int> chip_id;
  std::optional<int> bdfid;    ///< (bus << 8) | devfn, newer rocminfo only
  std::vector<std::string> isas;  ///< "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
  /// Size of the first GLOBAL pool in bytes (rocminfo prints KB: converted here so that every
  /// memory size fact is in bytes, issue 13).
  std::optional<long long> global_pool_bytes;
};

struct RocminfoReport {
  std::optional<bool> rock_loaded;  ///< "ROCk module is loaded" / "... is NOT loaded"
  bool wsl = false;                 ///< "WSL environment detected."
  std::string runtime_version;      ///< "Runtime Version: 1.1"
  std::string kfd_open_error;       ///< "Unable to open /dev/kfd read-write: <why>"
  std::string hsa_error;            ///< "Call returned HSA_STATUS_ERROR_…" (first)
  std::string hsa_status;           ///< The HSA_STATUS_… name or number alone
  std::string group_error;          ///< "… is not member of "video" group …" / user name failure
  std::vector<RocminfoAgent> agents;
  bool saw_agents_header = false;
  bool complete = false;            ///< "*** Done ***" seen: the agent list is whole
};

/// True when the text looks like rocminfo output (banner, attributes or agent blocks).
bool LooksLikeRocminfo(std::string_view text);
RocminfoReport ParseRocminfo(std::string_view text);
/// "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" -> {"gfx90a", "sramecc+:xnack-"}.
std::pair<std::string, std::string> SplitIsaName(std::string_view isa);

}  // namespace rd
