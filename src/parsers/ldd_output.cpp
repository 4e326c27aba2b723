#include "parsers/ldd_output.h"

#include "util/regex.h"
#include "util/strings.h"

namespace rd {

namespace {

// "\tlibfoo.so.1 => /usr/lib/libfoo.so.1 (0x00007f…)", "\tlibfoo.so.1 => not found",
// "\t/lib64/ld-linux-x86-64.so.2 (0x…)", "\tlinux-vdso.so.1 (0x…)"
const Regex kArrow = Regex::Literal(R"(^\s*(\S+)\s+=>\s+(.*?)\s*(\(0x[0-9a-fA-F]+\))?\s*$)");
const Regex kBare = Regex::Literal(R"(^\s*(\S+)\s+\(0x[0-9a-fA-F]+\)\s*$)");
const Regex kVersion = Regex::Literal(R"(^(?:\S+: )?(\S+): version [`'‘]([^'’]+)['’] not found \(required by ([^)]+)\))");

}  // namespace

LddOutput ParseLddOutput(std::string_view text) {
  LddOutput out;
  for (const auto& raw : SplitLines(text)) {
    std::string line = raw.size() > 4096 ? raw.substr(0, 4096) : raw;
    std::optional<RegexMatch> m;
    // Literal pre-checks keep the regexes (run on every line of every paste) off the lines that
    // cannot match; each needle is a literal part of its pattern.
    if (Contains(line, ": version ") && Contains(line, "not found (required by") && (m = kVersion.Find(line))) {
      out.version_errors.push_back({(*m)[1], (*m)[2], (*m)[3]});
    } else if (Contains(line, "=>") && (m = kArrow.Match(line))) {
      LddEntry entry{(*m)[1], (*m)[2], false};
      if (entry.path == "not found") {
        entry.path.clear();
        entry.not_found = true;
      }
      out.entries.push_back(std::move(entry));
    } else if (Contains(line, "(0x") && (m = kBare.Match(line))) {
      std::string name = (*m)[1];
      out.entries.push_back({name, name[0] == '/' ? name : std::string(), false});
    }
  }
  out.looks_like_ldd = !out.entries.empty() || !out.version_errors.empty();
  return out;
}

}  // namespace rd
