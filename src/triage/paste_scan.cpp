#include "triage/paste_scan.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "parsers/compose_services.h"
#include "parsers/paste_entities.h"
#include "parsers/pasted_commands.h"
#include "util/strings.h"

namespace rd {

namespace {

constexpr size_t kMaxEntities = 400;  // per paste: a hostile paste stays bounded
constexpr size_t kMaxCommands = 200;

nlohmann::json Strings(const std::vector<std::string>& v) { return nlohmann::json(v); }

void SetContainerRun(Facts& facts, const std::string& at, const ContainerRun& r, const Evidence& ev) {
  facts.Set(at + ".engine", r.engine, ev);
  facts.Set(at + ".image", r.image);
  facts.Set(at + ".devices", Strings(r.devices));
  facts.Set(at + ".device_kfd", r.device_kfd);
  facts.Set(at + ".device_dri", r.device_dri);
  facts.Set(at + ".group_add", Strings(r.group_add));
  facts.Set(at + ".privileged", r.privileged);
  facts.Set(at + ".gpus_flag", r.gpus_flag);
  facts.Set(at + ".ipc_host", r.ipc_host);
  facts.Set(at + ".security_opt", Strings(r.security_opt));
  facts.Set(at + ".env", Strings(r.env));
  facts.Set(at + ".runtime", r.runtime);
}

void SetPipInstall(Facts& facts, const std::string& at, const PipInstall& p, const Evidence& ev) {
  facts.Set(at + ".packages", Strings(p.packages), ev);
  facts.Set(at + ".index_url", p.index_url);
  facts.Set(at + ".extra_index_urls", Strings(p.extra_index_urls));
  facts.Set(at + ".index_kind", p.index_kind);
  facts.Set(at + ".index_rocm_version", p.index_rocm_version);
  facts.Set(at + ".torch_spec", p.torch_spec);
  facts.Set(at + ".pre", p.pre);
}

void Common(Facts& facts, const std::string& at, size_t line, const std::string& text, const Evidence& ev) {
  facts.Set(at + ".line", static_cast<int>(line), ev);
  facts.Set(at + ".text", Printable(text, 400));
  facts.SetEvidence(at, ev);
}

// The product as the paste writes it: the match widened over "AMD Radeon(TM)" before it and
// "Graphics" after it ("AMD Radeon RX 7900 XTX", "AMD Radeon(TM) 860M Graphics").
std::string ProductPhrase(std::string_view line, std::string_view match) {
  size_t begin = static_cast<size_t>(match.data() - line.data()), end = begin + match.size();
  auto word_before = [&](size_t at) {
    size_t stop = at;
    while (stop > 0 && line[stop - 1] == ' ') --stop;
    size_t start = stop;
    while (start > 0 && line[start - 1] != ' ' && line[start - 1] != '"' && line[start - 1] != '=' && line[start - 1] != ':') --start;
    return std::pair<size_t, std::string>{start, ToLower(line.substr(start, stop - start))};
  };
  for (int guard = 0; guard < 4; ++guard) {
    auto [start, word] = word_before(begin);
    if (word == "amd" || word == "radeon" || word == "radeon(tm)" || word == "instinct" || word == "pro" || word == "ati") begin = start;
    else break;
  }
  std::string_view rest = line.substr(end);
  for (std::string_view tail : {" Graphics", " graphics"}) {
    if (StartsWith(rest, tail)) end += tail.size();
  }
  return std::string(Trim(line.substr(begin, end - begin)));
}

struct IdentityForm {
  const char* key;  ///< user_name | hostname: sensitive keys the redactor learns as literals
  Regex regex;      ///< group 1 is the name
};

const std::vector<IdentityForm>& IdentityForms() {
  static const std::vector<IdentityForm> forms = [] {
    std::vector<IdentityForm> f;
    // `uname -a`: the node name may be as short as "md" (ROCm/ROCm#494): the form itself says it is one.
    f.push_back({"hostname", Regex::Literal(R"(\bLinux ([A-Za-z0-9][A-Za-z0-9._-]{1,}) [2-7]\.[0-9]+\.[0-9]+\S* #[0-9])")});
    f.push_back({"hostname", Regex::Literal(R"(\bLinux ([A-Za-z0-9][A-Za-z0-9._-]{2,}) [2-7]\.[0-9]+\.[0-9]+)")});
    // Open MPI / PMIx rank prefixes: "[l2-node5:128982] *** Process received signal ***" (ROCm/MIOpen#114).
    f.push_back({"hostname", Regex::Literal(R"(^\[([a-z][a-z0-9._-]{1,62}):[0-9]+\] )")});
    f.push_back({"hostname", Regex::Literal(R"(^(?:[A-Z][a-z]{2}|[a-z]{3,4}\.?) {1,2}[0-9]{1,2} [0-9]{2}:[0-9]{2}:[0-9]{2} ([A-Za-z0-9][A-Za-z0-9._-]{2,}) [A-Za-z0-9_.@/-]+(?:\[[0-9]+\])?:)")});
    f.push_back({"hostname", Regex::Literal(R"(\bPid +[0-9]+ on ([A-Za-z0-9][A-Za-z0-9._-]{2,}) device\b)")});
    f.push_back({"user_name", Regex::Literal(R"((?i)[A-Z]:\\+(?:Users|Documents and Settings)\\+([^\\\s"'<>]{3,}))")});
    // A prompt's own "#"/"$"/":" ends the name ("root@host:/home/init6# ls", ROCm/ROCm#5433).
    f.push_back({"user_name", Regex::Literal(R"((?:/home|/Users)/([^/\s"'<>#$:]{3,}))")});
    // Manjaro's pamac builds AUR packages in /var/tmp/pamac-build-$USER (rocm-arch/rocm-arch#865).
    f.push_back({"user_name", Regex::Literal(R"(/pamac-build-([A-Za-z0-9._-]{2,32})/)")});
    return f;
  }();
  return forms;
}

}  // namespace

// Who and which host a paste shows outside prompts (issue 13 item 7): `uname -a`, journald lines,
// RCCL's rank lines, Windows user folders, home paths. Recorded under sensitive keys, so the
// redactor removes every occurrence of the name, not only the one in this context.
void AddIdentityFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts) {
  static const std::set<std::string> kNotAUser = {"public", "default", "all users", "runner", "user", "username", "<user>", "$user", "${user}", "version"};
  size_t next = NextIndex(facts, "triage.identities");
  std::set<std::string> seen;
  auto lines = SplitLines(piece.text);
  for (size_t i = 0; i < lines.size() && i < 20000 && next < 50; ++i) {
    std::string_view line = std::string_view(lines[i]).substr(0, 4096);
    for (const auto& form : IdentityForms()) {
      auto m = form.regex.Find(line);
      if (!m || !m->matched(1)) continue;
      std::string name = (*m)[1];
      if (kNotAUser.count(ToLower(name)) || !seen.insert(name).second) continue;
      std::string at = "triage.identities[" + std::to_string(next++) + "]";
      facts.Set(at + "." + form.key, name, PasteLine(origin, i, line));
      facts.Set(at + ".line", static_cast<int>(origin.first_line + i));
    }
  }
}

void AddPastedCommandFacts(const PastePiece& piece, const PasteOrigin& origin, Facts& facts) {
  PastedCommands parsed = ParsePastedCommands(piece.text);
  for (const auto& c : parsed.commands) {
    size_t all = NextIndex(facts, "commands.all");
    if (all >= kMaxCommands) break;
    Evidence ev = PasteLine(origin, c.line, c.text);
    size_t line = origin.first_line + c.line;
    std::string at = "commands.all[" + std::to_string(all) + "]";
    facts.Set(at + ".program", c.program, ev);
    Common(facts, at, line, c.text, ev);
    if (c.container_run) {
      std::string run = "commands.container_runs[" + std::to_string(NextIndex(facts, "commands.container_runs")) + "]";
      SetContainerRun(facts, run, *c.container_run, ev);
      Common(facts, run, line, c.text, ev);
    }
    if (c.pip_install) {
      std::string pip = "commands.pip_installs[" + std::to_string(NextIndex(facts, "commands.pip_installs")) + "]";
      SetPipInstall(facts, pip, *c.pip_install, ev);
      Common(facts, pip, line, c.text, ev);
    }
    if (c.package_install) {
      std::string pkg = "commands.package_installs[" + std::to_string(NextIndex(facts, "commands.package_installs")) + "]";
      facts.Set(pkg + ".manager", c.package_install->manager, ev);
      facts.Set(pkg + ".action", c.package_install->action);
      facts.Set(pkg + ".packages", Strings(c.package_install->packages));
      Common(facts, pkg, line, c.text, ev);
    }
    if (c.amdgpu_install) {
      std::string a = "commands.amdgpu_install[" + std::to_string(NextIndex(facts, "commands.amdgpu_install")) + "]";
      facts.Set(a + ".usecases", Strings(c.amdgpu_install->usecases), ev);
      facts.Set(a + ".no_dkms", c.amdgpu_install->no_dkms);
      facts.Set(a + ".flags", Strings(c.amdgpu_install->flags));
      Common(facts, a, line, c.text, ev);
    }
  }
  // A pasted docker compose file: each service is the run it describes (engine "compose").
  if (Contains(piece.text, "services:")) {
    auto lines = SplitLines(piece.text);
    for (const auto& service : ParseComposeServices(piece.text)) {
      std::string text = service.line < lines.size() ? lines[service.line] : service.name;
      Evidence ev = PasteLine(origin, service.line, text);
      std::string run = "commands.container_runs[" + std::to_string(NextIndex(facts, "commands.container_runs")) + "]";
      SetContainerRun(facts, run, service.run, ev);
      Common(facts, run, origin.first_line + service.line, "compose service " + service.name, ev);
    }
  }
  for (const auto& e : parsed.env) {
    Evidence ev = PasteLine(origin, e.line, e.name + "=" + e.value);
    facts.Set("env." + e.name, e.value, ev);
    facts.Set("env_origin." + e.name, e.origin, ev);
  }
}

void AddEntityFacts(const PastePiece& piece, const PasteOrigin& origin, const ProductNames& names, Facts& facts) {
  size_t next = NextIndex(facts, "triage.entities");
  if (next >= kMaxEntities) return;
  auto add = [&](const std::string& kind, const std::string& value, size_t line, bool device, const std::string& gfx,
                 std::string_view text) {
    if (next >= kMaxEntities) return;
    std::string at = "triage.entities[" + std::to_string(next++) + "]";
    facts.Set(at + ".kind", kind, PasteLine(origin, line, text));
    facts.Set(at + ".value", value);
    facts.Set(at + ".line", static_cast<int>(origin.first_line + line));
    if (kind == "gfx" || kind == "isa" || kind == "marketing" || kind == "pci_bdf") facts.Set(at + ".device", device);
    if (!gfx.empty()) facts.Set(at + ".gfx", gfx);
  };
  auto lines = SplitLines(piece.text);
  for (const auto& e : ScanPasteEntities(piece.text, kMaxEntities - next)) {
    add(e.kind, e.value, e.line, e.device, "", e.line < lines.size() ? std::string_view(lines[e.line]) : "");
  }
  if (names.entries.empty()) return;
  // One cheap search per line before the per-product patterns.
  static const Regex maybe_product = Regex::Literal(
      R"((?i)(radeon|\brx ?[0-9]|instinct|\bmi[0-9]{2,3}|vega|\bw[5-9][0-9]{3}|\b[0-9]{3,4}m\b|[0-9]{4}s\b|r9700|firepro|\bfury|\bnano\b|\bnavi ?[1-4][0-9]\b|ellesmere|baffin|\blexa\b|aldebaran|aqua vanjaram|arcturus|phoenix|strix|krackan|hawk point|rembrandt|polaris|hawaii|grenada|bonaire|tahiti|fiji|\bryzen [3579] |\b[5-9][0-9]{2}0 ?(?:xtx?|gre)\b|\b[2-8][0-9]{2}[0-5](?:u|hs?|hx|ge?)\b|steam ?deck|\bai [579] |rog ally|\bryzen z1))");
  // One name per target; a better one found later replaces it: a tool's own line (lspci, rocminfo,
  // rocm-smi, clinfo, ollama) over prose, a product number over a code name ("Vega 20" from lspci
  // over the "Radeon VII" of the title, ROCm/ROCm#753; "Radeon 8060S Graphics" over "Strix Halo",
  // ROCm/ROCm#6517).
  static const Regex tool_line = Regex::Literal(
      R"((?i)(VGA compatible controller|Display controller|Marketing Name:|Card (?:series|SKU|model):|Board name|Device Name|\bname="|\bGPU(?: [0-9]+)?:|Device [0-9]+: ))");
  struct Candidate {
    std::string phrase, gfx;
    size_t line;
    int rank;
    bool cpu;
  };
  std::vector<Candidate> found;
  std::map<std::string, size_t> by_gfx;
  auto rank_of = [&](std::string_view line, const std::string& phrase) {
    bool digit = std::any_of(phrase.begin(), phrase.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    return (tool_line.Search(line) ? 2 : 0) + (digit ? 1 : 0);
  };
  for (size_t i = 0; i < lines.size() && i < 20000 && found.size() + next < kMaxEntities; ++i) {
    std::string_view line = std::string_view(lines[i]).substr(0, 4096);
    if (!maybe_product.Search(line)) continue;
    // Several products may share a line ("a 9060XT 16GB and a RX 6600 8GB", ROCm/ROCm#5069): each
    // one found is blanked out of the line and the table is tried again, most specific first.
    std::string scan(line);
    for (int products = 0; products < 4; ++products) {
      bool matched = false;
      for (const auto& entry : names.entries) {
        auto m = entry.pattern.Find(scan);
        if (!m || !m->groups[0]) continue;
        Candidate c{ProductPhrase(scan, *m->groups[0]), entry.gfx, i, 0, entry.cpu};
        c.rank = rank_of(line, c.phrase);
        size_t at = static_cast<size_t>(m->groups[0]->data() - scan.data()), length = m->groups[0]->size();
        auto known = by_gfx.find(entry.gfx);
        if (known == by_gfx.end()) {
          by_gfx[entry.gfx] = found.size();
          found.push_back(std::move(c));
        } else if (c.rank > found[known->second].rank) {
          found[known->second] = std::move(c);
        }
        std::fill(scan.begin() + static_cast<std::ptrdiff_t>(at), scan.begin() + static_cast<std::ptrdiff_t>(at + length), ' ');
        matched = true;
        break;
      }
      if (!matched || found.size() + next >= kMaxEntities) break;
    }
  }
  for (const auto& c : found) {
    add("marketing", c.phrase, c.line, true, c.gfx, lines[c.line]);
    if (c.cpu && next > 0) facts.Set("triage.entities[" + std::to_string(next - 1) + "].cpu", true);
  }
}

}  // namespace rd
