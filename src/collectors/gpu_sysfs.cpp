// pitfalls.md #25: KFD and PCI sysfs answer "which GPU" even when rocminfo/amd-smi cannot start.
#include "collectors/gpu_sysfs.h"

#include <algorithm>
#include <climits>
#include <cstdint>

#include <fmt/format.h>

#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxEntries = kMaxKfdNodes;  // PCI functions looked at: 4 × this
constexpr size_t kMaxAttrBytes = 64 * 1024;

std::string fmt_hex(uint32_t v) { return fmt::format("0x{:04x}", v); }

std::string Attr(CollectContext& context, const std::string& path, std::string* problem = nullptr) {
  auto text = context.system.ReadFile(path, kMaxAttrBytes);
  if (text) return std::string(Trim(*text));
  if (problem && problem->empty() && text.error().kind != ErrorKind::NotFound) *problem = text.error().message;
  return "";
}

std::optional<uint64_t> VramOfNode(CollectContext& context, const std::string& node_dir) {
  auto banks = context.system.ListDir(node_dir + "/mem_banks");
  if (!banks) return std::nullopt;
  uint64_t total = 0;
  bool any = false;
  for (size_t i = 0; i < banks->size() && i < 16; ++i) {
    auto text = context.system.ReadFile(node_dir + "/mem_banks/" + (*banks)[i] + "/properties", kMaxAttrBytes);
    if (!text) continue;
    auto props = ParseKfdProperties(*text);
    auto heap = props.Get("heap_type");
    // HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC = 1, _PRIVATE = 2 (kfd_crat.h); 0 is system memory.
    if (heap && (*heap == 1 || *heap == 2) && props.Get("size_in_bytes")) {
      // Saturates: two hostile 2^63 banks must not wrap to 0 (m2).
      uint64_t bank = *props.Get("size_in_bytes");
      total = bank > UINT64_MAX - total ? UINT64_MAX : total + bank;
      any = true;
    }
  }
  if (!any) return std::nullopt;
  return total;
}

}  // namespace

KfdView ReadKfdTopology(CollectContext& context) {
  KfdView view;
  auto nodes = context.system.ListDir(kKfdNodes);
  if (!nodes) {
    if (nodes.error().kind != ErrorKind::NotFound) view.error = nodes.error().message;
    return view;
  }
  view.present = true;
  // Numeric order: listing order is arbitrary and a lexical sort puts node 10 before node 2, so
  // a cap must not drop real nodes (m1).
  std::vector<long long> ids;
  for (const auto& name : *nodes) {
    if (auto id = ParseInt(name); id && *id >= 0 && *id <= 1000000 && std::to_string(*id) == name) ids.push_back(*id);
  }
  std::sort(ids.begin(), ids.end());
  view.nodes_listed = ids.size();
  if (ids.size() > kMaxKfdNodes) {
    view.nodes_skipped = ids.size() - kMaxKfdNodes;
    ids.resize(kMaxKfdNodes);
  }
  for (long long id : ids) {
    std::string dir = std::string(kKfdNodes) + "/" + std::to_string(id);
    auto text = context.system.ReadFile(dir + "/properties", kMaxAttrBytes);
    if (!text) {
      if (text.error().kind != ErrorKind::NotFound) view.unreadable.push_back(text.error().message);
      continue;
    }
    KfdGpu gpu;
    gpu.node = static_cast<int>(id);
    gpu.props = ParseKfdProperties(*text);
    if (gpu.props.Get("simd_count").value_or(0) == 0) continue;  // a CPU node
    if (gpu.props.bad_lines > 0) gpu.problem = dir + "/properties: " + std::to_string(gpu.props.bad_lines) + " malformed lines ignored";
    if (auto location = gpu.props.Get("location_id")) gpu.bdf = BdfFromLocation(gpu.props.Get("domain").value_or(0), *location);
    gpu.vram_bytes = VramOfNode(context, dir);
    view.gpus.push_back(std::move(gpu));
  }
  return view;
}

PciView ReadPciGpus(CollectContext& context) {
  PciView view;
  auto entries = context.system.ListDir(kPciDevices);
  if (!entries) {
    view.error = entries.error().message;
    view.missing = entries.error().kind == ErrorKind::NotFound;
    return view;
  }
  view.listed = true;
  for (size_t i = 0; i < entries->size() && i < 4 * kMaxEntries; ++i) {
    std::string dir = std::string(kPciDevices) + "/" + (*entries)[i];
    if (ParseSysfsHex(Attr(context, dir + "/vendor")) != 0x1002u) continue;
    auto klass = ParseSysfsHex(Attr(context, dir + "/class"));
    // Display controllers (0x03) and processing accelerators (0x12: MI300-class); the GPU's
    // HD-audio function shares the vendor and is skipped.
    if (!klass || ((*klass >> 16) != 0x03 && (*klass >> 16) != 0x12)) continue;
    PciGpu gpu;
    gpu.bdf = Printable((*entries)[i], 32);
    gpu.class_code = *klass;
    if (auto device = ParseSysfsHex(Attr(context, dir + "/device"))) gpu.device_id = fmt_hex(*device);
    auto sv = ParseSysfsHex(Attr(context, dir + "/subsystem_vendor")), sd = ParseSysfsHex(Attr(context, dir + "/subsystem_device"));
    if (sv && sd) gpu.subsystem = fmt_hex(*sv).substr(2) + ":" + fmt_hex(*sd).substr(2);
    gpu.link_speed = ParseLinkSpeed(Attr(context, dir + "/current_link_speed"));
    gpu.max_link_speed = ParseLinkSpeed(Attr(context, dir + "/max_link_speed"));
    if (auto w = ParseInt(Attr(context, dir + "/current_link_width")); w && *w > 0 && *w <= 32) gpu.link_width = static_cast<int>(*w);
    if (auto w = ParseInt(Attr(context, dir + "/max_link_width")); w && *w > 0 && *w <= 32) gpu.max_link_width = static_cast<int>(*w);
    gpu.bar_bytes = LargestPrefetchableBar(ParsePciResource(Attr(context, dir + "/resource")));
    gpu.boot_vga = Attr(context, dir + "/boot_vga") == "1";
    // A real binding points into .../bus/pci/drivers/<name>; anything else (a loop) is no driver.
    if (auto link = context.system.ReadLink(dir + "/driver"); link && link->find("/drivers/") != std::string::npos) {
      auto parts = Split(*link, '/');
      gpu.driver = parts.empty() ? "" : Printable(parts.back(), 40);
    }
    view.gpus.push_back(std::move(gpu));
  }
  return view;
}

}  // namespace rd
