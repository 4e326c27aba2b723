#pragma once
/// The device code one host file carries, found by one mechanism for every HIP library (issue 15
/// item 2): kpack archives when TheRock split the file (collectors/kpack_source.h), else the
/// offload bundles (plain or CCOB) of its .hip_fatbin section, walked bundle by bundle with
/// ranged reads: the ELF header, the section table, then each bundle's header and entry table
/// (libggml-hip.so is 1.27 GB; its 140 bundle headers are a few KB).
#include <cstdint>
#include <string>
#include <vector>

#include "core/collector.h"
#include "parsers/elf_sections.h"
#include "util/result.h"

namespace rd {

struct DeviceCode {
  bool readable = false;               ///< The file could be opened and its layout read.
  std::string source;                  ///< "kpack", "offload bundles", "CCOB bundles" or "none".
  std::vector<std::string> gfx;        ///< Processors with code ("gfx1100", "gfx11-generic").
  std::vector<std::string> targets;    ///< Full target ids ("gfx90a:xnack-").
  std::vector<std::string> problems;   ///< Why it could not be read, or what was cut short.
  int bundles = 0;
  uint64_t bytes_read = 0;
};

/// The sections of an ELF file, read by ranges (header, section table, name table).
Result<std::vector<ElfSection>> ReadElfSectionsByRange(System& system, const std::string& path, uint64_t* file_size = nullptr);

/// kpack first, then .hip_fatbin; a file that is not ELF, or has neither, has source "none".
DeviceCode ScanDeviceCode(CollectContext& context, const std::string& path);

}  // namespace rd
