// Verdicts from artifacts (issue 15 item 3): each GPU against each HIP library the coverage
// scan read (coverage.consumers[]): native, override-only (then the exact override), none (then
// the way out) or unreadable. The gpus.toml class and the release tables stay the fallback for
// triage and for consumers that cannot be read: their rules check gpus.coverage_judged.
#include <algorithm>
#include <set>

#include "derive/derive.h"
#include "derive/fact_reads.h"
#include "parsers/gfx_names.h"
#include "util/strings.h"

namespace rd {

namespace {

using json = nlohmann::json;

struct Tables {
  const json* data = nullptr;
  const json& Section(const char* key) const {
    static const json empty = json::array();
    if (!data || !data->contains("coverage") || !(*data)["coverage"].is_object()) return empty;
    const json& c = (*data)["coverage"];
    return c.contains(key) ? c[key] : empty;
  }
};

std::vector<std::string> Strings(const json& value) {
  std::vector<std::string> out;
  if (!value.is_array()) return out;
  for (const auto& v : value) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

bool Listed(const json& row, const char* key, const std::string& gfx) {
  auto list = Strings(row.is_object() && row.contains(key) ? row[key] : json());
  return std::find(list.begin(), list.end(), gfx) != list.end();
}

// gfx itself, or a generic code object that covers it (field-2026.md §4.3).
bool Covers(const std::vector<std::string>& targets, const std::string& gfx, const Tables& tables) {
  if (gfx.empty()) return false;
  for (const auto& t : targets) {
    if (t == gfx) return true;
    for (const auto& g : tables.Section("generic")) {
      if (g.is_object() && Field(g, "name") == t && Listed(g, "covers", gfx)) return true;
    }
  }
  return false;
}

std::string FamilyOf(const std::string& gfx, const Tables& tables) {
  for (const auto& f : tables.Section("family")) {
    if (Listed(f, "targets", gfx)) return Field(f, "name");
  }
  return "";
}

std::string Replace(std::string text, const std::string& key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) text.replace(at, key.size(), value);
  return text;
}

std::string WayOut(const json& consumer, const std::string& gfx, const Tables& tables) {
  const json& all = tables.Section("way_out");
  std::string kind = Field(consumer, "kind");
  std::string text = all.is_object() && all.contains(kind) && all[kind].is_string() ? all[kind].get<std::string>() : "";
  std::string family = FamilyOf(gfx, tables);
  std::vector<std::string> lines;
  for (const auto& line : Split(text, '\n')) {
    if (family.empty() && line.find("{family}") != std::string::npos) continue;  // no TheRock build of it
    lines.push_back(line);
  }
  text = Join(lines, "\n");
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"{gfx}", gfx}, {"{family}", family}, {"{name}", Field(consumer, "name")}, {"{path}", Field(consumer, "path")}}) {
    text = Replace(text, key, value);
  }
  return text;
}

struct GpuView {
  std::string at, gfx, name, suggestion, suggestion_gfx;
};

struct Override {
  std::string value, gfx;  ///< HSA_OVERRIDE_GFX_VERSION and the target it selects ("" when unset)
};

json Verdict(const json& consumer, const GpuView& gpu, const Override& over, const Tables& tables) {
  auto targets = Strings(consumer.contains("targets") ? consumer["targets"] : json());
  json v = {{"gpu", gpu.at}, {"gfx", gpu.gfx}, {"gpu_name", gpu.name}, {"consumer", Field(consumer, "name")},
            {"path", Field(consumer, "path")}, {"kind", Field(consumer, "kind")}, {"source", Field(consumer, "source")},
            {"targets", targets}, {"required", consumer.value("required", true)}};
  if (!consumer.value("readable", true)) {
    v["verdict"] = "unreadable";
    return v;
  }
  if (Covers(targets, gpu.gfx, tables)) {
    v["verdict"] = "native";
  } else if (!gpu.suggestion_gfx.empty() && Covers(targets, gpu.suggestion_gfx, tables)) {
    v["verdict"] = "override-only";
    v["override"] = gpu.suggestion;
  } else {
    v["verdict"] = "none";
    v["way_out"] = WayOut(consumer, gpu.gfx, tables);
  }
  // Under an override the runtime loads the override target's code and nothing else.
  if (!over.gfx.empty() && over.gfx != gpu.gfx) {
    v["override_target"] = over.gfx;
    v["override_target_present"] = Covers(targets, over.gfx, tables);
    std::string verdict = v["verdict"].get<std::string>();
    v["fix"] = verdict == "native"          ? "unset HSA_OVERRIDE_GFX_VERSION      # " + Field(consumer, "name") + " has " + gpu.gfx + " code of its own"
               : verdict == "override-only" ? "export HSA_OVERRIDE_GFX_VERSION=" + gpu.suggestion
                                            : v["way_out"].get<std::string>();
  }
  return v;
}

void WriteGpuSummary(Facts& facts, const GpuView& gpu, const std::vector<json>& verdicts) {
  std::vector<std::string> native, override_only, missing;
  bool judged = false, all_native = true;
  for (const auto& v : verdicts) {
    std::string verdict = v["verdict"].get<std::string>();
    bool required = v.value("required", true);
    if (verdict == "unreadable") {
      all_native = false;
      continue;
    }
    judged = true;
    std::string name = v["consumer"].get<std::string>();
    if (verdict == "native") native.push_back(name);
    if (!required) continue;
    if (verdict == "override-only") override_only.push_back(name);
    if (verdict == "none") missing.push_back(name);
    if (verdict != "native") all_native = false;
  }
  if (!judged) return;
  facts.Set(gpu.at + ".coverage_judged", true);
  facts.Set(gpu.at + ".coverage_all_native", all_native);
  facts.Set(gpu.at + ".coverage_native", native);
  facts.Set(gpu.at + ".coverage_missing", missing);
  if (!override_only.empty()) {
    facts.Set(gpu.at + ".coverage_override_value", gpu.suggestion);
    facts.Set(gpu.at + ".coverage_override_target", gpu.suggestion_gfx);
    facts.Set(gpu.at + ".coverage_override_consumers", override_only);
  }
}

}  // namespace

void DeriveCoverage(Facts& facts, const nlohmann::json& data) {
  const json& consumers = FactArray(facts, "coverage.consumers");
  if (!facts.Get("coverage.scanned").value) return;  // triage, or a report without the scan
  Tables tables{&data};
  Override over;
  over.value = FactText(facts, "env.HSA_OVERRIDE_GFX_VERSION");
  if (auto g = GfxFromOverride(over.value)) over.gfx = *g;
  json all = json::array();
  const json& gpus = FactArray(facts, "gpus");
  for (size_t i = 0; i < gpus.size(); ++i) {
    GpuView gpu{"gpus[" + std::to_string(i) + "]"};
    gpu.gfx = FactText(facts, gpu.at + ".gfx");
    if (gpu.gfx.empty()) continue;
    gpu.name = FactText(facts, gpu.at + ".marketing_name");
    gpu.suggestion = FactText(facts, gpu.at + ".override_suggestion");
    if (auto g = GfxFromOverride(gpu.suggestion)) gpu.suggestion_gfx = *g;
    std::vector<json> verdicts;
    for (const auto& c : consumers) {
      // A library without device code (a --lib of libamdhip64) has nothing to judge.
      if (!c.is_object() || (c.value("readable", true) && Field(c, "source") == "none")) continue;
      verdicts.push_back(Verdict(c, gpu, over, tables));
    }
    WriteGpuSummary(facts, gpu, verdicts);
    for (auto& v : verdicts) all.push_back(std::move(v));
  }
  facts.Set("coverage.verdicts", std::move(all));
}

}  // namespace rd
