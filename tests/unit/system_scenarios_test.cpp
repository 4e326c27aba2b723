// Replay scenarios of the system and environment sections (tests/fixtures/<scenario>/).
#include <gtest/gtest.h>

#include "scenario.h"

namespace rd::testing {
namespace {

TEST(SystemScenarios, Debian13HostWarnsAboutAmdPackages) {
  Report report = ReplayScenario("debian13-host");
  EXPECT_EQ(FactText(report, "os.id"), "debian");
  EXPECT_EQ(FactText(report, "os.version_id"), "13");
  EXPECT_EQ(FactText(report, "container.kind"), "none");
  EXPECT_EQ(FactText(report, "virt.kind"), "none");
  EXPECT_EQ(FactText(report, "libc.version"), "2.41");
  EXPECT_EQ(FindingIds(report), (std::set<std::string>{"distro.unsupported-debian13-deps"}));
}

}  // namespace
}  // namespace rd::testing
