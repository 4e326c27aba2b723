// Frameworks section: the GPU coverage of every HIP library found (issue 15 item 2), as
// coverage.consumers[]. The derive stage (derive/coverage.cpp) judges each GPU against them.
#include <fmt/format.h>

#include "collectors/collect_util.h"
#include "collectors/collectors.h"
#include "collectors/coverage_consumers.h"
#include "util/strings.h"

namespace rd {

namespace {

const std::vector<FactSpec> kCoverageFacts = {
    {"coverage.scanned", "bool", "The coverage scan ran"},
    {"coverage.consumer_count", "int", "HIP libraries whose GPU coverage was read"},
    {"coverage.consumers", "array", "Every HIP library found: ROCm math libraries, each torch, ggml-hip, ollama's, site-packages libraries, --lib paths"},
    {"coverage.consumers.name", "string", "rocBLAS, hipBLASLt, MIOpen, torch, torch's rocBLAS, ggml-hip, ollama's ggml-hip, or the file name"},
    {"coverage.consumers.path", "string", "The directory (Tensile set, kernel databases) or file (bundles, kpack host) read"},
    {"coverage.consumers.kind", "string", "math-lib, torch, ggml, ollama, python-lib or user-lib"},
    {"coverage.consumers.source", "string", "Tensile set, MIOpen kdb, kpack, offload bundles, CCOB bundles, or none (no device code)"},
    {"coverage.consumers.targets", "array", "gfx processors with code (generic ISAs as named: gfx11-generic)"},
    {"coverage.consumers.code_objects", "array", "Full target ids (gfx90a:xnack-), where the source names them"},
    {"coverage.consumers.problems", "array", "What could not be read, and why"},
    {"coverage.consumers.readable", "bool", "False when it could not be read (a --lib path that does not exist, a kpack host without readable archives)"},
    {"coverage.consumers.required", "bool", "False where missing code degrades and never fails (hipBLASLt, MIOpen kernel databases)"},
    {"coverage.consumers.requested", "bool", "Named with check --lib"},
};

std::vector<std::string> PrintableList(const std::vector<std::string>& items, size_t max) {
  std::vector<std::string> out;
  for (const auto& i : items) out.push_back(Printable(i, max));  // file names and messages: any bytes
  return out;
}

void CollectCoverage(CollectContext& context, Facts& facts) {
  facts.Set("coverage.scanned", true);
  auto consumers = FindConsumers(context);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : consumers) {
    list.push_back({{"name", Printable(c.name, 200)}, {"path", Printable(c.path, 1000)}, {"kind", c.kind}, {"source", c.source},
                    {"targets", PrintableList(c.targets, 64)}, {"code_objects", PrintableList(c.code_objects, 128)},
                    {"problems", PrintableList(c.problems, 400)}, {"readable", c.readable}, {"required", c.required},
                    {"requested", c.requested}});
  }
  facts.Set("coverage.consumers", std::move(list));
  for (size_t i = 0; i < consumers.size(); ++i) {
    const Consumer& c = consumers[i];
    facts.SetEvidence(fmt::format("coverage.consumers[{}].targets", i),
                      FileEvidence(c.path, fmt::format("{}: {}", c.source, c.targets.empty() ? "no targets" : Join(c.targets, " "))));
  }
  facts.Set("coverage.consumer_count", consumers.size());
}

}  // namespace

Collector CoverageCollector() { return {"coverage", "frameworks", CollectCoverage, &kCoverageFacts}; }

}  // namespace rd
