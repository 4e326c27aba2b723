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
#include "parsers/gfx_names.h"
#include "parsers/gpu_table.h"
#include "parsers/kfd_topology.h"
#include "derive/pci_lookup.h"
#include "parsers/product_names.h"
#include "util/strings.h"

namespace rd {

namespace {

struct Sighting {
  std::string source;  ///< sysfs, rocminfo, amd-smi, rocm-smi, collect_env, llm-log, text
  std::string gfx, name, device_id, bdf, isa;
  std::string runtime_gfx;  ///< what the runtime reported when an override renamed the target
  Evidence evidence;        ///< the line or file that showed it
};

struct Gpu {
  Sighting identity;
  std::vector<std::string> seen_in;
  std::set<std::string> matched_by;  ///< sources already merged into this entry
  bool from_sysfs = false;
};

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

std::vector<Sighting> FromArray(const Facts& facts, const char* path, const char* source, const char* gfx_key,
                                const char* name_key, const char* device_key, const char* bdf_key) {
  std::vector<Sighting> out;
  size_t index = 0;
  for (const auto& item : FactArray(facts, path)) {
    std::string at = std::string(path) + "[" + std::to_string(index++) + "]";
    if (!item.is_object()) continue;
    Sighting s{source};
    s.evidence = EvidenceOf(facts, at + "." + gfx_key);
    s.gfx = GfxOf(Field(item, gfx_key));
    s.name = Field(item, name_key);
    s.device_id = DeviceIdOf(Field(item, device_key));
    if (bdf_key) s.bdf = ToLower(Field(item, bdf_key));
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

// One GPU and one GPU address in the paste ("amdgpu 0000:c4:00.0: amdgpu: [gfxhub] page fault"):
// that address is this GPU's (ROCm/ROCm#5616). Two of either and nothing is guessed. Where
// nothing else names a GPU, each address on amdgpu's own lines is one: the driver bound a device
// there, even if the paste never says which (a dmesg tail of page faults or ring timeouts).
void FillAddress(std::vector<Gpu>& gpus, const Facts& facts) {
  auto addresses = DeviceAddresses(facts);
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
  struct Source {
    const char *path, *name, *gfx, *marketing, *device, *bdf;
  };
  static const Source kListings[] = {
      {"rocminfo.gpu_agents", "rocminfo", "name", "marketing_name", "", nullptr},
      {"amd_smi.gpus", "amd-smi", "gfx", "marketing_name", "device_id", "pci_bdf"},
      {"smi.devices", "rocm-smi", "gfx", "card_series", "device_id", nullptr},
      {"collect_env.gpus", "collect_env", "gfx", "marketing_name", "", nullptr},
      {"llm_runtime.gpus", "llm-log", "gfx", "marketing_name", "", nullptr},
      {"clinfo.devices", "clinfo", "gfx", "marketing_name", "", nullptr},
  };
  for (const auto& source : kListings) {
    auto list = FromArray(facts, source.path, source.name, source.gfx, source.marketing, source.device, source.bdf);
    for (auto& s : list) {
      // rocm-smi lists a device id and a code name ("Navi 22"): the PCI table gives its gfx.
      if (s.gfx.empty() && !s.device_id.empty()) {
        if (auto model = pci.Find(s.device_id)) s.gfx = model->gfx;
      }
    }
    SeparateOverride(list, override_gfx, pci);
    if (override_gfx.empty()) SeparateHiddenOverride(list, pci);
    MergeListing(gpus, list, may_add);
  }
  // Bare mentions only name GPUs when no listing did (prose also names other people's GPUs).
  auto text = TextSightings(facts, pci);
  FoldOverrideTarget(text, override_gfx);
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
