#include "core/fact_catalog.h"

#include <algorithm>

#include "core/fact_path.h"

namespace rd {

namespace {

bool IsPattern(const std::string& path) { return path.size() > 2 && path.compare(path.size() - 2, 2, ".*") == 0; }

// "env.*" admits "env.X" and "env.X.Y" (any key below env).
bool PatternAdmits(const std::string& pattern, const std::string& generic) {
  return IsPattern(pattern) && generic.size() > pattern.size() - 1 &&
         generic.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
}

}  // namespace

const std::vector<std::string>& FactTypes() {
  static const std::vector<std::string> types = {"string", "int", "bool", "number", "array", "object"};
  return types;
}

const std::vector<std::string>& FactUnits() {
  static const std::vector<std::string> units = {"bytes", "MiB", "GT/s", "GB/s", "ms", "W", "°C", "%", "cores"};
  return units;
}

const FactEntry* FactCatalog::Find(const std::string& path) const {
  std::string generic = GenericFactPath(path);
  auto it = std::lower_bound(entries.begin(), entries.end(), generic,
                             [](const FactEntry& e, const std::string& p) { return e.path < p; });
  if (it != entries.end() && it->path == generic) return &*it;
  const FactEntry* best = nullptr;  // the longest pattern that admits it
  for (const auto& entry : entries) {
    if (PatternAdmits(entry.path, generic) && (!best || entry.path.size() > best->path.size())) best = &entry;
  }
  return best;
}

bool FactCatalog::IsKnown(const std::string& path) const { return !TypeOf(path).empty(); }

std::string FactCatalog::TypeOf(const std::string& path) const {
  if (const FactEntry* entry = Find(path)) return entry->type;
  std::string prefix = GenericFactPath(path) + ".";
  auto it = std::lower_bound(entries.begin(), entries.end(), prefix,
                             [](const FactEntry& e, const std::string& p) { return e.path < p; });
  if (it != entries.end() && it->path.compare(0, prefix.size(), prefix) == 0) return "object";
  return "";
}

void FactCatalog::Put(FactEntry entry) {
  auto it = std::lower_bound(entries.begin(), entries.end(), entry.path,
                             [](const FactEntry& e, const std::string& p) { return e.path < p; });
  if (it != entries.end() && it->path == entry.path) *it = std::move(entry);
  else entries.insert(it, std::move(entry));
}

}  // namespace rd
