// Which ROCm release's amdgpu-dkms builds against the kernel a paste or machine shows: the
// maintainers' answer to "amdgpu-dkms fails to build after a kernel update" is the first release
// whose module supports that kernel, or --no-dkms (ROCm/amdgpu#192, ROCm/legacy-rocm-build#5624).
// The table is data (rules/data/amdgpu_driver_versions.toml [[kernel]]); before, the steps were
// written into one rule's conditions and its fix text disagreed with the threads.
#include <algorithm>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "util/strings.h"
#include "util/version.h"

namespace rd {

namespace {

// Every digit run: "4.18.0-490.el8.x86_64" -> 4 18 0 490 8 86 64. Compared as a prefix, so the
// row "4.18.0-490" is not above it and "6.14" is not above "6.14.0-24-generic".
std::vector<long long> DigitRuns(std::string_view text) {
  std::vector<long long> out;
  long long value = -1;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      value = (value < 0 ? 0 : value) * 10 + (c - '0');
      if (value > 1000000000) value = 1000000000;
    } else if (value >= 0) {
      out.push_back(value);
      value = -1;
    }
    if (out.size() >= 8) break;
  }
  if (value >= 0 && out.size() < 8) out.push_back(value);
  return out;
}

bool NotAbove(const std::vector<long long>& row, const std::vector<long long>& kernel) {
  for (size_t i = 0; i < row.size(); ++i) {
    long long k = i < kernel.size() ? kernel[i] : 0;
    if (row[i] != k) return row[i] < k;
  }
  return true;
}

std::string ElFamily(const std::string& kernel) {
  for (const char* el : {"el7", "el8", "el9", "el10"}) {
    if (Contains(kernel, std::string(".") + el)) return el;
  }
  return "";
}

}  // namespace

void DeriveDkmsKernelSupport(Facts& facts, const nlohmann::json& data) {
  std::string kernel = FactText(facts, "dkms.kernel");
  if (kernel.empty()) kernel = FactText(facts, "kernel.release");
  if (kernel.empty() || kernel.size() > 128) return;
  const auto& rows = DataTable(data, "amdgpu_driver_versions").value("kernel", nlohmann::json::array());
  if (!rows.is_array()) return;
  std::string el = ElFamily(kernel);
  auto numbers = DigitRuns(kernel);
  const nlohmann::json* best = nullptr;
  std::vector<long long> best_series;
  for (const auto& row : rows) {
    if (Field(row, "el") != el || Field(row, "rocm").empty()) continue;
    auto series = DigitRuns(Field(row, "series"));
    if (series.empty() || !NotAbove(series, numbers)) continue;
    if (!best || NotAbove(best_series, series)) best = &row, best_series = series;
  }
  if (!best) return;
  Evidence ev{"rules/data/amdgpu_driver_versions.toml", "kernel " + Field(*best, "series") + ": " + Field(*best, "source")};
  std::string first = Field(*best, "rocm");
  facts.Set("kernel.dkms_kernel", kernel, ev);
  facts.Set("kernel.dkms_series", Field(*best, "series"), ev);
  facts.Set("kernel.dkms_first_rocm", first, ev);
  std::string release = FactText(facts, "rocm.release");
  auto have = ParseVersion(release), need = ParseVersion(first);
  if (!have || !need) return;
  // "6.4" (from the driver table) against "6.4.2": which 6.4 is not known, so neither verdict.
  bool coarser = have->release.size() < need->release.size() &&
                 std::equal(have->release.begin(), have->release.end(), need->release.begin());
  if (auto cmp = CompareVersions(release, first); cmp && !coarser) facts.Set("kernel.dkms_release_too_old", *cmp < 0, ev);
}

}  // namespace rd
