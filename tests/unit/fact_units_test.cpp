// One fact name = one unit (issue 13): a unit suffix in a fact's name is the catalog's unit, no
// fact is named in a unit the catalog does not use (KB, MT/s), and the sources that report the
// same quantity (sysfs, rocm_smi, rocminfo, amd-smi) report it in the same unit and form.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "parsers/rocminfo.h"
#include "scenario.h"
#include "test_catalog.h"
#include "triage_helpers.h"
#include "util/strings.h"

namespace rd {
namespace {

using testing::FactText;

TEST(FactUnits, AUnitSuffixIsTheCatalogsUnit) {
  const std::map<std::string, std::string> suffixes = {{"_bytes", "bytes"}, {"_mib", "MiB"}, {"_ms", "ms"}, {"_w", "W"},
                                                       {"_c", "°C"}, {"_percent", "%"}, {"_pct", "%"}, {"_gbps", "GB/s"}};
  RuleDatabase db = CatalogOnly();
  for (const auto& entry : db.catalog.entries) {
    std::string leaf = entry.path.substr(entry.path.rfind('.') + 1);
    for (const auto& [suffix, unit] : suffixes) {
      if (EndsWith(leaf, suffix)) EXPECT_EQ(entry.unit, unit) << entry.path << " (rules/facts.toml:" << entry.line << ")";
    }
    for (const char* other : {"_kb", "_kib", "_mb", "_mts", "_sec"}) {
      EXPECT_FALSE(EndsWith(leaf, other)) << entry.path << ": a unit the catalog does not use";
    }
    if (leaf == "link_speed" || leaf == "max_link_speed") EXPECT_EQ(entry.unit, "GT/s") << entry.path;
  }
}

TEST(FactUnits, SysfsAndRocmSmiAndRocminfoAgreeOnTheMi300x) {
  Report report = testing::ReplayScenario("mi300x-healthy");
  // PCIe speed: sysfs says "32.0 GT/s PCIe", rocm_smi_lib 32000 MT/s; both facts are GT/s.
  ASSERT_FALSE(FactText(report, "smi.devices[0].link_speed").empty());
  EXPECT_EQ(std::stod(FactText(report, "smi.devices[0].link_speed")), 32.0);
  EXPECT_EQ(std::stod(FactText(report, "gpus[0].link_speed")), 32.0);
  // PCI address: rocm_smi_lib's BDFID 1280 is the sysfs address.
  EXPECT_EQ(FactText(report, "smi.devices[0].pci_bdf"), "0000:05:00.0");
  bool listed = false;
  for (size_t i = 0; i < 8; ++i) listed = listed || FactText(report, "gpus[" + std::to_string(i) + "].pci_bdf") == "0000:05:00.0";
  EXPECT_TRUE(listed);
  // Memory: rocminfo prints KB, the fact is bytes like gpus.vram_bytes and smi vram_total_bytes.
  std::string pool = FactText(report, "rocminfo.gpu_agents[0].pool_bytes");
  ASSERT_FALSE(pool.empty());
  EXPECT_EQ(std::stoll(pool) % 1024, 0);
  EXPECT_GT(std::stoll(pool), 100LL << 30);  // an MI300X has 192 GiB
}

TEST(FactUnits, RocminfoPoolKbBecomesBytes) {
  const std::string agent =
      "*******\nAgent 2\n*******\n  Name:                    gfx1030\n  Device Type:             GPU\n"
      "  Pool Info:\n    Pool 1\n      Segment:                 GLOBAL; FLAGS: COARSE GRAINED\n"
      "      Size:                    ";
  RocminfoReport r = ParseRocminfo(agent + "16760832(0xffc000) KB\n");
  ASSERT_EQ(r.agents.size(), 1u);
  EXPECT_EQ(r.agents[0].global_pool_bytes, 16760832LL * 1024);
  EXPECT_FALSE(ParseRocminfo(agent + "99999999999999999 KB\n").agents[0].global_pool_bytes);  // would overflow
}

}  // namespace
}  // namespace rd
