// GPUs section, part 1: every AMD GPU from the lowest layers up (KFD topology, PCI sysfs) named
// through rules/data/gpus.toml, so "which GPU, which gfx" has an answer when ROCm is broken.
// pitfalls.md #1-#6 (gfx classes), #22 (iGPU beside dGPU), #29 (large BAR).
#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/gpu_sysfs.h"
#include "parsers/gpu_table.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kGpuFacts = {
    {"gpus", "array", "Every AMD GPU found in KFD topology and/or PCI sysfs"},
    {"gpus.source", "string", "kfd+pci, kfd or pci: which layers list it"},
    {"gpus.in_kfd", "bool", "KFD (the compute driver) lists it"},
    {"gpus.kfd_node", "int", "KFD topology node number (rocminfo's Node)"},
    {"gpus.gfx", "string", "LLVM target (gfx1030), from KFD gfx_target_version or the PCI id table"},
    {"gpus.kfd_cpu_cores", "int", "KFD cpu_cores_count of the node (> 0: an APU merged into one node by older kernels)"},
    {"gpus.gfx_source", "string", "Where gfx came from: kfd or pci-table"},
    {"gpus.gfx_target_version", "int", "KFD gfx_target_version (100300)"},
    {"gpus.override_gfx", "string", "The target HSA_OVERRIDE_GFX_VERSION makes the runtime report"},
    {"gpus.pci_bdf", "string", "PCI address 0000:03:00.0"},
    {"gpus.pci_id", "string", "vendor:device (1002:73df)"},
    {"gpus.vendor_id", "string", "PCI vendor id"},
    {"gpus.device_id", "string", "PCI device id (0x73df)"},
    {"gpus.subsystem", "string", "PCI subsystem vendor:device (board maker)"},
    {"gpus.simd_count", "int", "SIMDs (KFD)"},
    {"gpus.cu_count", "int", "Compute units: simd_count / simd_per_cu"},
    {"gpus.render_minor", "int", "DRM render minor (/dev/dri/renderD<minor>)"},
    {"gpus.vram_bytes", "int", "Local memory from KFD mem_banks"},
    {"gpus.link_speed", "number", "Current PCIe link speed, GT/s"},
    {"gpus.link_width", "int", "Current PCIe link width"},
    {"gpus.max_link_speed", "number", "Maximum PCIe link speed, GT/s"},
    {"gpus.max_link_width", "int", "Maximum PCIe link width"},
    {"gpus.link_gen", "int", "PCIe generation of the current link"},
    {"gpus.link_width_degraded", "bool", "The link runs narrower than the device supports"},
    {"gpus.bar_bytes", "int", "Largest prefetchable BAR (CPU-visible VRAM window)"},
    {"gpus.large_bar", "bool", "The BAR covers all VRAM (or more than 256 MiB when VRAM is unknown)"},
    {"gpus.driver", "string", "Kernel driver bound to the PCI function (amdgpu, vfio-pci, …); none when unbound"},
    {"gpus.boot_vga", "bool", "The firmware used it as the boot display"},
    {"gpus.firmware_files", "int", "Blobs with that prefix found under /lib/firmware/amdgpu"},
    {"gpus.problem", "string", "A sysfs file of this GPU that was unreadable or garbage"},
    {"gpu.kfd_present", "bool", "/sys/class/kfd/kfd/topology exists (the KFD driver is up)"},
    {"gpu.kfd_gpu_count", "int", "GPU nodes in the KFD topology"},
    {"gpu.pci_count", "int", "AMD display functions on the PCI bus"},
    {"gpu.count", "int", "AMD GPUs found by any layer"},
    {"gpu.pci_not_in_kfd_count", "int", "AMD GPUs on PCI that KFD does not list"},
    {"gpu.sysfs_error", "string", "Why the KFD topology or the PCI device list could not be read"},
    {"gpu.kfd_unreadable_count", "int", "KFD topology nodes whose properties could not be read"},
    {"gpu.kfd_unreadable_first", "string", "Those files and why each could not be read (up to four, the rest counted)"},
    {"gpu.kfd_node_count", "int", "Numeric node directories in the KFD topology"},
    {"gpu.kfd_nodes_skipped", "int", "KFD nodes beyond the 256 that were read"},
    {"summary.gpu", "string", "One-line summary of the GPUs"},
};

struct GpuEntry {
  const KfdGpu* kfd = nullptr;
  const PciGpu* pci = nullptr;
};

std::vector<GpuEntry> Merge(const KfdView& kfd, const PciView& pci) {
  std::vector<GpuEntry> out;
  for (const auto& node : kfd.gpus) out.push_back({&node, nullptr});
  for (const auto& dev : pci.gpus) {
    bool matched = false;
    for (auto& entry : out) {
      if (entry.kfd && !entry.pci && entry.kfd->bdf == dev.bdf) entry.pci = &dev, matched = true;
    }
    if (!matched) out.push_back({nullptr, &dev});
  }
  return out;
}

void SetKfdFacts(Facts& facts, const std::string& at, const KfdGpu& gpu) {
  Evidence ev = FileEvidence(std::string(kKfdNodes) + "/" + std::to_string(gpu.node) + "/properties");
  facts.Set(at + ".kfd_node", gpu.node, ev);
  if (auto v = gpu.props.Get("gfx_target_version"); v && *v > 0) facts.Set(at + ".gfx_target_version", *v, ev);
  if (auto v = gpu.props.Get("simd_count")) facts.Set(at + ".simd_count", *v, ev);
  auto simd = gpu.props.Get("simd_count"), per_cu = gpu.props.Get("simd_per_cu");
  if (simd && per_cu && *per_cu > 0) facts.Set(at + ".cu_count", *simd / *per_cu, ev);
  if (auto v = gpu.props.Get("drm_render_minor"); v && *v < 1u << 20) facts.Set(at + ".render_minor", *v, ev);
  if (auto v = gpu.props.Get("vendor_id")) facts.Set(at + ".vendor_id", fmt::format("0x{:04x}", *v & 0xffff), ev);
  if (auto v = gpu.props.Get("device_id")) facts.Set(at + ".device_id", fmt::format("0x{:04x}", *v & 0xffff), ev);
  if (!gpu.bdf.empty()) facts.Set(at + ".pci_bdf", gpu.bdf, ev);
  if (gpu.vram_bytes) facts.Set(at + ".vram_bytes", *gpu.vram_bytes, FileEvidence(std::string(kKfdNodes) + "/" + std::to_string(gpu.node) + "/mem_banks"));
  if (!gpu.problem.empty()) facts.Set(at + ".problem", gpu.problem);
}

void SetPciFacts(Facts& facts, const std::string& at, const PciGpu& gpu, std::optional<uint64_t> vram) {
  std::string dir = std::string(kPciDevices) + "/" + gpu.bdf;
  Evidence ev = FileEvidence(dir);
  facts.Set(at + ".pci_bdf", gpu.bdf, ev);
  facts.Set(at + ".vendor_id", "0x1002", FileEvidence(dir + "/vendor"));
  if (!gpu.device_id.empty()) facts.Set(at + ".device_id", gpu.device_id, FileEvidence(dir + "/device"));
  if (!gpu.subsystem.empty()) facts.Set(at + ".subsystem", gpu.subsystem, ev);
  if (gpu.link_speed) {
    facts.Set(at + ".link_speed", *gpu.link_speed, FileEvidence(dir + "/current_link_speed"));
    if (int gen = PcieGeneration(*gpu.link_speed)) facts.Set(at + ".link_gen", gen);
  }
  if (gpu.max_link_speed) facts.Set(at + ".max_link_speed", *gpu.max_link_speed, FileEvidence(dir + "/max_link_speed"));
  if (gpu.link_width) facts.Set(at + ".link_width", *gpu.link_width, FileEvidence(dir + "/current_link_width"));
  if (gpu.max_link_width) facts.Set(at + ".max_link_width", *gpu.max_link_width, FileEvidence(dir + "/max_link_width"));
  if (gpu.link_width && gpu.max_link_width) facts.Set(at + ".link_width_degraded", *gpu.link_width < *gpu.max_link_width);
  facts.Set(at + ".driver", gpu.driver.empty() ? "none" : gpu.driver, FileEvidence(dir + "/driver"));
  facts.Set(at + ".boot_vga", gpu.boot_vga, FileEvidence(dir + "/boot_vga"));
  if (gpu.bar_bytes > 0) {
    facts.Set(at + ".bar_bytes", gpu.bar_bytes, FileEvidence(dir + "/resource"));
    // Without resizable BAR the window is 256 MiB; with it, it covers VRAM (pitfalls.md #29).
    bool large = vram ? gpu.bar_bytes >= *vram : gpu.bar_bytes > (256ull << 20);
    facts.Set(at + ".large_bar", large, FileEvidence(dir + "/resource", fmt::format("BAR {} MiB", gpu.bar_bytes >> 20)));
  }
}

// The identity sysfs gives: gfx from KFD's gfx_target_version, else from the PCI id table (a GPU
// KFD does not list). Names, class, family, override and APU are looked up by the derive stage
// (src/derive/gpus.cpp) for every route alike (issue 13).
void SetIdentityFacts(CollectContext& context, Facts& facts, const std::string& at, const GpuEntry& entry) {
  if (entry.kfd && entry.kfd->props.Get("cpu_cores_count")) facts.Set(at + ".kfd_cpu_cores", *entry.kfd->props.Get("cpu_cores_count"));
  if (entry.kfd && entry.kfd->props.Get("gfx_target_version")) {
    if (auto gfx = GfxNameFromTargetVersion(*entry.kfd->props.Get("gfx_target_version"))) {
      facts.Set(at + ".gfx", *gfx);
      facts.Set(at + ".gfx_source", "kfd");
      return;
    }
  }
  const auto& table = context.data.value("gpus", nlohmann::json::object());
  std::optional<PciModel> model;
  if (entry.pci && !entry.pci->device_id.empty()) model = LookupPciDevice(table, entry.pci->device_id);
  if (!model && entry.kfd && entry.kfd->props.Get("device_id")) {
    model = LookupPciDevice(table, fmt::format("0x{:04x}", *entry.kfd->props.Get("device_id") & 0xffff));
  }
  if (model && !model->gfx.empty()) {
    facts.Set(at + ".gfx", model->gfx);
    facts.Set(at + ".gfx_source", "pci-table");
  }
}

void SetFirmwareCounts(CollectContext& context, Facts& facts, size_t count) {
  const auto& table = context.data.value("gpus", nlohmann::json::object());
  std::optional<std::vector<std::string>> names;
  std::string error;
  for (size_t i = 0; i < count; ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    auto gfx = facts.Get(at + ".gfx");
    auto info = gfx.value && gfx.value->is_string() ? LookupGfx(table, gfx.value->get<std::string>()) : std::nullopt;
    if (!info || info->firmware.empty()) continue;
    if (!names && error.empty()) {
      auto listed = context.system.ListDir("/lib/firmware/amdgpu");
      if (listed) names = std::move(listed).value();
      else error = listed.error().message;
    }
    if (!names) {
      facts.MarkAbsent(at + ".firmware_files", error);
      continue;
    }
    int n = 0;
    for (const auto& name : *names) n += StartsWith(name, info->firmware + "_") ? 1 : 0;
    facts.Set(at + ".firmware_files", n, FileEvidence("/lib/firmware/amdgpu", info->firmware + "_*"));
  }
}

}  // namespace

void CollectGpus(CollectContext& context, Facts& facts) {
  KfdView kfd = ReadKfdTopology(context);
  PciView pci = ReadPciGpus(context);
  auto entries = Merge(kfd, pci);
  facts.Set("gpus", nlohmann::json::array());
  auto override_value = context.system.GetEnv("HSA_OVERRIDE_GFX_VERSION");
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string at = "gpus[" + std::to_string(i) + "]";
    const auto& e = entries[i];
    facts.Set(at + ".source", e.kfd && e.pci ? "kfd+pci" : e.kfd ? "kfd" : "pci");
    if (e.kfd || kfd.unreadable.empty()) facts.Set(at + ".in_kfd", e.kfd != nullptr);
    else facts.MarkAbsent(at + ".in_kfd", "KFD node(s) could not be read: " + kfd.unreadable.front());
    if (e.kfd) SetKfdFacts(facts, at, *e.kfd);
    if (e.pci) SetPciFacts(facts, at, *e.pci, e.kfd ? e.kfd->vram_bytes : std::nullopt);
    auto vendor = facts.Get(at + ".vendor_id"), device = facts.Get(at + ".device_id");
    if (vendor.value && device.value) {
      facts.Set(at + ".pci_id", vendor.value->get<std::string>().substr(2) + ":" + device.value->get<std::string>().substr(2));
    }
    SetIdentityFacts(context, facts, at, e);
    if (override_value) {
      if (auto gfx = GfxNameFromOverride(*override_value)) facts.Set(at + ".override_gfx", *gfx, {"env", "HSA_OVERRIDE_GFX_VERSION=" + Printable(*override_value, 20)});
    }
  }
  SetFirmwareCounts(context, facts, entries.size());
  SetGpuSummary(facts, entries.size(), kfd, pci);
}

Collector GpuCollector() { return {"gpu", "gpu", CollectGpus, &kGpuFacts}; }

}  // namespace rd
