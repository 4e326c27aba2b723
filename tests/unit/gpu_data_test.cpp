// The generated GPU data (rules/data/gpus.toml, support_matrix.toml from AMD's YAML by
// scripts/gen_gpu_data.py, issue 15 item 5) as its readers see it: the 2025-26 targets and the
// generic ISAs with their members are known; gfx1250/gfx1251 and targets no table lists are
// tolerated (named or "unlisted", no crash, no override advice); the support matrix keys match
// os-release; every ROCm 10.x variable of environment.toml's [[known]] is recorded.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cli/check_command.h"
#include "collectors/collectors.h"
#include "core/pipeline.h"
#include "derive/derive.h"
#include "engine/evaluator.h"
#include "engine/rule_loader.h"
#include "parsers/gpu_table.h"
#include "report/report.h"
#include "system/live_system.h"
#include "triage/triage.h"

namespace rd {
namespace {

using Strings = std::vector<std::string>;

const RuleDatabase& Db() {
  static const RuleDatabase db = LoadRules({ROCM_DOCTOR_RULES_DIR});
  return db;
}

const nlohmann::json& Gpus() { return Db().data.at("gpus"); }

GfxInfo Gfx(const std::string& name) {
  auto info = LookupGfx(Gpus(), name);
  EXPECT_TRUE(info) << name << " is not in rules/data/gpus.toml";
  return info.value_or(GfxInfo{});
}

TEST(GpuData, TheTablesLoadWithoutDiagnostics) { EXPECT_TRUE(Db().diagnostics.empty()); }

TEST(GpuData, NewTargetsAreKnownWithAmdsProducts) {
  GfxInfo mi355 = Gfx("gfx950");
  EXPECT_EQ(mi355.klass, "supported");
  EXPECT_EQ(mi355.family, "CDNA 4");
  EXPECT_EQ(mi355.products, (Strings{"AMD Instinct MI355X", "AMD Instinct MI350X", "AMD Instinct MI350P"}));
  EXPECT_FALSE(mi355.apu);
  for (const char* apu : {"gfx1150", "gfx1151", "gfx1152", "gfx1153"}) {
    GfxInfo info = Gfx(apu);
    EXPECT_EQ(info.klass, "rdna35-apu") << apu;
    EXPECT_TRUE(info.apu) << apu << ": AMD lists it under AMD Ryzen";
    EXPECT_FALSE(info.products.empty()) << apu;
    EXPECT_EQ(info.override_value, "") << apu << ": no override works for RDNA 3.5";
  }
  EXPECT_EQ(Gfx("gfx1153").products.front(), "AMD Ryzen AI 5 PRO 435");
  for (const char* rdna4 : {"gfx1200", "gfx1201"}) {
    GfxInfo info = Gfx(rdna4);
    EXPECT_EQ(info.klass, "new") << rdna4;
    EXPECT_FALSE(info.apu) << rdna4;
    EXPECT_EQ(info.override_value, "") << rdna4;
  }
  EXPECT_EQ(Gfx("gfx1201").products.back(), "AMD Radeon RX 9070");
  // Named from LLVM only: AMD does not list them, so no products.
  EXPECT_TRUE(Gfx("gfx1031").products.empty());
}

TEST(GpuData, GenericIsasListTheirMembersAndEachMemberIsKnown) {
  const std::vector<std::pair<std::string, Strings>> generics = {
      {"gfx9-generic", {"gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"}},
      {"gfx9-4-generic", {"gfx940", "gfx941", "gfx942", "gfx950"}},
      {"gfx10-1-generic", {"gfx1010", "gfx1011", "gfx1012", "gfx1013"}},
      {"gfx10-3-generic", {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"}},
      {"gfx11-generic", {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"}},
      {"gfx12-generic", {"gfx1200", "gfx1201"}},
  };
  for (const auto& [generic, members] : generics) {
    GfxInfo info = Gfx(generic);
    EXPECT_EQ(info.klass, "generic") << generic;
    EXPECT_EQ(info.members, members) << generic;
    for (const auto& member : members) {
      EXPECT_NE(Gfx(member).klass, "generic") << member;
      EXPECT_EQ(GenericTargetsFor(Gpus(), member), Strings{generic}) << member;
    }
  }
  EXPECT_EQ(GenericTargetsFor(Gpus(), "GFX1151"), Strings{"gfx11-generic"});
  EXPECT_TRUE(GenericTargetsFor(Gpus(), "gfx90a").empty());  // no generic covers CDNA 2
  EXPECT_TRUE(GenericTargetsFor(Gpus(), "gfx1250").empty());
  EXPECT_TRUE(GenericTargetsFor(Gpus(), "gfx9999").empty());
}

TEST(GpuTable, MalformedFieldsReadAsEmptyNotAThrow) {
  auto table = nlohmann::json::parse(R"({"gfx": [
      {"name": "gfx11-generic", "class": "generic", "members": "gfx1100"},
      {"name": "gfx12-generic", "class": "generic", "members": [12, "gfx1200"]},
      {"name": "gfx1200", "products": {"a": 1}}, 7]})");
  EXPECT_TRUE(LookupGfx(table, "gfx11-generic")->members.empty());
  EXPECT_EQ(LookupGfx(table, "gfx12-generic")->members, Strings{"gfx1200"});
  EXPECT_TRUE(LookupGfx(table, "gfx1200")->products.empty());
  EXPECT_TRUE(GenericTargetsFor(table, "gfx1100").empty());
  EXPECT_EQ(GenericTargetsFor(table, "gfx1200"), Strings{"gfx12-generic"});
  EXPECT_TRUE(GenericTargetsFor(nlohmann::json::array(), "gfx1200").empty());
  EXPECT_TRUE(GenericTargetsFor(nlohmann::json::parse(R"({"gfx": 3})"), "gfx1200").empty());
}

std::string Text(const Facts& facts, const std::string& path) {
  auto v = facts.Get(path).value;
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

// Rules whose advice is an override, an arch verdict or "set/unset HSA_OVERRIDE_GFX_VERSION":
// none may fire for a target nobody ships code for yet.
bool IsOverrideOrArchAdvice(const std::string& id) {
  for (const char* prefix : {"override.", "arch.", "env.hsa-override"}) {
    if (id.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// One GPU as live sysfs reports it, with an installed ROCm release, derived and evaluated.
std::set<std::string> FindingsForSysfsGpu(const std::string& gfx, Facts& facts) {
  facts.Set("env", nlohmann::json::object());
  facts.Set("gpu.kfd_present", true);
  facts.Set("gpu.count", 1);
  facts.Set("gpus[0].gfx", gfx);
  facts.Set("gpus[0].in_kfd", true);
  facts.Set("rocm.release", "7.2.0");
  DeriveFacts(facts, Db().data);
  std::set<std::string> ids;
  for (const auto& f : EvaluateRules(Db(), facts, {}).findings) ids.insert(f.rule_id);
  return ids;
}

TEST(GpuData, Gfx1250And1251AreNamedFutureTargetsWithoutOverrideAdvice) {
  for (const char* gfx : {"gfx1250", "gfx1251"}) {
    Facts facts;
    auto ids = FindingsForSysfsGpu(gfx, facts);
    EXPECT_EQ(Text(facts, "gpus[0].arch_class"), "future") << gfx;
    EXPECT_NE(Text(facts, "gpus[0].family").find("gfx12.5"), std::string::npos) << gfx;
    EXPECT_FALSE(facts.Get("gpus[0].override_suggestion").value) << gfx;
    EXPECT_TRUE(ids.count("release.future-target")) << gfx;
    for (const auto& id : ids) EXPECT_FALSE(IsOverrideOrArchAdvice(id)) << gfx << ": " << id;
    // "not in rocBLAS's build" would read as a packaging gap; for a future target it is expected.
    EXPECT_FALSE(ids.count("release.gpu-not-in-rocblas-build")) << gfx;
  }
}

TEST(GpuData, ATargetNoTableListsIsUnlistedWithoutOverrideAdvice) {
  for (const char* gfx : {"gfx1260", "gfx13-generic", "gfx12-5-generic"}) {
    Facts facts;
    auto ids = FindingsForSysfsGpu(gfx, facts);
    EXPECT_EQ(Text(facts, "gpus[0].gfx"), gfx);
    EXPECT_EQ(Text(facts, "gpus[0].arch_class"), "unlisted") << gfx;
    EXPECT_FALSE(facts.Get("gpus[0].override_suggestion").value) << gfx;
    for (const auto& id : ids) EXPECT_FALSE(IsOverrideOrArchAdvice(id)) << gfx << ": " << id;
  }
}

TEST(GpuData, APastedGfx1250ErrorIsTriagedWithoutOverrideAdvice) {
  auto pieces = SplitPaste("rocBLAS error: Cannot read TensileLibrary.dat: for GPU arch : gfx1250\n"
                           "HIP version: 7.2.26015-fc0010cf6\n", "paste");
  Report report = EvaluateReport(TriageFacts(pieces, &Db().data), {}, Db(), {});
  EXPECT_EQ(Text(report.facts, "gpus[0].arch_class"), "future");
  bool future = false;
  for (const auto& f : report.findings) {
    future |= f.rule_id == "release.future-target";
    EXPECT_FALSE(IsOverrideOrArchAdvice(f.rule_id)) << f.rule_id;
  }
  EXPECT_TRUE(future);
}

bool OutsideMatrix(const std::string& key, const std::string& major) {
  Facts facts;
  facts.Set("os.pretty_name", key);
  facts.Set("os.support_key", key);
  facts.Set("os.support_key_major", major);
  for (const auto& f : EvaluateRules(Db(), facts, {}).findings) {
    if (f.rule_id == "distro.not-in-support-matrix") return true;
  }
  return false;
}

TEST(SupportMatrix, AmdsPublishedListDecidesWithOsReleaseKeys) {
  // AMD lists point releases for RHEL and SLES, whole majors for Oracle and Rocky, and Ubuntu
  // LTS releases whose VERSION_ID has no point release (os-support.yaml, ROCm 10.x).
  for (auto [key, major] : std::vector<std::pair<const char*, const char*>>{
           {"ubuntu-26.04", "ubuntu-26"}, {"ubuntu-24.04", "ubuntu-24"}, {"ubuntu-22.04", "ubuntu-22"},
           {"rhel-9.6", "rhel-9"}, {"rhel-10.2", "rhel-10"}, {"rhel-8.10", "rhel-8"}, {"ol-9.4", "ol-9"},
           {"rocky-9.5", "rocky-9"}, {"sles-16.0", "sles-16"}, {"sles-15.7", "sles-15"}, {"debian-12", "debian-12"},
           {"debian-13", "debian-13"},               // listed, and its own rule speaks for it
           {"opensuse-leap-15.6", "opensuse-leap-15"},  // kept by the overlay (linux_extra)
       }) {
    EXPECT_FALSE(OutsideMatrix(key, major)) << key;
  }
  for (auto [key, major] : std::vector<std::pair<const char*, const char*>>{
           {"rhel-9.2", "rhel-9"}, {"sles-15.5", "sles-15"}, {"fedora-41", "fedora-41"}, {"ubuntu-25.10", "ubuntu-25"}}) {
    EXPECT_TRUE(OutsideMatrix(key, major)) << key;
  }
  const auto& matrix = Db().data.at("support_matrix");
  EXPECT_EQ(matrix.at("by_line").at("ryzen"), nlohmann::json::parse(R"(["ubuntu-24.04", "ubuntu-26.04"])"));
  EXPECT_EQ(matrix.at("wsl2").at("radeon"), nlohmann::json::parse(R"(["22.04", "24.04", "26.04"])"));
}

// The environment collector on the live process environment with `name` set to "1".
bool Recorded(const std::string& name) {
  const char* old = std::getenv(name.c_str());
  std::optional<std::string> saved = old ? std::optional<std::string>(old) : std::nullopt;
  setenv(name.c_str(), "1", 1);
  Collection c = RunCollectors(std::make_shared<LiveSystem>(), Db().data, {EnvironmentCollector()}, PipelineOptions{});
  if (saved) setenv(name.c_str(), saved->c_str(), 1);
  else unsetenv(name.c_str());
  return static_cast<bool>(c.facts.Get("env." + name).value);
}

TEST(EnvironmentData, EveryKnownVariableIsRecorded) {
  const auto& known = Db().data.at("environment").at("known");
  ASSERT_GE(known.size(), 19u);
  for (const auto& entry : known) {
    std::string name = entry.at("name").get<std::string>();
    EXPECT_FALSE(entry.value("meaning", "").empty()) << name;
    EXPECT_FALSE(entry.value("source", "").empty()) << name;
    if (!name.empty() && name.back() == '*') name = name.substr(0, name.size() - 1) + "PATH";
    EXPECT_TRUE(Recorded(name)) << name << " is in [[known]] but no prefix or name records it";
  }
  EXPECT_FALSE(Recorded("RD_GPU_DATA_TEST_UNLISTED"));  // the check can fail
}

}  // namespace
}  // namespace rd
