#pragma once
/// The report's sections, in the fixed order the text report prints them.
#include <string>
#include <vector>

namespace rd {

/// A section's verdict (issue 14 item 1): ✓ checked and fine, ! a caveat, ✗ broken, ☠ a collector
/// crashed or timed out, ? could not check (with the reason), – not applicable. Absent: nothing
/// about the section was collected (a paste without that part); the section is not shown.
enum class SectionMark { Ok, Warning, Error, Dead, Absent, Unknown, NotApplicable };

struct SectionInfo {
  const char* id;     ///< As rules name it: section = "system".
  const char* title;  ///< As the report prints it.
  /// The collectors whose crash or timeout marks the section and whose summary.<name> is its
  /// line, and the fact roots it shows. Data here, so that the report needs no collector
  /// registry (a higher layer); tests/unit/layering_sections_test.cpp keeps it in step with
  /// the collectors' own `section` and FactSpecs.
  std::vector<const char*> collectors = {};
  std::vector<const char*> roots = {};
};

const std::vector<SectionInfo>& AllSections();
const SectionInfo* FindSection(const std::string& id);

}  // namespace rd
