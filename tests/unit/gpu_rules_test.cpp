// Each GPU/driver/access rule that no replay scenario covers, on hand-made facts: it fires on
// the case it is about and stays quiet on the neighbouring case.
#include <gtest/gtest.h>

#include "engine/evaluator.h"
#include "engine/rule_loader.h"

namespace rd {
namespace {

using nlohmann::json;

struct Case {
  const char* rule;
  json fires;      ///< fact path -> value
  json quiet;      ///< changes applied to `fires` that must silence it
};

// A bare-metal host with one healthy discrete GPU: every root the rules read is present.
Facts Base() {
  Facts f;
  f.Set("env", json::object());
  f.Set("container.kind", "none");
  f.Set("wsl.detected", false);
  f.Set("virt.kind", "none");
  f.Set("identity.is_root", false);
  f.Set("gpu.count", 1);
  f.Set("gpu.pci_count", 1);
  f.Set("gpu.kfd_present", true);
  f.Set("gpu.kfd_gpu_count", 1);
  f.Set("gpu.dgpu_count", 1);
  f.Set("gpu.has_igpu_and_dgpu", false);
  f.Set("gpus[0].gfx", "gfx1100");
  f.Set("gpus[0].arch_class", "supported");
  f.Set("gpus[0].is_apu", false);
  f.Set("gpus[0].in_kfd", true);
  f.Set("gpus[0].driver", "amdgpu");
  f.Set("gpus[0].marketing_name", "GPU");
  f.Set("driver.amdgpu.loaded", true);
  f.Set("driver.amdgpu.blacklisted", false);
  f.Set("driver.secure_boot", false);
  f.Set("driver.log.readable", true);
  f.Set("driver.log.error_count", 0);
  f.Set("devices.kfd.exists", true);
  f.Set("devices.kfd.accessible", true);
  f.Set("devices.kfd.group_listed_not_active", false);
  f.Set("devices.render_count", 1);
  f.Set("rocminfo.ran", true);
  return f;
}

bool Fires(const RuleDatabase& db, const std::string& id, const json& changes) {
  Facts facts = Base();
  for (const auto& [path, value] : changes.items()) facts.Set(path, value);
  auto eval = EvaluateRules(db, facts, {});
  for (const auto& f : eval.findings) {
    if (f.rule_id == id) return true;
  }
  return false;
}

TEST(GpuRules, FireAndStayQuiet) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  ASSERT_TRUE(db.diagnostics.empty());
  const std::vector<Case> cases = {
      {"arch.rdna3-variant-or-apu", {{"gpus[0].arch_class", "rdna3-variant"}}, {{"env.HSA_OVERRIDE_GFX_VERSION", "11.0.0"}}},
      {"arch.vega-apu-gfx90c", {{"gpus[0].arch_class", "vega-apu"}}, {{"env.HSA_OVERRIDE_GFX_VERSION", "9.0.0"}}},
      {"arch.rdna1-gfx101x", {{"gpus[0].arch_class", "rdna1"}}, {{"gpus[0].arch_class", "supported"}}},
      {"arch.dropped-legacy", {{"gpus[0].arch_class", "dropped"}}, {{"gpus[0].arch_class", "rdna1"}}},
      {"arch.too-new-for-installed-rocm", {{"gpus[0].arch_class", "new"}}, {{"gpus[0].arch_class", "supported"}}},
      {"env.hsa-override-on-supported-gpu", {{"gpus[0].override_gfx", "gfx1030"}}, {{"gpus[0].override_gfx", "gfx1100"}}},
      {"gpu.rocminfo-sees-fewer", {{"rocminfo.sees_fewer_than_kfd", true}}, {{"rocminfo.sees_fewer_than_kfd", false}}},
      {"gpu.pci-not-in-kfd", {{"gpus[0].in_kfd", false}}, {{"gpu.kfd_present", false}}},
      {"gpu.none-found", {{"gpu.count", 0}, {"gpu.pci_count", 0}}, {{"wsl.detected", true}}},
      {"driver.amdgpu-blacklisted", {{"driver.amdgpu.blacklisted", true}}, {{"driver.amdgpu.blacklisted", false}}},
      {"driver.secure-boot-blocks-module", {{"driver.secure_boot", true}, {"driver.amdgpu.loaded", false}}, {{"driver.amdgpu.loaded", true}}},
      {"driver.firmware-missing-or-bad", {{"gpus[0].firmware_files", 0}}, {{"gpus[0].firmware_files", 6}}},
      {"driver.kernel-log-errors", {{"driver.log.error_count", 2}}, {{"driver.log.error_count", 0}}},
      {"driver.kernel-log-unreadable", {{"driver.log.readable", false}}, {{"gpu.count", 0}}},
      {"driver.gpu-not-bound-to-amdgpu", {{"gpus[0].driver", "vfio-pci"}}, {{"driver.amdgpu.loaded", false}}},
      {"pcie.link-width-degraded", {{"gpus[0].link_width_degraded", true}}, {{"gpus[0].is_apu", true}}},
      {"virt.passthrough-sriov", {{"virt.kind", "kvm"}}, {{"gpu.count", 0}}},
      {"runtime.no-device", {{"rocminfo.gpu_agent_count", 0}}, {{"rocminfo.gpu_agent_count", 1}}},
      {"perm.kfd-render-group", {{"devices.kfd.accessible", false}}, {{"container.kind", "docker"}}},
      {"perm.relogin-needed", {{"devices.kfd.group_listed_not_active", true}}, {{"devices.kfd.group_listed_not_active", false}}},
      {"container.no-render-nodes", {{"devices.render_count", 0}}, {{"devices.render_count", 1}}},
  };
  for (const auto& c : cases) {
    EXPECT_TRUE(Fires(db, c.rule, c.fires)) << c.rule << " should fire";
    json quiet = c.fires;
    for (const auto& [path, value] : c.quiet.items()) quiet[path] = value;
    EXPECT_FALSE(Fires(db, c.rule, quiet)) << c.rule << " should stay quiet";
  }
}

}  // namespace
}  // namespace rd
