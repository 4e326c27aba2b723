// Device access section: can *this* process open /dev/kfd and the render nodes, and if not, why.
// pitfalls.md #14 (render/video group, re-login), #15 (container without device nodes),
// #16 (render GID unknown inside the container), #34 (memlock is in the platform collector).
#include <unistd.h>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kAccessFacts = {
    {"identity.uid", "int", "Real user id of this process"},
    {"identity.euid", "int", "Effective user id"},
    {"identity.user_name", "string", "User name (redacted in shared reports)"},
    {"identity.is_root", "bool", "Effective uid 0"},
    {"identity.groups", "array", "Groups of this process: {gid, name}; name missing when the GID has no name"},
    {"devices.kfd.exists", "bool", "/dev/kfd exists"},
    {"devices.kfd.is_char_device", "bool", "/dev/kfd is a character device"},
    {"devices.kfd.gid", "int", "Owning group id of /dev/kfd"},
    {"devices.kfd.group", "string", "Name of that group here (missing: the GID has no name)"},
    {"devices.kfd.mode", "string", "Permission bits (0660)"},
    {"devices.kfd.accessible", "bool", "This process may open /dev/kfd read-write (access(2))"},
    {"devices.kfd.in_group", "bool", "This process has the owning group of /dev/kfd"},
    {"devices.kfd.group_listed_not_active", "bool", "The group database lists the user in that group, the process lacks it (log in again)"},
    {"devices.render", "array", "/dev/dri/renderD* nodes"},
    {"devices.render.path", "string", "/dev/dri/renderD128"},
    {"devices.render.gid", "int", "Owning group id"},
    {"devices.render.group", "string", "Group name (missing when unnamed)"},
    {"devices.render.mode", "string", "Permission bits"},
    {"devices.render.accessible", "bool", "This process may open it read-write"},
    {"devices.render_count", "int", "Render nodes present"},
    {"devices.render_accessible_count", "int", "Render nodes this process may open read-write"},
    {"devices.dri_listed", "bool", "/dev/dri could be listed"},
    {"devices.unnamed_gids", "array", "Owning GIDs of GPU nodes with no name in this group database"},
    {"devices.container_flags", "string", "docker/podman flags that pass these GPUs with the right groups"},
    {"summary.access", "string", "One-line summary of device access"},
};

struct NodeAccess {
  bool exists = false;
  FileInfo info;
  std::optional<bool> accessible;
  std::string group;  // empty: no name
};

NodeAccess Examine(CollectContext& context, const std::string& path) {
  NodeAccess node;
  auto info = context.system.Stat(path);
  if (!info) return node;
  node.exists = true;
  node.info = *info;
  if (auto ok = context.system.Access(path, R_OK | W_OK)) node.accessible = *ok;
  if (auto group = context.system.LookupGroup(info->gid)) node.group = Printable(group->name, 64);
  return node;
}

void SetNode(Facts& facts, const std::string& at, const std::string& path, const NodeAccess& node) {
  Evidence ev{"stat:" + path, fmt::format("{} gid {} mode {:04o}", FileTypeName(node.info.type), node.info.gid, node.info.mode)};
  facts.Set(at + ".gid", node.info.gid, ev);
  if (!node.group.empty()) facts.Set(at + ".group", node.group, ev);
  facts.Set(at + ".mode", fmt::format("{:04o}", node.info.mode), ev);
  if (node.accessible) facts.Set(at + ".accessible", *node.accessible, {"access:" + path, "R_OK|W_OK"});
  else facts.MarkAbsent(at + ".accessible", path + ": access(2) could not be checked");
}

void CollectIdentity(CollectContext& context, Facts& facts, const Identity& id) {
  facts.Set("identity.uid", id.uid, {"getuid", ""});
  facts.Set("identity.euid", id.euid, {"geteuid", ""});
  facts.Set("identity.is_root", id.euid == 0);
  if (!id.user_name.empty()) facts.Set("identity.user_name", Printable(id.user_name, 64));
  nlohmann::json groups = nlohmann::json::array();
  std::set<uint32_t> all(id.groups.begin(), id.groups.end());
  all.insert(id.gid);
  for (uint32_t gid : all) {
    nlohmann::json g = {{"gid", gid}};
    if (auto entry = context.system.LookupGroup(gid)) g["name"] = Printable(entry->name, 64);
    groups.push_back(g);
  }
  facts.Set("identity.groups", groups, {"getgroups", ""});
}

bool HasGroup(const Identity& id, uint32_t gid) {
  return id.gid == gid || std::count(id.groups.begin(), id.groups.end(), gid) > 0;
}

void CollectKfd(CollectContext& context, Facts& facts, const Identity& id, std::set<uint32_t>& gids) {
  NodeAccess kfd = Examine(context, "/dev/kfd");
  auto exists = PathExists(context, "/dev/kfd");
  if (!exists) {
    facts.MarkAbsent("devices.kfd", "/dev/kfd: cannot be checked");
    return;
  }
  facts.Set("devices.kfd.exists", *exists, {"stat:/dev/kfd", *exists ? "" : "No such file or directory"});
  if (!kfd.exists) return;
  facts.Set("devices.kfd.is_char_device", kfd.info.type == FileType::CharDevice);
  SetNode(facts, "devices.kfd", "/dev/kfd", kfd);
  gids.insert(kfd.info.gid);
  bool in_group = HasGroup(id, kfd.info.gid);
  facts.Set("devices.kfd.in_group", in_group, {"getgroups", fmt::format("kfd gid {}", kfd.info.gid)});
  bool listed = false;
  if (auto entry = context.system.LookupGroup(kfd.info.gid); entry && !id.user_name.empty()) {
    listed = std::count(entry->members.begin(), entry->members.end(), id.user_name) > 0;
  }
  facts.Set("devices.kfd.group_listed_not_active", listed && !in_group, {"group database", kfd.group});
}

void CollectRender(CollectContext& context, Facts& facts, std::set<uint32_t>& gids) {
  auto names = context.system.ListDir("/dev/dri");
  facts.Set("devices.dri_listed", names.ok(), {"readdir:/dev/dri", names ? "" : names.error().message});
  facts.Set("devices.render", nlohmann::json::array());
  int count = 0, accessible = 0;
  for (const auto& name : names.value_or({})) {
    if (!StartsWith(name, "renderD") || count >= 64) continue;
    std::string path = "/dev/dri/" + name;
    NodeAccess node = Examine(context, path);
    if (!node.exists) continue;
    std::string at = "devices.render[" + std::to_string(count++) + "]";
    facts.Set(at + ".path", Printable(path, 64));
    SetNode(facts, at, path, node);
    gids.insert(node.info.gid);
    accessible += node.accessible.value_or(false) ? 1 : 0;
  }
  facts.Set("devices.render_count", count, {"readdir:/dev/dri", ""});
  facts.Set("devices.render_accessible_count", accessible);
}

// pitfalls.md #16: pass GIDs by number; a name may not exist (or mean another GID) in the image.
std::string ContainerFlags(const Facts& facts, const std::set<uint32_t>& gids) {
  std::string flags = "--device=/dev/kfd --device=/dev/dri";
  for (uint32_t gid : gids) {
    if (gid != 0) flags += fmt::format(" --group-add {}", gid);
  }
  auto kfd = facts.Get("devices.kfd.exists");
  if (gids.empty() || !(kfd.value && kfd.value->get<bool>())) flags += " --group-add video --group-add render";
  return flags;
}

std::string Summary(const Facts& facts) {
  auto exists = facts.Get("devices.kfd.exists");
  if (!exists.value) return "/dev/kfd state unknown";
  if (!exists.value->get<bool>()) return "no /dev/kfd";
  auto ok = facts.Get("devices.kfd.accessible");
  auto render = facts.Get("devices.render_accessible_count");
  return fmt::format("/dev/kfd {}, {} render node(s) usable", ok.value && ok.value->get<bool>() ? "usable" : "NOT usable",
                     render.value ? render.value->dump() : "?");
}

void CollectAccess(CollectContext& context, Facts& facts) {
  Identity id = context.system.GetIdentity();
  CollectIdentity(context, facts, id);
  std::set<uint32_t> gids;
  CollectKfd(context, facts, id, gids);
  CollectRender(context, facts, gids);
  nlohmann::json unnamed = nlohmann::json::array();
  for (uint32_t gid : gids) {
    if (!context.system.LookupGroup(gid)) unnamed.push_back(gid);
  }
  facts.Set("devices.unnamed_gids", unnamed, {"group database", ""});
  facts.Set("devices.container_flags", ContainerFlags(facts, gids));
  facts.Set("summary.access", Summary(facts));
}

}  // namespace

Collector AccessCollector() { return {"access", "access", CollectAccess, &kAccessFacts}; }

}  // namespace rd
