// issue 14 item 4 (exact fixes) for the items of the UX review (/work/shared/reference/ux-review.md)
// that the first pass left open: the pip fix (U5), the interpreter a user runs (U13), a pasted
// rocminfo without a GPU name (U14), the distribution's package manager.
#include <gtest/gtest.h>

#include "derive/derive.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "scenario.h"
#include "util/strings.h"

namespace rd {
namespace {

using testing::ReplayScenario;

std::string FixOf(const Report& report, const std::string& id) {
  for (const auto& f : report.findings) {
    if (f.rule_id == id) return f.fix;
  }
  return "(not fired)";
}

bool HasLineStarting(const std::string& text, const std::string& prefix) {
  for (const auto& line : SplitLines(text)) {
    if (StartsWith(line, prefix)) return true;
  }
  return false;
}

// U5: Debian's python3-torch belongs to dpkg, and pip refuses both old commands there: a venv
// made with the examined interpreter, Debian's package names, no bare pip, no rocm6.4.
TEST(ExactFixes, DistributionTorchGetsAVenvNotPipUninstall) {
  std::string fix = FixOf(ReplayScenario("fw-cpu-torch-gfx90a"), "torch.wrong-wheel");
  EXPECT_NE(fix.find("/usr/lib/python3/dist-packages/torch belongs to the distribution's python3-torch"), std::string::npos) << fix;
  EXPECT_NE(fix.find("sudo apt install python3-venv"), std::string::npos) << fix;
  EXPECT_NE(fix.find("/usr/bin/python3 -m venv ~/rocm-venv && ~/rocm-venv/bin/python -m pip install torch torchvision torchaudio --index-url "
                     "https://download.pytorch.org/whl/rocm7.2"), std::string::npos) << fix;
  EXPECT_NE(fix.find("sudo apt remove python3-torch"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("uninstall"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("rocm6.4"), std::string::npos) << fix;
  EXPECT_FALSE(HasLineStarting(fix, "pip ")) << fix;
}

// U5: a torch in a venv is replaced with that venv's own pip, not whatever pip is on PATH.
TEST(ExactFixes, VenvTorchUsesTheExaminedInterpretersPip) {
  std::string fix = FixOf(ReplayScenario("fw-cuda-wheel-mi210"), "torch.wrong-wheel");
  EXPECT_NE(fix.find("/home/alice/venv/bin/python3 -m pip uninstall -y torch torchvision torchaudio"), std::string::npos) << fix;
  EXPECT_NE(fix.find("/home/alice/venv/bin/python3 -m pip install torch torchvision torchaudio --index-url "
                     "https://download.pytorch.org/whl/rocm7.2"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("rocm-venv"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("apt"), std::string::npos) << fix;
  EXPECT_FALSE(HasLineStarting(fix, "pip ")) << fix;
}

Facts DerivedFrom(const std::function<void(Facts&)>& fill) {
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Facts facts;
  fill(facts);
  DeriveFacts(facts, db.data);
  return facts;
}

std::string Text(const Facts& facts, const char* path) {
  auto v = facts.Get(path);
  return v.value && v.value->is_string() ? v.value->get<std::string>() : "(absent)";
}

// U5: the index comes from the installed ROCm release and the GPU's target (rules/data/pip.toml,
// framework_targets.toml), never a constant.
TEST(ExactFixes, TorchIndexFollowsTheRocmReleaseAndTheGpu) {
  auto index = [](const char* release, const char* gfx) {
    return Text(DerivedFrom([&](Facts& f) {
                  if (*release) f.Set("rocm.release", release);
                  f.Set("gpus", nlohmann::json::array({{{"gfx", gfx}}}));
                }),
                "pip_fix.index");
  };
  EXPECT_EQ(index("6.2.0", "gfx1100"), "rocm6.2");
  EXPECT_EQ(index("6.4.1", "gfx1201"), "rocm6.4");
  EXPECT_EQ(index("5.7.1", "gfx90a"), "rocm5.7");
  EXPECT_EQ(index("6.1.3", "gfx942"), "rocm6.1");
  EXPECT_EQ(index("", "gfx1151"), "rocm7.2");    // no install: the newest line with code for it
  EXPECT_EQ(index("7.0.2", "gfx1151"), "rocm7.0");  // none at or below 7.0 has gfx1151: the newest at or below
  EXPECT_EQ(index("10.1", "gfx942"), "rocm7.2");
}

// U5: PEP 668 (an externally managed Python, its torch installed with pip) means a venv too.
TEST(ExactFixes, ExternallyManagedPythonGetsAVenv) {
  Facts facts = DerivedFrom([](Facts& f) {
    f.Set("frameworks.torch.python", "/usr/bin/python3");
    f.Set("frameworks.torch.dir", "/usr/local/lib/python3.11/dist-packages/torch");
    f.Set("frameworks.pythons", nlohmann::json::array({{{"interpreter", "/usr/bin/python3"}, {"externally_managed", true}}}));
  });
  EXPECT_EQ(Text(facts, "pip_fix.python"), "");
  EXPECT_EQ(Text(facts, "pip_fix.venv_from"), "/usr/bin/python3");
  EXPECT_EQ(Text(facts, "pip_fix.externally_managed"), "/usr/bin/python3");
  EXPECT_EQ(Text(facts, "pip_fix.distro_torch_dir"), "");
}

TEST(ExactFixes, PackageManagerFromOsIdOrIdLike) {
  auto manager = [](const char* id, nlohmann::json like) {
    return Text(DerivedFrom([&](Facts& f) {
                  f.Set("os.id", id);
                  f.Set("os.id_like", like);
                }),
                "os.install_command");
  };
  EXPECT_EQ(manager("ubuntu", nlohmann::json::array({"debian"})), "sudo apt install");
  EXPECT_EQ(manager("linuxmint", nlohmann::json::array({"ubuntu", "debian"})), "sudo apt install");
  EXPECT_EQ(manager("rocky", nlohmann::json::array({"rhel", "centos", "fedora"})), "sudo dnf install");
  EXPECT_EQ(manager("opensuse-tumbleweed", nlohmann::json::array({"opensuse", "suse"})), "sudo zypper install");
  EXPECT_EQ(manager("arch", nlohmann::json::array()), "sudo pacman -S");
  EXPECT_EQ(manager("plan9", nlohmann::json::array()), "(absent)");
}

// U3: HSA_OVERRIDE_GFX_VERSION=gfx1100 is never answered with an RDNA2 value to paste.
TEST(ExactFixes, BadOverrideFormatOffersNoRdna2Value) {
  std::string fix = FixOf(ReplayScenario("wsl2-ubuntu2404"), "env.hsa-override-bad-format");
  EXPECT_NE(fix.find("gfx1100 -> 11.0.0"), std::string::npos) << fix;
  EXPECT_NE(fix.find("unset HSA_OVERRIDE_GFX_VERSION"), std::string::npos) << fix;
  EXPECT_FALSE(HasLineStarting(fix, "export HSA_OVERRIDE_GFX_VERSION=10.3.0")) << fix;
}

// m12: the nomodeset block pastes without rebooting; m10: no driver called 'none'.
TEST(ExactFixes, NomodesetBlockDoesNotReboot) {
  std::string fix = FixOf(ReplayScenario("amdgpu-nomodeset"), "driver.nomodeset");
  EXPECT_NE(fix.find("sudo update-grub"), std::string::npos) << fix;
  EXPECT_FALSE(HasLineStarting(fix, "sudo reboot")) << fix;
  EXPECT_EQ(fix.find("&& sudo reboot"), std::string::npos) << fix;
  EXPECT_FALSE(HasLineStarting(fix, "sudoedit")) << fix;
  for (const auto& f : ReplayScenario("fw-cpu-torch-gfx90a").findings) {
    if (f.rule_id == "driver.gpu-not-bound-to-amdgpu") {
      EXPECT_EQ(f.title.find("bound to 'none'"), std::string::npos) << f.title;
    }
  }
}

// m3, m19: the GPU line says how many GPUs rocm_smi sees, and a failed init by its status only.
TEST(ExactFixes, RuntimeSummaryIsShort) {
  std::string nomodeset = testing::FactText(ReplayScenario("amdgpu-nomodeset"), "summary.runtime");
  EXPECT_NE(nomodeset.find("rocm_smi: init failed (status 8)"), std::string::npos) << nomodeset;
  EXPECT_EQ(nomodeset.find("when when"), std::string::npos) << nomodeset;
  std::string healthy = testing::FactText(ReplayScenario("mi300x-healthy"), "summary.runtime");
  EXPECT_NE(healthy.find("rocm_smi: 8 GPU(s)"), std::string::npos) << healthy;
}

// m11: the override the doctor read is named, not asked for with `env | grep`.
TEST(ExactFixes, RuntimeGfxDiffersNamesTheOverride) {
  std::string fix = FixOf(ReplayScenario("rx6700xt-gfx1031-override"), "gpu.runtime-gfx-differs");
  EXPECT_NE(fix.find("HSA_OVERRIDE_GFX_VERSION=10.3.0 is set: the runtime loads gfx1030 code on this gfx1031"), std::string::npos) << fix;
  EXPECT_EQ(fix.find("env | grep"), std::string::npos) << fix;
}

// U15: the firmware fix uses the distribution's package manager, package and initramfs tool.
TEST(ExactFixes, FirmwareFixFollowsTheDistribution) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  auto fix = [&](const char* id) {
    Facts facts;
    facts.Set("os.id", id);
    facts.Set("container.kind", "none");
    facts.Set("gpus", nlohmann::json::array({{{"gfx", "gfx1100"}, {"firmware_prefix", "psp_13_0_0"}, {"firmware_files", 0},
                                              {"marketing_name", "Radeon RX 7900 XTX"}}}));
    DeriveFacts(facts, db.data);
    for (const auto& f : EvaluateRules(db, facts, {}).findings) {
      if (f.rule_id == "driver.firmware-missing-or-bad") return f.fix;
    }
    return std::string("(not fired)");
  };
  EXPECT_NE(fix("rhel").find("sudo dnf reinstall amd-gpu-firmware && sudo dracut -f"), std::string::npos) << fix("rhel");
  EXPECT_NE(fix("debian").find("sudo apt install --reinstall firmware-amd-graphics && sudo update-initramfs -u"), std::string::npos);
  EXPECT_NE(fix("arch").find("sudo pacman -S linux-firmware-amdgpu && sudo mkinitcpio -P"), std::string::npos);
  EXPECT_FALSE(HasLineStarting(fix("rhel"), "sudo apt")) << fix("rhel");
}

// U13: python3 on PATH is a pyenv shim without torch; the report examined /usr/bin/python3's.
TEST(ExactFixes, PathPythonWithoutTorchIsAFinding) {
  Report r = ReplayScenario("fw-pyenv-python-arg");
  std::string fix = FixOf(r, "python.path-python-lacks-torch");
  EXPECT_NE(fix.find("/home/alice/.pyenv/shims/python3 -m pip install torch"), std::string::npos) << fix;
  bool titled = false;
  for (const auto& f : r.findings) {
    if (f.rule_id == "python.path-python-lacks-torch") titled = Contains(f.title, "/home/alice/.pyenv/versions/3.11.7/bin/python3");
  }
  EXPECT_TRUE(titled);
}

// U14: a pasted rocminfo that names no GPU still says the driver is not loaded, and folds the
// "rocminfo did not list the GPUs" note under it.
TEST(ExactFixes, PastedRockNotLoadedWithoutAGpuName) {
  RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  Facts facts;
  facts.Set("rocminfo.rock_loaded", false);
  facts.Set("rocminfo.error", "ROCk module is NOT loaded, possibly no GPU devices");
  facts.Set("gpu.nvidia_probed", false);
  facts.Set("platform.kind", "unknown");
  auto findings = EvaluateRules(db, facts, {}).findings;
  std::string fix = "(not fired)";
  for (const auto& f : findings) {
    if (f.rule_id == "driver.paste-rock-not-loaded-no-gpu-named") fix = f.fix;
  }
  EXPECT_NE(fix.find("lsmod | grep -w amdgpu"), std::string::npos) << fix;
  EXPECT_NE(fix.find("lspci -nn"), std::string::npos) << fix;
}

}  // namespace
}  // namespace rd
