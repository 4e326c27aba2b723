// Where a paste or a machine shows a GPU: one sighting per listing entry or text mention, and
// the runtime's view under an HSA_OVERRIDE_GFX_VERSION separated from the GPU's identity. The
// derive stage (gpus.cpp) merges them into gpus[] (issue 13 item 2).
#include "derive/gpu_sightings.h"

#include <algorithm>
#include <set>

#include "derive/fact_reads.h"
#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd::gpu_sightings {

std::string DeviceIdOf(std::string_view text) {
  // "0x73df", "73DF", "1002:73df" -> "0x73df"
  std::string t = ToLower(Trim(text));
  if (size_t colon = t.find(':'); colon != std::string::npos) t = t.substr(colon + 1);
  if (StartsWith(t, "0x")) t = t.substr(2);
  if (t.size() != 4 || t.find_first_not_of("0123456789abcdef") != std::string::npos) return "";
  return "0x" + t;
}

std::string GfxOf(std::string_view text) {
  auto gfx = ExtractGfx(ToLower(text));
  return gfx ? *gfx : std::string();
}

Evidence EvidenceOf(const Facts& facts, const std::string& path) {
  const Evidence* ev = facts.EvidenceFor(path);
  return ev ? *ev : Evidence{};
}

std::vector<Sighting> FromArray(const Facts& facts, const Listing& listing) {
  std::vector<Sighting> out;
  size_t index = 0;
  for (const auto& item : FactArray(facts, listing.path)) {
    std::string at = std::string(listing.path) + "[" + std::to_string(index) + "]";
    int position = static_cast<int>(index++);
    if (!item.is_object()) continue;
    Sighting s{listing.name};
    if (listing.ordinal) s.hip_index = position;
    s.evidence = EvidenceOf(facts, at + "." + listing.gfx);
    s.gfx = GfxOf(Field(item, listing.gfx));
    s.name = Field(item, listing.marketing);
    s.device_id = DeviceIdOf(Field(item, listing.device));
    if (listing.bdf) s.bdf = ToLower(Field(item, listing.bdf));
    s.isa = Field(item, "isa");
    if (s.gfx.empty() && !s.isa.empty()) s.gfx = GfxOf(s.isa);
    if (!s.gfx.empty() || !s.name.empty() || !s.device_id.empty()) out.push_back(std::move(s));
  }
  return out;
}

// The runtime reports the override's target, not the GPU's (rocminfo under
// HSA_OVERRIDE_GFX_VERSION=10.3.0 says gfx1030 for a gfx1031): that name is not the identity.
void SeparateOverride(std::vector<Sighting>& list, const std::string& override_gfx, const PciLookup& pci) {
  if (override_gfx.empty()) return;
  for (auto& s : list) {
    if (s.gfx != override_gfx) continue;
    s.runtime_gfx = s.gfx;
    // The product name or the PCI id still says what it is (ollama names a GPU "1002:687f").
    const auto* product = s.name.empty() ? nullptr : pci.names().Find(s.name);
    s.gfx = product ? product->gfx : "";
    std::string device = !s.device_id.empty() ? s.device_id : DeviceIdOf(s.name);
    if (s.gfx.empty() && !device.empty()) {
      if (auto model = pci.Find(device)) s.gfx = model->gfx;
    }
    if (s.gfx == s.runtime_gfx) s.runtime_gfx.clear();  // a native GPU under a needless override
  }
}

// No override in sight, yet a runtime's listing reports a target the product cannot have
// ("Board name: Radeon 8060S Graphics" / "Name: gfx1201": the 8060S is gfx1151): an
// HSA_OVERRIDE_GFX_VERSION set where the paste does not show it (~/.bashrc, ROCm/ROCm#5696)
// renamed every agent. The product is the identity; the report is the runtime's target.
void SeparateHiddenOverride(std::vector<Sighting>& list, const PciLookup& pci) {
  for (auto& s : list) {
    if (s.gfx.empty() || s.name.empty() || !s.runtime_gfx.empty()) continue;
    const auto* product = pci.names().Find(s.name);
    if (!product || product->gfx.empty() || product->gfx == s.gfx) continue;
    s.runtime_gfx = s.gfx;
    s.gfx = product->gfx;
  }
}

std::vector<Sighting> TextSightings(const Facts& facts, const PciLookup& pci) {
  std::vector<Sighting> out;
  std::set<std::string> gfx_seen;
  size_t index = 0;
  for (const auto& e : FactArray(facts, "triage.entities")) {
    std::string kind = Field(e, "kind");
    bool device = e.is_object() && e.value("device", false);
    Sighting s{"text"};
    s.evidence = EvidenceOf(facts, "triage.entities[" + std::to_string(index++) + "].kind");
    if ((kind == "gfx" || kind == "isa") && device) {
      s.gfx = GfxOf(Field(e, "value"));
      if (kind == "isa") s.isa = Field(e, "value");
    } else if (kind == "marketing") {
      s.gfx = Field(e, "gfx");
      s.name = Field(e, "value");
      s.from_cpu_name = e.is_object() && e.value("cpu", false);
    } else if (kind == "pci_id") {
      s.device_id = DeviceIdOf(Field(e, "value"));
      auto model = pci.Find(s.device_id);
      if (!model) continue;  // an AMD audio function or a bridge, not a GPU we know
      s.gfx = model->gfx;
      if (!LookupPciDevice(pci.table(), s.device_id)) s.name = model->name;  // libdrm's name
    } else {
      continue;
    }
    if (s.gfx.empty() || !gfx_seen.insert(s.gfx + "|" + s.device_id + "|" + s.name).second) continue;
    out.push_back(std::move(s));
  }
  return out;
}

// A CPU model number is a guess at which GPU ran. rocm/k8s-device-plugin#23 named a 2400G where
// /dev/kfd was missing: no GPU had run, and its iGPU's override advice was wrong there.
void DropCpuNamedUnlessAlone(std::vector<Sighting>& text, bool gpu_ran_code) {
  auto cpu_named = [](const Sighting& s) { return s.from_cpu_name; };
  if (gpu_ran_code && std::all_of(text.begin(), text.end(), cpu_named)) return;
  text.erase(std::remove_if(text.begin(), text.end(), cpu_named), text.end());
}

// Under HSA_OVERRIDE_GFX_VERSION the runtime's tools print the override's target: a bare gfx in the
// text equal to it ("rocminfo | grep gfx" -> gfx1030), beside the one product or PCI id of another
// target, is that product's runtime name, not a second GPU.
void FoldOverrideTarget(std::vector<Sighting>& text, const std::string& override_gfx) {
  if (override_gfx.empty()) return;
  auto bare = [&](const Sighting& s) { return s.gfx == override_gfx && s.name.empty() && s.device_id.empty(); };
  std::vector<Sighting*> named;
  for (auto& s : text) {
    if (!s.gfx.empty() && s.gfx != override_gfx && (!s.name.empty() || !s.device_id.empty())) named.push_back(&s);
  }
  std::set<std::string> targets;
  for (const auto* s : named) targets.insert(s->gfx);
  if (targets.size() != 1 || std::none_of(text.begin(), text.end(), bare)) return;
  for (auto* s : named) s->runtime_gfx = override_gfx;
  text.erase(std::remove_if(text.begin(), text.end(), bare), text.end());
}

// The GPU addresses a paste names, each with the line that showed it.
std::map<std::string, Evidence> DeviceAddresses(const Facts& facts) {
  std::map<std::string, Evidence> addresses;
  const auto& entities = FactArray(facts, "triage.entities");
  for (size_t i = 0; i < entities.size(); ++i) {
    const auto& e = entities[i];
    if (!e.is_object() || Field(e, "kind") != "pci_bdf" || !e.value("device", false)) continue;
    std::string bdf = ToLower(Field(e, "value"));
    addresses.emplace(bdf.size() == 7 ? "0000:" + bdf : bdf, EvidenceOf(facts, "triage.entities[" + std::to_string(i) + "].kind"));
  }
  return addresses;
}

}  // namespace rd::gpu_sightings
