#pragma once
/// GPU sightings: what one source (a listing, a text mention, a log address) says about a GPU,
/// before gpus.cpp merges them into gpus[].
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.h"
#include "derive/pci_lookup.h"

namespace rd::gpu_sightings {

struct Sighting {
  std::string source;  ///< sysfs, rocminfo, amd-smi, rocm-smi, collect_env, llm-log, text
  std::string gfx, name, device_id, bdf, isa;
  std::string runtime_gfx;  ///< what the runtime reported when an override renamed the target
  Evidence evidence;        ///< the line or file that showed it
  /// The HIP device ordinal (what HIP_VISIBLE_DEVICES counts), where the source gives it: the
  /// order of rocminfo's GPU agents, llama.cpp's "Device N:", ollama's id=N. -1: not known.
  int hip_index = -1;
  /// Only a CPU model number named it (an APU's iGPU, rules/data/gpu_names.toml cpu = true).
  bool from_cpu_name = false;
};

/// A listing fact array and the keys of its entries.
struct Listing {
  const char *path, *name, *gfx, *marketing, *device, *bdf;
  bool ordinal;  ///< an entry's position is its HIP device ordinal
};

/// "0x73df", "73DF", "1002:73df" -> "0x73df"; "" for anything else.
std::string DeviceIdOf(std::string_view text);
Evidence EvidenceOf(const Facts& facts, const std::string& path);
std::vector<Sighting> FromArray(const Facts& facts, const Listing& listing);
/// Under HSA_OVERRIDE_GFX_VERSION: the runtime's target is not the identity.
void SeparateOverride(std::vector<Sighting>& list, const std::string& override_gfx, const PciLookup& pci);
/// A product name whose target differs from the listed one: an override the paste does not show.
void SeparateHiddenOverride(std::vector<Sighting>& list, const PciLookup& pci);
/// gfx names, ISA strings, marketing names and PCI ids anywhere in a paste's text.
std::vector<Sighting> TextSightings(const Facts& facts, const PciLookup& pci);
/// A CPU's iGPU counts only when no other mention names a GPU (the dGPU beside it is the one in
/// use) and a kernel-level failure shows that some GPU ran code.
void DropCpuNamedUnlessAlone(std::vector<Sighting>& text, bool gpu_ran_code);
/// A bare gfx equal to the override's target beside one product of another target: its runtime name.
void FoldOverrideTarget(std::vector<Sighting>& text, const std::string& override_gfx);
/// The GPU addresses a paste names, each with the line that showed it.
std::map<std::string, Evidence> DeviceAddresses(const Facts& facts);

}  // namespace rd::gpu_sightings
