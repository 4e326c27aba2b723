#include "collectors/kpack_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "collectors/collect_util.h"
#include "collectors/device_code.h"
#include "parsers/kpack.h"
#include "parsers/offload_bundle.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxMarker = 64u << 10;
constexpr size_t kMaxWrappers = 1u << 20;
constexpr size_t kMaxArchives = 64;

std::string DirOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// "/opt/rocm/lib/../.kpack/x" -> "/opt/rocm/.kpack/x" (lexically: the marker's paths are relative
// to the directory the binary is in, as the loader joins them).
std::string Normalize(const std::string& base, const std::string& rel) {
  std::vector<std::string> parts;
  for (const auto& p : Split(StartsWith(rel, "/") ? rel : base + "/" + rel, '/')) {
    if (p.empty() || p == ".") continue;
    if (p == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(p);
  }
  return "/" + Join(parts, "/");
}

struct HostRead {
  HostKpack host;
};

HostRead ReadHost(CollectContext& context, const std::string& lib, const std::vector<ElfSection>& sections) {
  HostRead out;
  for (const auto& s : sections) {
    if (s.name == ".hipFatBinSegment") {
      auto bytes = context.system.ReadFileRange(lib, s.offset, std::min<uint64_t>(s.size, kMaxWrappers));
      if (bytes) out.host.wrappers = CountFatBinWrappers(*bytes);
    } else if (s.name == ".rocm_kpack_ref") {
      out.host.has_ref_section = true;
      auto bytes = context.system.ReadFileRange(lib, s.offset, std::min<uint64_t>(s.size, kMaxMarker));
      if (!bytes) {
        out.host.problems.push_back(bytes.error().message);
        continue;
      }
      auto ref = ParseKpackRef(*bytes, lib + " .rocm_kpack_ref");
      if (ref) out.host.ref = std::move(ref).value();
      else out.host.problems.push_back(ref.error().message);
    }
  }
  return out;
}

// The archives one search path names: a file, a directory of archives, or a @GFXARCH@ pattern
// matched against the file names in its directory; plus the archives a .kpm there lists.
void AddCandidates(CollectContext& context, const std::string& path, std::set<std::string>& out, KpackSource& source) {
  size_t token = path.find("@GFXARCH@");
  bool one_file = token != std::string::npos || EndsWith(path, ".kpack");
  std::string listed = one_file ? DirOf(path) : path;
  std::string base = one_file ? path.substr(path.rfind('/') + 1) : "";
  auto entries = context.system.ListDir(listed);
  if (!entries) {
    source.problems.push_back(entries.error().message);
    return;
  }
  size_t at = base.find("@GFXARCH@");
  std::string head = at == std::string::npos ? base : base.substr(0, at);
  std::string tail = at == std::string::npos ? "" : base.substr(at + 9);
  for (const auto& name : *entries) {
    bool take = !one_file ? EndsWith(name, ".kpack")
                : at == std::string::npos ? name == base
                : name.size() > head.size() + tail.size() && StartsWith(name, head) && EndsWith(name, tail);
    if (take) out.insert(listed + "/" + name);
    if (!EndsWith(name, ".kpm")) continue;
    // A manifest beside the archives lists them too (the .kpm route of docs/kpack-build-integration.md).
    auto bytes = context.system.ReadFile(listed + "/" + name, 1u << 20);
    if (!bytes) continue;
    auto manifest = ParseKpackManifest(*bytes, listed + "/" + name);
    if (!manifest) {
      source.problems.push_back(manifest.error().message);
      continue;
    }
    for (const auto& f : manifest->files) {
      if (f.file.find('/') == std::string::npos) out.insert(listed + "/" + f.file);
    }
  }
}

void ReadArchive(CollectContext& context, const std::string& path, KpackSource& source, std::set<std::string>& targets) {
  auto info = context.system.Stat(path);
  if (!info) return source.problems.push_back(info.error().message);
  auto head = context.system.ReadFileRange(path, 0, kKpackHeaderSize);
  if (!head) return source.problems.push_back(head.error().message);
  auto header = ParseKpackHeader(*head, info->size, path);
  if (!header) return source.problems.push_back(header.error().message);
  auto toc = context.system.ReadFileRange(path, header->toc_offset, info->size - header->toc_offset);
  if (!toc) return source.problems.push_back(toc.error().message);
  auto archive = ParseKpackToc(*toc, *header, path);
  if (!archive) return source.problems.push_back(archive.error().message);
  source.archives.push_back(path);
  for (const auto& t : KpackTargets(*archive)) targets.insert(t);
  for (const auto& p : archive->problems) source.problems.push_back(path + ": " + p);
}

}  // namespace

KpackSource ScanKpackSource(CollectContext& context, const std::string& lib) {
  auto sections = ReadElfSectionsByRange(context.system, lib);
  if (!sections) return {};
  return ScanKpackSource(context, lib, *sections);
}

KpackSource ScanKpackSource(CollectContext& context, const std::string& lib, const std::vector<ElfSection>& sections) {
  KpackSource source;
  HostRead read = ReadHost(context, lib, sections);
  if (!read.host.split()) return source;
  source.split = true;
  source.hipk_wrappers = read.host.wrappers.hipk;
  source.problems = read.host.problems;
  if (!read.host.ref) {
    if (source.problems.empty()) source.problems.push_back(lib + ": HIPK wrappers but no .rocm_kpack_ref marker");
    return source;
  }
  std::set<std::string> candidates;
  for (const auto& p : read.host.ref->search_paths) AddCandidates(context, Normalize(DirOf(lib), p), candidates, source);
  std::set<std::string> targets;
  size_t n = 0;
  for (const auto& path : candidates) {
    if (++n > kMaxArchives) {
      source.problems.push_back(fmt::format("more than {} archives; the rest not read", kMaxArchives));
      break;
    }
    ReadArchive(context, path, source, targets);
  }
  if (candidates.empty()) source.problems.push_back(lib + ": no kpack archive where .rocm_kpack_ref points (" + Join(read.host.ref->search_paths, ", ") + ")");
  std::set<std::string> gfx;
  for (const auto& t : targets) gfx.insert(GfxOfTargetId(t));
  source.targets.assign(targets.begin(), targets.end());
  source.gfx.assign(gfx.begin(), gfx.end());
  return source;
}

void SetKpackFacts(Facts& facts, const std::string& root, const std::string& lib, const KpackSource& source) {
  Evidence ev = FileEvidence(lib, fmt::format("{} HIPK wrappers, {} kpack archives", source.hipk_wrappers, source.archives.size()));
  facts.Set(root + ".host_lib", lib, ev);
  std::vector<std::string> archives;  // file names from a directory listing: any bytes
  for (const auto& a : source.archives) archives.push_back(Printable(a, 1000));
  facts.Set(root + ".archives", archives, ev);
  facts.Set(root + ".gfx_targets", source.gfx, ev);
  facts.Set(root + ".code_objects", source.targets, ev);
  std::vector<std::string> problems;
  for (const auto& p : source.problems) problems.push_back(Printable(p, 400));
  facts.Set(root + ".problems", problems, ev);
}

}  // namespace rd
