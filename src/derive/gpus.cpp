// GPU sightings from every source merged into gpus[] (issue 13 item 2). Before this, gfx ->
// class / family / override / APU ran only inside the live GPU collector, so no arch rule could
// fire on a pasted rocminfo (a gfx1031 pasted as rocminfo printed "[✓] GPUs and driver").
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "derive/gpu_sightings.h"
#include "parsers/gfx_names.h"
#include "parsers/gpu_table.h"
#include "parsers/kfd_topology.h"
#include "derive/pci_lookup.h"
#include "parsers/product_names.h"
#include "util/strings.h"

namespace rd {

namespace {

using gpu_sightings::Sighting;
using gpu_sightings::EvidenceOf;

struct Gpu {
  Sighting identity;
  std::vector<std::string> seen_in;
  std::set<std::string> matched_by;  ///< sources already merged into this entry
  bool from_sysfs = false;
};

bool Matches(const Gpu& gpu, const Sighting& s) {
  const Sighting& id = gpu.identity;
  if (!s.bdf.empty() && !id.bdf.empty()) return s.bdf == id.bdf || EndsWith(s.bdf, id.bdf) || EndsWith(id.bdf, s.bdf);
  if (!s.gfx.empty() && !id.gfx.empty()) return s.gfx == id.gfx;
  if (!s.device_id.empty() && !id.device_id.empty()) return s.device_id == id.device_id;
  if (!s.runtime_gfx.empty() && !id.runtime_gfx.empty()) return s.runtime_gfx == id.runtime_gfx;
  return !s.name.empty() && s.name == id.name;
}

void Enrich(Gpu& gpu, const Sighting& s) {
  Sighting& id = gpu.identity;
  if (id.gfx.empty()) id.gfx = s.gfx;
  if (id.name.empty()) id.name = s.name;
  if (id.device_id.empty()) id.device_id = s.device_id;
  if (id.bdf.empty()) id.bdf = s.bdf;
  if (id.isa.empty()) id.isa = s.isa;
  if (id.runtime_gfx.empty()) id.runtime_gfx = s.runtime_gfx;
  if (id.hip_index < 0) id.hip_index = s.hip_index;
  if (id.evidence.source.empty()) id.evidence = s.evidence;
  if (std::find(gpu.seen_in.begin(), gpu.seen_in.end(), s.source) == gpu.seen_in.end()) gpu.seen_in.push_back(s.source);
  gpu.matched_by.insert(s.source);
}

// A listing source: its GPUs join the ones already known, or are new GPUs, unless the machine's
// own sysfs view is there (then it is authoritative and the others only confirm).
void MergeListing(std::vector<Gpu>& gpus, const std::vector<Sighting>& list, bool may_add) {
  for (const auto& s : list) {
    // The same GPU named twice in one source (a gfx and its PCI id in the text) is one GPU.
    if (s.source == "text" && may_add) {
      auto same = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.identity.gfx == s.gfx && !s.gfx.empty(); });
      if (same != gpus.end()) {
        Enrich(*same, s);
        continue;
      }
    }
    auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return !g.matched_by.count(s.source) && Matches(g, s); });
    if (it != gpus.end()) {
      Enrich(*it, s);
    } else if (may_add) {
      Gpu gpu;
      Enrich(gpu, s);
      gpus.push_back(std::move(gpu));
    }
  }
}

// One GPU whose identity no listing gave (ollama logged only the override's target) and one GPU
// PCI id in the text (its "name=1002:687f"): that id is the GPU's.
void FillFromPciMention(std::vector<Gpu>& gpus, const std::vector<Sighting>& text) {
  std::vector<const Sighting*> ids;
  for (const auto& s : text) {
    if (!s.device_id.empty()) ids.push_back(&s);
  }
  std::vector<Gpu*> unnamed;
  for (auto& g : gpus) {
    if (g.identity.gfx.empty() && g.identity.device_id.empty()) unnamed.push_back(&g);
  }
  if (ids.size() == 1 && unnamed.size() == 1) Enrich(*unnamed.front(), *ids.front());
}

// One GPU and one GPU address in the paste ("amdgpu 0000:c4:00.0: amdgpu: [gfxhub] page fault"):
// that address is this GPU's (ROCm/ROCm#5616). Two of either and nothing is guessed. Where
// nothing else names a GPU, each address on amdgpu's own lines is one: the driver bound a device
// there, even if the paste never says which (a dmesg tail of page faults or ring timeouts).
void FillAddress(std::vector<Gpu>& gpus, const Facts& facts) {
  auto addresses = gpu_sightings::DeviceAddresses(facts);
  if (gpus.empty()) {
    for (const auto& [bdf, evidence] : addresses) {
      if (!Contains(evidence.excerpt, "amdgpu ")) continue;  // lspci's display lines also name other vendors
      Gpu gpu;
      gpu.identity = Sighting{"kernel-log", "", "", "", bdf, "", "", evidence};
      gpu.seen_in = {"kernel-log"};
      gpus.push_back(std::move(gpu));
    }
    return;
  }
  if (gpus.size() == 1 && gpus.front().identity.bdf.empty() && addresses.size() == 1) gpus.front().identity.bdf = addresses.begin()->first;
}

// How a finding names the GPU: "RX 6600 (gfx1032)", or only the part the sources gave, never
// "(unknown) (gfx1032)" for a GPU a log names only by its target.
void WriteLabel(Facts& facts, const std::string& at) {
  std::string name = FactText(facts, at + ".marketing_name"), gfx = FactText(facts, at + ".gfx");
  std::string label = name.empty() ? gfx : gfx.empty() || Contains(ToLower(name), gfx) ? name : name + " (" + gfx + ")";
  if (label.empty()) return;
  Evidence ev = EvidenceOf(facts, at + (name.empty() ? ".gfx" : ".marketing_name"));
  facts.Set(at + ".label", label, ev);
  // with the family: "RX 6600 (gfx1032, RDNA 2 (Navi 23))", "gfx1151 (RDNA 3.5 (Strix Halo APU))"
  std::string family = FactText(facts, at + ".family");
  if (family.empty() || gfx.empty()) return;
  std::string with = name.empty() || Contains(ToLower(name), gfx) ? (name.empty() ? gfx : name) + " (" + family + ")"
                                                                  : name + " (" + gfx + ", " + family + ")";
  facts.Set(at + ".label_family", with, ev);
}

void WriteIdentity(Facts& facts, const std::string& at, const Gpu& gpu, const PciLookup& pci) {
  const Sighting& id = gpu.identity;
  auto set_if_absent = [&](const std::string& key, const std::string& value) {
    if (!value.empty() && !facts.Get(at + "." + key).value) facts.Set(at + "." + key, value);
  };
  std::optional<PciModel> model;
  if (!id.device_id.empty()) model = pci.Find(id.device_id);
  std::string gfx = !id.gfx.empty() ? id.gfx : model ? model->gfx : "";
  if (!gfx.empty() && !facts.Get(at + ".gfx").value) {
    facts.Set(at + ".gfx", gfx, id.evidence);
    set_if_absent("gfx_source", !id.gfx.empty() ? gpu.seen_in.front() : "pci-table");
  }
  if (std::string name = !id.name.empty() ? id.name : model ? model->name : ""; !name.empty() && !facts.Get(at + ".marketing_name").value) {
    facts.Set(at + ".marketing_name", name, id.evidence);
  }
  if (!id.device_id.empty()) {
    set_if_absent("device_id", id.device_id);
    set_if_absent("pci_id", "1002:" + id.device_id.substr(2));
  }
  set_if_absent("pci_bdf", id.bdf);
  set_if_absent("isa", id.isa);
  if (!id.runtime_gfx.empty() && id.runtime_gfx != gfx) set_if_absent("override_gfx", id.runtime_gfx);
  if (id.hip_index >= 0 && !facts.Get(at + ".hip_index").value) facts.Set(at + ".hip_index", id.hip_index, id.evidence);
  if (!gpu.seen_in.empty()) facts.Set(at + ".seen_in", gpu.seen_in);
}

// gfx -> class, family, override, APU from rules/data/gpus.toml.
void WriteLookups(Facts& facts, const std::string& at, const nlohmann::json& table) {
  std::string gfx = FactText(facts, at + ".gfx");
  if (gfx.empty()) return;
  auto info = LookupGfx(table, gfx);
  if (!info) {
    facts.Set(at + ".arch_class", "unlisted");
    return;
  }
  // The line or file that named the GPU is the evidence; the table only names its class.
  const Evidence* named = facts.EvidenceFor(at + ".gfx");
  Evidence ev = named && !named->source.empty() ? *named : Evidence{"rules/data/gpus.toml", gfx};
  facts.Set(at + ".family", info->family, ev);
  facts.Set(at + ".arch_class", info->klass, ev);
  if (!info->override_value.empty()) facts.Set(at + ".override_suggestion", info->override_value, ev);
  // Older kernels merged an APU's CPU and GPU into one KFD node (cpu_cores_count > 0).
  bool apu = info->apu || FactInt(facts, at + ".kfd_cpu_cores").value_or(0) > 0;
  facts.Set(at + ".is_apu", apu);
  if (!info->firmware.empty()) facts.Set(at + ".firmware_prefix", info->firmware);
}

// The HIP ordinals of the discrete GPUs beside an iGPU ("0" for llama.cpp's "Device 0: RX 7700S",
// "Device 1: Radeon 780M"): the exact HIP_VISIBLE_DEVICES value. Only when every GPU's ordinal is
// known; a guess would select the iGPU.
void WriteDiscreteIndices(Facts& facts, size_t count) {
  std::vector<std::string> discrete;
  bool igpu = false;
  for (size_t i = 0; i < count; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    auto index = FactInt(facts, at + ".hip_index");
    if (!index) return;
    if (FactFlag(facts, at + ".is_apu")) igpu = true;
    else discrete.push_back(std::to_string(*index));
  }
  if (!igpu || discrete.empty()) return;
  facts.Set("gpu.dgpu_hip_indices", Join(discrete, ","), {"derived", "the HIP device ordinals of the discrete GPUs"});
}

void WriteCounts(Facts& facts, size_t count) {
  int igpu = 0, dgpu = 0;
  std::set<std::string> gfx_set;
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    (FactFlag(facts, at + ".is_apu") ? igpu : dgpu)++;
    std::string gfx = FactText(facts, at + ".gfx");
    if (!gfx.empty()) gfx_set.insert(gfx);
    std::string name = FactText(facts, at + ".marketing_name");
    names.push_back(fmt::format("{}{}", name.empty() ? "AMD GPU" : name, gfx.empty() ? "" : " (" + gfx + ")"));
  }
  if (!facts.Get("gpu.count").value) facts.Set("gpu.count", count);
  facts.Set("gpu.igpu_count", igpu);
  facts.Set("gpu.dgpu_count", dgpu);
  facts.Set("gpu.has_igpu_and_dgpu", igpu > 0 && dgpu > 0);
  WriteDiscreteIndices(facts, count);
  facts.Set("gpu.distinct_gfx_count", gfx_set.size());
  if (count == 0) return;
  // "8 × AMD Instinct MI300X (gfx942)" rather than eight copies.
  std::vector<std::string> grouped;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0 && names[i] == names[i - 1]) continue;
    size_t n = 1;
    while (i + n < names.size() && names[i + n] == names[i]) ++n;
    grouped.push_back(n > 1 ? fmt::format("{} × {}", n, names[i]) : names[i]);
  }
  facts.Set("summary.gpu", Join(grouped, " · "));
}

// Issue 16: with the probe's CUDA build (HIP's NVIDIA platform) the probes ran on NVIDIA GPUs.
// Then that is what the GPU section names, not a warning that no AMD GPU was found.
void DeriveNvidiaProbed(Facts& facts, size_t amd_count) {
  auto devices = facts.Get("probes.devices").value;
  // Only where probes ran: on a paste this flag alone would make "[✓] GPUs and driver" appear
  // for text that never mentions a GPU.
  if (FactText(facts, "probes.platform").empty()) return;
  bool probed = FactText(facts, "probes.platform") == "cuda" && devices && devices->is_array() && !devices->empty();
  facts.Set("gpu.nvidia_probed", probed);
  if (!probed || amd_count > 0) return;
  std::vector<std::string> names;
  for (const auto& device : *devices) {
    std::string name = device.is_object() && device.contains("name") && device["name"].is_string() ? device["name"].get<std::string>() : "NVIDIA GPU";
    std::string arch = device.is_object() && device.contains("arch") && device["arch"].is_string() ? device["arch"].get<std::string>() : "";
    names.push_back(arch.empty() ? name : name + " (" + arch + ")");
  }
  std::string version = FactText(facts, "probes.runtime_version_text");
  facts.Set("summary.gpu", fmt::format("no AMD GPU; the HIP platform is NVIDIA: probed {} through CUDA{}", Join(names, ", "),
                                       version.empty() ? "" : " " + version));
}

}  // namespace

void DeriveGpus(Facts& facts, const nlohmann::json& data) {
  const PciLookup pci(data);
  const nlohmann::json& table = pci.table();
  std::string override_gfx;
  if (auto o = GfxNameFromOverride(FactText(facts, "env.HSA_OVERRIDE_GFX_VERSION"))) override_gfx = *o;

  std::vector<Gpu> gpus;
  // The machine's own view (KFD + PCI sysfs), when a live collector or a replay wrote it.
  const auto& sysfs = FactArray(facts, "gpus");
  bool have_sysfs = facts.Get("gpu.kfd_present").value || facts.Get("gpu.pci_count").value;
  for (const auto& item : sysfs) {
    Gpu gpu;
    gpu.from_sysfs = have_sysfs;
    // A report read back (--from) keeps the sources it was derived from.
    for (const auto& seen : item.is_object() && item.contains("seen_in") && item["seen_in"].is_array() ? item["seen_in"] : nlohmann::json::array()) {
      if (seen.is_string()) gpu.seen_in.push_back(seen.get<std::string>());
    }
    Sighting s{have_sysfs ? "sysfs" : "paste"};
    if (!gpu.seen_in.empty()) s.source = gpu.seen_in.front();
    s.gfx = Field(item, "gfx");
    s.name = Field(item, "marketing_name");
    s.device_id = Field(item, "device_id");
    s.bdf = ToLower(Field(item, "pci_bdf"));
    s.isa = Field(item, "isa");
    Enrich(gpu, s);
    gpus.push_back(std::move(gpu));
  }
  bool may_add = !have_sysfs || gpus.empty();
  static const gpu_sightings::Listing kListings[] = {
      {"rocminfo.gpu_agents", "rocminfo", "name", "marketing_name", "", nullptr, true},
      {"amd_smi.gpus", "amd-smi", "gfx", "marketing_name", "device_id", "pci_bdf", false},
      {"smi.devices", "rocm-smi", "gfx", "card_series", "device_id", nullptr, false},
      {"collect_env.gpus", "collect_env", "gfx", "marketing_name", "", nullptr, false},
      {"llm_runtime.gpus", "llm-log", "gfx", "marketing_name", "", nullptr, true},
      {"clinfo.devices", "clinfo", "gfx", "marketing_name", "", nullptr, false},
  };
  for (const auto& source : kListings) {
    auto list = gpu_sightings::FromArray(facts, source);
    for (auto& s : list) {
      // rocm-smi lists a device id and a code name ("Navi 22"): the PCI table gives its gfx.
      if (s.gfx.empty() && !s.device_id.empty()) {
        if (auto model = pci.Find(s.device_id)) s.gfx = model->gfx;
      }
      // llama.cpp's "Device 1: AMD Radeon 780M, compute capability 11.0": the name gives it.
      if (const auto* product = s.gfx.empty() && !s.name.empty() ? pci.names().Find(s.name) : nullptr) s.gfx = product->gfx;
    }
    gpu_sightings::SeparateOverride(list, override_gfx, pci);
    if (override_gfx.empty()) gpu_sightings::SeparateHiddenOverride(list, pci);
    MergeListing(gpus, list, may_add);
  }
  // Bare mentions only name GPUs when no listing did (prose also names other people's GPUs).
  auto text = gpu_sightings::TextSightings(facts, pci);
  gpu_sightings::DropCpuNamedUnlessAlone(text, FactFlag(facts, "log.invalid_device_function") ||
                                                    FactFlag(facts, "log.no_binary_for_gpu") ||
                                                    FactFlag(facts, "log.tensile_missing"));
  gpu_sightings::FoldOverrideTarget(text, override_gfx);
  MergeListing(gpus, text, gpus.empty());
  FillFromPciMention(gpus, text);
  FillAddress(gpus, facts);

  for (size_t i = 0; i < gpus.size(); ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    WriteIdentity(facts, at, gpus[i], pci);
    WriteLookups(facts, at, table);
    WriteLabel(facts, at);  // after the lookups: it names the family
  }
  if (!gpus.empty() || have_sysfs) WriteCounts(facts, gpus.size());
  DeriveNvidiaProbed(facts, gpus.size());
}

}  // namespace rd
