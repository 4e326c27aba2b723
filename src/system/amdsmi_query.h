#pragma once
/// The amd-smi half of the `internal-smi` child (system/smi_child.h): dlopens libamd_smi (never
/// linked), asks it per GPU for identity, versions, VRAM, PCIe link, RAS, bad pages, XGMI links,
/// throttling, power cap and partition, and returns one JSON object (issue 18). ROCm 10.1 no
/// longer builds rocm_smi_lib (field-2026.md §0), so on current installs this is the only
/// management-library view.
#include <nlohmann/json.hpp>

namespace rd {

/// {"compiled": bool, "library": soname, "available": bool, "status": n, "reason": "…",
///  "lib_version": "27.1.0", "header_version": "27.1.0", "gpus": [{…}]}. Never throws.
nlohmann::json QueryAmdSmi();

}  // namespace rd
