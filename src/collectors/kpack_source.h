#pragma once
/// Device code that TheRock moved out of a host library into kpack archives (issue 15): the
/// host's HIPK wrappers and .rocm_kpack_ref marker, the archives the marker points to (with
/// @GFXARCH@ matched against the files there, and any .kpm manifest beside them), and the targets
/// their TOCs list. Reads ranges only: the ELF header, section table, names and two small
/// sections of the host; the 16-byte header and the TOC of each archive.
#include <string>
#include <vector>

#include "core/collector.h"
#include "parsers/elf_sections.h"

namespace rd {

struct KpackSource {
  bool split = false;                  ///< HIPK wrappers or a .rocm_kpack_ref section.
  int hipk_wrappers = 0;
  std::vector<std::string> archives;   ///< Archives whose TOC was read.
  std::vector<std::string> gfx;        ///< Processors with code ("gfx1100", "gfx11-generic").
  std::vector<std::string> targets;    ///< Full target ids ("gfx942:xnack-").
  std::vector<std::string> problems;   ///< Unreadable archives, bad markers, nothing found.
};

/// What `lib` says about kpack; split == false for an ordinary library (nothing else is read).
KpackSource ScanKpackSource(CollectContext& context, const std::string& lib);
/// The same, with the host's sections already read (collectors/device_code.h).
KpackSource ScanKpackSource(CollectContext& context, const std::string& lib, const std::vector<ElfSection>& sections);

/// Sets ROOT.host_lib, ROOT.archives, ROOT.gfx_targets, ROOT.code_objects, ROOT.problems.
void SetKpackFacts(Facts& facts, const std::string& root, const std::string& lib, const KpackSource& source);

}  // namespace rd
