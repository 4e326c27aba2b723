// triage of real pasted rocminfo / rocm-smi texts (tests/fixtures/triage-pastes/README.md cites
// each source). Partial pastes must leave counts absent so that no rule fires on half a paste.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/check_command.h"
#include "engine/rule_loader.h"
#include "report/report.h"
#include "scenario.h"
#include "triage/triage.h"

namespace rd::testing {
namespace {

Report TriagePaste(const std::string& name, Facts* out = nullptr) {
  std::ifstream in(FixturePath("triage-pastes/" + name), std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream text;
  text << in.rdbuf();
  auto pieces = SplitPaste(text.str(), name);
  Facts facts = TriageFacts(pieces);
  if (out) *out = facts;
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  return EvaluateReport(std::move(facts), {}, db, {});
}

TEST(GpuTriage, PartialRocminfoKeepsCountsAbsent) {
  Report r = TriagePaste("rocminfo-gfx1031-partial.txt");
  EXPECT_EQ(FactText(r, "triage.pieces[0].kind"), "rocminfo");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].name"), "gfx1031");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].marketing_name"), "AMD Radeon RX 6700 XT");
  EXPECT_EQ(FactText(r, "rocminfo.complete"), "false");
  EXPECT_EQ(r.facts.Get("rocminfo.gpu_agent_count").state, FactState::NotPresent);
  // The derive stage names the GPU from the pasted agent, so the arch rule fires as it does live
  // (issue 13: this paste used to print "[✓] GPUs and driver" while the live check gave the fix).
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1031");
  EXPECT_EQ(FactText(r, "gpus[0].arch_class"), "rdna2-consumer");
  EXPECT_EQ(FactText(r, "gpus[0].seen_in"), "rocminfo, text");
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"arch.rdna2-consumer-unsupported"}));
}

TEST(GpuTriage, SingleAgentBlock) {
  Report r = TriagePaste("rocminfo-gfx1032-agent.txt");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].name"), "gfx1032");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].node"), "1");
  EXPECT_EQ(FactText(r, "rocminfo.gpu_agents[0].compute_units"), "28");
  EXPECT_EQ(FactText(r, "gpus[0].gfx"), "gfx1032");
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"arch.rdna2-consumer-unsupported"}));
}

TEST(GpuTriage, OutOfResourcesIsDecoded) {
  Report r = TriagePaste("rocminfo-out-of-resources.txt");
  EXPECT_EQ(FactText(r, "rocminfo.hsa_status"), "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"hsa.out-of-resources-decode", "runtime.rocminfo-failed"}));
}

TEST(GpuTriage, ColouredNotLoaded) {
  Report r = TriagePaste("rocminfo-not-loaded-colour.txt");
  EXPECT_EQ(FactText(r, "rocminfo.rock_loaded"), "false");
  // ux-review U14: the paste names no GPU; the note says what to look at (lspci, lsmod, dmesg)
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"driver.paste-rock-not-loaded-no-gpu-named", "runtime.rocminfo-failed"}));
}

TEST(GpuTriage, WslUnsupportedGpu) {
  Report r = TriagePaste("rocminfo-wsl.txt");
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"wsl.unsupported-gpu", "runtime.rocminfo-failed", "platform.wsl-paste"}));
}

TEST(GpuTriage, RocmSmiDriverMissing) {
  Report r = TriagePaste("rocm-smi-driver-missing.txt");
  EXPECT_EQ(FactText(r, "triage.pieces[0].kind"), "rocm-smi");
  EXPECT_EQ(FactText(r, "smi.available"), "false");
  EXPECT_EQ(FactText(r, "smi.driver_missing"), "true");
  EXPECT_EQ(FindingIds(r), (std::set<std::string>{"runtime.smi-unavailable"}));
}

TEST(GpuTriage, TruncatedConciseTable) {
  Report r = TriagePaste("rocm-smi-concise-mi355x-truncated.txt");
  EXPECT_EQ(FactText(r, "smi.devices[0].device_id"), "0x75a0");
  EXPECT_EQ(FactText(r, "smi.devices[0].temperature_c"), "60.0");
  EXPECT_EQ(FactText(r, "smi.devices[0].power_w"), "319.0");
  EXPECT_EQ(FactText(r, "smi.devices[3].index"), "3");
  EXPECT_EQ(r.facts.Get("smi.devices[1].gpu_percent").state, FactState::NotPresent);  // "N/A"
  EXPECT_EQ(r.facts.Get("smi.device_count").state, FactState::NotPresent);            // cut short
  EXPECT_TRUE(FindingIds(r).empty());
}

TEST(GpuTriage, ShowAllAndTruncatedJson) {
  Report all = TriagePaste("rocm-smi-showall-rx5700xt.txt");
  EXPECT_EQ(FactText(all, "smi.devices[0].device_id"), "0x731f");
  EXPECT_EQ(FactText(all, "smi.devices[0].vbios_version"), "111");
  EXPECT_EQ(FactText(all, "smi.driver_version"), "5.6.19");
  Report cut = TriagePaste("rocm-smi-json-780m-truncated.txt");
  EXPECT_EQ(FactText(cut, "triage.pieces[0].kind"), "rocm-smi");
  EXPECT_EQ(cut.facts.Get("smi.devices").state, FactState::NotPresent);
  EXPECT_TRUE(FindingIds(cut).empty());
}

}  // namespace
}  // namespace rd::testing
